"""OneWorld's 86 counters, designed for a camera and for a person.

Each set (BORG dark, CHEZ light) has 13 Stone, 13 Blade, 13 Fog, one Tower of Balance
and three god counters (rules 2.2). A counter tells, at a glance:

- its **side** by its ground: BORG near-black, CHEZ cream (a brightness test, robust to
  the light's colour);
- its **aspect** (or kind) by a thick coloured band around the edge, one strong hue
  each: Stone orange, Blade green, Fog blue, Tower purple, god gold;
- the same again by a **symbol** a person reads without the colours: Stone a boulder
  (disc), Blade an upright blade (triangle), Fog three drifting bars, Tower a
  crenellated tower, a god his three-legged stool with the life number (1-3).

The choices (colours, sizes) are ``companion.vision.designs.counters``, the design the
recogniser reads and the test scenes draw.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from calibration.printables.sheet import Colour, Page, Pen, area_mm, write_pages
from companion.games.oneworld.state import ASPECTS, CHILDREN, PLAYERS
from companion.vision.designs.counters import BAND, BAND_FRACTION, GROUND, INK, SIZE_MM

GODS_LIVES = 3
DEFAULT_COUNTER_MM = SIZE_MM
GAP_MM = 3.0


@dataclass(frozen=True)
class Counter:
    side: str  # borg | chez
    kind: str  # stone | blade | fog | tower | god
    life: int = 0  # god counters: 1..3

    @property
    def label(self) -> str:
        return f"{self.side.upper()} {self.kind}" + (f" {self.life}" if self.life else "")


def counter_set(side: str) -> list[Counter]:
    """One god's 43 counters, children first."""
    children = [Counter(side, aspect) for aspect in ASPECTS for _ in range(CHILDREN)]
    return children + [Counter(side, "tower")] + [
        Counter(side, "god", life) for life in range(1, GODS_LIVES + 1)]


def all_counters() -> list[Counter]:
    """Both sets: 86 counters."""
    return [c for side in PLAYERS for c in counter_set(side)]


def _rgb(colour: tuple[int, int, int]) -> Colour:
    return (colour[0] / 255, colour[1] / 255, colour[2] / 255)


def draw_counter(pen: Pen, counter: Counter, x: float, y: float, size: float) -> None:
    """One counter, ``size`` mm square, from its top-left corner (x, y)."""
    ground = _rgb(GROUND[counter.side])
    ink = _rgb(INK[counter.side])
    band = size * BAND_FRACTION
    pen.rect(x, y, size, size, fill=_rgb(BAND[counter.kind]),
             stroke=(0.6, 0.6, 0.6), width=0.15)
    pen.rect(x + band, y + band, size - 2 * band, size - 2 * band, fill=ground, stroke=None)
    cx, cy, r = x + size / 2, y + size / 2, (size - 2 * band) * 0.32
    if counter.kind == "stone":
        pen.circle(cx, cy, r, fill=ink, stroke=None)
    elif counter.kind == "blade":
        pen.polyline([(cx, cy - 1.2 * r), (cx + 0.7 * r, cy + r), (cx - 0.7 * r, cy + r)],
                     0, closed=True, fill=ink)
    elif counter.kind == "fog":
        for k in (-1, 0, 1):
            shift = 0.25 * r * k
            pen.rect(cx - r + shift, cy + k * 0.7 * r - 0.18 * r, 2 * r - abs(shift), 0.36 * r,
                     fill=ink, stroke=None)
    elif counter.kind == "tower":
        w = 0.55 * r
        pen.polyline([(cx - w, cy + r), (cx - w, cy - r), (cx - w / 3, cy - r),
                      (cx - w / 3, cy - 0.7 * r), (cx + w / 3, cy - 0.7 * r),
                      (cx + w / 3, cy - r), (cx + w, cy - r), (cx + w, cy + r)],
                     0, closed=True, fill=ink)
    else:  # god: a stool seat and three legs, with the life number
        pen.rect(cx - r, cy - 0.5 * r, 2 * r, 0.35 * r, fill=ink, stroke=None)
        for dx in (-0.8, 0.0, 0.8):
            pen.line(cx + dx * r * 0.9, cy - 0.2 * r, cx + dx * r, cy + r, 0.5, ink)
        pen.text(cx, cy - 0.65 * r, str(counter.life), size * 0.2, colour=ink,
                 align="centre", bold=True)
    pen.text(cx, y + size - band - 0.5, counter.kind.upper(), size * 0.09, colour=ink,
             align="centre")


def write_counters(path: str | Path, paper: str = "a4", size: float = DEFAULT_COUNTER_MM) -> int:
    """A page per set: 43 counters each, cut apart along the grey lines."""
    width, _height = area_mm(paper)
    pitch = size + GAP_MM
    columns = int((width + GAP_MM) // pitch)

    def page(side: str) -> Page:
        counters = counter_set(side)

        def draw(pen: Pen) -> None:
            shade = "dark" if side == "borg" else "light"
            pen.text(0, 5, f"OneWorld counters: {side.upper()} ({shade} set), "
                           f"{len(counters)} counters, {size:g} mm", 4.0, bold=True)
            for k, counter in enumerate(counters):
                draw_counter(pen, counter, (k % columns) * pitch, 10 + (k // columns) * pitch,
                             size)
            legend_y = 10 + ((len(counters) - 1) // columns + 1) * pitch + 8
            pen.text(0, legend_y, "Band colour and symbol give the aspect: Stone orange disc, "
                                  "Blade green blade, Fog blue bars,", 3.0)
            pen.text(0, legend_y + 5, "Tower of Balance purple tower, god gold stool "
                                      "(one counter per life). Dark ground BORG, light CHEZ.",
                     3.0)

        return Page(draw, f"OneWorld counters, {side.upper()}: glue on card, cut along "
                          "the grey lines")

    return write_pages(path, [page(side) for side in PLAYERS], paper,
                       title="OneWorld counters")

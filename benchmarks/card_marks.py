"""The camera reading ONE WORLD cards by their marks: cards found of those present, and
wrong ids, on rendered tables (``companion bench card-marks``).

The cards are printed by ``companion print cards``'s own code (``write_cards``) and
rasterised by pdftoppm, then laid on a table (``companion.vision.scene.cards``): seeded
scenes of nine cards each, every card turned at random, under four conditions (flat,
seen at an angle, dim light, a hand over one card's mark) and at three scales (pixels a
millimetre, a 10 mm mark being that many times ten pixels wide). Each scene is read by
``companion.vision.card_marks.read_cards``; a card counts as found when a sighting names
it within a third of a card's width of its true centre, and its rotation and which marks
were seen are checked against the truth. A card whose two marks a hand hides is not
counted as present.
"""

from __future__ import annotations

import argparse
import subprocess
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

from benchmarks.machine import machine
from calibration.printables.cards import (
    FLAG_H,
    FLAG_TOP_MM,
    FLAG_W,
    MISSION_COLOUR,
    REGION_COLOURS,
    PrintCard,
    card_position,
    deck_cards,
    flag_path,
    mark_cells,
    pages_of,
    write_cards,
)
from companion.cards.deck import load_deck
from companion.cards.marks import BAND_MM, CARD_H, CARD_W, MARK_MM, QUIET_MM, load_marks

SUMMARY = "card marks: printed cards found on rendered tables, wrong ids, rotation error"

PRINT_PX_PER_MM = 10.0  # the pages are rasterised this fine, then scaled down
SCALES = (2.0, 2.5, 3.5, 5.0)  # pixels a millimetre in the scenes
CONDITIONS = ("flat", "angle", "dim", "hand")
SQUEEZE = 0.35  # "angle": the far edge this much narrower (a camera tilted about 40°)
DIM = 0.25  # "dim": a quarter of the light
CARDS_PER_SCENE = 9
BLUR_SIGMA_PX = 0.7  # every scene: the lens's blur, then a JPEG of this quality
JPEG_QUALITY = 80
FOUND_WITHIN = 1 / 3  # a sighting this share of a card's width from the truth names it
UPSIDE_DOWN_DEG = 90.0  # a rotation this far off has the card's top and bottom swapped
NAME_AT_MM = (12.0, 24.0)  # a drawn card's line of dark text, standing for its names
PAPER = 250  # a drawn card's white


def _bgr(rgb: tuple[float, float, float]) -> tuple[int, int, int]:
    return tuple(int(round(255 * v)) for v in rgb[::-1])


def card_picture(card: PrintCard, px_per_mm: float) -> np.ndarray:
    """One card drawn upright, ``px_per_mm`` pixels to the mm (BGR), as printed where the
    camera looks: its band in its region's colour (a mission's purple), its flag, a line
    of dark text, and its two marks on their white margins, the cells and places of the
    printer's ``mark_cells``. Quicker than ``printed_cards``, and needs no pdftoppm."""
    marks = load_marks()
    w, h = round(CARD_W * px_per_mm), round(CARD_H * px_per_mm)
    image = np.full((h, w, 3), PAPER, np.uint8)
    if card.kind == "country":
        colour = REGION_COLOURS[load_deck().card(card.key).region]
        marker_id = marks.countries[card.key]
        flag = cv2.imread(str(flag_path(card.key)))
        fx, fy = round((CARD_W - FLAG_W) / 2 * px_per_mm), round(FLAG_TOP_MM * px_per_mm)
        fw, fh = round(FLAG_W * px_per_mm), round(FLAG_H * px_per_mm)
        image[fy:fy + fh, fx:fx + fw] = cv2.resize(flag, (fw, fh), interpolation=cv2.INTER_AREA)
    else:
        colour, marker_id = MISSION_COLOUR, marks.missions[card.key]
    image[:round(BAND_MM * px_per_mm)] = _bgr(colour)
    cv2.putText(image, card.key, (round(NAME_AT_MM[0] * px_per_mm),
                                  round(NAME_AT_MM[1] * px_per_mm)),
                cv2.FONT_HERSHEY_SIMPLEX, px_per_mm / 5, (20, 20, 20),
                max(1, round(px_per_mm / 3)))
    side = round(MARK_MM * px_per_mm)
    for dx, dy, cells in mark_cells(marker_id, marks.dictionary):
        x, y, q = round(dx * px_per_mm), round(dy * px_per_mm), round(QUIET_MM * px_per_mm)
        image[y - q:y + side + q, x - q:x + side + q] = 255
        patch = cv2.resize(((1 - cells) * 255).astype(np.uint8), (side, side),
                           interpolation=cv2.INTER_NEAREST)
        image[y:y + side, x:x + side] = patch[:, :, None]
    return image


def printed_cards(folder: Path, cards: list[PrintCard], px_per_mm: float
                  ) -> dict[PrintCard, np.ndarray]:
    """The ``cards`` (all countries or all missions) printed by ``write_cards`` on A4 and
    rasterised by pdftoppm at ``px_per_mm``, each cut out of its page."""
    countries = all(card.kind == "country" for card in cards)
    pdf = folder / "cards.pdf"
    write_cards(pdf, "a4", countries=countries, missions=not countries)
    wanted = set(cards)
    pictures: dict[PrintCard, np.ndarray] = {}
    pages = pages_of(deck_cards(countries=countries, missions=not countries))
    for number, page in enumerate(pages, 1):
        if not wanted.intersection(page):
            continue
        stem = folder / f"page{number}"
        subprocess.run(["pdftoppm", "-r", f"{px_per_mm * 25.4:.3f}", "-f", str(number),
                        "-l", str(number), "-singlefile", "-png", str(pdf), str(stem)],
                       check=True)
        sheet = cv2.imread(f"{stem}.png")
        for index, item in enumerate(page):
            if item in wanted and item not in pictures:
                x, y = card_position(index, "a4")
                x0, y0 = round(x * px_per_mm), round(y * px_per_mm)
                pictures[item] = sheet[y0:y0 + round(CARD_H * px_per_mm),
                                       x0:x0 + round(CARD_W * px_per_mm)].copy()
    return pictures


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scenes", type=int, default=5, metavar="N",
                        help="scenes per condition and scale (default 5: 720 cards in all)")
    parser.add_argument("--seed", type=int, default=19, help="the scenes' seed (default 19)")


def scene(pictures: dict[PrintCard, np.ndarray], condition: str, px_per_mm: float,
          rng: np.random.Generator) -> tuple[np.ndarray, list]:
    """One seeded scene of ``CARDS_PER_SCENE`` printed cards under ``condition``, blurred
    a little and saved as a JPEG as a camera would."""
    from companion.vision.scene import cards as table
    from companion.vision.scene.effects import jpeg

    keys = list(pictures)
    chosen = [keys[k] for k in rng.choice(len(keys), CARDS_PER_SCENE, replace=False)]
    scaled = [(card, cv2.resize(pictures[card], (round(CARD_W * px_per_mm),
                                                 round(CARD_H * px_per_mm)),
                                interpolation=cv2.INTER_AREA)) for card in chosen]
    image, placed = table.lay(scaled, px_per_mm, rng)
    if condition == "angle":
        image, placed = table.tilt(image, placed, SQUEEZE)
    elif condition == "dim":
        image = table.dim(image, DIM, rng)
    elif condition == "hand":
        table.cover_mark(image, placed, int(rng.integers(len(placed))), int(rng.integers(2)),
                         rng, px_per_mm)
    blurred = cv2.GaussianBlur(table.finish(image), (0, 0), BLUR_SIGMA_PX)
    return jpeg(blurred, JPEG_QUALITY), placed


def score(seen: list, placed: list, px_per_mm: float) -> dict[str, float]:
    """Cards present (a mark showing), found, wrong ids, found upside down (top and bottom
    told wrong), and the other found cards' rotation errors (degrees)."""
    width = CARD_W * px_per_mm
    present = [p for p in placed if len(p.hidden) < 2]
    found, errors, used = 0, [], set()
    for p in present:
        match = next((k for k, s in enumerate(seen) if k not in used
                      and (s.kind, s.key) == (p.card.kind, p.card.key)
                      and np.hypot(*(np.array(s.centre) - p.centre)) < FOUND_WITHIN * width),
                     None)
        if match is not None:
            used.add(match)
            found += 1
            errors.append(abs((seen[match].rotation - p.rotation + 180) % 360 - 180))
    return {"present": len(present), "found": found, "wrong": len(seen) - len(used),
            "upside_down": sum(e > UPSIDE_DOWN_DEG for e in errors),
            "rotation_errors": [e for e in errors if e <= UPSIDE_DOWN_DEG]}


def run(args: argparse.Namespace) -> int:
    from companion.vision.card_marks import read_cards

    cv2.setNumThreads(1)
    print(f"Card-mark benchmark on {machine()}, OpenCV {cv2.__version__}")
    rng = np.random.default_rng(args.seed)
    every = deck_cards(missions=False) + deck_cards(countries=False)[:20]
    with tempfile.TemporaryDirectory() as folder:
        try:
            pictures = {**printed_cards(Path(folder), every[:199], PRINT_PX_PER_MM),
                        **printed_cards(Path(folder), every[199:], PRINT_PX_PER_MM)}
        except FileNotFoundError:
            print("pdftoppm is needed (apt-get install poppler-utils).")
            return 2
    print(f"{len(pictures)} printed cards, {args.scenes} scenes of {CARDS_PER_SCENE} per "
          f"condition and scale, seed {args.seed}\n")
    print(f"{'px/mm':>5} {'condition':<9} {'found':>11} {'wrong ids':>9} {'upside down':>11} "
          f"{'rotation err (median / max)':>28} {'ms/scene':>9}")
    totals = {"present": 0, "found": 0, "wrong": 0, "upside_down": 0}
    for px_per_mm in SCALES:
        for condition in CONDITIONS:
            figures = {"present": 0, "found": 0, "wrong": 0, "upside_down": 0,
                       "rotation_errors": []}
            seconds = 0.0
            for _ in range(args.scenes):
                image, placed = scene(pictures, condition, px_per_mm, rng)
                start = time.process_time()
                seen = read_cards(image)
                seconds += time.process_time() - start
                for key, value in score(seen, placed, px_per_mm).items():
                    figures[key] += value
            errors = figures["rotation_errors"] or [float("nan")]
            print(f"{px_per_mm:>5} {condition:<9} {figures['found']:>5}/{figures['present']:<5}"
                  f" {figures['wrong']:>9} {figures['upside_down']:>11}"
                  f" {np.median(errors):>17.1f} / {max(errors):<8.1f}"
                  f" {1000 * seconds / args.scenes:>9.0f}")
            for key in totals:
                totals[key] += figures[key]
    print(f"\nIn all: {totals['found']} of {totals['present']} cards found "
          f"({totals['found'] / max(totals['present'], 1):.1%}), {totals['wrong']} wrong ids, "
          f"{totals['upside_down']} upside down.")
    return 0

"""Draw a printed board, flat and seen from straight above, from its geometry alone.

Whatever the board kind, the drawing is generic: grid intersections get their lines,
grid cells their squares, rings their circles and a spot per space, hex maps a hexagon
per space; anything else gets its adjacency drawn as lines. Special spaces (ONSLAUGHT's
cores, nodes and orbs, hex terrain) get a tint. The renderer then puts pieces on top
and shows the result to a virtual camera.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from companion.geometry import Geometry, pitch_mm

SHIFT = 4  # sub-pixel bits for cv2 drawing
_ONE = 1 << SHIFT


@dataclass(frozen=True)
class BoardStyle:
    """How a board is printed: background and ink colours (BGR) and wood-like grain."""

    name: str
    background: tuple[int, int, int]
    ink: tuple[int, int, int]
    grain: float


# Printed boards use a tinted background (never plain white) so that white stones
# stand out from the paper; see docs/recognition.md.
STYLES: tuple[BoardStyle, ...] = (
    BoardStyle("wood", (120, 172, 208), (30, 30, 30), 10.0),
    BoardStyle("light wood", (150, 196, 222), (40, 40, 40), 8.0),
    BoardStyle("sage", (150, 185, 165), (40, 50, 40), 2.0),
    BoardStyle("slate", (175, 165, 150), (35, 35, 35), 2.0),
    BoardStyle("sand", (140, 180, 196), (50, 40, 35), 3.0),
)

# Pale tints (BGR) for special spaces by their "kind" (and "team") or "terrain".
_TINTS = {
    "core red": (150, 150, 215),
    "core blue": (215, 175, 150),
    "node": (190, 200, 175),
    "orb red": (160, 205, 225),
    "orb blue": (170, 215, 205),
}


def _pt(x: float, y: float, scale: float) -> tuple[int, int]:
    return (int(round(x * scale * _ONE)), int(round(y * scale * _ONE)))


def _grain(shape: tuple[int, int], amount: float, rng: np.random.Generator) -> np.ndarray:
    """Low-frequency streaks along x, like wood grain or uneven print."""
    h, w = shape
    rows = rng.normal(0.0, 1.0, size=(max(h // 8, 2), 1)).astype(np.float32)
    rows = cv2.resize(rows, (1, h), interpolation=cv2.INTER_CUBIC)
    cols = rng.normal(0.0, 1.0, size=(1, max(w // 64, 2))).astype(np.float32)
    cols = cv2.resize(cols, (w, 1), interpolation=cv2.INTER_CUBIC)
    return (rows * 0.8 + cols * 0.2) * amount


def render_board(
    geometry: Geometry,
    px_per_mm: float,
    style: BoardStyle = STYLES[0],
    rng: np.random.Generator | None = None,
) -> np.ndarray:
    """Return the printed board as a BGR image, ``px_per_mm`` pixels per millimetre,
    origin at the board's top-left corner (as the geometry places its spaces)."""
    rng = rng if rng is not None else np.random.default_rng(0)
    w = int(math.ceil(geometry.width_mm * px_per_mm))
    h = int(math.ceil(geometry.height_mm * px_per_mm))
    image = np.empty((h, w, 3), dtype=np.uint8)
    grain = _grain((h, w), style.grain, rng) if style.grain else np.zeros((h, w), np.float32)
    paint = np.empty((h, w), dtype=np.float32)
    for channel, level in enumerate(np.asarray(style.background, dtype=np.float32)):
        np.add(grain, level, out=paint)  # one channel at a time: no frame of floats
        image[:, :, channel] = np.clip(paint, 0, 255, out=paint)
    draw_layout(image, geometry, px_per_mm, style.ink, max(1, int(round(0.6 * px_per_mm))))
    return image


def draw_layout(image: np.ndarray, geometry: Geometry, px_per_mm: float,
                ink: tuple[int, int, int], line: int) -> None:
    """Print the board's layout (tints, then lines, cells, rings or hexes) in ``ink``
    with lines ``line`` pixels wide onto ``image``, a board ``px_per_mm`` to the mm."""
    pitch = pitch_mm(geometry)
    _draw_tints(image, geometry, px_per_mm, pitch)
    kind = geometry.kind
    if kind == "grid" and geometry.spec.get("points") == "intersections":
        _draw_grid_lines(image, geometry, px_per_mm, ink, line)
    elif kind == "grid":
        _draw_cells(image, geometry, px_per_mm, ink, line)
    elif kind == "rings":
        _draw_rings(image, geometry, px_per_mm, pitch, ink, line)
    elif kind == "hex":
        _draw_hexes(image, geometry, px_per_mm, pitch, ink, line)
    else:
        _draw_edges(image, geometry, px_per_mm, ink, line)


def _draw_tints(image, geometry, scale, pitch) -> None:
    half = 0.5 * pitch
    for space in geometry.spaces():
        kind = space.attrs.get("kind")
        tint = (_TINTS.get(f"{kind} {space.attrs.get('team')}") or _TINTS.get(kind)
                or _TINTS.get(space.attrs.get("terrain")))
        if tint is None:
            continue
        top_left = _pt(space.x_mm - half, space.y_mm - half, scale)
        bottom_right = _pt(space.x_mm + half, space.y_mm + half, scale)
        cv2.rectangle(image, top_left, bottom_right, tint, -1, cv2.LINE_AA, SHIFT)


def _draw_grid_lines(image, geometry, scale, ink, thickness) -> None:
    for line in geometry.lines:
        a, b = geometry.space(line[0]), geometry.space(line[-1])
        cv2.line(image, _pt(a.x_mm, a.y_mm, scale), _pt(b.x_mm, b.y_mm, scale), ink,
                 thickness, cv2.LINE_AA, SHIFT)
    for space in geometry.spaces():
        if space.attrs.get("kind") == "star":
            cv2.circle(image, _pt(space.x_mm, space.y_mm, scale), int(1.8 * scale * _ONE),
                       ink, -1, cv2.LINE_AA, SHIFT)


def _draw_cells(image, geometry, scale, ink, thickness) -> None:
    pitch_x = float(geometry.spec.get("pitch_mm", 25.0))
    pitch_y = float(geometry.spec.get("pitch_y_mm", pitch_x))
    for space in geometry.spaces():
        top_left = _pt(space.x_mm - pitch_x / 2, space.y_mm - pitch_y / 2, scale)
        bottom_right = _pt(space.x_mm + pitch_x / 2, space.y_mm + pitch_y / 2, scale)
        cv2.rectangle(image, top_left, bottom_right, ink, thickness, cv2.LINE_AA, SHIFT)


def _draw_rings(image, geometry, scale, pitch, ink, thickness) -> None:
    cx, cy = geometry.width_mm / 2, geometry.height_mm / 2
    radii = sorted({round(math.hypot(s.x_mm - cx, s.y_mm - cy), 3) for s in geometry.spaces()})
    for radius in radii:
        cv2.circle(image, _pt(cx, cy, scale), int(radius * scale * _ONE), ink,
                   thickness, cv2.LINE_AA, SHIFT)
    spot = 0.36 * pitch
    for space in geometry.spaces():
        centre = _pt(space.x_mm, space.y_mm, scale)
        if space.attrs.get("hash_mark"):
            dx, dy = space.x_mm - cx, space.y_mm - cy
            norm = math.hypot(dx, dy) or 1.0
            ux, uy = dx / norm * spot, dy / norm * spot
            cv2.line(image, _pt(space.x_mm - ux, space.y_mm - uy, scale),
                     _pt(space.x_mm + ux, space.y_mm + uy, scale), ink, thickness * 2,
                     cv2.LINE_AA, SHIFT)
        else:
            cv2.circle(image, centre, int(spot * scale * _ONE), ink, thickness,
                       cv2.LINE_AA, SHIFT)


def _draw_hexes(image, geometry, scale, pitch, ink, thickness) -> None:
    radius = pitch / math.sqrt(3)  # centre to corner of a hex whose neighbours are `pitch` away
    corners = [(math.cos(math.radians(30 + 60 * k)), math.sin(math.radians(30 + 60 * k)))
               for k in range(6)]
    flat_top = geometry.spec.get("orientation") == "flat"
    if flat_top:
        corners = [(math.cos(math.radians(60 * k)), math.sin(math.radians(60 * k)))
                   for k in range(6)]
    for space in geometry.spaces():
        polygon = np.array([_pt(space.x_mm + radius * cx, space.y_mm + radius * cy, scale)
                            for cx, cy in corners], dtype=np.int32)
        cv2.polylines(image, [polygon], True, ink, thickness, cv2.LINE_AA, SHIFT)


def _draw_edges(image, geometry, scale, ink, thickness) -> None:
    for name in geometry.names:
        a = geometry.space(name)
        for other in geometry.neighbours(name):
            if other > name:
                b = geometry.space(other)
                cv2.line(image, _pt(a.x_mm, a.y_mm, scale), _pt(b.x_mm, b.y_mm, scale), ink,
                         thickness, cv2.LINE_AA, SHIFT)

"""Draw a hex map from its data with OpenCV: terrain, hex names, features along sides.

Used for the picture of OneWorld's mapsheet in ``docs/`` and meant to be reused by a
printable board: everything is drawn from the geometry in millimetres and scaled by
``px_per_mm``, so a printer at 300 dpi asks for ``px_per_mm=300 / 25.4``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import cv2
import numpy as np

from companion.geometry.hexes import HexGeometry

Colour = tuple[int, int, int]

# BGR colours for terrains and features; unknown terrains are drawn white.
TERRAIN_COLOURS: dict[str, Colour] = {
    "flatland": (170, 220, 190),
    "pylon": (215, 190, 150),
    "plain": (235, 235, 235),
}
FEATURE_STYLES: dict[str, str] = {"runeline": "wavy", "fault": "hollow"}
INK: Colour = (40, 40, 40)
CHAOS: Colour = (60, 30, 45)


def draw_hex_map(
    board: HexGeometry,
    *,
    px_per_mm: float = 4.0,
    terrain_colours: Mapping[str, Colour] | None = None,
    labels: bool = True,
) -> np.ndarray:
    """Return a BGR picture of ``board``: hexes filled by terrain (spotted for
    ``pylon``), hex names, features along hex sides (Runelines wavy, Faults hollow),
    hexes with a ``tower_site`` attribute marked, and the space off the grid dark."""
    colours = {**TERRAIN_COLOURS, **(terrain_colours or {})}
    width = int(math.ceil(board.width_mm * px_per_mm))
    height = int(math.ceil(board.height_mm * px_per_mm))
    image = np.full((height, width, 3), CHAOS, dtype=np.uint8)

    def px(point: tuple[float, float]) -> tuple[int, int]:
        return (int(round(point[0] * px_per_mm)), int(round(point[1] * px_per_mm)))

    for name in board.names:
        corners = np.array([px(c) for c in board.corners_mm(name)], dtype=np.int32)
        terrain = board.terrain(name)
        cv2.fillPoly(image, [corners], colours.get(terrain, (255, 255, 255)), cv2.LINE_AA)
        if terrain == "pylon":
            _spots(image, board, name, px_per_mm)
        cv2.polylines(image, [corners], True, INK, max(1, int(px_per_mm / 4)), cv2.LINE_AA)
        if board.space(name).attrs.get("tower_site"):
            _tower(image, px(board.position_mm(name)), board.hex_mm * px_per_mm)
    for feature in board.features:
        style = FEATURE_STYLES.get(feature.kind, "solid")
        for a, b in feature.sides:
            start, end = board.side_mm(a, b)
            _side(image, px(start), px(end), style, px_per_mm)
    if labels:
        scale = board.hex_mm * px_per_mm / 160
        for name in board.names:
            x, y = px(board.position_mm(name))
            size, _ = cv2.getTextSize(name, cv2.FONT_HERSHEY_SIMPLEX, scale, 1)
            top = y - int(board.hex_mm * px_per_mm * 0.25)
            cv2.putText(image, name, (x - size[0] // 2, top), cv2.FONT_HERSHEY_SIMPLEX,
                        scale, INK, 1, cv2.LINE_AA)
    return image


def _spots(image: np.ndarray, board: HexGeometry, name: str, px_per_mm: float) -> None:
    x, y = board.position_mm(name)
    step = board.hex_mm / 5
    radius = max(1, int(round(board.hex_mm * px_per_mm / 30)))
    for i in range(-2, 3):
        for j in range(-2, 3):
            if (i + j) % 2 == 0 and math.hypot(i, j) < 2.3:
                centre = (int(round((x + i * step) * px_per_mm)),
                          int(round((y + j * step + step / 2) * px_per_mm)))
                cv2.circle(image, centre, radius, (150, 110, 70), -1, cv2.LINE_AA)


def _tower(image: np.ndarray, centre: tuple[int, int], hex_px: float) -> None:
    x, y = centre
    w, h = int(hex_px * 0.18), int(hex_px * 0.3)
    cv2.rectangle(image, (x - w, y - h // 3), (x + w, y + h), INK, -1, cv2.LINE_AA)
    for k in (-1, 0, 1):
        cx = x + k * w * 2 // 3
        cv2.rectangle(image, (cx - w // 4, y - h // 2), (cx + w // 4, y - h // 3), INK, -1)


def _side(
    image: np.ndarray, start: tuple[int, int], end: tuple[int, int], style: str,
    px_per_mm: float,
) -> None:
    thick = max(2, int(round(px_per_mm * 0.9)))
    if style == "hollow":
        cv2.line(image, start, end, INK, thick * 2, cv2.LINE_AA)
        cv2.line(image, start, end, (255, 255, 255), max(1, thick), cv2.LINE_AA)
    elif style == "wavy":
        (x0, y0), (x1, y1) = start, end
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        nx, ny = -(y1 - y0) / length, (x1 - x0) / length
        amplitude = thick * 0.9
        points = []
        for k in range(25):
            t = k / 24
            wave = amplitude * math.sin(t * 2 * math.pi * 2)
            points.append((x0 + (x1 - x0) * t + nx * wave, y0 + (y1 - y0) * t + ny * wave))
        cv2.polylines(image, [np.array(points, dtype=np.int32)], False, (20, 20, 20),
                      thick, cv2.LINE_AA)
    else:
        cv2.line(image, start, end, INK, thick, cv2.LINE_AA)

"""Any board geometry as a printable sheet, with its corner markers.

The picture is drawn from the geometry alone (spaces and their positions in mm), so a
referee's own board file prints as well as the bundled ones: square grids as lines
(intersections) or cells, ring boards as circles on their rings, hex maps with their
terrain and features (``companion.geometry.hex_drawing``), any other kind as its spaces
joined to their neighbours. The corner markers come from ``calibration.layout``, the
same place registration reads them from.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import cv2
from reportlab.pdfbase.pdfmetrics import stringWidth

from calibration.layout import QUIET_MM, MarkerLayout, board_layout
from calibration.markers import CORNER_NAMES, marker_bits
from calibration.printables.sheet import Colour, Pen, write_tiled
from companion.geometry import Geometry

INK: Colour = (0.15, 0.15, 0.15)
GUIDE: Colour = (0.7, 0.7, 0.7)
TEAM_COLOURS: dict[str, Colour] = {"red": (0.93, 0.55, 0.55), "blue": (0.55, 0.68, 0.95)}
KIND_COLOURS: dict[str, Colour] = {"node": (0.98, 0.9, 0.55), "core": (0.85, 0.85, 0.85),
                                   "orb": (0.9, 0.95, 0.9)}
HEX_PX_PER_MM = 6.0  # about 150 dpi for the hex map's picture
TITLE_MM = 3.0  # the board's title above it, smaller when it is wider than the board


def draw_markers(pen: Pen, layout: MarkerLayout) -> None:
    """The layout's markers, each a vector pattern filling its square."""
    for marker_id, corners in layout.markers.items():
        pen.cells(marker_bits(marker_id), float(corners[0, 0]), float(corners[0, 1]),
                  layout.marker_size)


def _split(name: str) -> tuple[str, str]:
    match = re.fullmatch(r"([A-Z]+)(\d+)", name)
    return (match[1], match[2]) if match else (name, "")


def draw_grid(pen: Pen, geometry: Geometry) -> None:
    spec = geometry.spec
    pitch_x = float(spec.get("pitch_mm", 25.0))
    pitch_y = float(spec.get("pitch_y_mm", pitch_x))
    spaces = geometry.spaces()
    if spec.get("points", "cells") == "intersections":
        for line in geometry.lines:
            points = [geometry.position_mm(n) for n in line]
            pen.polyline(points, width=0.5 if _is_edge(line, geometry) else 0.3, colour=INK)
        for space in spaces:
            if space.attrs.get("kind") == "star":
                pen.circle(space.x_mm, space.y_mm, 1.2, fill=INK, stroke=None)
    else:
        for space in spaces:
            kind = space.attrs.get("kind")
            fill = TEAM_COLOURS.get(space.attrs.get("team", ""), KIND_COLOURS.get(kind or ""))
            pen.rect(space.x_mm - pitch_x / 2, space.y_mm - pitch_y / 2, pitch_x, pitch_y,
                     fill=fill, stroke=INK, width=0.5)
            if kind:
                label = kind if "link" not in space.attrs else f"{kind} ({space.attrs['link']})"
                pen.text(space.x_mm, space.y_mm + pitch_y * 0.35, label, pitch_y * 0.12,
                         colour=INK, align="centre")
    first = spaces[0]
    for space in spaces:  # coordinates in the margin: letters on top, numbers on the left
        column, row = _split(space.name)
        if space.y_mm == first.y_mm:
            pen.text(space.x_mm, space.y_mm - pitch_y * 0.55, column, 3.0, colour=INK,
                     align="centre")
        if space.x_mm == first.x_mm:
            pen.text(space.x_mm - pitch_x * 0.55, space.y_mm + 1.0, row, 3.0, colour=INK,
                     align="right")


def _is_edge(line: tuple[str, ...], geometry: Geometry) -> bool:
    """Whether ``line`` is one of the grid's four outer lines (drawn heavier)."""
    xs = {geometry.position_mm(n)[0] for n in line}
    ys = {geometry.position_mm(n)[1] for n in line}
    all_x = [s.x_mm for s in geometry.spaces()]
    all_y = [s.y_mm for s in geometry.spaces()]
    return (len(xs) == 1 and xs <= {min(all_x), max(all_x)}) or (
        len(ys) == 1 and ys <= {min(all_y), max(all_y)})


def draw_rings(pen: Pen, geometry: Geometry) -> None:
    cx, cy = geometry.width_mm / 2, geometry.height_mm / 2
    rings: dict[int, list] = {}
    for space in geometry.spaces():
        rings.setdefault(int(space.attrs.get("ring", 0)), []).append(space)
    for members in rings.values():
        radius = math.dist((cx, cy), (members[0].x_mm, members[0].y_mm))
        pen.circle(cx, cy, radius, stroke=GUIDE, width=0.3)
        gap = 2 * math.pi * radius / len(members)
        size = min(0.36 * gap, 11.0)
        for space in members:
            if space.attrs.get("hash_mark"):
                dx, dy = (space.x_mm - cx) / radius, (space.y_mm - cy) / radius
                pen.line(space.x_mm - dx * size, space.y_mm - dy * size,
                         space.x_mm + dx * size, space.y_mm + dy * size, 0.8, INK)
            else:
                pen.circle(space.x_mm, space.y_mm, size, stroke=INK, width=0.5)
            pen.text(space.x_mm, space.y_mm + 1.0, space.name, min(3.0, size * 0.6),
                     colour=GUIDE, align="centre")


def hex_drawer(geometry: Geometry):
    """A drawer for a hex map: its picture (``companion.geometry.hex_drawing``) is made
    once and placed on every sheet the board is tiled over."""
    from companion.geometry.hex_drawing import draw_hex_map

    picture = cv2.cvtColor(draw_hex_map(geometry, px_per_mm=HEX_PX_PER_MM), cv2.COLOR_BGR2RGB)

    def draw(pen: Pen, _geometry: Geometry) -> None:
        pen.image(picture, 0, 0, picture.shape[1] / HEX_PX_PER_MM,
                  picture.shape[0] / HEX_PX_PER_MM)

    return draw


def draw_spaces(pen: Pen, geometry: Geometry) -> None:
    """Any other kind of board: each space a ring, joined to its neighbours."""
    for space in geometry.spaces():
        for other in geometry.neighbours(space.name):
            if space.name < other:
                pen.line(space.x_mm, space.y_mm, *geometry.position_mm(other), 0.3, INK)
    for space in geometry.spaces():
        pen.circle(space.x_mm, space.y_mm, 4.0, fill=(1, 1, 1), stroke=INK)
        pen.text(space.x_mm, space.y_mm + 1.0, space.name, 2.5, colour=INK, align="centre")


DRAWERS = {"grid": draw_grid, "rings": draw_rings}


def board_title(geometry: Geometry, fallback: str) -> str:
    return str(geometry.spec.get("title") or fallback)


def title_size(title: str, width_mm: float) -> float:
    """The letter height (mm) at which ``title`` fits in ``width_mm``, at most TITLE_MM."""
    return min(TITLE_MM, width_mm / max(stringWidth(title, "Helvetica", 1.0), 1e-6))


def write_board(path: str | Path, geometry: Geometry, name: str, paper: str = "a4",
                marker_mm: float | None = None) -> int:
    """Print ``geometry`` at true scale with its corner markers; returns the page count.

    The markers' white border on the outside is the paper's own margin, so the artwork
    stops at the markers' edges and a board takes as few sheets as it can."""
    layout = board_layout(geometry, marker_mm)
    x0, y0, x1, y1 = (edge + QUIET_MM * sign
                      for edge, sign in zip(layout.extent, (1, 1, -1, -1), strict=True))
    title = board_title(geometry, name)
    drawer = hex_drawer(geometry) if geometry.kind == "hex" else DRAWERS.get(geometry.kind,
                                                                           draw_spaces)

    def draw(pen: Pen) -> None:
        pen.canvas.translate(-x0, -y0)
        drawer(pen, geometry)
        pen.rect(0, 0, geometry.width_mm, geometry.height_mm, stroke=INK, width=0.4)
        draw_markers(pen, layout)
        gap = -layout.markers[0][0, 1] - layout.marker_size / 2
        pen.text(geometry.width_mm / 2, -gap - 1.0, title,
                 title_size(title, geometry.width_mm), colour=INK, align="centre")
        pen.text(geometry.width_mm / 2, -gap + 3.5,
                 f"Corner markers {', '.join(CORNER_NAMES)}: keep them flat and uncovered.",
                 2.2, colour=GUIDE, align="centre")

    return write_tiled(path, x1 - x0, y1 - y0, draw, title, paper)

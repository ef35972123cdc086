"""Printable targets: the ChArUco calibration board and the ArUco marker sets.

- ``write_charuco``: the calibration board, one page, at true scale (tiled if a spec
  asks for more than a sheet);
- ``write_markers``: the outdoor field's four corner sheets (one marker per page, a
  cross through its centre to lay on the field's corner) and sheets of facing
  stickers for natural pieces, each numbered.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from calibration.charuco import CharucoSpec
from calibration.layout import FIELD_MARKER_IN
from calibration.markers import (
    CORNER_NAMES,
    FIELD_CORNER_IDS,
    STICKER_IDS,
    marker_bits,
)
from calibration.printables.sheet import Page, Pen, area_mm, write_pages, write_tiled

STICKER_MM = 20.0
BORDER_MM = 4.0  # white around the ChArUco board
STICKER_GAP_MM = 8.0


def write_charuco(path: str | Path, spec: CharucoSpec, paper: str = "a4") -> int:
    """The ChArUco board ``spec`` at true scale, drawn where OpenCV's own board object
    puts each marker (``getObjPoints``) and black squares everywhere else, with a
    white border for the markers to stand out."""
    board = spec.board()
    ids = [int(k) for k in board.getIds().ravel()]
    corners = [np.asarray(c).reshape(-1, 3)[:, :2] for c in board.getObjPoints()]
    with_marker = {(int(c[:, 1].min() // spec.square_mm), int(c[:, 0].min() // spec.square_mm))
                   for c in corners}
    name = f"ChArUco calibration board {spec} ({spec.dictionary}): glue it flat on card"

    def draw(pen: Pen) -> None:
        pen.canvas.translate(BORDER_MM, BORDER_MM)
        for row in range(spec.rows):
            for col in range(spec.columns):
                if (row, col) not in with_marker:
                    pen.rect(col * spec.square_mm, row * spec.square_mm, spec.square_mm,
                             spec.square_mm, fill=(0, 0, 0), stroke=None)
        for marker_id, quad in zip(ids, corners, strict=True):
            x, y = quad.min(axis=0)
            pen.cells(marker_bits(marker_id, spec.dictionary), float(x), float(y),
                      spec.marker_mm)

    size = (spec.width_mm + 2 * BORDER_MM, spec.height_mm + 2 * BORDER_MM)
    return write_tiled(path, size[0], size[1], draw, name, paper)


def write_markers(path: str | Path, paper: str = "a4", *, field_mm: float | None = None,
                  sticker_mm: float = STICKER_MM) -> int:
    """Four field-corner sheets, then sticker sheets for every facing-sticker ID."""
    field = FIELD_MARKER_IN * 25.4 if field_mm is None else field_mm
    width, height = area_mm(paper)
    if field > min(width, height) - 20:
        raise ValueError(f"A {field:g} mm field marker does not fit on {paper} paper.")
    pages = [_field_page(marker_id, corner, field, width, height)
             for marker_id, corner in zip(FIELD_CORNER_IDS, CORNER_NAMES, strict=True)]
    pitch = sticker_mm + STICKER_GAP_MM
    columns = int((width + STICKER_GAP_MM) // pitch)
    rows = int((height - 8 + STICKER_GAP_MM) // pitch)
    per_page = columns * rows
    for start in range(0, len(STICKER_IDS), per_page):
        chunk = STICKER_IDS[start:start + per_page]
        pages.append(_sticker_page(chunk, columns, sticker_mm, pitch))
    return write_pages(path, pages, paper, title="Tabletop Companion markers")


def _field_page(marker_id: int, corner: str, size: float, width: float,
                height: float) -> Page:
    def draw(pen: Pen) -> None:
        x0, y0 = (width - size) / 2, (height - size) / 2
        cx, cy = width / 2, height / 2
        pen.text(cx, y0 - 14, f"Field corner: {corner}", 8.0, align="centre", bold=True)
        pen.text(cx, y0 - 6, f"Marker {marker_id}. Lay the marker's centre (where the four "
                             "lines point) on the field's corner, the arrow into the field.",
                 3.2, align="centre")
        pen.cells(marker_bits(marker_id), x0, y0, size)
        reach = size / 2 + 8
        pen.line(cx - reach, cy, cx - size / 2, cy, 0.4)
        pen.line(cx + size / 2, cy, cx + reach, cy, 0.4)
        pen.line(cx, cy - reach, cx, cy - size / 2, 0.4)
        pen.line(cx, cy + size / 2, cx, cy + reach, 0.4)
        dx, dy = {"top-left": (1, 1), "top-right": (-1, 1), "bottom-right": (-1, -1),
                  "bottom-left": (1, -1)}[corner]
        tip = (cx + dx * (size / 2 + 14), cy + dy * (size / 2 + 14))
        base = (cx + dx * (size / 2 + 4), cy + dy * (size / 2 + 4))
        pen.line(*base, *tip, 0.8)
        pen.polyline([tip, (tip[0] - dx * 4, tip[1]), (tip[0], tip[1] - dy * 4)], 0.8,
                     closed=True, fill=(0, 0, 0))

    return Page(draw, f"Outdoor field corner marker {marker_id} ({corner}), "
                      f"{size:g} mm: see docs/calibration.md")


def _sticker_page(ids: tuple[int, ...], columns: int, size: float, pitch: float) -> Page:
    def draw(pen: Pen) -> None:
        pen.text(0, 4, "Facing stickers: stick one on each natural piece with the marker's "
                       "top edge (the number's side) towards the piece's front.", 3.2)
        for k, marker_id in enumerate(ids):
            x = (k % columns) * pitch
            y = 10 + (k // columns) * pitch
            pen.cells(marker_bits(marker_id), x, y, size)
            pen.text(x + size / 2, y - 1.0, str(marker_id), 2.6, align="centre")

    return Page(draw, f"Facing stickers {ids[0]} to {ids[-1]}, {size:g} mm")

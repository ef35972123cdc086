"""Where the registration markers sit, in board coordinates.

The printer and the camera must agree on this to the millimetre, so both read it from
here: ``board_layout(geometry)`` for a printed board (millimetres, origin at the board's
top-left corner, y down, exactly as ``Geometry`` places its spaces) and
``field_layout()`` for the outdoor field (inches, a marker sheet centred on each of the
field's corners).

A printed board's four corner markers stand just outside its corners, diagonally, so
they never cover a space and a hand reaching for a corner piece hides at most one.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from calibration.markers import BOARD_CORNER_IDS, FIELD_CORNER_IDS
from companion.geometry import Geometry

MARKER_GAP_MM = 4.0  # between a corner marker and the board's corner, each way
QUIET_MM = 4.0  # white border a marker needs around it to be found


@dataclass(frozen=True)
class MarkerLayout:
    """A board (or field) rectangle and the markers placed around it.

    ``markers`` maps a marker ID to its four corners in board units, in ArUco's corner
    order; ``extent`` is the rectangle (x0, y0, x1, y1) everything printed covers."""

    width: float
    height: float
    units: str
    marker_size: float
    markers: dict[int, np.ndarray]
    extent: tuple[float, float, float, float]

    def marker_centre(self, marker_id: int) -> tuple[float, float]:
        centre = self.markers[marker_id].mean(axis=0)
        return (float(centre[0]), float(centre[1]))

    def board_corners(self) -> np.ndarray:
        """The board's own corners, top-left first, clockwise (as a person taps them)."""
        w, h = self.width, self.height
        return np.array([[0, 0], [w, 0], [w, h], [0, h]], dtype=np.float64)


def _square(x0: float, y0: float, size: float) -> np.ndarray:
    return np.array(
        [[x0, y0], [x0 + size, y0], [x0 + size, y0 + size], [x0, y0 + size]], dtype=np.float64
    )


def default_marker_mm(width_mm: float, height_mm: float) -> float:
    """Corner marker size for a board: 30 mm, smaller on a board under 20 cm a side."""
    return float(min(30.0, max(12.0, round(min(width_mm, height_mm) * 0.15))))


def rectangle_layout(
    width_mm: float, height_mm: float, marker_mm: float | None = None
) -> MarkerLayout:
    """The corner markers around a ``width_mm`` × ``height_mm`` board."""
    m = default_marker_mm(width_mm, height_mm) if marker_mm is None else float(marker_mm)
    g = MARKER_GAP_MM
    origins = [(-g - m, -g - m), (width_mm + g, -g - m), (width_mm + g, height_mm + g),
               (-g - m, height_mm + g)]
    markers = {
        marker_id: _square(x, y, m)
        for marker_id, (x, y) in zip(BOARD_CORNER_IDS, origins, strict=True)
    }
    pad = g + m + QUIET_MM
    extent = (-pad, -pad, width_mm + pad, height_mm + pad)
    return MarkerLayout(width_mm, height_mm, "mm", m, markers, extent)


def board_layout(geometry: Geometry, marker_mm: float | None = None) -> MarkerLayout:
    """The corner markers around a board geometry, as printed by ``companion print board``."""
    return rectangle_layout(geometry.width_mm, geometry.height_mm, marker_mm)


FIELD_MARKER_IN = 150 / 25.4  # one marker per A4/Letter sheet, 150 mm a side


def field_layout(
    width_in: float = 24.0, height_in: float = 24.0, marker_in: float = FIELD_MARKER_IN
) -> MarkerLayout:
    """The outdoor field (inches): marker sheet *k* is laid with its centre cross on
    the field's corner *k* (top-left, top-right, bottom-right, bottom-left)."""
    half = marker_in / 2
    corners = [(0, 0), (width_in, 0), (width_in, height_in), (0, height_in)]
    markers = {
        marker_id: _square(x - half, y - half, marker_in)
        for marker_id, (x, y) in zip(FIELD_CORNER_IDS, corners, strict=True)
    }
    pad = half + QUIET_MM / 25.4 * 4  # the sheet's white paper around its marker
    extent = (-pad, -pad, width_in + pad, height_in + pad)
    return MarkerLayout(width_in, height_in, "in", marker_in, markers, extent)

"""A grid board's reading as text: one string per row, as the picture shows the board.

``companion recognize`` prints a Go board this way (``grid`` in its JSON), and the
benchmarks compare it with the labels of real photos, which are written the same way.
"""

from __future__ import annotations

import numpy as np

from companion.geometry import Geometry
from companion.vision.labels import EMPTY, UNSURE

GRID_CHARS = {EMPTY: ".", "black": "B", "white": "W", "red": "R", "blue": "U",
              "green": "G", "yellow": "Y", UNSURE: "?"}
"""One character per content in the ``grid`` rows."""


def grid_rows(geometry: Geometry, cells: dict[str, str], pixels_to_mm: np.ndarray) -> list[str]:
    """The grid as it appears in the picture: one string per row, top row first."""
    return ["".join(GRID_CHARS.get(cells[name], "?") for name in row)
            for row in grid_as_seen(geometry, pixels_to_mm)]


def grid_as_seen(geometry: Geometry, pixels_to_mm: np.ndarray) -> list[list[str]]:
    """The grid's space names laid out as the picture shows them, top row first."""
    import cv2

    names = geometry.names
    columns = np.array([geometry.space(n).attrs["column"] for n in names])
    rows = np.array([geometry.space(n).attrs["row"] for n in names])
    board = np.array([geometry.position_mm(n) for n in names], dtype=np.float64)
    pixels = cv2.perspectiveTransform(board.reshape(-1, 1, 2),
                                      np.linalg.inv(pixels_to_mm)).reshape(-1, 2)
    # How the picture's x and y follow the board's column and row numbers.
    fit = np.linalg.lstsq(np.column_stack([columns, rows, np.ones(len(names))]), pixels,
                          rcond=None)[0]
    along_col, along_row = fit[0], fit[1]  # image motion per column, per row
    if abs(along_col[0]) >= abs(along_row[0]):
        across, down = (columns, along_col[0]), (rows, along_row[1])
    else:
        across, down = (rows, along_row[0]), (columns, along_col[1])
    x = across[0] if across[1] > 0 else across[0].max() - across[0]
    y = down[0] if down[1] > 0 else down[0].max() - down[0]
    grid = [[""] * (int(x.max()) + 1) for _ in range(int(y.max()) + 1)]
    for name, xi, yi in zip(names, x, y, strict=True):
        grid[int(yi)][int(xi)] = name
    return grid

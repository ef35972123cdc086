"""Which of the rays looked along round each space stay over the board's grid.

``Layout.rays`` runs 16 rays out of every space, from the core's edge to just past the
largest stone's rim, to see whether the board beside a space is shaded as a standing
stone shades it. From a space on the board's rim, the rays that point outwards leave
the grid: past the outermost line lies the board's margin, and past that the board's
edge and the table, whose wood or cloth is darker than the board for no stone's sake.
Only the rays that stay over the grid say anything of a stone's shade there.
"""

from __future__ import annotations

import numpy as np

ROUNDING_PX = 1.0
"""How far a ray's end may lie past the outermost spaces and still count as over the
grid: the centres are found from the rays' rounded first pixels and the end is rounded
too (half a pixel each). A ray along the rim's own line ends on it."""


def rays_over_grid(rays: np.ndarray, width: int) -> np.ndarray:
    """N×R bool: the rays (``Layout.rays``, N×R×S flat indices into a board view
    ``width`` pixels wide) whose far end lies within the grid, the box round every
    space's centre. Each space's centre is the mean of its rays' first pixels (the
    rays start at one radius all round it). Inside the board every ray stays over the
    grid (it ends within a pitch of its space); on the rim, those that point outwards
    leave it."""
    xs = (rays % width).astype(np.float64)
    ys = (rays // width).astype(np.float64)
    cx, cy = xs[:, :, 0].mean(axis=1), ys[:, :, 0].mean(axis=1)
    ex, ey = xs[:, :, -1], ys[:, :, -1]
    return (ex >= cx.min() - ROUNDING_PX) & (ex <= cx.max() + ROUNDING_PX) \
        & (ey >= cy.min() - ROUNDING_PX) & (ey <= cy.max() + ROUNDING_PX)

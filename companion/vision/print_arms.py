"""How much of a cross each space of a grid prints: a grid's lines cross at every inner
space (four arms), end in a T on the board's edge (three) and in an L at a corner (two).
Bare board on the edge shows only that share of the print the crosses around it show,
and rules that ask bare board for "the print the spaces around show" ask it for that
share there (``companion.vision.stones``)."""

from __future__ import annotations

import numpy as np

from companion.vision.sampling import Layout

ARMS = 4
"""A cross's arms: a line runs from the space to each of its four next neighbours."""


def printed_arms(layout: Layout) -> np.ndarray:
    """Each space's share of a cross's arms (N floats, 1 inside, 3/4 on an edge, 1/2 in a
    corner): how many next neighbours lie a pitch away (within a tenth of one), over
    four. On a board that prints no lines through its spaces it says nothing (the
    classifier uses it only where lines cross the ring round each core)."""
    centres = layout.centres
    d = np.linalg.norm(centres[:, None, :] - centres[None, :, :], axis=2)
    next_ones = (np.abs(d - layout.pitch_px) <= 0.1 * layout.pitch_px).sum(axis=1)
    return np.minimum(next_ones, ARMS) / ARMS

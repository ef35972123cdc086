"""A lamp's small reflection a little off a bare point, read white by its colour (session 25).

A lamp's small soft reflection in bare board (a Gaussian of 0.15–0.3 pitch, 0.05–0.25
pitch off the point) lifts the core toward white, and colour alone reads it a white
stone, surely. But light adds to the board and to its print alike: the print still shows
through it. A white stone hides the print at its foot and across its face; where a
space read white shows both, it is no stone's face, and the space is unsure:

- print in the core (``ink``, at least ``reflection_core_ink``): a white stone's core
  shows at most a few specks of its grain or the edge of its highlight there;
- and the printed lines across the face just past the core: on two opposite rays of
  the four along the space's lines, darker than the rays beside them by
  ``reflection_line_marks`` of the print's mark (``lines_one_side.line_dips``, one or
  two samples past the core's edge, inside the smallest stone), or over
  ``reflection_ring_ink`` of the ring's pixels on the lines (``ring_ink``). A stone that
  leans off its point shows the line beyond it on one side only, never on two opposite
  ones; a bare point's lines run through on both.

The two signs lie in different places (the core, and the face round it), and each is
asked well past what the white stones read white on the development looks show where
the other sign holds. Only on a board whose lines run through its spaces (``ring_seen``
somewhere: Go), and only at the spaces asked about."""

from __future__ import annotations

import numpy as np

from companion.vision.config import Section
from companion.vision.lines_one_side import line_dips
from companion.vision.sampling import Samples

FACE_SAMPLES = (1, 2)
"""The rays' samples looked at: one and two pixels past the core's edge in the board
view (about 0.33 and 0.36 pitch out), inside the smallest stone however it leans."""


def lines_on_opposite_arms(dips: np.ndarray) -> np.ndarray:
    """The spaces (N bool) whose lines show (``dips``, N×4 in turn round the space) on
    two opposite arms: as through a bare point, never past a stone leaning off it."""
    return (dips & np.roll(dips, 2, axis=1)).any(axis=1)


def print_through_light(samples: Samples, rays: np.ndarray | None, asked: np.ndarray,
                        cfg: Section) -> np.ndarray:
    """Of the ``asked`` spaces (N bool, read a light stone), those whose print shows in
    the core and across the face round it, as through a lamp's reflection in bare board
    (module docstring); ``rays`` as ``Layout.rays`` (``None``: none found)."""
    through = np.zeros(len(asked), dtype=bool)
    if rays is None or not (samples.ring_seen > 0.0).any():
        return through
    at = np.flatnonzero(asked & (samples.ink >= cfg.reflection_core_ink))
    if not len(at):
        return through
    seen = np.take(samples.darkest, rays[at])
    mark = cfg.reflection_line_marks * samples.print_mark
    across = np.zeros(len(at), dtype=bool)
    for k in FACE_SAMPLES:
        across |= lines_on_opposite_arms(line_dips(seen[:, :, min(k, seen.shape[2] - 1)],
                                                   mark, cfg))
    through[at] = across | (samples.ring_ink[at] >= cfg.reflection_ring_ink)
    return through

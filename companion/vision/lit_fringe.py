"""A ring left no more than its lines' fringe, on a board blown out around it, is lit.

A camera whose auto-exposure brightens a dark table, or a lamp close by, clips the pale
wood of a board white. What is then left unclipped of a bare point's ring (between its
core and ``ring_radius``, off the printed lines) is the dark flank of its lines, a
pixel or two beside them, blurred wider than the band the lines are taken out by: on
an edge point a thick edge line's outer flank, along one or two straight sides. The
ring's lightness (``Samples.ring_lift``, the median of those pixels) is then as dark as
a black stone's rim, and the point was read black by its rim (``stones._dark_rim``).

Two signs, each of its own, tell it from a black stone whose face a lamp's reflection
clips white:

- where the rest of the ring lies: a stone's rim runs all round, also where the ring
  lies farthest from the lines (between their arms, 0.2 pitch or more off them); the
  lines' fringe hugs the lines (``Samples.ring_fringe``, within ``ring_fringe_px``);
- whether the board around is blown out too: overexposure clips the bare wood in the
  gaps round the point (over ``max_gap_blown`` of them); a lamp's reflection on a stone
  stays on the stone and leaves them.

Where both hold, the ring is taken as lit, at least as light as its board: what it
shows of a rim is print.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from companion.vision.config import Section
from companion.vision.sampling import Samples


def lit_fringe(samples: Samples, cfg: Section) -> Samples:
    """``samples`` with the ring of each space whose ring shows no more than its lines'
    fringe (``ring_fringe``) and whose gaps are blown out over ``max_gap_blown`` taken as
    lit (``ring_lift`` at least 0, its board's lightness); the same ``samples`` where no
    space is so."""
    lit = samples.ring_fringe & (samples.gap_blown > cfg.max_gap_blown)
    if not lit.any():
        return samples
    return replace(samples, ring_lift=np.where(lit, np.maximum(samples.ring_lift, 0.0),
                                               samples.ring_lift))

"""A dark stone's shaded dome, read as bare board by its colour.

On a dark board (red wood) under a lamp, a glossy black stone's face comes out nearly
as light as the board: its highlight is set aside (``sampling.sheen``), yet the lamp
lifts the rest of the face, and the core's colour (``core_percentile``) lands within
``max_empty_distance`` of the board's. On a full board no bare space round it shows
the print it hides, and the rule that asks a space read empty far from its board's
colour for its print (``covered_far``) lets a core darker than any light stone lit as
its board pass as bare board with thick blurred lines (``_darker_than_light_stones``).
So the reader read black yunzi on red wood empty, surely (check block 42017,
``--full-glare 300``: seven stones).

Such a core is no bare board by two signs of the stone's dome, neither of which bare
board shows where its print does not show:

- *uneven*: its spread (``core_spread``, the highlight set aside) is at least
  ``dome_spread``: a dome runs from its lit side to its shaded one, while bare board's
  core is one colour but for its print and its grain;
- *a shaded side far darker than its board*: the darker quarter of the core (the
  first of ``shade_percentiles``, off the print) lies at least ``dome_shade_lum`` (log)
  below its board: a stone's side turned from the lamp. Wood grain and blurred print
  darken bare board's darker quarter by less (to −0.34 on red wood at 640 × 480 with
  no print shown, where the seven stones showed −0.44 to −0.55).

Such a space is unsure: the picture does not tell a lifted black stone from the board,
and a confident error is worse than an unsure space. Only spaces that show no print
(under ``ink_present``): print seen where a piece would sit is bare board's.
"""

from __future__ import annotations

import numpy as np

from companion.vision.config import Section
from companion.vision.sampling import Samples, masked_percentile


def shade_lightness(samples: Samples, kept: np.ndarray, at: np.ndarray, cfg: Section
                    ) -> np.ndarray:
    """The log lightness (len(at)) of the darker quarter of the cores of the spaces
    ``at`` (indices; the first of ``shade_percentiles`` over the ``kept`` pixels, off
    the print) against their board, as the reader takes a ratio (``stones._log_ratio``)."""
    shade = masked_percentile(samples.core[at], kept[at], cfg.shade_percentiles[0])
    board = samples.board[at]
    return (np.log(shade + cfg.dark_floor) - np.log(board + cfg.dark_floor)).mean(axis=1)


def shaded_dome(samples: Samples, kept: np.ndarray, asked: np.ndarray,
                cfg: Section) -> np.ndarray:
    """The ``asked`` spaces (N bool: read empty) whose core, showing no print, is as
    uneven as a domed stone's (``dome_spread``) with its darker quarter at least
    ``dome_shade_lum`` (log) below its board. ``kept`` marks the core pixels a piece's
    colour is read from (K per space)."""
    domed = np.zeros(len(asked), dtype=bool)
    at = np.flatnonzero(asked & (samples.ink < cfg.ink_present)
                        & (samples.spread >= cfg.dome_spread))
    if not len(at):
        return domed
    domed[at] = shade_lightness(samples, kept, at, cfg) <= cfg.dome_shade_lum
    return domed

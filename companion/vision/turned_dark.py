"""A black stone a lamp lifts on a tinted board, told by its shaded side and its tint.

Black yunzi on red wood under a lamp: the lamp lifts much of the stone's face to its
board's lightness or above, the highlight spreads past what ``sampling.sheen`` sets
aside, and the reader finds the core uneven ("core not one colour"), far from bare board
and from black alike, or read otherwise under another light; its rim is not always
``dark_ring_lum`` dark (−0.2 to −0.45 where the lamp reaches it), so ``_dark_under_sheen``
and ``dark_set`` leave it unsure. On the study scenes (Go 19 × 19 held-out, seeds
55000–55099) such stones were 83 of the 138 black stones left unsure.

Such a space is the dark stone where two signs of its own agree, each with a margin:

- *a stone stands there*: no print where a piece would sit (its share under
  ``ink_present``, and at its foot at most ``ink_faint_share`` of the print that shows
  round it) while the print shows round it (at least ``turned_dark_print``);
- *a dark neutral stone*: the core shows its board's tint turned round
  (``turned_round``, at least ``cover_fit_chroma``, as ``_dark_under_sheen`` and
  ``dark_set`` ask: a neutral stone and the lamp's light on it against a tinted board,
  where bare board in any shade shows none) and the darker quarter of its core (the
  first of ``shade_percentiles``, off the print) lies at least ``turned_dark_shade``
  (log) below its board: a black stone's side turned from the lamp. A white stone is as
  neutral, and its darker quarter lies above its board. On the study scenes no space but
  a black stone that hides its print came near both: with its darker quarter at
  −0.1 or below, none turned the tint round by more than 0.09; turning it round by 0.1
  or more, none had its darker quarter below +0.08.

Only where the board's colour is seen round it and the core is not blown out in part
(``lamp_gap_blown``, ``lamp_core_blown``: the sheen lifts the face, it does not blow it
out), on a board that prints lines through its spaces (``ring_seen``; ONE's printed
rings are left alone), and for a colour painted far darker than any board (Go's black).
A dark neutral sleeve could show both signs: the spaces named count for the hand rule as
the unsure spaces they were (``SpaceReadings.hand_like``).
"""

from __future__ import annotations

import numpy as np

from companion.vision.config import Section
from companion.vision.sampling import Samples
from companion.vision.shaded_dome import shade_lightness
from companion.vision.turned_tint import turned_round


def turned_dark(samples: Samples, kept: np.ndarray, ratio: np.ndarray, fair_print: np.ndarray,
                asked: np.ndarray, cfg: Section) -> np.ndarray:
    """The ``asked`` spaces (N bool) that show a dark neutral stone a lamp lifts: print
    hidden where it shows round them, the board's tint turned round in the core
    (``ratio``, N×3 log ratio to the board) and its darker quarter far darker than the
    board. ``kept`` marks the core pixels a piece's colour is read from; ``fair_print``
    is the print bare board shows round each space."""
    named = np.zeros(len(asked), dtype=bool)
    hidden = (samples.ink < cfg.ink_present) & (fair_print >= cfg.turned_dark_print) \
        & (samples.foot_ink <= cfg.ink_faint_share * fair_print)
    at = np.flatnonzero(asked & hidden & (samples.ring_seen > 0.0)
                        & (samples.gap_blown <= cfg.lamp_gap_blown)
                        & (samples.core_blown <= cfg.lamp_core_blown))
    at = at[turned_round(ratio[at], samples.board[at]) >= cfg.cover_fit_chroma]
    if not len(at):
        return named
    named[at] = shade_lightness(samples, kept, at, cfg) <= cfg.turned_dark_shade
    return named

"""A dark stone over the circle it hides, named black where its hue is no hued stone's.

ONE's black yunzi and glass stones under a lamp may come out as light against their board
as a green or a blue one (tan vinyl, red wood, bamboo, white vinyl: on session 24's
study seeds 41500–41699, named, they make 5 more of 176 held-out boards whole). The
reader, which weighs lightness, takes them for the hued stone, and "hue of another
colour" leaves them unsure: their colour part is black's. ``neutral_dark`` names such a
stone only where its colour part also lies ``cover_fit_chroma`` nearer black's candidate
than empty's: its sheen and translucency carry part of the board's tint turned round, and
most of these lie between black's candidate and empty's, nearer black's by less.

Empty's hue is asked there because nothing else said the space was not bare board in a
shade. Where the space hides its printed circle while the spaces round it show theirs
clearly (``stones._mark_missing``), something covers it, and with nothing over the board
round it (``open_board``: a hand or a sleeve covers the gaps too) a stone does: empty is
no rival. What is left to tell is which stone, and the signs are the ones
``neutral_dark`` asks, each of another kind:

- *Dark*: its darker part (the first of ``shade_percentiles``) darker than any light
  stone lit as its board is (``light_stone_min_lum``): a white stone is lighter.
- *A domed dark stone's rim*: the ring round its core far darker than its board
  (``dark_ring_lum``) and darker than its face by ``dark_rim_margin``.
- *No hue of its own*: the colour part of its core and of its darker part each nearer
  black's candidate than any hued colour's, that colour's taken anywhere from
  ``hue_shown_share`` of its way from black's to all of it (a translucent stone shows its
  hue paler than its paint), by at least ``dark_hue_margin``. On the study seeds' plain
  scenes the hued stones that pass the other signs lie at least 0.35 nearer their own
  hue than black's by this measure, the black ones mostly nearer black's.
"""

from __future__ import annotations

import numpy as np

from companion.vision.config import Section
from companion.vision.neutral_dark import hue_clear_of


def hidden_dark(ratio: np.ndarray, darker: np.ndarray, ring_lift: np.ndarray,
                protos: np.ndarray, hued: np.ndarray, piece: int, open_board: np.ndarray,
                hidden: np.ndarray, cfg: Section) -> np.ndarray:
    """The spaces (N) that show the dark piece ``piece`` (1 + colour index) over the mark
    they hide (``hidden``), by the signs of the module docstring: ``ratio`` and
    ``darker`` (N×3) the core's and its darker part's log ratios to the board,
    ``ring_lift`` the ring's lightness round the core, ``protos`` (N×C×3) the colours'
    candidates, ``hued`` which colours have a hue of their own, ``open_board`` where
    nothing lies over the space."""
    if not hued.any() or piece < 1:
        return np.zeros(len(ratio), dtype=bool)
    no_hue = np.ones(len(ratio), dtype=bool)
    for shown in (ratio, darker):
        # An infinite margin keeps empty's colour part out of the rivals: the print
        # hidden says a stone lies there.
        no_hue &= hue_clear_of(shown, protos, hued, piece, cfg.hue_shown_share, np.inf) \
            >= cfg.dark_hue_margin
    dark = darker.mean(axis=1) < cfg.light_stone_min_lum
    rim = (ring_lift < cfg.dark_ring_lum) \
        & (ring_lift < ratio.mean(axis=1) - cfg.dark_rim_margin)
    return hidden & open_board & no_hue & dark & rim

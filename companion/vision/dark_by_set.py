"""A dark stone lifted to a hued stone's lightness, named black by two signs of two kinds.

ONE's black yunzi and glass stones under a lamp may come out as light against their board
as a green or a blue one; the reader, which weighs lightness, takes them for that hued
stone, and "hue of another colour" leaves them unsure. ``neutral_dark`` names one where
its colour part lies ``cover_fit_chroma`` nearer black's candidate than any hued
colour's; most lie nearer by less (on session 25's study seeds, 57000–57299, held-out
looks: 0.1–0.2). Session 24's ``hidden_dark`` named those by "nearer" with no margin and
read four blue stones black on looks it was never tried on (under an unseen light a dark
blue stone's candidate lies as near as black's): the candidates are one reading of the
hue, worked out from the palette and the light found, and they can be off together. So
two signs of different kinds are asked here, each with a margin:

- *The candidates*: the colour part of the core and of its darker part (the first of
  ``shade_percentiles``, where a sheen is least) each lie nearer the dark piece's
  candidate than any hued colour's (taken from ``hue_shown_share`` of its way to all of
  it, as ``neutral_dark.hue_clear_of`` does) by at least ``dark_hue_margin``. On the
  study seeds and on scenes drawn with many blue, green and red stones under dim and
  coloured lamps, every such stone that is dark, rimmed and open lies nearer a hued
  colour's candidate by 0.23 or more.
- *The picture's own stones*: under the same light and camera, the stones read surely
  (at least ``dark_set_min_stones`` of the dark piece) show what a dark stone and each
  hued stone look like here, with no palette in between. The space's colour part lies
  within ``dark_fit_chroma`` of the median of the sure dark stones' colour parts and
  farther, by at least ``cover_fit_chroma``, from the median of every hued colour's sure
  stones; and it is no lighter than the lightest tenth of the sure dark stones by more
  than ``dark_set_lum``. On the study seeds the black stones named lie within 0.12 of
  their set and 0.39 or more from any other; the blue, green and red stones that are
  dark, rimmed and open lie 0.30 or more from the black set.

And the signs ``neutral_dark`` asks besides its hue: dark (its darker part darker than
any light stone lit as its board is, ``light_stone_min_lum``), a domed dark stone's rim
(``dark_ring_lum``, ``dark_rim_margin``), nothing over the board round it
(``open_board``), and a stone over the mark (``hidden``: none of it shows, or no more than
a stone's edge leaves): empty is no rival to its hue there.
"""

from __future__ import annotations

import numpy as np

from companion.vision.config import Section
from companion.vision.neutral_dark import hue_clear_of
from companion.vision.sampling import colour_part


def _like_its_set(ratio: np.ndarray, sure: np.ndarray, best: np.ndarray, hued: np.ndarray,
                  piece: int, cfg: Section) -> np.ndarray:
    """The spaces (N) whose colour looks like the picture's sure stones of ``piece`` and
    unlike its sure stones of every hued colour (the second sign of the module
    docstring); none where fewer than ``dark_set_min_stones`` are sure of ``piece``."""
    refs = sure & (best == piece)
    if refs.sum() < cfg.dark_set_min_stones:
        return np.zeros(len(ratio), dtype=bool)
    tint = colour_part(ratio)
    own = np.linalg.norm(tint - np.median(tint[refs], axis=0), axis=1)
    like = (own <= cfg.dark_fit_chroma) \
        & (ratio.mean(axis=1) <= np.percentile(ratio[refs].mean(axis=1), 90) + cfg.dark_set_lum)
    for other in np.flatnonzero(hued):
        theirs = sure & (best == other)
        if theirs.any():
            like &= np.linalg.norm(tint - np.median(tint[theirs], axis=0), axis=1) - own \
                >= cfg.cover_fit_chroma
    return like


def dark_by_set(ratio: np.ndarray, darker: np.ndarray, ring_lift: np.ndarray,
                protos: np.ndarray, hued: np.ndarray, piece: int, open_board: np.ndarray,
                hidden: np.ndarray, sure: np.ndarray, best: np.ndarray, cfg: Section
                ) -> np.ndarray:
    """The spaces (N) that show the dark piece ``piece`` (1 + colour index) by the signs
    of the module docstring: ``ratio`` and ``darker`` (N×3) the core's and its darker
    part's log ratios to the board, ``ring_lift`` the ring's lightness round the core,
    ``protos`` (N×C×3) the colours' candidates, ``hued`` which candidates have a hue of
    their own, ``open_board`` where nothing lies over the space, ``hidden`` where its
    mark is hidden, ``sure`` the spaces read surely as ``best``."""
    if not hued.any() or piece < 1:
        return np.zeros(len(ratio), dtype=bool)
    asked = open_board & hidden & (darker.mean(axis=1) < cfg.light_stone_min_lum) \
        & (ring_lift < cfg.dark_ring_lum) & (ring_lift < ratio.mean(axis=1) - cfg.dark_rim_margin)
    if not asked.any():
        return asked
    for shown in (ratio, darker):
        # An infinite margin keeps empty's colour part out of the rivals: the mark hidden
        # says a stone lies there.
        asked &= hue_clear_of(shown, protos, hued, piece, cfg.hue_shown_share, np.inf) \
            >= cfg.dark_hue_margin
    return asked & _like_its_set(ratio, sure, best, hued, piece, cfg)

"""A dark stone lighter than foreseen, like the picture's own sure dark stones.

A black stone seen small and soft (a 640 × 480 webcam, blur, a little motion) mixes
its edge with the board round it: its core reads lighter than a black stone's
foreseen ratio to its board, by as much as half of it, and the board's thick lines
blur into its foot. The reader finds it too far from black ("nothing fits"), or
nearer to bare board than to black ("empty, far from the board's colour, no print"),
and leaves it unsure; the other black stones of the same picture, no less blurred,
are read surely a little darker.

Such a space is told by two signs, each of its own:

- *a stone stands there*: the ring round its core, off the printed lines, is far
  darker than its board (``dark_ring_lum``: a dark stone's rim; bare board's ring is
  its board's colour, and a shade over it leaves the lines showing), and its print
  shows less than bare board shows it around (under ``ink_fair_share`` of the print
  round it, which shows clearly, ``ink_clear``): a stone's blurred edge leaves a little
  of the lines, bare board in any shade all of them;
- *its colour is a dark stone's in this picture*: its core lies at least
  ``dark_fit_share`` of the way from its board's lightness to the dark stone's
  foreseen one, no more than ``dark_set_lum`` (log) lighter than the lightest tenth
  of the picture's sure dark stones (at least ``dark_set_refs`` of them) and of their
  tint (within ``dark_fit_chroma`` of their median colour part), and it shows its
  board's tint turned round (``turned_round``, at least ``cover_fit_chroma``): a
  neutral stone against a tinted board, where a shade over bare board dims the board
  in its own hue (a band of shadow to 35 % over a development look's bare board passed
  every other sign here: its print dimmed with it to a third of what shows round it).

Only where the board's colour is seen round it (no more of the gaps blown out than
``max_gap_blown``), its core one colour (``max_spread``), and on a board that prints
lines through its spaces (``ring_seen``; ONE's printed rings are left alone). A dark
sleeve or a hand's shadow may pass both signs as well: the spaces named here count
as unsure for the hand rule (``SpaceReadings.hand_like``), as they did before.
"""

from __future__ import annotations

import numpy as np

from companion.vision.config import Section
from companion.vision.sampling import Samples, colour_part
from companion.vision.turned_tint import turned_round


def like_dark_set(ratio: np.ndarray, dark_proto: np.ndarray, samples: Samples,
                  fair_print: np.ndarray, spread: np.ndarray, sure_dark: np.ndarray,
                  asked: np.ndarray, cfg: Section) -> np.ndarray:
    """The ``asked`` spaces (N bool) that show a dark stone lighter than foreseen.
    ``ratio`` is each core's log ratio to its board (N×3), ``dark_proto`` the dark
    stone's foreseen one (N×3), ``fair_print`` the print bare board shows round each
    space, ``spread`` its core's spread and ``sure_dark`` the spaces read surely as
    the dark stone (N bool)."""
    named = np.zeros(len(ratio), dtype=bool)
    if sure_dark.sum() < cfg.dark_set_refs or not asked.any():
        return named
    lightness = ratio.mean(axis=1)
    set_lum = float(np.percentile(lightness[sure_dark], 90))
    set_tint = np.median(colour_part(ratio[sure_dark]), axis=0)
    stands = (samples.ring_seen > 0.0) & (samples.ring_lift < cfg.dark_ring_lum) \
        & (fair_print >= cfg.ink_clear) & (samples.ink < cfg.ink_fair_share * fair_print)
    dark = (lightness <= cfg.dark_fit_share * dark_proto.mean(axis=1)) \
        & (lightness <= set_lum + cfg.dark_set_lum) \
        & (np.linalg.norm(colour_part(ratio) - set_tint, axis=1) <= cfg.dark_fit_chroma) \
        & (turned_round(ratio, samples.board) >= cfg.cover_fit_chroma)
    seen = (samples.gap_blown <= cfg.max_gap_blown) & (spread <= cfg.max_spread)
    return asked & stands & dark & seen

"""A white stone on a white board, named by the mark it hides and its highlight.

White glass and yunzi stones on ONE's white vinyl (and white plastic or shell stones on
white paper) read empty by their colour: the picture shows white hardly apart from the
board. Since session 13 such a space is unsure ("empty, none of the mark printed round
it", "empty, print hidden round a blown-out face"): colour alone cannot tell it from a
hand over bare board. On session 24's study seeds (41500–41699, 200 held-out scenes)
white glass stones on white vinyl were the commonest kind of space keeping a board from
being whole (16 spaces).

Two signs of another kind than colour say a stone lies there, and colour then says
which:

- *The mark hidden*: none of the circle printed round the space shows while the spaces
  around show theirs clearly (``stones._mark_missing``). A hand or a sleeve hides it too,
  but covers the board round the space as well (``open_board``: the gaps show the
  board's own tint and are not blown out).
- *A glossy face's highlight*: a lamp blows out part of the core (over
  ``lamp_core_blown``, at most ``max_core_blown``: a face is left to read) while the
  gaps are not blown out (at most ``lamp_gap_blown``). A lamp's reflection in bare board
  leaves its print showing through the rest of the mark; a palm shows no highlight.
- *White's colour on a white board*: the core shows the board's own hue (its colour part
  within ``cover_fit_chroma`` of nought: a hued stone on white vinyl shows its hue
  0.4–0.55 away on the study seeds) and is no darker than any light stone lit as its
  board is (``light_stone_min_lum``: a black stone shows no hue either, and is far
  darker); and the board itself is neutral (``neutral_board``: its tint that of the
  light the picture's white stones show, or no tint where none is found). A white glass
  stone is translucent and shows its board's lightness, not white paint's.

On a red, tan or wooden board a stone read empty by its colour is of the board's hue (a
red yunzi stone on red wood), and nothing is named.
"""

from __future__ import annotations

import numpy as np

from companion.vision.config import Section
from companion.vision.sampling import colour_part


def white_over_mark(ratio: np.ndarray, neutral_board: np.ndarray, hidden: np.ndarray,
                    open_board: np.ndarray, core_blown: np.ndarray, cfg: Section
                    ) -> np.ndarray:
    """The spaces (N) that show a white stone in its board's colour by the signs of the
    module docstring: ``ratio`` (N×3) the core's log ratio to its board,
    ``neutral_board`` where the board's tint is the light's, ``hidden`` where the
    printed mark is missing, ``open_board`` where nothing lies over the space,
    ``core_blown`` the share of the core a lamp blows out."""
    highlight = (core_blown > cfg.lamp_core_blown) & (core_blown <= cfg.max_core_blown)
    hue = np.linalg.norm(colour_part(ratio), axis=1) <= cfg.cover_fit_chroma
    light = ratio.mean(axis=1) >= cfg.light_stone_min_lum
    return neutral_board & hidden & open_board & highlight & hue & light

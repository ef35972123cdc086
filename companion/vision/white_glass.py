"""White glass read empty among stones, against every white reading and printed bare board.

White glass on white vinyl under a lamp, seen through a small 640 × 480 webcam view of a
full board: the stones the reader reads white it reads by the shade they cast or the
print they hide (``shaded_white``, ``_glass_in_board_colour``, ``_light_stone_unclear``),
at ``min_confidence``, never surely; the others, among stones where no print shows round
them to be hidden, it reads empty by their colour, surely. ``light_set.
empty_like_light_set`` would doubt those, but it compares them with the white stones read
*surely* (there are none) and with the bare board read surely, which counts such stones
too: a glass stone's lightness can be its board's.

So the same two signs are asked against sets this picture can give:

- *no print where a piece would sit* (under ``ink_present``, its gaps not lit by a glare),
  as ``empty_like_light_set`` asks;
- *its colour its white stones', apart from its bare board's*: the white stones are the
  spaces read white and not unsure, named or not (at least ``light_set_refs``); the bare
  board is the spaces read empty surely that show their print clearly (``ink_clear``, at
  least as many): bare board that shows it is bare. Colour is measured from that bare
  board's own median (its core's log ratio to its board), not from the board beside each
  space: a sharp 1280 × 960 view puts the print in a bare core, darker than the board
  round it, and a glass stone no darker. ``light_set_apart`` and ``light_set_near`` as
  ``light_set`` chose them on the development looks' bare points.

Unsure, not named: among stones bare board shows no print round it either.
"""

from __future__ import annotations

import numpy as np

from companion.vision.config import Section
from companion.vision.light_set import empty_like_light_set
from companion.vision.sampling import Samples


def glass_read_empty(ratio: np.ndarray, samples: Samples, white: np.ndarray,
                     sure_empty: np.ndarray, asked: np.ndarray, cfg: Section) -> np.ndarray:
    """The ``asked`` spaces (N bool: read empty surely, no other rule doubting them) with no
    print where a piece would sit and the colour of the picture's spaces read ``white``
    (named or sure), apart from the ``sure_empty`` spaces that show their print clearly,
    measured from those spaces' median. ``ratio`` is each core's log ratio to its board
    (N×3)."""
    printed_bare = sure_empty & (samples.ink >= cfg.ink_clear)
    if not printed_bare.any():
        return np.zeros(len(ratio), dtype=bool)
    own = ratio - np.median(ratio[printed_bare], axis=0)
    return empty_like_light_set(own, samples, white, printed_bare, asked, cfg)

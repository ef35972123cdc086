"""How dark blur can make a bare space: by its own print smeared over it.

Blur spreads a space's lines over the board between them: the core, read sharp as the
board's colour with the lines left out, comes out greyed. The print a space showed empty
covers a share of its mark disc (``Samples.ink``, learned per space by the look); mixed
over the space, print at most black, it darkens the space's colour to no less than
``1 - share`` of the board's: a shade (the log ratio of core to board) down to
``log(1 - share)``. A bare space in a blurred photo greyed no further than that is
explained by its own print; a dark stone is far darker (its core a half to a third of
the board's and less). ``docs/referee-loop.md``, T27.
"""

from __future__ import annotations

import numpy as np

LEAST_BOARD = 0.05
"""The least share of a space the board's own colour is taken to show between its
lines (a space all print would otherwise allow any darkness)."""


def greyed_by_print(shade: np.ndarray, own_ink: np.ndarray, board_shade: float) -> np.ndarray:
    """Per space, whether its ``shade`` (the log ratio of its core's colour to its
    board's, averaged over the channels) is no lighter than ``board_shade`` (the board's
    own shade, within which a space is of the board's colour) and no darker than its own
    print (``own_ink``: the share of its mark disc the print covered when it was seen
    empty; NaN where never seen) smeared over it could make it."""
    share = np.clip(np.nan_to_num(own_ink), 0.0, 1.0 - LEAST_BOARD)
    darkest = np.minimum(np.log1p(-share), -board_shade)
    return (shade < board_shade) & (shade >= darkest)

"""How far a space's core shows its board's tint turned round: a neutral piece on a
tinted board.

A space's log ratio to its board cancels the light, which scales every channel alike,
but not the board's own tint: against red wood a neutral stone (black or white, and
the lamp's highlight on a glossy one, which is the lamp's light) shows the board's tint
turned round (blue-green), bare board shows none, lit or in shade, and skin or a
coloured sleeve shows a tint of its own. ``turned_round`` measures that: the colour part
of each ratio along the way opposite to the board's tint (in log units; nought for
bare board, the board's tint itself for a neutral piece on a neutral light). On a board
of little tint (white or grey vinyl, white paper) nothing can be turned round, and every
space measures little.
"""

from __future__ import annotations

import numpy as np

from companion.vision.sampling import colour_part, last_sum, log_tint


def turned_round(ratio: np.ndarray, board: np.ndarray) -> np.ndarray:
    """The colour part of each log ratio (``ratio``, N×3) along the board's tint turned
    round (``board``, N×3 BGR: each space's board colour): N, in log units."""
    tint = log_tint(board)
    size = np.sqrt(last_sum(tint * tint))
    away = -tint / np.maximum(size, 1e-9)[:, None]
    return last_sum(colour_part(ratio) * away)

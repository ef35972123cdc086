"""Whether the shade round a space lies on one side, as a standing stone's shadow does.

A glossy white stone under a bright lamp may clip white in every channel over its whole
core: nothing of its own colour is left there, and the shade it casts on the board
beside it is all that tells it from a lamp's reflection in bare board (which only
lightens the board round it). One thing casts a shade all round a clipped disc too: a
black stone's rim round a reflection clipped white over its face, a ring as wide as the
rim, the same darkness in every direction. A stone's contact shadow falls away from
the lamp, darkest at its foot there, and leaves the board on the lamp's side lit: the
rays of ``Layout.rays`` on opposite sides of the space are never both shaded.
"""

from __future__ import annotations

import numpy as np


def on_one_side(shaded: np.ndarray) -> np.ndarray:
    """Of the spaces whose board beside them is shaded along the rays ``shaded`` marks
    (N×R bool, R rays evenly round each space, so that ray ``r`` and ray ``r + R/2``
    point opposite ways), those where no ray is shaded whose opposite ray is shaded too:
    N bool."""
    opposite = np.roll(shaded, shaded.shape[1] // 2, axis=1)
    return ~(shaded & opposite).any(axis=1)

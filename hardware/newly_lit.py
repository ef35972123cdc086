"""A core the lamp blows out only since the space was last seen empty, its board not: a
white stone's lit dome, not a lamp's glare (T39, ``docs/referee-loop.md``).

T34 (``companion.vision.light_stone``) takes a light stone the learned look knows where a
space's picture changed as a stone set on it changes it, its core lighter, but not where
a lamp's glare blows out the space's core or its board's gaps: a glare lightens a bare
space as a stone does. A lamp stays put, though (T17): a glare on the bare board is in
every photo under that light, and it lights the board around the space as well. A core
blown out now that was not when the space was last seen empty in a photo the referee
accepted, under the same light (``LastSeen.set_on`` compares only where the empty spaces
as a whole moved no more than two photos of one table do), while the board's gaps around
it stay clear, is lit by something new standing on the space: a glossy white stone's
dome under the lamp. Held-out game 71400 (19 × 19), photo 82: White's T16 under the
lamp, its core blown out whole (1.0), its gaps not at all (0.0), its core clear (0.0)
two photos before; the look's likeliest white, and the table asked "Is T16 empty or
white?" where the picture showed the stone plainly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np


def newly_lit(names: Sequence[str], core_blown: np.ndarray, gap_blown: np.ndarray,
              blown_before: Mapping[str, float], max_blown: float) -> set[str]:
    """The spaces of ``names`` whose core is blown out (over ``max_blown``, per space in
    ``core_blown``) where it was not when last seen as the game held it
    (``blown_before``: each space's core blown share then; a space never seen so is left
    out), and whose board's gaps (``gap_blown``) are not."""
    return {name for i, name in enumerate(names)
            if core_blown[i] > max_blown and gap_blown[i] <= max_blown
            and blown_before.get(name, 1.0) <= max_blown}

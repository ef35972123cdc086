"""A capture is part of the move that makes it: the spaces a question need not weigh.

When a stone is set beside stones it captures, the camera often reads the captured
stones' spaces as unsure (a stone just lifted leaves its shadow's ghost, a hand's
smudge, a space it never read well), and the picture gives no odds there. The rules
say what stands there once the capturing stone is seen: nothing. So where the picture
names the stone a legal move sets, the spaces that move empties of the game's pieces
are the rules' to say, not the picture's; the move is weighed on the spaces the
picture can read (``companion.table.likely.picture_answer``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any


def taken_off(before: Mapping[str, Any], after: Mapping[str, Any],
              spaces: Collection[str]) -> set[str]:
    """The ``spaces`` that hold a piece in ``before`` and nothing in ``after``: what a
    move (``before`` the game's board, ``after`` the board the move leaves) takes off."""
    return {space for space in spaces
            if before.get(space) is not None and after.get(space) is None}


def set_down(before: Mapping[str, Any], after: Mapping[str, Any],
             spaces: Collection[str]) -> set[str]:
    """The ``spaces`` empty in ``before`` on which ``after`` holds a piece: where a move
    sets one down."""
    return {space for space in spaces
            if before.get(space) is None and after.get(space) is not None}

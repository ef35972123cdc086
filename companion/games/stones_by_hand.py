"""ONE and Go put right by hand (``Game.set_by_hand``, ``Game.move_by_hand``).

A stone set on a space comes from its player's hand, a stone taken off goes back to it
(ONE keeps hands, Go does not); moving a stone leaves the hands alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.games.base import CorrectionError, State


def set_stone(state: State, space: str, content: Any, colours: Sequence[str]) -> None:
    """Put a stone of colour ``content`` (one of ``colours``, or nothing: ``None``) on
    ``space``."""
    if content is not None and content not in colours:
        raise CorrectionError(f"A space holds a stone of {', '.join(colours)} or nothing, "
                              f"not {content!r}.")
    hand = state.get("hand")
    old = state["board"][space]
    if hand is not None and content is not None and content != old:
        if hand[content] == 0:
            raise CorrectionError(f"{content.capitalize()} has no stone left in hand to put "
                                  f"on {space}.")
        hand[content] -= 1
    if hand is not None and old is not None and content != old:
        hand[old] += 1
    state["board"][space] = content


def move_stone(state: State, start: str, end: str) -> None:
    """Move the stone on ``start`` to the empty space ``end``."""
    if state["board"][end] is not None:
        raise CorrectionError(f"{end} is taken: take that stone off first.")
    state["board"][end], state["board"][start] = state["board"][start], None

"""A game that starts from a position instead of its usual first state.

A game followed from the middle (an SGF file's setup, a record already played) starts
at that position: ``starting_at`` gives an engine of the same game, with the same
rules, names and hooks, whose every new match begins at the position given. The
journal of such a game holds only what happens after it.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from companion.games.base import Game, State


def starting_at(game: Game, state: State) -> Game:
    """A copy of ``game`` whose ``initial_state`` is ``state`` (whatever the options)."""
    positioned = copy.copy(game)
    start = copy.deepcopy(state)

    def initial_state(options: Mapping[str, Any] | None = None) -> State:
        return copy.deepcopy(start)

    positioned.initial_state = initial_state  # type: ignore[method-assign]
    return positioned

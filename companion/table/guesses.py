"""The action a change on the board looks like, legal or not.

When no legal action explains a reading, the referee still wants to say *why*: a stone
placed out of turn, a jump that is not one, a piece moved diagonally. The game reads
the changed spaces the way a person at the table would ("a black stone appeared on C3")
and returns the actions they look like, in the order they would have been made (its
hook ``Game.guess_actions``); the rules engine's ``validate`` then gives the reason.
"""

from __future__ import annotations

from companion.games.base import Action, Game, State
from companion.table.reading import Difference, Reading


def guess(game: Game, state: State, reading: Reading, difference: Difference) -> list[Action]:
    """Return the actions the change from ``game.view(state)`` to ``reading`` looks
    like (empty when it looks like no action of this game)."""
    if not difference:
        return []
    return game.guess_actions(state, reading, difference.changed)

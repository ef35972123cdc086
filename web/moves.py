"""The legal moves the table page offers, each with the spaces it changes.

A person plays from the page by tapping spaces: tapping a piece shows where it may go
(the legal moves that change that space), tapping one of those plays the move. So every
legal action is listed with the spaces it touches on the board, found the same way for
every game: apply it and see which spaces of the game's ``view`` change. An action that
waits for dice cannot be applied yet; its spaces are read from its fields instead.
Actions that touch no space (roll, end the turn, pass) are offered as buttons.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any

from companion.games.base import Action, Game, IllegalAction, State
from companion.table.reading import changed_spaces

MAX_ACTIONS = 600
"""The most legal actions listed at once (a OneWorld turn has a few hundred at most)."""

_SPACE_FIELDS = ("from", "at", "over", "to", "square", "space", "hex", "target")


def action_spaces(game: Game, state: State, action: Action,
                  view: dict[str, Any] | None = None) -> list[str]:
    """The spaces ``action`` changes on the board, in board order."""
    view = game.view(state) if view is None else view
    if game.dice_needed(state, action) is None:
        try:
            after, _ = game.apply(state, action)
        except (IllegalAction, ValueError):
            after = None
        if after is not None:
            changed = changed_spaces(view, game.view(after))
            if changed:
                named = [s for s in _named_spaces(action) if s in view]
                return named + [s for s in view if s in changed and s not in named]
    return [s for s in _named_spaces(action) if s in view]


def _named_spaces(action: Action) -> list[str]:
    found: list[str] = []
    for key in _SPACE_FIELDS:
        values = action.get(key)
        for value in values if isinstance(values, list) else [values]:
            if isinstance(value, str) and value not in found:
                found.append(value)
    for value in action.get("path") or []:
        if isinstance(value, str) and value not in found:
            found.append(value)
    return found


def legal_moves(game: Game, state: State, *, space: str | None = None,
                limit: int = MAX_ACTIONS) -> dict[str, Any]:
    """The legal actions (touching ``space`` if given) with their words, spaces and the
    seat that takes them (a player's phone offers only its own); when none touches
    ``space`` and something stands there, ``occupied`` says what ("D4 already holds a
    black stone.", ``Game.holding_words``), for the card where it was tapped."""
    view = game.view(state) if has_board(game, state) else {}
    actions: Iterable[Action] = itertools.islice(game.legal_actions(state), limit + 1)
    listed, truncated = [], False
    for index, action in enumerate(actions):
        if index == limit:
            truncated = True
            break
        spaces = action_spaces(game, state, action, view) if view else []
        if space is not None and space not in spaces:
            continue
        listed.append({"action": action, "text": game.describe(state, action),
                       "spaces": spaces,
                       "dice": _dice(game, state, action),
                       "seat": game.seat_of(state, action)})
    found: dict[str, Any] = {"actions": listed, "truncated": truncated}
    if space is not None and not listed and view.get(space) is not None:
        found["occupied"] = game.holding_words(space, view[space])
    return found


def _dice(game: Game, state: State, action: Action) -> dict[str, Any] | None:
    request = game.dice_needed(state, action)
    return request.to_json() if request else None


def has_board(game: Game, state: State) -> bool:
    """Whether the game has a board ``view`` (the card game has none)."""
    try:
        game.view(state)
    except (NotImplementedError, TypeError, ValueError):
        return False
    return True

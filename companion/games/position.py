"""A game that starts from a position instead of its usual first state.

A position is plain data: ``{"board": {space: content}, "to_move": player}``, the board
as the game's ``view`` has it (``None`` for an empty space; a space left out is empty)
and who moves first (left out: as the game's first state has it). A state of ONE or Go
is one as it is (its board and player to move are read; its counts are not). It is what the
journal keeps at a game's start (``game.start``'s ``position``), what a record's header
carries (docs/records.md), and what the page sends (the camera's reading, an SGF
file's setup, a Go handicap).

``position_state`` builds the state: the game's first state made with the options, every
space set by hand as the position says (``Game.set_by_hand``: a stone comes from its
player's hand where the game keeps hands), the player to move set
(``Game.set_to_move``), then the whole checked by the game (``Game.position_problem``:
in Go, no stone without liberties). Whatever is wrong raises ``PositionError`` with a
sentence a player understands.

``state_position`` gives a state's position back (what a game's record exports).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.errors import UserFacingError
from companion.games.base import CorrectionError, Game, State
from companion.games.corrections import correct


class PositionError(UserFacingError, ValueError):
    """A position a game cannot start from: the sentence says what is wrong."""


def position_state(game: Game, options: Mapping[str, Any] | None,
                   position: Mapping[str, Any]) -> State:
    """The state of ``game`` (made with ``options``) set up as ``position`` says."""
    if not isinstance(position, Mapping):
        raise PositionError('A position is {"board": {...}, "to_move": ...}: the board, '
                            "space by space, and who moves first.")
    board = position.get("board", {})
    if not isinstance(board, Mapping):
        raise PositionError('The position\'s "board" maps each space to what stands on it.')
    state = game.initial_state(dict(options or {}))
    try:
        view = game.view(state)
    except NotImplementedError:
        raise PositionError(f"{game.title} has no board to set up: it starts as its rules "
                            "say.") from None
    unknown = sorted(str(space) for space in board if space not in view)
    if unknown:
        raise PositionError(f"There is no space {unknown[0]} on this board.")
    spaces = {space: board.get(space) for space in view}
    try:
        state = correct(game, state, {"type": "board", "spaces": spaces})
    except CorrectionError as error:
        raise PositionError(f"The position cannot be set up: {error}") from None
    to_move = position.get("to_move")
    if to_move is not None:
        if to_move not in game.seats(state):
            raise PositionError(f"{to_move!r} does not play {game.title}; the players are "
                                f"{', '.join(game.seats(state))}.")
        game.set_to_move(state, str(to_move))
    problem = game.position_problem(state)
    if problem is not None:
        raise PositionError(problem)
    return state


def compact(position: Mapping[str, Any]) -> dict[str, Any]:
    """``position`` as the journal and a record keep it: its board without the empty
    spaces, and who moves first if it says (a game's state, given as a position, keeps
    nothing else)."""
    board = position.get("board", {})
    kept: dict[str, Any] = {"board": {space: content for space, content in board.items()
                                      if content is not None}}
    if position.get("to_move") is not None:
        kept["to_move"] = position["to_move"]
    return kept


def state_position(game: Game, state: State) -> dict[str, Any]:
    """The position of ``state``: its board as the game's ``view`` has it (empty spaces
    left out) and who moves (in a game that is over, who would have: play goes on from
    the position)."""
    board = {space: content for space, content in game.view(state).items()
             if content is not None}
    return {"board": board, "to_move": game.to_move(state) or state.get("to_move")}

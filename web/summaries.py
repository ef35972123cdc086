"""The game as the table page shows it, from the session's snapshot.

The page draws the board itself from the game's ``view``; around it, the game's panel
shows the numbers players ask the referee for (ONE's scores, ONSLAUGHT's cores, links,
orbs and nodes, OneWorld's stacks, Towers, gods and the combat in progress). The panel
is the game's own plain data (its hook ``Game.summary``); the page only draws it
(``web/static/js/game.js``, by the panel's ``kind``).

Whatever the page writes for a person comes in the game's words, never as a key
(``setup_roll``, ``red1``, ``two_passes``): the phase (``Game.phase_words``), whose
move it is and every player's name (``Game.player_words``), how the game ended
(``Game.ending_words``), all in ``words``.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import Game, State
from companion.games.registry import get_game


def page_data(table: Any, snapshot: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """The game as the page shows it: the session's snapshot (``TableSession.snapshot``)
    with the board's name, the game's panel (``summary``) and what its correction form
    offers to set a space to (``hand_choices``); ``None`` without a game.

    Every page gets the same data (the live events go to all), so the state is only
    what everyone may see (``Game.public_state``): a game with ``hidden_information``
    says so, and each seated phone fetches its own part (``/api/game/hand``)."""
    snapshot = table.snapshot() if snapshot is None else snapshot
    if not snapshot or snapshot.get("game") is None:
        return None
    game, state = get_game(snapshot["game"]), snapshot["state"]
    return {**snapshot, "state": game.public_state(state),
            "board": state.get("options", {}).get("board"),
            "summary": game.summary(state), "hand_choices": game.hand_choices(state),
            "uses_dice": game.uses_dice, "phase_words": game.phase_words(state),
            "hidden_information": game.hidden_information,
            "words": words(game, state, snapshot)}


def words(game: Game, state: State, snapshot: dict[str, Any]) -> dict[str, Any]:
    """The page's words for what the snapshot holds as keys: ``to_move`` (a player's
    name, "" at the end), ``ending`` (how the game ended, "" before), and ``players``:
    each seat, winner and scored player by name."""
    outcome = snapshot.get("outcome") or {}
    to_move = snapshot.get("to_move")
    keys = [*game.seats(state), *outcome.get("winners", ()), *outcome.get("scores", {})]
    return {"to_move": game.player_words(to_move) if to_move else "",
            "ending": game.ending_words(outcome["termination"]) if outcome else "",
            "players": {key: game.player_words(key) for key in keys}}

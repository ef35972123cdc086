"""The game as the table page shows it, from the session's snapshot.

The page draws the board itself from the game's ``view``; around it, the game's panel
shows the numbers players ask the referee for (ONE's scores, ONSLAUGHT's cores, links,
orbs and nodes, OneWorld's stacks, Towers, gods and the combat in progress). The panel
is the game's own plain data (its hook ``Game.summary``); the page only draws it
(``web/static/js/game.js``, by the panel's ``kind``).
"""

from __future__ import annotations

from typing import Any

from companion.games.registry import get_game


def page_data(table: Any, snapshot: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """The game as the page shows it: the session's snapshot (``TableSession.snapshot``)
    with the board's name, the game's panel (``summary``) and what its correction form
    offers to set a space to (``hand_choices``); ``None`` without a game."""
    snapshot = table.snapshot() if snapshot is None else snapshot
    if not snapshot or snapshot.get("game") is None:
        return None
    game, state = get_game(snapshot["game"]), snapshot["state"]
    return {**snapshot, "board": state.get("options", {}).get("board"),
            "summary": game.summary(state), "hand_choices": game.hand_choices(state),
            "uses_dice": game.uses_dice, "phase_words": game.phase_words(state)}

"""Battle of Flags in words: the action described and typed (``companion referee flags
--play``: ``reveal``), and the table as text for the command line (how many cards each
player holds, never which: the piles are face down)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from companion.games.base import Action, InvalidAction, State, typed_json

if TYPE_CHECKING:
    from companion.games.flags.game import Flags

TYPED = "reveal (every player turns up their top card), or the action as JSON"


def describe(game: Flags, state: State, action: Action) -> str:
    """``action`` in words, for the history and the verdicts."""
    if action.get("type") == "reveal":
        return f"Round {state['round'] + 1}: every player turns up their top card"
    return json.dumps(action)


def parse(typed: str) -> Action:
    """The action typed as ``typed`` (see ``TYPED``)."""
    words = typed.split()
    if [word.lower() for word in words] == ["reveal"]:
        return {"type": "reveal"}
    if typed.lstrip().startswith("{"):
        return typed_json(typed, f"Type {TYPED}.")
    raise InvalidAction(f"Type {TYPED}.")


def render(game: Flags, state: State) -> str:
    """Each player's pile size, the cards left on the table and set aside, the round."""
    opts = state["options"]
    lines = [f"Round {state['round']} of at most {opts['max_rounds']}; "
             f"{len(state['pot'])} cards on the table; {len(state['aside'])} set aside"]
    for player, count in game.held(state).items():
        lines.append(f"{game.player_words(player)}: {count} card{'' if count == 1 else 's'}"
                     + ("" if count else " (out)"))
    return "\n".join(lines)

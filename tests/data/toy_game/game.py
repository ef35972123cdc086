"""Nim: two or three players take turns taking 1 to 3 counters from one pile; who takes
the last counter wins.

A rules-only game: the abstract methods of ``Game``, ``describe`` for the history, and
two optional hooks (``player_choices`` and ``summary``); every other hook keeps its
default (no board view, so no camera, no corrections, no guesses).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from companion.games.base import Action, Event, Game, IllegalAction, InvalidAction, Outcome, State

SEATS = ("first", "second", "third")
MOST = 3


class Nim(Game):
    """Take 1 to 3 counters from the pile; the last counter wins."""

    name = "nim"
    title = "Nim"
    player_choices = (2, 3)

    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        options = {"players": 2, "pile": 10, **(options or {})}
        if options["players"] not in self.player_choices:
            raise ValueError("Nim is played by 2 or 3 players.")
        players = list(SEATS[:options["players"]])
        return {"game": self.name, "options": options, "players": players,
                "pile": options["pile"], "to_move": players[0], "winner": None}

    def legal_actions(self, state: State) -> Iterator[Action]:
        for count in range(1, min(MOST, state["pile"]) + 1):
            yield {"type": "take", "player": state["to_move"], "count": count}

    def check(self, state: State, action: Action) -> None:
        if action["type"] != "take":
            raise InvalidAction('The one action of Nim is {"type": "take", "count": 1}.')
        if action.get("player") != state["to_move"]:
            raise IllegalAction(f"It is {state['to_move']}'s turn.")
        count = action.get("count")
        if not isinstance(count, int) or not 1 <= count <= min(MOST, state["pile"]):
            raise IllegalAction(f"Take 1 to {min(MOST, state['pile'])} counters, "
                                f"not {count}.")

    def resolve(self, state: State, action: Action, dice: Sequence[int]) -> list[Event]:
        state["pile"] -= action["count"]
        if state["pile"] == 0:
            state["winner"] = action["player"]
        players = state["players"]
        state["to_move"] = players[(players.index(action["player"]) + 1) % len(players)]
        return [{"type": "take", "text": self.describe(state, action)}]

    def to_move(self, state: State) -> str | None:
        return None if state["winner"] else state["to_move"]

    def outcome(self, state: State) -> Outcome | None:
        return Outcome("last counter", (state["winner"],)) if state["winner"] else None

    def describe(self, state: State, action: Action) -> str:
        return f"{str(action.get('player')).capitalize()} takes {action.get('count')}"

    def summary(self, state: State) -> dict[str, Any]:
        return {"kind": "nim", "pile": state["pile"]}

"""A tiny real game for the journal tests: two players race to a target by rolling a die.

On your turn you ``roll`` (one d6, added to your score) or ``pass``. The first to reach
``target`` wins. Small enough to read at a glance, real enough to have illegal actions
(acting out of turn, acting after the end) and dice.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from companion.games.base import Action, DiceRequest, Event, Game, IllegalAction, Outcome, State

PLAYERS = ("red", "blue")


class CountingGame(Game):
    name = "counting"
    title = "Counting race"

    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        target = dict(options or {}).get("target", 30)
        if not isinstance(target, int) or target < 1:
            raise ValueError(f"The target must be a whole number of 1 or more, not {target!r}.")
        return {"scores": {p: 0 for p in PLAYERS}, "turn": "red", "target": target, "moves": 0}

    def legal_actions(self, state: State) -> Iterator[Action]:
        if self.outcome(state) is None:
            yield {"type": "roll", "player": state["turn"]}
            yield {"type": "pass", "player": state["turn"]}

    def check(self, state: State, action: Action) -> None:
        if action["type"] not in ("roll", "pass"):
            raise IllegalAction(f"There is no {action['type']!r} in this game; roll or pass.")
        if action.get("player") != state["turn"]:
            raise IllegalAction(f"It is {state['turn']}'s turn, not {action.get('player')}'s.")

    def dice_needed(self, state: State, action: Action) -> DiceRequest | None:
        return DiceRequest(1, 6, "move") if action["type"] == "roll" else None

    def resolve(self, state: State, action: Action, dice: Sequence[int]) -> list[Event]:
        player = action["player"]
        if dice:
            state["scores"][player] += dice[0]
        state["moves"] += 1
        state["turn"] = PLAYERS[1 - PLAYERS.index(player)]
        return [{"type": action["type"], "player": player, "dice": list(dice)}]

    def to_move(self, state: State) -> str | None:
        return None if self.outcome(state) else state["turn"]

    def outcome(self, state: State) -> Outcome | None:
        winners = tuple(p for p in PLAYERS if state["scores"][p] >= state["target"])
        return Outcome("target reached", winners, state["scores"]) if winners else None


GAMES = {"counting": CountingGame}

"""A tiny game of tokens for the table's tests, where a case needs a shape no real game
has on demand (two moves that look the same, a visible move that needs a die)."""

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from companion.games.base import Action, DiceRequest, Event, Game, IllegalAction, Outcome, State


class Tokens(Game):
    """One player puts tokens on three spaces: ``put`` calmly (1 point) or boldly (2),
    which look the same from above, or ``toss`` one, which needs a die (1-2: it rolls
    off the board)."""

    name = "tokens"
    title = "Tokens"

    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        return {"board": {"a": None, "b": None, "c": None}, "score": 0}

    def legal_actions(self, state: State) -> Iterator[Action]:
        for at, token in state["board"].items():
            if token is None:
                yield {"type": "put", "at": at, "style": "calm"}
                yield {"type": "put", "at": at, "style": "bold"}
                yield {"type": "toss", "at": at}

    def check(self, state: State, action: Action) -> None:
        if state["board"].get(action.get("at"), "x") is not None:
            raise IllegalAction(f"{action.get('at')} is not free.", spaces=[action.get("at")])

    def dice_needed(self, state: State, action: Action) -> DiceRequest | None:
        return DiceRequest(1, 6, "the toss") if action["type"] == "toss" else None

    def resolve(self, state: State, action: Action, dice: Sequence[int]) -> list[Event]:
        if action["type"] == "toss":
            state["board"][action["at"]] = "t" if dice[0] > 2 else None
            return [{"type": "toss", "text": f"A token tossed on {action['at']}"}]
        state["board"][action["at"]] = "x"
        state["score"] += 1 if action["style"] == "calm" else 2
        return [{"type": "put", "text": f"A {action['style']} token on {action['at']}"}]

    def to_move(self, state: State) -> str | None:
        return "me"

    def outcome(self, state: State) -> Outcome | None:
        return None

    def describe(self, state: State, action: Action) -> str:
        return f"{action['type']} {action.get('style', '')} on {action['at']}".replace("  ", " ")

    def view(self, state: State) -> dict[str, Any]:
        return dict(state["board"])

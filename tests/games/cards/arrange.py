"""Card tables set up by hand for the tests: a dealt game whose hands, discard pile and
missions are then arranged, every card still in exactly one place (199 in all)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.games.cards import Cards

GAME = Cards()


def card_count(state: dict[str, Any]) -> int:
    """Cards in the hands, the stocks, the discard pile and the deck."""
    return (sum(map(len, state["hands"].values())) + sum(map(len, state["stocks"].values()))
            + len(state["discard"]) + len(state["deck"]))


def _take_out(state: dict[str, Any], code: str) -> None:
    for pile in (state["deck"], state["discard"], *state["hands"].values(),
                 *state["stocks"].values()):
        if code in pile:
            pile.remove(code)
            return
    raise AssertionError(f"{code} is nowhere")


def arrange(options: dict[str, Any] | None = None, hand: Sequence[str] = (),
            missions: Sequence[str] = (), discard: Sequence[str] = (),
            stock: Sequence[str] = (), player: str = "player1") -> dict[str, Any]:
    """A game with ``options`` where ``player`` holds exactly ``hand`` (their dealt cards
    go back under the deck), the ``missions``, a ``stock`` and the ``discard`` pile (its
    top last); the other hands, if they gave up a card, are refilled to 8."""
    state = GAME.initial_state(options or {})
    state["deck"][:0] = state["hands"][player]
    state["hands"][player] = []
    state["deck"][:0] = state["discard"]
    state["discard"] = []
    for code in (*hand, *discard, *stock):
        _take_out(state, code)
    state["hands"][player] = list(hand)
    state["discard"] = list(discard)
    state["stocks"][player] = list(stock)
    for mission in missions:
        if mission in state["mission_deck"]:
            state["mission_deck"].remove(mission)
        state["missions"][player].append(mission)
    for other, cards in state["hands"].items():
        while other != player and len(cards) < 8:
            cards.append(state["deck"].pop())
    state["to_move"] = player
    assert card_count(state) == 199
    return state

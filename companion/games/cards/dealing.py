"""The seeded shuffles and the draws of ONE WORLD (cards).

Every shuffle is ``random.Random`` seeded by the ``seed`` option and what it shuffles
(``"7:deal"``, ``"7:missions"``, ``"7:reshuffle:2"``), so the options alone fix the whole
deal, and a record replays the same game. The draw pile is the state's ``deck`` (the
rules' "stock" of face-down cards), its top the list's end; the discard pile's top is
the end of ``discard``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from companion.cards.deck import load_deck, load_missions
from companion.games.base import Event, State

HAND_SIZE = 8


def shuffled(items: Sequence[Any], seed: int, what: str) -> list[Any]:
    """``items`` in the order the shuffle seeded by ``seed`` and ``what`` gives."""
    order = list(items)
    random.Random(f"{seed}:{what}").shuffle(order)
    return order


def deal(options: dict[str, Any], players: Sequence[str]) -> dict[str, Any]:
    """The hands, the draw pile and the mission deck at the start."""
    deck = shuffled([card.code for card in load_deck()], options["seed"], "deal")
    hands = {player: [deck.pop() for _ in range(HAND_SIZE)] for player in players}
    missions = [mission["id"] for mission in load_missions()] * options["mission_decks"]
    return {"hands": hands, "deck": deck,
            "mission_deck": shuffled(missions, options["seed"], "missions")}


def _reshuffle(state: State, events: list[Event]) -> bool:
    """Turn the discard pile, less its top card, into a new draw pile; whether it could."""
    pile = state["discard"]
    if len(pile) < 2:
        return False
    state["reshuffles"] += 1
    state["deck"] = shuffled(pile[:-1], state["options"]["seed"],
                             f"reshuffle:{state['reshuffles']}")
    state["discard"] = pile[-1:]
    events.append({"type": "reshuffle", "count": len(state["deck"]),
                   "text": f"The deck is empty: the discard pile but its top card is "
                           f"shuffled into a new deck of {len(state['deck'])} cards."})
    return True


def draw_to(state: State, player: str, size: int, events: list[Event], who: str) -> int:
    """Draw from the deck until ``player`` (``who`` in words) holds ``size`` cards,
    reshuffling the discard pile when the deck runs out and the ``stock_out`` option says
    so; the cards drawn.
    When the deck cannot refill the hand, ``state["exhausted"]`` is set: play stops at
    the end of the turn."""
    hand = state["hands"][player]
    drawn = 0
    while len(hand) < size:
        if not state["deck"] and not (state["options"]["stock_out"] == "reshuffle"
                                      and _reshuffle(state, events)):
            state["exhausted"] = True
            break
        hand.append(state["deck"].pop())
        drawn += 1
    if drawn:
        events.append({"type": "draw", "player": player, "count": drawn,
                       "text": f"{who} draws {drawn} "
                               f"card{'s' if drawn > 1 else ''} from the deck."})
    return drawn

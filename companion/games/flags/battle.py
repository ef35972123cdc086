"""One round of Battle of Flags: every player still in turns up their top card, ties
are fought out with cards face down and face up, and the highest card takes the table.

Piles are lists of card codes, the top first; won cards go under, at the end. The cards
on the table are kept in the order they were laid (each step, seat by seat: a player's
face-down cards, then their face-up card), which is the order they go under (C16).
"""

from __future__ import annotations

from collections.abc import Callable

from companion.cards.deck import Deck
from companion.games.base import Event, State

Words = Callable[[str], str]


def _shown(deck: Deck, words: Words, up: dict[str, str]) -> str:
    """The face-up cards ("Player 1 France 15, Player 2 Japan 40")."""
    return ", ".join(f"{words(player)} {deck.card(code).name} {deck.card(code).value}"
                     for player, code in up.items())


def _laid(words: Words, down: dict[str, int]) -> str:
    """The cards laid face down ("each lays 1 card face down")."""
    counts = set(down.values())
    if len(counts) == 1:
        count = counts.pop()
        return f"each lays {count} card{'s' if count != 1 else ''} face down"
    return ", ".join(f"{words(p)} lays {n} face down" for p, n in down.items())


def _highest(deck: Deck, up: dict[str, str]) -> list[str]:
    """The players whose face-up card is worth the most."""
    best = max(deck.card(code).value for code in up.values())
    return [player for player, code in up.items() if deck.card(code).value == best]


def _lay(state: State, players: list[str], face_down: int, table: list[str]
         ) -> tuple[dict[str, str], dict[str, int]]:
    """Each of ``players`` lays up to ``face_down`` cards face down, keeping one to turn
    up (C18: a short pile lays all but its last face down), then turns up one; the
    face-up cards and the counts laid face down."""
    up: dict[str, str] = {}
    down: dict[str, int] = {}
    for player in players:
        pile = state["piles"][player]
        down[player] = min(face_down, len(pile) - 1)
        table.extend(pile[:down[player] + 1])
        up[player] = pile[down[player]]
        del pile[:down[player] + 1]
    return up, down


def play_round(state: State, deck: Deck, words: Words) -> list[Event]:
    """Play one round on ``state`` (mutated): the reveal, any battles, and who takes the
    table; the events, each with a ``text``."""
    events: list[Event] = []
    table: list[str] = list(state["pot"])
    state["pot"] = []
    state["round"] += 1
    contenders = [p for p in state["players"] if state["piles"][p]]
    up, _ = _lay(state, contenders, 0, table)
    said = f"Round {state['round']}: {_shown(deck, words, up)}"
    events.append({"type": "reveal", "cards": up, "text": said})
    while True:
        tied = _highest(deck, up)
        if len(tied) == 1:
            winner = tied[0]
            break
        able = [p for p in tied if state["piles"][p]]
        names = " and ".join(words(p) for p in tied)
        if len(able) == 1:
            winner = able[0]
            events.append({"type": "battle", "players": tied, "text": (
                f"{names} tie; only {words(winner)} has a card left to fight on (C18).")})
            break
        if not able:
            state["pot"] = table
            events.append({"type": "pot", "players": tied, "count": len(table), "text": (
                f"{names} tie with no card left to fight on: the {len(table)} cards "
                f"stay on the table for the next round's winner (C18).")})
            return events
        up, down = _lay(state, able, state["options"]["face_down"], table)
        events.append({"type": "battle", "players": able, "cards": up, "face_down": down,
                       "text": f"Battle of {names}: {_laid(words, down)}, then "
                               f"{_shown(deck, words, up)}."})
    state["piles"][winner].extend(table)
    kept = deck.card(up[winner]).name
    events.append({"type": "take", "player": winner, "count": len(table), "text": (
        f"{words(winner)} takes {len(table)} cards with {kept}.")})
    return events


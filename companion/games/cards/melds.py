"""What a meld of four cards is and what it keeps (the rules' "Cards play").

A plain meld is four cards of the four regions; the player keeps the highest and the
lowest and discards the middle two, choosing among cards of equal value. A meld made for
missions (``companion.cards.missions.meld_fulfils``) keeps all four. Cards are named by
their codes (``FRA``); these functions read the deck and change nothing.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from companion.cards.deck import Card, Deck
from companion.cards.missions import REGION_COUNT, meld_shape_ok

HIGH_CARD = 25
"""A meld whose highest card is worth this or more draws a mission card."""

REFILL_FROM_DISCARDS = {2: 2, 3: 4}
"""Stars of the mission fulfilled → cards the player takes from the discard pile."""


def cards_of(deck: Deck, codes: Sequence[str]) -> list[Card]:
    """The cards with ``codes``, in that order."""
    return [deck.card(code) for code in codes]


def meld_sum(deck: Deck, codes: Sequence[str]) -> int:
    """The sum a meld announces."""
    return sum(card.value for card in cards_of(deck, codes))


def is_quad(deck: Deck, codes: Sequence[str]) -> bool:
    """Whether four cards are one of each region (a plain meld)."""
    return meld_shape_ok("quad", None, cards_of(deck, codes))


def draws_mission(deck: Deck, codes: Sequence[str]) -> bool:
    """Whether the meld's highest card is worth 25 or more."""
    return max(card.value for card in cards_of(deck, codes)) >= HIGH_CARD


def keep_choices(deck: Deck, codes: Sequence[str]) -> list[tuple[str, str]]:
    """The (highest, lowest) pairs a plain meld may keep: one of the cards of the highest
    value and one of the lowest; four equal cards keep any two."""
    cards = cards_of(deck, codes)
    high = max(card.value for card in cards)
    low = min(card.value for card in cards)
    if high == low:
        return [(a.code, b.code) for a, b in combinations(cards, 2)]
    return [(a.code, b.code) for a in cards if a.value == high
            for b in cards if b.value == low]


def kept_pair(deck: Deck, codes: Sequence[str], keep: Sequence[str] | None
              ) -> tuple[str, str] | None:
    """The pair ``keep`` names (in any order) if the meld may keep it; with no ``keep``,
    the only pair there is. ``None`` when ``keep`` is no such pair or a tie needs a choice."""
    choices = keep_choices(deck, codes)
    if keep is None:
        return choices[0] if len(choices) == 1 else None
    for pair in choices:
        if sorted(pair) == sorted(keep):
            return pair
    return None


def quads(deck: Deck, hand: Sequence[str]) -> Iterator[tuple[str, ...]]:
    """Every plain meld a hand holds, as codes in hand order."""
    for combo in combinations(hand, REGION_COUNT):
        if is_quad(deck, combo):
            yield combo


def any_quad(deck: Deck, hand: Sequence[str]) -> tuple[str, ...] | None:
    """A plain meld the hand holds, or ``None``."""
    return next(quads(deck, hand), None)


def refill_count(stars: int) -> int:
    """Cards a mission of ``stars`` refills from the discard pile (0: from the deck)."""
    return REFILL_FROM_DISCARDS.get(stars, 0)

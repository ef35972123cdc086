"""The second phase, "Cards pairing": a stock keeps only the cards with a neighbour in
it, and scores the sum of their values.

Neighbours are by land; with the ``maritime_pairs`` option, by sea too (ruling C7).
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.cards.deck import Deck


def paired(deck: Deck, stock: Sequence[str], maritime: bool) -> list[str]:
    """The cards of ``stock`` that have a neighbour in it, in stock order."""
    held = set(stock)
    return [code for code in stock
            if held.intersection(deck.card(code).neighbours(maritime))]


def score(deck: Deck, stock: Sequence[str], maritime: bool) -> int:
    """The sum of the values of the cards ``stock`` keeps when paired."""
    return sum(deck.card(code).value for code in paired(deck, stock, maritime))

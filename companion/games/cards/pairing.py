"""The second phase, "Cards pairing": a stock keeps only the cards with a neighbour in
it, and scores the sum of their values.

Neighbours are by land; with the ``maritime_pairs`` option, by sea too (ruling C7); the
``pairs`` option adds and removes pairs as a referee rules (C22, ``companion.cards.pairs``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.cards.deck import Deck
from companion.cards.pairs import read_pairs, with_pairs


def pairing_deck(deck: Deck, options: Mapping[str, Any]) -> Deck:
    """``deck`` with the neighbour pairs the game's ``pairs`` option changes."""
    return with_pairs(deck, read_pairs(deck, options.get("pairs")))


def paired(deck: Deck, stock: Sequence[str], options: Mapping[str, Any]) -> list[str]:
    """The cards of ``stock`` that have a neighbour in it, in stock order, as the game's
    options pair them (``maritime_pairs``, ``pairs``)."""
    neighbours = pairing_deck(deck, options)
    held = set(stock)
    return [code for code in stock
            if held.intersection(neighbours.card(code).neighbours(options["maritime_pairs"]))]


def score(deck: Deck, stock: Sequence[str], options: Mapping[str, Any]) -> int:
    """The sum of the values of the cards ``stock`` keeps when paired."""
    return sum(deck.card(code).value for code in paired(deck, stock, options))

"""The quiz's questions: what each kind asks of a card, the clue said to the player, and
how an answer is judged (C21: leniently, and any country that fits the clue is right).

A question is plain data, ``{"number": 3, "player": "player1", "kind": "capital",
"code": "FRA"}``: its card is the answer, so only the referee's view holds it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from companion.cards.deck import Card, Deck, fold
from companion.games.cards.text import REGION_WORDS

KINDS = ("capital", "country", "neighbours", "flag")
"""country → capital, capital → country, neighbours → country, flag and region → country."""

FLAG_WORDS = {"three_stripes": "three stripes", "bicolor": "two colours",
              "blue_white_red": "blue, white and red", "red_yellow_green":
              "red, yellow and green", "cross_crescent": "a cross or a crescent",
              "lonely_star": "a lone star"}
"""The six flag attributes the deck knows (the annex's lists), as the clue says them."""

GENERIC_WORDS = frozenset({"city", "of", "d", "c", "dc"})
"""Words a capital may go with or without ("Mexico City", "Washington D.C.")."""


def fits(card: Card, kind: str) -> bool:
    """Whether ``card`` can be asked about in a question of ``kind``: a flag question
    needs a flag on one of the annex's lists at least, and a capital is not asked of a
    country whose capital says its name (Luxembourg, Kuwait City), either way round."""
    if kind == "flag":
        return bool(card.flag)
    if kind in ("capital", "country"):
        return fold(card.name) not in fold(card.capital)
    return True


def neighbour_clue(card: Card) -> tuple[bool, tuple[str, ...]]:
    """What a neighbours question lists: the land neighbours, or for a card with none,
    the neighbours by sea (``False`` first)."""
    return (True, card.land_neighbours) if card.land_neighbours else (
        False, card.maritime_neighbours)


def _clue_key(card: Card, kind: str) -> object:
    """What the clue of ``kind`` says about ``card``: cards with equal keys fit alike."""
    if kind == "neighbours":
        land, codes = neighbour_clue(card)
        return land, frozenset(codes)
    if kind == "flag":
        return card.region, frozenset(card.flag)
    return fold(card.capital)


def draw(pile: list[str], deck: Deck, kinds: Sequence[str], seed: int, number: int
         ) -> tuple[str, str]:
    """The kind and card of question ``number``, taken off ``pile`` (the shuffled codes,
    top last): the kind is drawn by the seed, the card is the topmost that fits it (or,
    should none, fits another of ``kinds``)."""
    rng = random.Random(f"{seed}:kind:{number}")
    first = rng.choice(list(kinds))
    for kind in (first, *kinds):
        for at in range(len(pile) - 1, -1, -1):
            if fits(deck.card(pile[at]), kind):
                return kind, pile.pop(at)
    raise ValueError("The deck holds no card for another question.")


def clue(deck: Deck, kind: str, code: str) -> str:
    """The question as it is put to the player."""
    card = deck.card(code)
    if kind == "capital":
        return f"What is the capital of {card.name}?"
    if kind == "country":
        return f"Which country has {card.capital} as its capital?"
    if kind == "neighbours":
        land, codes = neighbour_clue(card)
        names = sorted(deck.card(other).name for other in codes)
        listed = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
        if land:
            return f"Which country borders {listed} by land, and no other?"
        return f"Which country has no land border, and meets {listed} by sea?"
    signs = " and ".join(FLAG_WORDS[attribute] for attribute in card.flag)
    return (f"Which country of {REGION_WORDS[card.region]} has a flag with {signs} (and "
            f"none of the other signs the flag missions list)?")


def _capital_letters(name: str) -> str:
    """A capital's name folded for comparing: its letters, without the generic words,
    "St" said "Saint" ("St. George's" and "Saint Georges" compare alike)."""
    return "".join("saint" if word == "st" else word for word in fold(name).split()
                   if word not in GENERIC_WORDS)


def is_right(deck: Deck, kind: str, code: str, answer: str) -> bool:
    """Whether ``answer`` answers the question of ``kind`` about card ``code``: case,
    accents, punctuation and "the" do not matter, a country may be named by any name the
    deck knows, and every country the clue fits is right."""
    card = deck.card(code)
    if kind == "capital":
        said = _capital_letters(answer)
        return bool(said) and said == _capital_letters(card.capital)
    named = deck.find(answer) or deck.find(answer.replace(".", ""))  # U.A.E., U.S.A.
    return named is not None and _clue_key(named, kind) == _clue_key(card, kind)


def answer_words(deck: Deck, kind: str, code: str) -> str:
    """The right answer in words, said once the question is answered or passed."""
    card = deck.card(code)
    if kind == "capital":
        return f"the capital of {card.name} is {card.capital}"
    others = [other.name for other in deck if other.code != code
              and _clue_key(other, kind) == _clue_key(card, kind)]
    also = f" (or {', '.join(others)}, which fit the clue too)" if others else ""
    return f"it is {card.name}{also}"

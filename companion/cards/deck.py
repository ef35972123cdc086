"""The ONE WORLD country cards and mission cards, read from ``companion/data/cards``.

``deck.json`` (199 country cards) and ``missions.json`` (one deck of 20 missions) are
built by ``tools/build_deck.py`` and ``tools/build_missions.py``; their fields are in
docs/games/oneworld-cards.md. This module only reads them: load, look a card up by code
or by any of its names, and list a card's neighbours.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent.parent / "data" / "cards"
DECK_PATH = DATA_DIR / "deck.json"
MISSIONS_PATH = DATA_DIR / "missions.json"

# Regions in the order the annex table lists them, with the colour of the card's band.
REGION_COLOURS: dict[str, str] = {"asia": "green", "americas_oceania": "red",
                                  "europe": "blue", "africa": "black"}
# The three organisations a card may carry a badge for.
ORGANISATIONS: tuple[str, ...] = ("EU", "AL", "PIF")
# The six flag attributes the flag missions test (the annex's lists).
FLAG_ATTRIBUTES: tuple[str, ...] = ("three_stripes", "bicolor", "blue_white_red",
                                    "red_yellow_green", "cross_crescent", "lonely_star")


@dataclass(frozen=True)
class Card:
    """One country card: what is printed on it and the figures its value comes from."""

    code: str
    region: str
    name: str
    native_names: tuple[str, ...]
    aliases: tuple[str, ...]
    capital: str
    land_neighbours: tuple[str, ...]
    maritime_neighbours: tuple[str, ...]
    organisations: tuple[str, ...]
    flag: tuple[str, ...]
    area_km2: float
    population: int
    gdp_usd: float
    score: float
    value: int

    @classmethod
    def from_json(cls, data: dict) -> Card:
        """A card from its ``deck.json`` object."""
        lists = ("native_names", "aliases", "land_neighbours", "maritime_neighbours",
                 "organisations", "flag")
        return cls(**{key: tuple(value) if key in lists else value
                      for key, value in data.items()})

    def neighbours(self, maritime: bool = True) -> tuple[str, ...]:
        """Codes of the land neighbours, and of the maritime-only ones if ``maritime``."""
        extra = self.maritime_neighbours if maritime else ()
        return tuple(sorted(self.land_neighbours + extra))


def fold(name: str) -> str:
    """A name folded for look-up: no accents, case, punctuation, '&' or 'the'."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    plain = re.sub(r"[^a-z ]", " ", plain.lower().replace("&", " and "))
    return " ".join(word for word in plain.split() if word != "the")


class Deck:
    """The 199 country cards, by code and by name."""

    def __init__(self, cards: list[Card]) -> None:
        self.cards: tuple[Card, ...] = tuple(cards)
        self._by_code = {card.code: card for card in self.cards}
        self._by_name: dict[str, Card] = {}
        for card in self.cards:
            for name in (card.name, *card.aliases, *card.native_names, card.code):
                self._by_name.setdefault(fold(name), card)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def card(self, code: str) -> Card:
        """The card with ISO alpha-3 ``code``; KeyError if there is none."""
        return self._by_code[code.upper()]

    def find(self, name: str) -> Card | None:
        """The card a name, alias, native name or code means, or None."""
        return self._by_name.get(fold(name))

    def neighbours(self, code: str, maritime: bool = True) -> tuple[Card, ...]:
        """The cards next to ``code``: by land, and by sea only if ``maritime``."""
        return tuple(self._by_code[other] for other in self.card(code).neighbours(maritime))


@cache
def load_deck(path: Path = DECK_PATH) -> Deck:
    """The country cards of ``deck.json``."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return Deck([Card.from_json(card) for card in data["cards"]])


@cache
def load_missions(path: Path = MISSIONS_PATH) -> tuple[dict, ...]:
    """The 20 mission cards of one mission deck (a game may use two copies)."""
    return tuple(json.loads(path.read_text(encoding="utf-8"))["missions"])

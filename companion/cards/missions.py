"""What each ONE WORLD mission asks of a meld of four cards (``missions.json``'s ``test``).

A mission's ``form`` says which four cards make a meld for it: ``quad`` (one card of each
region), ``single_region`` (four cards of the region named) or ``any_regions`` (regions
ignored). Its ``test`` says what else the four cards must show:

- ``{"sum": "below" | "above", "limit": N, "inclusive": bool}``: the sum of the values;
- ``{"organisations": ["EU"]}``: at least one card of each listed organisation, a
  different card for each (EU+AL+PIF: three cards from the three organisations);
- ``{"equal_values": true}``: four cards of the same value;
- ``{"repeat_sum": true}``: the sum equals the latest meld an opponent showed;
- ``{"flag": ATTRIBUTE}``: all four flags have the attribute.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

from companion.cards.deck import Card

REGION_COUNT = 4


def meld_shape_ok(form: str, region: str | None, cards: Sequence[Card]) -> bool:
    """Whether four cards are a meld of the mission's ``form``."""
    if len(cards) != REGION_COUNT:
        return False
    if form == "quad":
        return len({card.region for card in cards}) == REGION_COUNT
    if form == "single_region":
        return all(card.region == region for card in cards)
    return form == "any_regions"


def _one_card_each(organisations: Sequence[str], cards: Sequence[Card]) -> bool:
    """Whether distinct cards carry each organisation (a card counts for one only)."""
    return any(all(org in card.organisations for org, card in zip(organisations, chosen,
                                                                   strict=False))
               for chosen in permutations(cards, len(organisations)))


def meld_fulfils(mission: dict, cards: Sequence[Card], previous_sum: int | None = None
                 ) -> bool:
    """Whether four cards fulfil ``mission`` (a ``missions.json`` object).

    ``previous_sum`` is the sum the latest opponent's meld announced (the Repeat mission);
    with none, Repeat cannot be fulfilled.
    """
    if not meld_shape_ok(mission["form"], mission.get("region"), cards):
        return False
    test = mission["test"]
    total = sum(card.value for card in cards)
    if "sum" in test:
        limit = test["limit"]
        if test["sum"] == "below":
            return total <= limit if test["inclusive"] else total < limit
        return total >= limit if test["inclusive"] else total > limit
    if "organisations" in test:
        return _one_card_each(test["organisations"], cards)
    if test.get("equal_values"):
        return len({card.value for card in cards}) == 1
    if test.get("repeat_sum"):
        return previous_sum is not None and total == previous_sum
    if "flag" in test:
        return all(test["flag"] in card.flag for card in cards)
    return True

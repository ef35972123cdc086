"""A referee's changes to the deck's neighbour pairs, made at play time without
rebuilding the deck.

The changes are plain data, kept in a game's options (so a record replays with them) or
in a JSON file (``companion cards deck --pairs FILE``)::

    {"add": [["CAN", "DNK", "land"], ["ESP", "MAR", "maritime"]],
     "remove": [["FRA", "BRA"]]}

``add`` makes two cards neighbours by ``land`` (the default when the kind is left out) or
by sea only (``maritime``); a pair that is already a neighbour of the other kind changes
kind. ``remove`` makes two neighbours strangers. Cards are named by code or by any name
the deck knows; every pair is symmetric. ``read_pairs`` checks the changes and says what
is wrong in words; ``with_pairs`` gives the deck as changed.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from companion.cards.deck import Card, Deck

KINDS = ("land", "maritime")
PARTS = ("add", "remove")
EXAMPLE = '{"add": [["CAN", "DNK", "land"]], "remove": [["FRA", "BRA"]]}'


@dataclass(frozen=True)
class PairChanges:
    """Checked changes: pairs of card codes to add (with their kind) and to remove."""

    add: tuple[tuple[str, str, str], ...] = ()
    remove: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict[str, list[list[str]]]:
        """The changes as a game option holds them: codes, every kind said."""
        return {"add": [list(pair) for pair in self.add],
                "remove": [list(pair) for pair in self.remove]}


def _kind_between(card: Card, other: str) -> str | None:
    if other in card.land_neighbours:
        return "land"
    return "maritime" if other in card.maritime_neighbours else None


def _codes(deck: Deck, item: Any, where: str, with_kind: bool) -> tuple[str, ...]:
    """One pair of ``where``, its cards' codes (and kind), checked."""
    shape = ('two cards and "land" or "maritime", such as ["CAN", "DNK", "land"]'
             if with_kind else 'two cards, such as ["FRA", "BRA"]')
    sizes = (2, 3) if with_kind else (2,)
    if not isinstance(item, list | tuple) or len(item) not in sizes or not all(
            isinstance(v, str) for v in item):
        raise ValueError(f'{where}: a pair is {shape}; got {json.dumps(item)}.')
    codes = []
    for name in item[:2]:
        card = deck.find(name)
        if card is None:
            raise ValueError(f'{where}: no card is called "{name}" (give a code such as '
                             '"FRA" or a name such as "France").')
        codes.append(card.code)
    if codes[0] == codes[1]:
        raise ValueError(f"{where} pairs {deck.card(codes[0]).name} with itself.")
    if with_kind:
        kind = item[2] if len(item) == 3 else "land"
        if kind not in KINDS:
            raise ValueError(f'{where}: a pair is "land" or "maritime"; got "{kind}".')
        codes.append(kind)
    return tuple(codes)


def read_pairs(deck: Deck, data: Any) -> PairChanges:
    """``data`` (``{"add": [...], "remove": [...]}``) checked against ``deck``;
    ``ValueError`` says what is wrong: an unknown card, a pair of a card with itself, a
    pair given twice, a pair added that is already so, or removed that is no pair."""
    if data is None:
        return PairChanges()
    if not isinstance(data, Mapping) or set(data) - set(PARTS):
        raise ValueError(f'"pairs" holds "add" and "remove" lists, such as {EXAMPLE}; '
                         f"got {json.dumps(data, ensure_ascii=False)}.")
    seen: dict[frozenset[str], str] = {}
    add: list[tuple[str, str, str]] = []
    remove: list[tuple[str, str]] = []
    for part in PARTS:
        items = data.get(part, [])
        if not isinstance(items, list):
            raise ValueError(f'"pairs" "{part}" is a list of pairs, such as {EXAMPLE}.')
        for number, item in enumerate(items, 1):
            where = f'"pairs" "{part}" {number}'
            pair = _codes(deck, item, where, part == "add")
            a, b = deck.card(pair[0]), deck.card(pair[1])
            key = frozenset(pair[:2])
            if key in seen:
                raise ValueError(f"{where}: {a.name} and {b.name} are given twice (first "
                                 f"in {seen[key]}).")
            seen[key] = where
            now = _kind_between(a, b.code)
            if part == "add" and now == pair[2]:
                raise ValueError(f"{where}: {a.name} and {b.name} are {now} neighbours "
                                 "already.")
            if part == "remove" and now is None:
                raise ValueError(f"{where}: {a.name} and {b.name} are not neighbours; "
                                 "there is no pair to remove.")
            if part == "add":
                add.append((pair[0], pair[1], pair[2]))
            else:
                remove.append((pair[0], pair[1]))
    return PairChanges(tuple(add), tuple(remove))


def load_pairs(path: Path) -> Any:
    """The changes of a JSON file, unchecked; ``ValueError`` for a file that cannot be
    read or is not JSON."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ValueError(f"cannot be read ({error.strerror or error}).") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"is not JSON ({error}).") from None


@cache
def with_pairs(deck: Deck, changes: PairChanges) -> Deck:
    """``deck`` with ``changes`` made on both cards of every pair."""
    if changes == PairChanges():
        return deck
    land = {card.code: set(card.land_neighbours) for card in deck}
    sea = {card.code: set(card.maritime_neighbours) for card in deck}
    for a, b in changes.remove:
        for x, y in ((a, b), (b, a)):
            land[x].discard(y)
            sea[x].discard(y)
    for a, b, kind in changes.add:
        for x, y in ((a, b), (b, a)):
            land[x].discard(y)
            sea[x].discard(y)
            (land if kind == "land" else sea)[x].add(y)
    return Deck([replace(card, land_neighbours=tuple(sorted(land[card.code])),
                         maritime_neighbours=tuple(sorted(sea[card.code])))
                 for card in deck])

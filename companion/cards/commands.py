"""``companion cards deck``: print the ONE WORLD country cards or mission cards.

    companion cards deck                 # a table, one card a line
    companion cards deck --json          # the deck file's cards, as JSON
    companion cards deck --missions      # the 20 missions (--json: as JSON)
    companion cards deck --region europe --json
    companion cards deck --pairs my-pairs.json   # with a referee's changed neighbour pairs
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from pathlib import Path

from companion.cards.deck import REGION_COLOURS, load_deck, load_missions
from companion.cards.pairs import load_pairs, read_pairs, with_pairs
from companion.errors import UserFacingError


class PairsFileError(UserFacingError, ValueError):
    """A pairs file that cannot be read or holds a wrong pair; the message says which."""


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``cards`` sub-command and its ``deck`` action."""
    cards = subparsers.add_parser(
        "cards", help="the ONE WORLD card game's deck: country cards and missions",
        description="The ONE WORLD card game's cards (docs/games/oneworld-cards.md).")
    actions = cards.add_subparsers(dest="action", metavar="ACTION")
    deck = actions.add_parser("deck", help="print the country cards or the mission cards")
    deck.add_argument("--json", action="store_true", help="print JSON instead of a table")
    deck.add_argument("--missions", action="store_true",
                      help="the mission cards instead of the country cards")
    deck.add_argument("--region", choices=tuple(REGION_COLOURS),
                      help="only the country cards of one region")
    deck.add_argument("--pairs", type=Path, metavar="FILE",
                      help='a referee\'s changed neighbour pairs, JSON: {"add": [["CAN", '
                           '"DNK", "land"]], "remove": [["FRA", "BRA"]]} (the cards game\'s '
                           '"pairs" option takes the same)')
    deck.set_defaults(func=run_deck)
    cards.set_defaults(func=lambda args: cards.print_help() or 2)


def mission_lines(missions: tuple[dict, ...]) -> list[str]:
    """The missions as a table: title, form, stars, measured share of hands."""
    lines = [f"{'mission':<18} {'form':<14} {'stars':<5} hands"]
    lines += [f"{m['title']:<18} {m['form']:<14} {'*' * m['stars']:<5} {m['hand_share']:.1%}"
              for m in missions]
    return lines


def card_lines(cards: list) -> list[str]:
    """The country cards as a table: value, region, code, name, capital, neighbours."""
    lines = [f"{'value':>5} {'region':<16} code {'name':<32} {'capital':<20} neighbours "
             "(land; sea only)"]
    for card in cards:
        neighbours = " ".join(card.land_neighbours) or "-"
        if card.maritime_neighbours:
            neighbours += "; " + " ".join(card.maritime_neighbours)
        lines.append(f"{card.value:>5} {card.region:<16} {card.code} {card.name:<32.32} "
                     f"{card.capital:<20.20} {neighbours}")
    return lines


def run_deck(args: argparse.Namespace) -> int:
    """Print the chosen cards as a table or as JSON."""
    if args.missions:
        missions = load_missions()
        print(json.dumps(list(missions), indent=1, ensure_ascii=False) if args.json
              else "\n".join(mission_lines(missions)))
        return 0
    deck = load_deck()
    if args.pairs is not None:
        try:
            deck = with_pairs(deck, read_pairs(deck, load_pairs(args.pairs)))
        except ValueError as error:
            raise PairsFileError(f"{args.pairs}: {error}") from None
    cards = [card for card in deck if args.region in (None, card.region)]
    if args.json:
        print(json.dumps([asdict(card) for card in cards], indent=1, ensure_ascii=False))
    else:
        print("\n".join(card_lines(cards)))
    return 0

"""The options of ONE WORLD (cards) and their rulings (docs/rulings.md, "ONE WORLD (the
card game)"); ``normalise`` checks a game's options and fills in the defaults."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.cards.deck import load_deck
from companion.cards.pairs import read_pairs
from companion.games.option_checks import whole, with_defaults

MAX_PLAYERS = 8
STOCK_OUT = ("reshuffle", "stop")

DEFAULT_OPTIONS: dict[str, Any] = {
    "players": 2,
    "solitaire": False,
    "seed": 1,                    # the deal's and the mission decks' shuffle
    "mission_decks": 2,           # 0 plays without missions
    "maritime_pairs": False,      # C7: only land neighbours pair
    "pairs": None,                # a referee's added and removed neighbour pairs (C22)
    "refill_top_up": True,        # C8: a 2- or 3-star refill is topped up to 8
    "missions_per_meld": 1,       # C9: one meld fulfils one mission
    "must_meld": True,            # C10: a player who can meld four regions must
    "stock_out": None,            # C11: reshuffle (several players) or stop (solitaire)
    "finish_round": False,        # C12: play stops at once when a stock holds 30 cards
    "end_at": 30,                 # the cards a stock holds when play stops
}


def normalise(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options with their defaults, checked; ``ValueError`` says what is wrong."""
    opts = with_defaults("ONE WORLD (cards)", DEFAULT_OPTIONS, options)
    for key in ("solitaire", "maritime_pairs", "refill_top_up", "must_meld", "finish_round"):
        if not isinstance(opts[key], bool):
            raise ValueError(f'"{key}" is true or false; got {opts[key]!r}.')
    if opts["solitaire"] and "players" not in options:
        opts["players"] = 1
    players = whole(opts["players"], "players", 1, MAX_PLAYERS)
    if players == 1:
        opts["solitaire"] = True
    elif opts["solitaire"]:
        raise ValueError(f'A solitaire game has one player; "players" was {players}.')
    whole(opts["seed"], "seed", 0)
    whole(opts["mission_decks"], "mission_decks", 0, 2)
    whole(opts["missions_per_meld"], "missions_per_meld", 1, 4)
    whole(opts["end_at"], "end_at", 4)
    if opts["pairs"] is not None:
        opts["pairs"] = read_pairs(load_deck(), opts["pairs"]).to_json()
    if opts["stock_out"] is None:
        opts["stock_out"] = "stop" if opts["solitaire"] else "reshuffle"
    if opts["stock_out"] not in STOCK_OUT:
        raise ValueError(f'"stock_out" is one of {", ".join(STOCK_OUT)}; '
                         f'got {opts["stock_out"]!r}.')
    return opts

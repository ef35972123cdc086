"""The options of ONE WORLD (cards) and their rulings (docs/rulings.md, "ONE WORLD (the
card game)"); ``normalise`` checks a game's options and fills in the defaults."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

MAX_PLAYERS = 8
STOCK_OUT = ("reshuffle", "stop")

DEFAULT_OPTIONS: dict[str, Any] = {
    "players": 2,
    "solitaire": False,
    "seed": 1,                    # the deal's and the mission decks' shuffle
    "mission_decks": 2,           # 0 plays without missions
    "maritime_pairs": False,      # C7: only land neighbours pair
    "refill_top_up": True,        # C8: a 2- or 3-star refill is topped up to 8
    "missions_per_meld": 1,       # C9: one meld fulfils one mission
    "must_meld": True,            # C10: a player who can meld four regions must
    "stock_out": None,            # C11: reshuffle (several players) or stop (solitaire)
    "finish_round": False,        # C12: play stops at once when a stock holds 30 cards
    "end_at": 30,                 # the cards a stock holds when play stops
}


def _whole(opts: dict[str, Any], key: str, low: int, high: int | None = None) -> int:
    value = opts[key]
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (
            high is not None and value > high):
        bound = f"from {low} to {high}" if high is not None else f"{low} or more"
        raise ValueError(f'"{key}" is a whole number {bound}; got {value!r}.')
    return value


def normalise(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options with their defaults, checked; ``ValueError`` says what is wrong."""
    unknown = sorted(set(options) - set(DEFAULT_OPTIONS))
    if unknown:
        raise ValueError(f"ONE WORLD (cards) has no option {unknown[0]!r}; the options are "
                         f"{', '.join(DEFAULT_OPTIONS)}.")
    opts = {**DEFAULT_OPTIONS, **options}
    for key in ("solitaire", "maritime_pairs", "refill_top_up", "must_meld", "finish_round"):
        if not isinstance(opts[key], bool):
            raise ValueError(f'"{key}" is true or false; got {opts[key]!r}.')
    if opts["solitaire"] and "players" not in options:
        opts["players"] = 1
    players = _whole(opts, "players", 1, MAX_PLAYERS)
    if players == 1:
        opts["solitaire"] = True
    elif opts["solitaire"]:
        raise ValueError(f'A solitaire game has one player; "players" was {players}.')
    _whole(opts, "seed", 0)
    _whole(opts, "mission_decks", 0, 2)
    _whole(opts, "missions_per_meld", 1, 4)
    _whole(opts, "end_at", 4)
    if opts["stock_out"] is None:
        opts["stock_out"] = "stop" if opts["solitaire"] else "reshuffle"
    if opts["stock_out"] not in STOCK_OUT:
        raise ValueError(f'"stock_out" is one of {", ".join(STOCK_OUT)}; '
                         f'got {opts["stock_out"]!r}.')
    return opts

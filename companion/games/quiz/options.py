"""The options of the ONE WORLD Quiz and their rulings (docs/rulings.md, "ONE WORLD (the
card game)", C20-C22); ``normalise`` checks a game's options and fills in the defaults."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.cards.deck import load_deck
from companion.cards.pairs import read_pairs
from companion.games.option_checks import whole, with_defaults
from companion.games.quiz.questions import KINDS, fits

MAX_PLAYERS = 8

DEFAULT_OPTIONS: dict[str, Any] = {
    "players": 2,
    "seed": 1,           # the shuffle the questions' cards and kinds come from
    "rounds": 10,        # C20: each player is asked this many questions
    "kinds": list(KINDS),
    "pairs": None,       # a referee's added and removed neighbour pairs (C22)
}


def normalise(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options with their defaults, checked; ``ValueError`` says what is wrong."""
    opts = with_defaults("The quiz", DEFAULT_OPTIONS, options)
    players = whole(opts["players"], "players", 1, MAX_PLAYERS)
    whole(opts["seed"], "seed", 0)
    kinds = opts["kinds"]
    if (not isinstance(kinds, list) or not kinds or len(set(kinds)) != len(kinds)
            or not all(kind in KINDS for kind in kinds)):
        raise ValueError(f'"kinds" lists question kinds among {", ".join(KINDS)}; '
                         f"got {kinds!r}.")
    cards = sum(1 for card in load_deck() if any(fits(card, kind) for kind in kinds))
    whole(opts["rounds"], "rounds", 1, cards // players)
    if opts["pairs"] is not None:
        opts["pairs"] = read_pairs(load_deck(), opts["pairs"]).to_json()
    return opts

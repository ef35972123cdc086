"""The options of Battle of Flags and their rulings (docs/rulings.md, "ONE WORLD (the card
game)", C15-C19); ``normalise`` checks a game's options and fills in the defaults."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.cards.deck import load_deck
from companion.games.option_checks import whole, with_defaults

MAX_PLAYERS = 8
FACE_DOWN = (1, 3)  # "the next card (or three)": cards laid face down in a battle

DEFAULT_OPTIONS: dict[str, Any] = {
    "players": 2,
    "seed": 1,           # the shuffle of the deal
    "cards": None,       # cards in play: the whole deck (199); C15 sets the remainder aside
    "face_down": 1,      # C17: cards laid face down before the face-up one in a battle
    "max_rounds": 2000,  # C19: the round that ends an endless game, most cards winning
}



def normalise(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options with their defaults, checked; ``ValueError`` says what is wrong."""
    opts = with_defaults("Battle of Flags", DEFAULT_OPTIONS, options)
    players = whole(opts["players"], "players", 2, MAX_PLAYERS)
    whole(opts["seed"], "seed", 0)
    if opts["cards"] is None:
        opts["cards"] = len(load_deck())
    whole(opts["cards"], "cards", players, len(load_deck()))
    if opts["face_down"] not in FACE_DOWN:
        raise ValueError(f'"face_down" is 1 or 3 (the text: "the next card (or three)"); '
                         f'got {opts["face_down"]!r}.')
    whole(opts["max_rounds"], "max_rounds", 1)
    return opts

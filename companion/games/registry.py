"""Games found by name. Each entry names the module and class, imported on first use."""

from __future__ import annotations

import importlib

from companion.games.base import Game

_GAMES: dict[str, str] = {
    "cards": "companion.games.cards:Cards",
    "flags": "companion.games.flags:Flags",
    "go": "companion.games.go:Go",
    "one": "companion.games.one:One",
    "oneworld": "companion.games.oneworld:OneWorld",
    "onslaught": "companion.games.onslaught:Onslaught",
    "outdoor": "companion.games.outdoor:Outdoor",
    "quiz": "companion.games.quiz:Quiz",
}


def game_names() -> list[str]:
    """Return the names of every registered game, as typed on the command line."""
    return sorted(_GAMES)


def game_key(name: str) -> str:
    """The registry name of the game a person typed as ``name`` (``ONE``, `` Go``: case
    and spaces around do not matter); ``ValueError`` naming the games there are."""
    key = name.strip().lower() if isinstance(name, str) else None
    if key not in _GAMES:
        known = ", ".join(game_names()) or "none"
        raise ValueError(f"There is no game called {name!r}; the games are: {known}.")
    return key


def get_game(name: str) -> Game:
    """Return a fresh engine for the game called ``name`` (as ``game_key`` reads it).

    Raises ``ValueError`` naming the games there are when ``name`` is unknown.
    """
    module_name, class_name = _GAMES[game_key(name)].split(":")
    game_class = getattr(importlib.import_module(module_name), class_name)
    return game_class()

"""Games found by name. Each entry names the module and class, imported on first use."""

from __future__ import annotations

import importlib

from companion.games.base import Game

_GAMES: dict[str, str] = {
    "go": "companion.games.go:Go",
    "one": "companion.games.one:One",
    "oneworld": "companion.games.oneworld:OneWorld",
    "onslaught": "companion.games.onslaught:Onslaught",
}


def game_names() -> list[str]:
    """Return the names of every registered game, as typed on the command line."""
    return sorted(_GAMES)


def get_game(name: str) -> Game:
    """Return a fresh engine for the game called ``name``.

    Raises ``ValueError`` naming the games there are when ``name`` is unknown.
    """
    try:
        target = _GAMES[name]
    except KeyError:
        known = ", ".join(game_names()) or "none"
        raise ValueError(f"There is no game called {name!r}; the games are: {known}.") from None
    module_name, class_name = target.split(":")
    game_class = getattr(importlib.import_module(module_name), class_name)
    return game_class()

"""What stands on a space, in the words the players use: "empty", "white", "Red 1 and
the blue orb", "a BORG Stone".

The table asks about a space it cannot read ("Is C4 empty or white?"), so it needs a
space's content (a value of ``Game.view``) in words. The words follow each game's own,
from its hook ``Game.piece_words``: ONE and Go name a stone by its colour, as their
moves do ("White places on C4"); ONSLAUGHT names its pieces as ``Red 1``; OneWorld
writes a side in capitals and an aspect with a capital ("BORG moves a Fog"). A game
without the hook gets plain words made from its content's keys.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.games.base import Game

EMPTY = "empty"


def content_words(game: Game, content: Any) -> str:
    """Return ``content`` (what ``game``'s view holds for one space) in words."""
    if content is None:
        return EMPTY
    return game.piece_words(content) or EMPTY


def joined(items: Sequence[str], last: str = "and") -> str:
    """``["a", "b", "c"]`` → ``a, b and c`` (``last="or"``: ``a, b or c``)."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"

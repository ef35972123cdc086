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

from companion.games.base import Game, Outcome

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


def outcome_words(game: Game, outcome: Outcome, no_winner: str) -> tuple[str, str]:
    """Who won ("Player 1 wins", "Player 1 and Player 2 share the win", or
    ``no_winner``) and the scores ("Player 1 75, Player 2 70"), in the players' words."""
    scores = ", ".join(f"{game.player_words(p)} {s}" for p, s in outcome.scores.items())
    if not outcome.winners:
        return no_winner, scores
    names = " and ".join(game.player_words(p) for p in outcome.winners)
    return f"{names} {'share the win' if outcome.is_tie else 'wins'}", scores

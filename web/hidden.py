"""What each phone may see of a game with hidden information (``Game.hidden_information``,
the card game's hands): rulings H1-H3 in docs/rulings.md.

The live events and ``/api/game`` go to every page alike, so they carry only
``Game.public_state`` (``web.summaries``). Here is the rest: a seated phone's own part
(``/api/game/hand``), the legal actions (they name the hand they are played from) for
the phone of the seat to move alone, the record (its seed fixes every hand) once the
game is over, and the journal's list of games without the options (the seed) of such
a game.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import Game, State
from companion.games.registry import get_game
from web.access import requester


def seat_asking() -> str | None:
    """The seat of the phone asking (a player's, or the referee's when they play too);
    ``None`` for a watcher, a referee without a seat, the token or a phone not joined."""
    member = requester()
    return member.seat if member is not None else None


def own_part(game: Game, state: State) -> dict[str, Any]:
    """The asking phone's seat and what only that seat may see (``Game.private_to``):
    ``null`` for a phone without a seat at this game (ruling H1: the referee too)."""
    seat = seat_asking()
    seated = seat is not None and seat in game.seats(state)
    return {"seat": seat if seated else None,
            "private": game.private_to(state, seat) if seated and seat else None}


def actions_withheld(game: Game, state: State) -> str | None:
    """Why the asking phone may not see the legal actions (each names cards of the hand
    it is played from), or ``None``: in a game with hidden information only the phone
    of the seat to move sees them."""
    if not game.hidden_information:
        return None
    to_move = game.to_move(state)
    if to_move is not None and seat_asking() == to_move:
        return None
    return (f"In {game.title} the moves of a turn name the cards of a hand: only the "
            "phone of the player to move is shown them.")


def record_withheld(game: Game, state: State) -> str | None:
    """Why the record may not be exported yet, or ``None``: a game with hidden
    information is exported once it is over (ruling H3), for its header's seed fixes
    every hand and every draw."""
    if not game.hidden_information or game.is_over(state):
        return None
    return (f"The record of {game.title} is exported once the game is over: its seed "
            "fixes every hand and every card still to come.")


def saved_entry(name: str, entry: dict[str, Any]) -> dict[str, Any]:
    """A game of the journal (of the game called ``name``) as ``/api/games`` lists it to
    every page: without its options for a game with hidden information (they hold the
    seed; a game ended by the referee before its rules ended it can still be resumed)."""
    try:
        hides = get_game(name).hidden_information
    except ValueError:
        hides = False  # a game this version does not know: it cannot be resumed here
    if hides:
        return {key: value for key, value in entry.items() if key != "options"}
    return entry

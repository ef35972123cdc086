"""The rules engines: one small protocol (``base.Game``) and one package (or, for a
small game, one module) per game, found by name in ``registry``."""

from companion.games.base import (
    Action,
    DiceRequest,
    Event,
    Game,
    IllegalAction,
    Outcome,
    State,
    Verdict,
)
from companion.games.match import Match
from companion.games.registry import game_names, get_game

__all__ = [
    "Action",
    "DiceRequest",
    "Event",
    "Game",
    "IllegalAction",
    "Match",
    "Outcome",
    "State",
    "Verdict",
    "game_names",
    "get_game",
]

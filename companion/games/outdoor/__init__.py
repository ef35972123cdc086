"""The outdoor game (seven sequences): see ``game``."""

from companion.games.outdoor.game import Outdoor

__all__ = ["Outdoor"]

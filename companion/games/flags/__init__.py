"""Battle of Flags, the ONE WORLD deck's war game: ``game`` holds the engine (``Flags``),
``options`` its options, ``battle`` one round laid out and won, ``text`` its words."""

from companion.games.flags.game import Flags

__all__ = ["Flags"]

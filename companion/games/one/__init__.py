"""ONE: 2-6 players place stones on a ring board and capture by jumping.

``game`` holds the engine (``One``), ``jumps`` the chains of jumps, ``summary`` the
table page's panel; what ONE shares with Go is in ``companion.games.stones``.
"""

from companion.games.one.game import One

__all__ = ["One"]

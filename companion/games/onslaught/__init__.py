"""ONSLAUGHT: two teams race to link the energy nodes and bring the enemy core to 0.

``game`` holds the engine (``Onslaught``); beside it ``board`` (the layout read from
data), ``state`` (options, the starting state), ``checks`` (why an action is illegal),
``play`` (what an action does), ``text`` (the command line's notation), and what the
table and the page ask of the game: ``by_hand`` (corrections), ``guesses`` (the move a
reading looks like), ``words`` (a square in words) and ``summary`` (the page's panel).
"""

from companion.games.onslaught.game import Onslaught

__all__ = ["Onslaught"]

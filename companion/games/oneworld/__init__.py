"""OneWorld (Metagaming, 1979): two gods and their children of Stone, Blade and Fog on a
hex map.

``game`` holds the engine (``OneWorld``), which ties the rules modules beside it
together by phase: ``setup``, ``paths``, ``blade``, ``movement``, ``combat``, ``towers``
(reinforcement), ``secrets`` (commitments), ``state`` (the state and its questions),
``options``; ``words`` says actions and counters in words. What the table and the page
ask of the game: ``by_hand`` (corrections), ``guesses`` (the move a reading looks like)
and ``summary`` (the page's panel).
"""

from companion.games.oneworld.game import OneWorld

__all__ = ["OneWorld"]

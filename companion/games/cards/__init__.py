"""ONE WORLD, the card game: ``game`` holds the engine (``Cards``), ``options`` its
options, ``melds`` what a meld is and keeps, ``dealing`` the seeded shuffles and the
refills, ``pairing`` the final score, ``text`` the words (described, typed, rendered)."""

from companion.games.cards.game import Cards

__all__ = ["Cards"]

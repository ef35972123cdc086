"""The ONE WORLD Quiz, questions drawn from the card deck: ``game`` holds the engine
(``Quiz``), ``options`` its options, ``questions`` the questions and how an answer is
judged, ``text`` its words."""

from companion.games.quiz.game import Quiz

__all__ = ["Quiz"]

"""Nim, a rules-only toy game: the proof that a new game is one package plus one
registry line (``tests/table/test_table_new_game.py``). Written for this repository."""

from toy_game.game import Nim

__all__ = ["Nim"]

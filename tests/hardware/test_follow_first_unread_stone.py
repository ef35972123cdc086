"""Following a game, T37: the first stone of a colour the look has not learned, set where
the camera cannot read it, is taken where its core changed as a stone's does and the
reader's own odds name that colour. Held-out game 42182 (13 × 13): the look knew only the
empty board; Black's F4, a glossy stone with a lamp's spot on it, read unsure, its odds
0.75 black, and the table asked "Is F4 empty or black?" at photo 1, a question nobody
answers in a follow."""

import pytest

from companion.vision.scene.looks import HELD_OUT
from tests.helpers.followed_games import followed_game


@pytest.mark.slow
def test_the_first_stone_read_unsure_is_taken_where_it_changed_as_a_stone():
    shown, held, results = followed_game(42182, 13, 20, HELD_OUT, 3)
    assert held == shown
    assert [r.verdict for r in results] == ["unchanged", "move", "move"]
    assert [(m["player"], m["at"]) for m in results[1].moves] == [("black", "F4")]

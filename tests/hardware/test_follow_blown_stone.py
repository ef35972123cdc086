"""Following a game, T35: a stone read by the learned look on a core a lamp blows out
over half, by a class never learned so, is not sure. Held-out game 42194 (red wood, yunzi
stones, a coloured lamp, white balance far off, 1280 × 960): the look learned empty and
Black's G4; White's first stone F8, blown out over its whole core, fit that young dark
class, was read black, and the table said "It is White's turn, not Black's" at photo 2
and at every photo after it. The look-free reader and the game read it now."""

import pytest

from companion.vision.scene.looks import HELD_OUT
from tests.helpers.followed_games import followed_game


@pytest.mark.slow
def test_a_white_stone_blown_out_whole_is_not_read_as_the_dark_stone_the_look_knows():
    shown, held, results = followed_game(42194, 9, 40, HELD_OUT, 4)
    assert held == shown
    assert [r.verdict for r in results] == ["unchanged", "move", "move", "move"]
    assert [(m["player"], m["at"]) for m in results[2].moves] == [("white", "F8")]

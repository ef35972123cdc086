"""Following a long game, session 27: a white stone set under the lamp, its core blown
out whole where the space's core was clear when last seen empty and its board's gaps
stay clear, is taken where its picture changed as a stone set's and the look names
white (T39); a glare the space showed empty, or one that lights the board around it too,
is not such a sign."""

import numpy as np
import pytest

from companion.vision.scene.looks import HELD_OUT
from hardware.newly_lit import newly_lit
from tests.helpers.followed_games import followed_game

NAMES = ["T16", "T15", "S16", "A1"]


def test_a_core_blown_out_since_it_was_seen_clear_its_board_clear_is_newly_lit():
    core = np.array([1.0, 1.0, 1.0, 0.0])
    gaps = np.array([0.0, 0.0, 0.6, 0.0])
    before = {"T16": 0.0, "T15": 0.9, "S16": 0.0, "A1": 0.0}
    assert newly_lit(NAMES, core, gaps, before, 0.1) == {"T16"}


def test_a_space_never_seen_is_not_newly_lit():
    assert newly_lit(NAMES, np.ones(4), np.zeros(4), {}, 0.1) == set()


@pytest.mark.slow
def test_a_white_stone_blown_out_by_the_lamp_on_a_long_game_is_taken_not_asked():
    """T39, held-out game 71400 (19 × 19), photo 82: White's T16 on the edge under the
    lamp, its core blown out whole (its gaps not at all, its core clear two photos
    before), read unsure with no odds, and the table asked "Is T16 empty or white?". It
    is taken, and the game holds every position the table showed."""
    shown, held, results = followed_game(71400, 19, 120, HELD_OUT, 84)
    assert held == shown
    assert [(m["player"], m["at"]) for m in results[82].moves] == [("white", "T16")]
    assert all(r.verdict == "move" for r in results[1:])

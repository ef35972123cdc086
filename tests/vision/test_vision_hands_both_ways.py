"""Occluded means a hand, both ways (issue 14, point 5), on the vision bench's scenes of
session 17's study seeds: a full board whose stones the reader cannot name is a board,
never "no board found"; a picture of the table where the registration puts the board
is still no board."""

import numpy as np
import pytest

import benchmarks.vision as bench
from companion.geometry import load_geometry
from companion.vision.pipeline import NO_BOARD, Recogniser
from companion.vision.scene.looks import DEVELOPMENT, HELD_OUT
from tests.helpers.bench_taps import tapped

SIX = ("black", "white", "red", "blue", "green", "yellow")


def _colours(board_name: str) -> tuple[str, ...]:
    return SIX if board_name == "one-60" else ("black", "white")


@pytest.mark.parametrize(("board_name", "stones", "seed"), [
    ("one-60", 60, 5707),  # yunzi stones on bamboo, 640 x 480
    pytest.param("one-60", 60, 5779, marks=pytest.mark.slow),  # yunzi on red wood
    ("go-9", 80, 5712),  # yunzi on red wood
])
def test_a_full_board_of_stones_the_reader_cannot_name_is_a_board(board_name, stones, seed):
    """``companion bench vision --full-glare N`` on held-out looks: every space a
    grained (yunzi) stone under a lamp's glare, no hand. More than half the stones read
    unsure, and the board was refused as "no board found: most spaces look like no
    board's". Each of them stands out from the board's own colour between them: a
    board, its stones unsure, not occluded."""
    board = load_geometry(board_name)
    scenes = bench.Scenes(board_name, _colours(board_name), "stones", HELD_OUT, full=stones)
    image, truth, _ = scenes.render(seed)
    reading = Recogniser(board, _colours(board_name)).read(image, tapped(seed, board, truth))
    assert not reading.reason.startswith(NO_BOARD), reading.reason
    assert not reading.occluded, reading.reason


def test_the_table_where_the_registration_puts_the_board_is_still_no_board():
    """The bench's Go 9 × 9 scene of seed 5723 (development looks) read through corners
    a board's width to the left of the board's: the view shows the table, and most
    spaces read unsure with nothing standing out from what lies around them. Still "no
    board found"."""
    board = load_geometry("go-9")
    scenes = bench.Scenes("go-9", _colours("go-9"), "stones", DEVELOPMENT)
    image, truth, _ = scenes.render(5723)
    away = np.array([[1.0, 0.0, 1.05 * board.width_mm], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
    reading = Recogniser(board, _colours("go-9")).read(image, away @ tapped(5723, board, truth))
    assert reading.occluded and reading.reason.startswith(NO_BOARD), reading.reason

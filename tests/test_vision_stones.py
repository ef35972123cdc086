"""Stones read from rendered scenes at random and at the hardest settings: the error
rate of confident readings stays tiny, and a space that cannot be read is unsure."""

import numpy as np
import pytest

from companion.geometry import load_geometry
from companion.vision.pipeline import Recogniser
from companion.vision.scene import HARDEST, Effects, render_scene
from companion.vision.stones import UNSURE

SIX = ("black", "white", "red", "blue", "green", "yellow")
BOARDS = [("go-19", ("black", "white")), ("go-9", ("black", "white")), ("one-60", SIX)]


def _read_batch(board_name, colours, seeds, effects=None):
    board = load_geometry(board_name)
    recogniser = Recogniser(board, colours)
    wrong = unsure = total = 0
    for seed in seeds:
        image, truth = render_scene(seed, board, colours=colours, effects=effects)
        reading = recogniser.read(image, np.linalg.inv(np.array(truth["homography"])))
        for name, content in reading.cells.items():
            if name in truth["hidden"]:
                continue
            total += 1
            if content == UNSURE:
                unsure += 1
            elif content != truth["cells"][name]:
                wrong += 1
    return wrong / total, unsure / total


@pytest.mark.parametrize(("board_name", "colours"), BOARDS)
def test_random_scenes_are_read_with_almost_no_confident_error(board_name, colours):
    error, unsure = _read_batch(board_name, colours, range(100, 108))
    assert error <= 0.002  # at most 1 in 500 spaces read confidently wrong
    assert unsure <= 0.15


@pytest.mark.parametrize(("board_name", "colours"), BOARDS)
def test_hardest_scenes_say_unsure_rather_than_guess(board_name, colours):
    error, unsure = _read_batch(board_name, colours, range(200, 204), HARDEST)
    assert error <= 0.01
    assert unsure <= 0.45


def test_a_space_under_a_lamps_glare_is_unsure_never_guessed():
    board = load_geometry("go-9")
    recogniser = Recogniser(board, ("black", "white"))
    unsure_under_glare = 0
    for seed in range(6):
        image, truth = render_scene(seed, board, effects=Effects(glare=True, noise=2.0))
        reading = recogniser.read(image, np.linalg.inv(np.array(truth["homography"])))
        for name in truth["hidden"]:
            assert reading.cells[name] in (UNSURE, truth["cells"][name])
            unsure_under_glare += reading.cells[name] == UNSURE
    assert unsure_under_glare > 0


def test_each_stone_colour_is_told_apart_on_a_ring_board():
    board = load_geometry("one-60")
    pieces = {name: SIX[i % 6] for i, name in enumerate(board.names) if i % 2 == 0}
    image, truth = render_scene(11, board, pieces, effects=Effects(noise=3.0, blur=0.6),
                                colours=SIX)
    reading = Recogniser(board, SIX).read(image, np.linalg.inv(np.array(truth["homography"])))
    assert reading.cells == truth["cells"]

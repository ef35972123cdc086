"""The board's print as real cameras show it: thick lines on a board small in a
webcam's frame, and faint lines blurred to a grey hair. The recogniser tells an empty
space by its print against the print this picture shows, not against one fixed
contrast: thick print is no stone half on its space, and faint print hidden by a pale
stone still says "a stone"."""

from dataclasses import replace

import numpy as np
import pytest

from companion.geometry import load_geometry
from companion.vision.pipeline import Recogniser
from companion.vision.scene import Effects
from companion.vision.scene.looks import random_look
from companion.vision.stones import UNSURE
from tests.helpers.scene_cache import render_scene


def read_with_look(seed: int, pieces: dict, **changes):
    """A 19x19 board under a development look with ``changes``, read through the
    scene's true homography: (reading, truth)."""
    board = load_geometry("go-19")
    look = replace(random_look(np.random.default_rng([seed, 3])), **changes)
    image, truth = render_scene(seed, board, pieces, effects=Effects(), look=look)
    reading = Recogniser(board, ("black", "white")).read(
        image, np.linalg.inv(np.array(truth["homography"])))
    return reading, truth


SEEDS = [0, *(pytest.param(s, marks=pytest.mark.slow) for s in range(1, 4))]
"""The quick run reads one scene of each kind; the slow run four."""


def some_stones(seed: int, count: int) -> dict:
    names = list(load_geometry("go-19").names)
    np.random.default_rng(seed).shuffle(names)
    return {name: ("black", "white")[i % 2] for i, name in enumerate(names[:count])}


@pytest.mark.parametrize("seed", SEEDS)
def test_thick_print_on_a_board_small_in_a_webcam_frame_leaves_empty_spaces_read(seed):
    """Lines 1.5 mm wide on a board that fills half of a 640x480 frame are three or
    four pixels wide in the board's view: the empty spaces are read empty."""
    pieces = some_stones(seed, 100)
    reading, truth = read_with_look(seed, pieces, line_mm=1.5, frame=(640, 480),
                                    board="pale wood")
    empty = [name for name, content in truth["cells"].items() if content == "empty"]
    unsure = sum(reading.cells[name] == UNSURE for name in empty)
    assert unsure <= 0.01 * len(empty)
    assert all(reading.cells[name] in (UNSURE, content)
               for name, content in truth["cells"].items())


@pytest.mark.parametrize("seed", SEEDS)
def test_faint_print_hidden_by_a_white_stone_on_a_white_board_says_stone(seed):
    """Hairlines on white paper, blurred by a 640x480 webcam: a white stone is hardly
    lighter than the board, and only the print it hides tells it; it is never read
    as bare board, and bare board is never read as a stone."""
    pieces = some_stones(seed, 120)
    reading, truth = read_with_look(seed, pieces, line_mm=0.4, frame=(640, 480),
                                    board="white paper", blur=1.4)
    wrong = [name for name, content in reading.cells.items()
             if content not in (UNSURE, truth["cells"][name])]
    assert wrong == []
    whites = [name for name, content in pieces.items() if content == "white"]
    assert sum(reading.cells[name] == "white" for name in whites) >= 0.8 * len(whites)

"""ONSLAUGHT on the rendered board: pieces with their numbers, orbs and capture tokens,
in the form the game's view uses."""

import numpy as np

from companion.geometry import load_geometry
from companion.vision.pipeline import Recogniser
from companion.vision.scene import Effects, Pose, render_scene
from companion.vision.stones import UNSURE

BOARD = load_geometry("onslaught")


def _read(seed, squares=None, pose=None, effects=None):
    image, truth = render_scene(seed, BOARD, squares, pose, effects, kind="onslaught")
    reading = Recogniser(BOARD, kind="onslaught").read(
        image, np.linalg.inv(np.array(truth["homography"])))
    return reading, truth


def test_pieces_orbs_and_tokens_are_read_as_the_game_views_them():
    squares = {
        "D1": {"pieces": ["red1", "red2"], "orbs": [], "token": None},
        "D7": {"pieces": ["blue1"], "orbs": [], "token": None},
        "B3": {"pieces": ["blue2"], "orbs": ["red"], "token": "blue"},
        "A1": {"pieces": [], "orbs": ["red"], "token": None},
        "F5": {"pieces": [], "orbs": [], "token": "red"},
    }
    reading, truth = _read(4, squares, Pose(tilt_deg=20.0, azimuth_deg=30.0),
                           Effects(noise=3.0, blur=0.5, jpeg=85))
    assert reading.cells == truth["cells"]


def test_random_onslaught_scenes_have_no_confident_error():
    wrong = unsure = total = 0
    for seed in range(400, 406):
        reading, truth = _read(seed)
        for name, content in reading.cells.items():
            if name in truth["hidden"]:
                continue
            total += 1
            if content == UNSURE:
                unsure += 1
            elif content != truth["cells"][name]:
                wrong += 1
    assert wrong / total <= 0.005
    assert unsure / total <= 0.1

"""A rendered 19x19 board as a 640x480 webcam that saves JPEG at quality 60 sees it:
soft lines several pixels wide, for the tests of print blurred wider than the closing."""

from dataclasses import replace

import numpy as np

from companion.geometry import load_geometry
from companion.vision.scene import Effects
from companion.vision.scene.looks import random_look
from tests.helpers.scene_cache import render_scene

BOARD = load_geometry("go-19")


def webcam_frame(seed: int, board: str) -> tuple[np.ndarray, dict, np.ndarray]:
    """A 19x19 board with 80 stones under a development look, seen by a 640x480 webcam
    that saves JPEG at quality 60: (picture, truth, homography pixels -> mm)."""
    names = list(BOARD.names)
    np.random.default_rng(seed).shuffle(names)
    pieces = {name: ("black", "white")[i % 2] for i, name in enumerate(names[:80])}
    look = replace(random_look(np.random.default_rng([seed, 3])), frame=(640, 480), jpeg=60,
                   board=board)
    image, truth = render_scene(seed, BOARD, pieces, effects=Effects(), look=look)
    return image, truth, np.linalg.inv(np.array(truth["homography"]))

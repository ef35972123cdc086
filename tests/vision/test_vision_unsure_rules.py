"""Why a space is unsure: every unsure stone space names the rules that made it so
(``SpaceReadings.why``, ``companion bench vision --why``), and no other space does."""

import numpy as np

from companion.geometry import load_geometry
from companion.vision.pipeline import Recogniser
from companion.vision.scene.looks import random_look
from companion.vision.stones import UNSURE_RULES
from tests.helpers.scene_cache import render_scene


def test_every_unsure_space_names_its_rules_and_no_other_space_does():
    board = load_geometry("go-9")
    recogniser = Recogniser(board, ("black", "white"))
    unsure = 0
    for seed in range(6):
        look = random_look(np.random.default_rng([seed, 3]), held_out=seed % 2 == 1)
        image, truth = render_scene(seed, board, look=look)
        reading = recogniser.read(image, np.linalg.inv(np.array(truth["homography"])))
        assert set(reading.why) == set(reading.unsure)
        assert all(rules and set(rules) <= set(UNSURE_RULES) for rules in reading.why.values())
        unsure += len(reading.unsure)
    assert unsure > 0  # the looks leave some spaces unsure, so the rules were named

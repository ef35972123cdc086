"""A colour the learned look knows from fewer stones than its prior fits loosely: its
stone stands only where the look-free reader does not read the space surely empty."""

import numpy as np
import pytest

from companion.geometry import load_geometry
from companion.vision.look import LearnedLook
from companion.vision.pipeline import Recogniser
from companion.vision.scene import Effects, Pose
from companion.vision.stones import EMPTY, UNSURE, SpaceReadings
from tests.helpers.scene_cache import render_scene

BOARD = load_geometry("go-9")
NAMES = list(BOARD.names)
COLOURS = ("black", "white")
POSE = Pose(tilt_deg=20.0, azimuth_deg=10.0, fill=0.8)
TABLE = Effects(light_gradient=0.2, blur=0.5, noise=3.0, jpeg=85, gloss=0.45)


def samples_and_truth(recogniser, pieces):
    image, truth = render_scene(41, BOARD, pieces, POSE, TABLE, frame=(640, 480))
    reading = recogniser.read(image, np.linalg.inv(np.array(truth["homography"])))
    return reading.samples, [truth["cells"][n] for n in NAMES]


def all_empty(spaces):
    """A look-free reader that reads every space surely empty."""
    return lambda: SpaceReadings(labels=[EMPTY] * spaces, confidence=np.ones(spaces),
                                 best=[EMPTY] * spaces, covered=np.zeros(spaces, bool))


@pytest.fixture(scope="module")
def recogniser():
    return Recogniser(BOARD, COLOURS)


def taught(recogniser, positions):
    look = LearnedLook(COLOURS)
    for pieces in positions:
        samples, labels = samples_and_truth(recogniser, pieces)
        look.teach(samples, labels)
    return look


def test_a_stone_of_a_colour_seen_once_is_unsure_where_the_look_free_reader_sees_none(
        recogniser):
    look = taught(recogniser, [{}, {"C3": "black"}])
    assert look.weight[look.classes.index("black")] < look.cfg.prior_weight
    samples, _ = samples_and_truth(recogniser, {"C3": "black", "G7": "black"})
    agreed = look.classify(samples, None)
    assert agreed.labels[NAMES.index("G7")] == "black"
    doubted = look.classify(samples, all_empty(len(NAMES)))
    assert {n for n, label in zip(NAMES, doubted.labels, strict=True) if label == UNSURE} \
        == {"C3", "G7"}
    assert doubted.labels.count(EMPTY) == len(NAMES) - 2


def test_a_colour_learned_from_many_stones_stands_on_its_own(recogniser):
    stones = {"C3": "black", "G7": "black", "C7": "black", "G3": "black", "E5": "white"}
    look = taught(recogniser, [{}, stones, stones])
    assert look.weight[look.classes.index("black")] >= look.cfg.prior_weight
    assert look.weight[look.classes.index("white")] < look.cfg.prior_weight  # one stone
    samples, labels = samples_and_truth(recogniser, {**stones, "E3": "black"})
    assert look.classify(samples, None).labels == labels
    reading = look.classify(samples, all_empty(len(NAMES)))
    assert [(n, label) for n, label, t in zip(NAMES, reading.labels, labels, strict=True)
            if label != t] == [("E5", UNSURE)]

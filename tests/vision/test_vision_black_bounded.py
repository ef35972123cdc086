"""The black stone lifted by its sheen, bounded (docs/recognition.md, "A black stone lifted
by its sheen"): the rule reads a face a broad sheen lifts toward its board's lightness, not
one a lamp blows out. A core blown out in part beside a darker part is a light stone's lit
face beside its shaded side as often as a black stone's, and it shows every other sign
the rule asks (a neutral stone hiding its print, a dark shade and a dark rim); the live
loop asks the look-free reader about a space its learned look is unsure of mainly where
the core is blown out in part, a stone just set there. So the rule reads no space whose
core a lamp blows out in part (over ``lamp_core_blown``), and still reads the glossy
black stones of a held-out look on red wood whose cores are not blown out."""

from dataclasses import replace

import numpy as np
import pytest

import companion.vision.stones as stones
from companion.geometry import load_geometry
from companion.vision.labels import UNSURE
from companion.vision.pipeline import Recogniser
from companion.vision.scene import random_effects
from companion.vision.scene.looks import HELD_OUT, random_look_of
from tests.helpers.scene_cache import render_scene

COLOURS = ("black", "white")
SEED = 4857  # held-out scene: yunzi on red wood, 640x480, two daylight lamps


def _held_out_scene(seed: int, board):
    """Scene ``seed`` of ``companion bench vision --looks held-out`` (its effects and look
    drawn as the benchmark draws them); the picture and its truth."""
    effects = random_effects(np.random.default_rng([seed, 1]), hands=0.1, glare=0.1)
    look = random_look_of(np.random.default_rng([seed, 3]), HELD_OUT)
    assert (look.board, look.stones) == ("red wood", "yunzi")
    return render_scene(seed, board, None, colours=COLOURS, effects=replace(effects, hand=False),
                        look=look)


@pytest.fixture(scope="module")
def scene():
    """The recogniser, the scene's truth and its samples."""
    board = load_geometry("go-19")
    recogniser = Recogniser(board, COLOURS)
    image, truth = _held_out_scene(SEED, board)
    reading = recogniser.read(image, np.linalg.inv(np.array(truth["homography"])))
    return recogniser, truth, reading.samples


def _classify(recogniser: Recogniser, samples, monkeypatch) -> tuple[list[str], np.ndarray]:
    """The look-free reading of ``samples`` and the spaces the sheen rule read black."""
    told = np.zeros(len(samples.ink), dtype=bool)
    rule = stones._dark_under_sheen

    def watched(*args, **kwargs):
        lifted = rule(*args, **kwargs)
        told[:] = lifted
        return lifted

    monkeypatch.setattr(stones, "_dark_under_sheen", watched)
    layout = recogniser.layout
    readings = stones.classify_stones(samples, COLOURS, recogniser.cfg.palette,
                                      recogniser.cfg.stones, layout.rim, layout.rays)
    return readings.labels, told


def test_glossy_black_stones_not_blown_out_are_still_read_by_their_sheen(scene, monkeypatch):
    """The rule still reads the scene's black stones whose sheen lifts their face (none of
    them blown out), and reads nothing else."""
    recogniser, truth, samples = scene
    labels, told = _classify(recogniser, samples, monkeypatch)
    names = list(recogniser.geometry.names)
    truths = [truth["cells"][n] for n in names]
    assert told.sum() >= 10
    assert all(truths[i] == "black" for i in np.flatnonzero(told))
    assert [n for n, label, t in zip(names, labels, truths, strict=True)
            if label not in (UNSURE, t)] == []


def test_a_core_blown_out_in_part_is_not_read_black_by_its_sheen(scene, monkeypatch):
    """The same spaces with a fifth of their core blown out, as a lamp blows out a light
    stone's lit face beside its shaded side: the rule reads none of them, and they are left
    unsure, not read as anything else."""
    recogniser, truth, samples = scene
    _, told = _classify(recogniser, samples, monkeypatch)
    blown = samples.core_blown.copy()
    blown[told] = 0.2
    labels, told_blown = _classify(recogniser, replace(samples, core_blown=blown), monkeypatch)
    assert not told_blown[told].any()
    assert all(labels[i] == UNSURE for i in np.flatnonzero(told))

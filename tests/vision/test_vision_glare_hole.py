"""A hole in a lamp's glare where a core is has a stone in it (session 25,
``companion/vision/glare_hole.py``): a white stone on white paper standing inside a
lamp's reflection is not read empty, while the bare point at the reflection's heart
still is. Full boards under a lamp as ``companion bench vision --full-glare`` draws
them, corners tapped as the bench taps them."""

from types import SimpleNamespace

import numpy as np
import pytest

import benchmarks.vision as bench
from companion.vision.config import load_config
from companion.vision.glare_hole import hole_in_glare
from companion.vision.labels import EMPTY
from companion.vision.scene.looks import DEVELOPMENT
from tests.helpers.bench_taps import read_scene

CFG = load_config().stones


def _samples(gap_blown, gap_glared, core_blown, core_glared):
    return SimpleNamespace(gap_blown=np.array(gap_blown), gap_glared=np.array(gap_glared),
                           core_blown=np.array(core_blown), core_glared=np.array(core_glared))


def test_a_core_left_in_a_white_glare_is_a_hole_and_a_blown_core_is_not():
    """Gaps blown out white all round: a core mostly not blown out is a hole (a stone's
    face), a core blown out whole is the reflection's heart on bare board."""
    samples = _samples([0.96, 1.0], [0.6, 0.98], [0.13, 1.0], [0.0, 1.0])
    assert hole_in_glare(samples, np.ones(2, bool), True, CFG).tolist() == [True, False]


def test_a_reflection_that_stops_at_the_core_is_a_hole_and_one_that_runs_in_is_not():
    """Gaps white over half their ring: a core with no white in it is a stone's face
    the reflection stops at (42004's P18: 0.58 of its gaps blown out, 0.56 white, its
    core's own highlight not white); a core the reflection runs into is bare board at
    the reflection's edge (56045's L13: 0.43 of its core white)."""
    samples = _samples([0.58, 0.6], [0.56, 0.6], [0.24, 0.44], [0.0, 0.43])
    assert hole_in_glare(samples, np.ones(2, bool), True, CFG).tolist() == [True, False]


def test_a_core_the_reflection_clips_in_one_channel_is_no_hole():
    """A bare point at the edge of a lamp that lifts a wooden board past white: its gaps
    blown out (0.92, a third of them white), its core clipped in red all over (no pixel
    white in every channel), its lines showing through: the reflection reaches it."""
    samples = _samples([0.92], [0.35], [1.0], [0.0])
    assert not hole_in_glare(samples, np.ones(1, bool), True, CFG).any()


def test_a_warm_board_clipped_in_one_channel_shows_no_hole():
    """Kaya under a bright lamp clips in red round a bare point (gaps blown out, none of
    them white): no reflection, no hole (plain scene 56158's A15 was made unsure so)."""
    samples = _samples([0.98], [0.0], [0.53], [0.0])
    assert not hole_in_glare(samples, np.ones(1, bool), True, CFG).any()


def test_an_overexposed_picture_asks_nothing():
    """Where the blown-out cores are no lamp's reflection on a few spaces but an
    overexposed board, no space is asked."""
    samples = _samples([1.0], [1.0], [0.2], [0.0])
    assert not hole_in_glare(samples, np.ones(1, bool), False, CFG).any()


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "space"), [(56108, "A6"), (56116, "N6")])
def test_a_white_stone_inside_a_glare_is_not_read_empty(seed, space):
    """Go 19 × 19, 300 stones under a lamp, development looks, white paper: the white
    stone ringed by the lamp's reflection was read empty, surely (56108: plastic stones,
    640 × 480; 56116: slate and shell, 640 × 480)."""
    scenes = bench.Scenes("go-19", ("black", "white"), "stones", DEVELOPMENT, full=300)
    reading, truth = read_scene(scenes, seed)
    assert truth["cells"][space] == "white"
    assert reading.cells[space] != EMPTY
    assert not reading.occluded, reading.reason


@pytest.mark.slow
def test_the_bare_heart_of_a_glare_is_still_read_empty():
    """Go 19 × 19, 300 stones under a lamp (seed 56046, development looks, white paper):
    D15, bare, lies at the reflection's heart, its core blown out with its gaps: still
    read empty."""
    scenes = bench.Scenes("go-19", ("black", "white"), "stones", DEVELOPMENT, full=300)
    reading, truth = read_scene(scenes, 56046)
    assert truth["cells"]["D15"] == EMPTY
    assert reading.cells["D15"] == EMPTY

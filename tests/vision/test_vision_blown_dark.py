"""A dark reading against a lamp's blown-out glare must be as dark as the picture's sure
dark stones (``blown_dark``, session 26).

Held-out full-glare scene 66019 (Go 9 × 9, yunzi on tan vinyl, 640 × 480): a white
stone standing in the glare looked 0.72 (log) darker than its blown-out gaps, and its
rim darker still, and was read black surely; its core was 0.89 lighter than the lightest
of the picture's sure black stones."""

import numpy as np
import pytest

import benchmarks.vision as bench
from companion.vision.blown_dark import lighter_than_dark_set
from companion.vision.config import load_config
from companion.vision.labels import UNSURE
from companion.vision.scene.looks import HELD_OUT
from tests.helpers.bench_taps import read_scene

COLOURS = ("black", "white")


def _grey(levels: list[float]) -> np.ndarray:
    return np.repeat(np.array(levels, dtype=float)[:, None], 3, axis=1)


def test_a_core_far_lighter_than_the_sure_dark_stones_and_as_light_as_white_is_told():
    """Sure dark stones at 25–45 grey levels, sure white ones at 200–240: a core of 130
    against the glare is far lighter than the dark ones and about as light as the white
    ones; one of 48 is not far lighter than the dark ones; one of 95 is, yet far darker
    than the white ones; none is told where it is not asked, nor where fewer than three sure
    dark stones show how dark a dark stone looks."""
    cfg = load_config().stones
    observed = _grey([25.0, 35.0, 45.0, 200.0, 220.0, 240.0, 130.0, 48.0, 95.0, 130.0])
    dark_set = np.array([True] * 3 + [False] * 7)
    light_set = np.array([False] * 3 + [True] * 3 + [False] * 4)
    asked = np.array([False] * 6 + [True, True, True, False])
    told = lighter_than_dark_set(observed, asked, dark_set, light_set, cfg)
    assert np.flatnonzero(told).tolist() == [6]
    few = np.array([True, True] + [False] * 8)
    assert not lighter_than_dark_set(observed, asked, few, light_set, cfg).any()


@pytest.mark.slow
def test_a_white_stone_in_a_lamps_glare_is_never_read_black():
    """Scene 66019, full glare: A4, a white stone in the glare, is unsure now (it was
    read black surely); every other space reads as before it: nothing read wrongly, and
    the black stones of the picture are still read black."""
    scenes = bench.Scenes("go-9", COLOURS, "stones", HELD_OUT, full=80)
    reading, truth = read_scene(scenes, 66019)
    assert truth["cells"]["A4"] == "white"
    assert reading.cells["A4"] == UNSURE
    hidden = set(truth["hidden"])
    cells = {s: c for s, c in reading.cells.items() if s not in hidden}
    assert all(c in (UNSURE, truth["cells"][s]) for s, c in cells.items())
    blacks = [s for s in cells if truth["cells"][s] == "black"]
    assert sum(cells[s] == "black" for s in blacks) >= 35
    assert not reading.occluded

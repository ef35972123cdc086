"""How dark the board is, read from the lightest run of the light stones (``light_order``,
session 26).

Black yunzi on red wood under two daylight lamps (held-out full-glare scene 56027): the
black stones looked 0.1–0.33 lighter than the dark board, the white ones about 1.05, and
both showed the board's tint turned round alike. The black stones set how dark the board
was read, white was foreseen near the black stones' lightness, and 106 of them were read
white surely. Light stones that fall apart into two runs of lightness are two kinds of
stone: the board's level is read from the lighter run where that explains the stones
better."""

from types import SimpleNamespace

import numpy as np
import pytest

import benchmarks.vision as bench
from companion.vision import stones
from companion.vision.config import load_config
from companion.vision.labels import UNSURE
from companion.vision.light_order import lightest_run
from companion.vision.scene.looks import HELD_OUT
from tests.helpers.bench_taps import read_scene

COLOURS = ("black", "white")
BOARD = np.array([40.0, 61.0, 96.0])  # dark red wood under a lamp (BGR)


def test_the_lightest_run_ends_at_the_first_wide_step():
    """Stones at 1.1, 1.0, 0.9 and 0.3, 0.2: the three lightest; no step wider than
    the gap: all of them; a space that is no stone stays out."""
    lum = np.array([1.1, 0.3, 1.0, 0.2, 0.9, 2.0])
    stones_ = np.array([True, True, True, True, True, False])
    assert lightest_run(lum, stones_, 0.45).tolist() == [True, False, True, False, True, False]
    assert lightest_run(lum, stones_, 0.7).tolist() == stones_.tolist()


def _light(levels: list[np.ndarray]) -> stones.Light:
    """``_light_colour`` on a picture of the dark red board whose clean spaces are
    neutral stones of the given grey ``levels`` (one array per kind) and as many bare
    spaces."""
    cfg = load_config()
    cores = np.concatenate([np.repeat(lv[:, None], 3, axis=1) for lv in levels])
    observed = np.concatenate([cores, np.tile(BOARD, (len(cores), 1))])
    board = np.tile(BOARD, (len(observed), 1))
    ratio = np.log(observed + cfg.stones.dark_floor) - np.log(board + cfg.stones.dark_floor)
    clean = np.ones(len(observed), dtype=bool)
    return stones._light_colour(SimpleNamespace(board=board), observed, ratio, clean, COLOURS,
                                cfg.palette, cfg.stones)


def test_dark_stones_a_lamp_lifts_do_not_set_the_boards_level():
    """Sixty white stones about 1.05 lighter than the board and thirty black ones a lamp
    lifts 0.1–0.3 above it: the board's level is the white stones' own, not the one the
    black stones would give."""
    rng = np.random.default_rng(3)
    whites = 185.0 * np.exp(rng.normal(0.0, 0.04, 60))
    blacks = 72.0 * np.exp(rng.uniform(-0.08, 0.08, 30))
    together = _light([whites, blacks])
    assert together.level == pytest.approx(_light([whites]).level)
    assert together.level < 0.6


def test_white_stones_of_many_lightnesses_keep_their_level():
    """White stones spread evenly from 0.3 to 1.05 lighter than the board (no wide step
    between them): all of them set the level, as before."""
    whites = 72.0 * np.exp(np.linspace(0.0, 0.85, 40))
    light = _light([whites])
    assert light.level == pytest.approx(0.75)


def test_a_few_odd_light_spaces_above_the_white_stones_do_not_set_the_level():
    """Three spaces far lighter than twenty-six white stones (a hand, a glare): they are
    no run of white stones, and the level stays about the white stones' own (0.74), far
    from the one the three alone would give (0.36)."""
    whites = 110.0 * np.exp(np.linspace(0.0, 0.2, 26))
    odd = np.full(3, 250.0)
    assert _light([whites, odd]).level > 0.7
    assert _light([odd]).level < 0.5


@pytest.mark.slow
def test_lifted_black_yunzi_under_two_lamps_are_never_read_white():
    """Scene 56027 (held-out, full glare: black yunzi on red wood, two daylight lamps,
    1280 × 960): 106 black stones were read white surely and every white stone was
    unsure. No black stone is read white now, every white stone is read white, nothing
    is read wrongly, and the full board is not taken for a hand."""
    scenes = bench.Scenes("go-19", COLOURS, "stones", HELD_OUT, full=300)
    reading, truth = read_scene(scenes, 56027)
    hidden = set(truth["hidden"])
    cells = {s: c for s, c in reading.cells.items() if s not in hidden}
    assert all(c in (UNSURE, truth["cells"][s]) for s, c in cells.items())
    whites = [s for s in cells if truth["cells"][s] == "white"]
    assert len(whites) >= 140
    assert all(cells[s] == "white" for s in whites)
    assert not reading.occluded

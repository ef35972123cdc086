"""A black stone a lamp lifts on a dark board, read empty by its colour (session 25).

Check-block scene 42017 (held-out: black yunzi on red wood, 640 × 480, 300 stones under
a lamp) read seven black stones empty, surely: their cores came within
``max_empty_distance`` of the board's colour. Each core, its highlight set aside, runs
from a lit side near the board's lightness to a shaded side far darker than it, and
shows no print: ``shaded_dome`` makes such a space unsure. Bare board's core, grain and
blurred print and all, is not that uneven and not that dark on one side."""

from types import SimpleNamespace

import numpy as np
import pytest

import benchmarks.vision as bench
from companion.vision.config import load_config
from companion.vision.labels import EMPTY, UNSURE
from companion.vision.scene.looks import HELD_OUT
from companion.vision.shaded_dome import shaded_dome
from tests.helpers.bench_taps import read_scene

COLOURS = ("black", "white")
BOARD = np.array([50.0, 80.0, 130.0])  # red wood under a lamp (BGR)


def _core(shades: np.ndarray) -> np.ndarray:
    """A core of 40 pixels, each the board's colour times one of ``shades``."""
    return np.repeat(shades[:, None], 3, axis=1) * BOARD[None, :]


def _samples(cores: list[np.ndarray], ink: list[float]) -> SimpleNamespace:
    """What ``shaded_dome`` reads of a few spaces: cores, their spread, print, board."""
    core = np.stack(cores)
    lum = np.log(core.mean(axis=2))
    spread = np.percentile(lum, 90, axis=1) - np.percentile(lum, 10, axis=1)
    return SimpleNamespace(core=core, spread=spread, ink=np.array(ink),
                           board=np.tile(BOARD, (len(cores), 1)))


def test_a_domed_dark_core_without_print_is_named_and_bare_grain_is_not():
    """A core from the board's lightness on its lit side to a third of it on its shaded
    side, no print: named. Bare board with grain (a tenth darker here and there), the
    same dome with its print showing, or a core one colour a little darker than its
    board: not named."""
    cfg = load_config().stones
    dome = _core(np.linspace(0.35, 1.05, 40))
    grain = _core(np.where(np.arange(40) % 4 == 0, 0.85, 1.0))
    even_dark = _core(np.full(40, 0.85))
    samples = _samples([dome, grain, dome, even_dark], [0.0, 0.0, 0.2, 0.0])
    kept = np.ones((4, 40), dtype=bool)
    named = shaded_dome(samples, kept, np.ones(4, dtype=bool), cfg)
    assert named.tolist() == [True, False, False, False]
    assert not shaded_dome(samples, kept, np.zeros(4, dtype=bool), cfg).any()


@pytest.mark.slow
def test_lifted_black_yunzi_on_red_wood_is_never_read_empty():
    """Scene 42017: the seven black stones read empty are unsure; no stone is read
    empty, nothing is read wrongly, the bare points still read empty, and the full board
    is not taken for a hand."""
    reading, truth = read_scene(bench.Scenes("go-19", COLOURS, "stones", HELD_OUT, full=300), 42017)
    hidden = set(truth["hidden"])
    cells = {s: c for s, c in reading.cells.items() if s not in hidden}
    for space in ("B17", "A16", "E15", "C7", "D7", "A5", "C4"):
        assert truth["cells"][space] == "black"
        assert cells[space] == UNSURE
    assert all(c in (UNSURE, truth["cells"][s]) for s, c in cells.items())
    bare = [s for s in cells if truth["cells"][s] == EMPTY]
    assert all(cells[s] == EMPTY for s in bare)
    assert not reading.occluded

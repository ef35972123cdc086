"""A black stone a lamp lifts on a tinted board, read by ``turned_dark`` (session 25).

Black yunzi on red wood under a lamp: the lamp lifts much of each stone's face to the
board's lightness, and the reader left them unsure ("core not one colour", "empty, far
from the board's colour, no print", "another light reads otherwise"). Such a space is the
dark stone where it hides its print while the print shows round it, and its core shows
the board's tint turned round with its darker quarter far below the board; bare board in
shade keeps its own tint, and a white stone's darker quarter lies above its board."""

from types import SimpleNamespace

import numpy as np
import pytest

import benchmarks.vision as bench
from companion.vision.config import load_config
from companion.vision.labels import UNSURE
from companion.vision.scene.looks import HELD_OUT
from companion.vision.turned_dark import turned_dark
from tests.helpers.bench_taps import read_scene

COLOURS = ("black", "white")
BOARD = np.array([50.0, 80.0, 130.0])  # red wood under a lamp (BGR)
FLOOR = 12.0  # ``dark_floor``


def _space(core: np.ndarray, ink: float = 0.0) -> dict:
    """One space's samples: its core pixels (K×3 BGR) on the red wood board."""
    return {"core": core, "ink": ink}


def _read_spaces(spaces: list[dict]) -> np.ndarray:
    """``turned_dark`` over ``spaces``, each asked, with print showing round it (0.2)."""
    cfg = load_config().stones
    core = np.stack([s["core"] for s in spaces])
    n = len(spaces)
    ink = np.array([s["ink"] for s in spaces])
    samples = SimpleNamespace(core=core, board=np.tile(BOARD, (n, 1)), ink=ink, foot_ink=ink,
                              ring_seen=np.ones(n), gap_blown=np.zeros(n),
                              core_blown=np.zeros(n))
    face = np.percentile(core, cfg.core_percentile, axis=1)
    ratio = np.log(face + FLOOR) - np.log(BOARD + FLOOR)
    kept = np.ones(core.shape[:2], dtype=bool)
    return turned_dark(samples, kept, ratio, np.full(n, 0.2), np.ones(n, dtype=bool), cfg)


def _grey(levels: np.ndarray) -> np.ndarray:
    return np.repeat(levels[:, None], 3, axis=1).astype(float)


def test_a_lifted_neutral_dark_face_hiding_its_print_is_black_and_the_rest_is_not():
    """A neutral core from a third of the board's lightness to the board's: named. The
    same core where the print shows, bare board in a shade of its own hue, and a white
    stone's neutral core: not named."""
    stone = _grey(np.linspace(25.0, 100.0, 40))
    shade = np.tile(BOARD * 0.55, (40, 1))
    white = _grey(np.linspace(150.0, 230.0, 40))
    named = _read_spaces([_space(stone), _space(stone, ink=0.2), _space(shade), _space(white)])
    assert named.tolist() == [True, False, False, False]


@pytest.mark.slow
def test_lifted_black_yunzi_on_red_wood_are_read_black():
    """Study scene 55080 (black yunzi on red wood, 640 × 480, a lamp): 71 of its black
    stones were unsure, 39 of them are read black now; nothing is read wrongly, and no
    hand is seen."""
    reading, truth = read_scene(bench.Scenes("go-19", COLOURS, "stones", HELD_OUT), 55080)
    assert not reading.occluded
    cells = reading.cells
    assert all(c in (UNSURE, truth["cells"][s]) for s, c in cells.items())
    blacks = [s for s in cells if truth["cells"][s] == "black"]
    assert sum(cells[s] == UNSURE for s in blacks) <= 35

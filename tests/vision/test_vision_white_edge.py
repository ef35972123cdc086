"""White glass on white vinyl on the board's edge, with no highlight (session 25).

Colour leans to white there without reading it surely ("not clearly best"): the stone is
its board's colour. ``_glass_in_board_colour`` reads such a stone white where it hides
the print at its foot and across its ring and shades the board beside it; on the
board's edge it asked a glossy highlight on the core besides, which a glass stone
turned from the lamp does not show (held-out Go 19 × 19 study scene 54013: 17 white
stones unsure on the edge, the board's only unsure spaces). Colour leaning to white
stands for the highlight now, and ten of them are read white; not in a corner, as
before, nor where another reading of the light reads otherwise. The same board bare under the
same lamp shows no stone on its edge, and a hand over the stones is still flagged."""

import numpy as np
import pytest

from companion.geometry import load_geometry
from companion.vision.labels import EMPTY, UNSURE
from companion.vision.pipeline import Reading, Recogniser
from tests.helpers.bench_taps import held_out_go19, shown

COLOURS = ("black", "white")
SEED = 54013  # white vinyl, glass stones, a coloured lamp, 1280×960, 13° from the vertical
EDGE = ("L19", "N19", "T15", "T12", "T11", "A9", "A8", "T8", "A4", "D1")



def _read(image: np.ndarray, homography: np.ndarray) -> Reading:
    return Recogniser(load_geometry("go-19"), COLOURS).read(image, homography)


@pytest.mark.slow
def test_white_glass_on_the_edge_is_read_white():
    image, truth, homography = held_out_go19(SEED, None)
    reading = _read(image, homography)
    assert all(truth["cells"][s] == "white" and reading.cells[s] == "white" for s in EDGE)
    assert all(reading.cells[s] in (c, UNSURE) for s, c in shown(truth).items())


@pytest.mark.slow
def test_the_same_board_bare_shows_no_stone_on_its_edge():
    image, truth, homography = held_out_go19(SEED, {})
    reading = _read(image, homography)
    assert all(reading.cells[s] in (EMPTY, UNSURE) for s in truth["cells"])
    assert all(reading.cells[s] == EMPTY for s in EDGE)


@pytest.mark.slow
def test_a_hand_over_the_stones_is_still_flagged():
    image, truth, homography = held_out_go19(SEED, None, hands=1.0)
    assert truth["occluded"]
    assert _read(image, homography).occluded

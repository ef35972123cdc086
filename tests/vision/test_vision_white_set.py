"""White stones in the colour of the picture's own sure white stones (session 26, ``light_set``).

Held-out study scene 62107 (Go 19 × 19: white glass on white vinyl, one lamp, 1280 × 960):
H18 and R2 stand among black stones, which darken the board beside them as a dark rim
would, and in their shade their colour is no lighter than the board's ("not clearly
best"). Their tint is the picture's sure white stones', far off the bare points', and
they hide their print: read white. Development study scene 62068 (white paper, slate and
shell, 640 × 480): the picture's white lies so near its board that colour is not asked
("stone colour like the board's"), but its white stones are lighter than its bare
points, as its sure white stones are: C16, F16, Q9 and K5 are read white. The same
points bare, among the same stones, are not; a hand over the glass stones is flagged.
62107's white corner stones S1 and T1, among stones, show no print round them to hide:
read empty by their colour at main (surely, 0.96), they are unsure now, their tint their
set's ("empty, no print, its light stones' colour"); bare, they are read empty."""

import numpy as np
import pytest

from companion.geometry import load_geometry
from companion.vision.labels import EMPTY, UNSURE
from companion.vision.pipeline import Reading, Recogniser
from tests.helpers.bench_taps import held_out_go19, read_as_bench, shown

COLOURS = ("black", "white")
GLASS = 62107
SHADED = ("H18", "R2")
PAPER = 62068
PALE = ("C16", "F16", "Q9", "K5")
CORNER = ("S1", "T1")  # white, among stones, read empty by their colour at main


def _read(image: np.ndarray, homography: np.ndarray) -> Reading:
    return Recogniser(load_geometry("go-19"), COLOURS).read(image, homography)


@pytest.mark.slow
def test_white_glass_in_its_stones_shade_is_read_white():
    image, truth, homography = held_out_go19(GLASS, None)
    reading = _read(image, homography)
    assert all(truth["cells"][s] == "white" and reading.cells[s] == "white" for s in SHADED)
    assert all(truth["cells"][s] == "white" and reading.cells[s] == UNSURE for s in CORNER)
    assert all(reading.cells[s] in (c, UNSURE) for s, c in shown(truth).items())


@pytest.mark.slow
def test_the_same_points_bare_among_the_same_stones_are_not_read_white():
    _, truth, _ = held_out_go19(GLASS, None)
    taken = SHADED + CORNER
    pieces = {s: c for s, c in truth["cells"].items() if c != EMPTY and s not in taken}
    image, truth, homography = held_out_go19(GLASS, pieces)
    reading = _read(image, homography)
    assert all(reading.cells[s] == EMPTY for s in taken)
    assert all(reading.cells[s] in (c, UNSURE) for s, c in shown(truth).items())


@pytest.mark.slow
def test_white_stones_a_little_lighter_than_white_paper_are_read_white():
    reading, truth = read_as_bench(PAPER, "go-19", COLOURS, "development")
    assert not truth["occluded"]
    assert all(truth["cells"][s] == "white" and reading.cells[s] == "white" for s in PALE)
    assert all(reading.cells[s] in (c, UNSURE) for s, c in shown(truth).items())


@pytest.mark.slow
def test_a_hand_over_white_glass_on_white_vinyl_is_still_flagged():
    image, truth, homography = held_out_go19(GLASS, None, hands=1.0)
    assert truth["occluded"]
    assert _read(image, homography).occluded

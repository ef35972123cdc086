"""Occluded means a hand (issue 14, point 5), session 18: full boards whose stones put
their colour in each other's gaps, or whose unsure stones touch at their corners, are
no hand; an arm whose spaces read as stones still is. Scenes of ``companion bench
vision`` (``--full-glare``, ``--steep``, ``--hands all``), corners tapped as the bench
taps them."""

import pytest

import benchmarks.vision as bench
from companion.vision.scene.looks import DEVELOPMENT, HELD_OUT
from tests.helpers.bench_taps import read_scene

SIX = ("black", "white", "red", "blue", "green", "yellow")


def _colours(board_name: str) -> tuple[str, ...]:
    return SIX if board_name == "one-60" else ("black", "white")


def test_unsure_stones_touching_at_their_corners_between_stones_are_no_hand():
    """Go 9 × 9, 80 stones under a glare, held-out looks (white yunzi and black stones
    on white vinyl, 640 × 480; seed 5944): 15 white stones read unsure, each touching the
    next only at a corner, from the board's edge. Between every two of them lie two
    stones read as stones on the board's own colour, so no hand lies over them; it was
    "something over the board's edge covers 15 of its 81 spaces"."""
    scenes = bench.Scenes("go-9", _colours("go-9"), "stones", HELD_OUT, full=80)
    reading, truth = read_scene(scenes, 5944)
    assert not truth["occluded"]
    assert not reading.occluded, reading.reason


@pytest.mark.slow
def test_a_stones_gaps_coloured_by_the_stones_beside_it_are_no_skin():
    """A full ONE board seen steeply (held-out looks, red wood, yunzi, 640 × 480 at 35°
    from the vertical; seed 5779): the gaps of two blue stones show their blue edges,
    far off the board's colour, but far less blue than the stones themselves. Skin over
    the gaps lies over the space too, in the same colour; it was "something over the
    board's edge covers 6 of its 60 spaces"."""
    scenes = bench.Scenes("one-60", _colours("one-60"), "stones", HELD_OUT, full=60,
                          steep=True)
    reading, truth = read_scene(scenes, 5779)
    assert not truth["occluded"]
    assert not reading.occluded, reading.reason


@pytest.mark.parametrize("looks", [DEVELOPMENT, HELD_OUT])
def test_an_arm_whose_spaces_read_as_stones_is_a_hand(looks):
    """Go 9 × 9, a hand forced in (seed 5700, both looks, 640 × 480): the forearm over
    the C column reads as four white stones, the few unsure spaces beside it show the
    board round them. The arm's spaces and their gaps are one colour, far from the
    board's, from the board's edge three spaces in: a hand (missed before)."""
    scenes = bench.Scenes("go-9", _colours("go-9"), "stones", looks, hands=1.0)
    reading, truth = read_scene(scenes, 5700)
    assert truth["occluded"]
    assert reading.occluded, reading.cells

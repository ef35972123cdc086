"""Occluded means a hand (issue 14, point 5), session 19: a lamp's glare on the board's
margin is no arm crossing it; a patch of unsure stones of the board's own colour, none
read as bare board, is no hand; fingers over a small board's edge rows are a hand however
their spaces read. Scenes of ``companion bench vision`` (``--full-glare``,
``--steep``, ``--hands all``), corners tapped as the bench taps them."""

import pytest

import benchmarks.vision as bench
from companion.vision.scene.looks import DEVELOPMENT, HELD_OUT
from tests.helpers.bench_taps import read_scene

SIX = ("black", "white", "red", "blue", "green", "yellow")


def test_a_glare_on_the_margin_is_no_arm_crossing_it():
    """A full ONE board seen steeply under a lamp's glare (held-out looks, bamboo, yunzi,
    640 × 480 at 35°; seed 10672): the glare lies on the margin by a corner, blown out in
    its middle, its fringe round that lighter than the margin and of the lamp's colour.
    No arm crosses the margin there; it was "something comes in over the board's edge
    (across 1.0 pitches of it)"."""
    scenes = bench.Scenes("one-60", SIX, "stones", HELD_OUT, full=60, steep=True)
    reading, truth = read_scene(scenes, 10672)
    assert not truth["occluded"]
    assert not reading.occluded, reading.reason


@pytest.mark.parametrize(("looks", "seed"), [(DEVELOPMENT, 10516), (HELD_OUT, 10571),
                                             (HELD_OUT, 10509)])
def test_fingers_over_the_edge_rows_are_a_hand(looks, seed):
    """Go 9 × 9, a hand forced in: its fingers lie over three or four spaces of the
    board's two outermost rows and read as white stones, unsure or black (10516: pale
    skin on white paper, 640 × 480; 10571: a dark hand down the edge column, 10509: a
    hand over a corner, white glass stones on white vinyl, 1280 × 960). Over each the
    space and its gaps are of one colour, off the board's as no stone's edges put it,
    no print shows, and the gaps round the run keep the board's colour: a hand (missed
    before)."""
    scenes = bench.Scenes("go-9", ("black", "white"), "stones", looks, hands=1.0)
    reading, truth = read_scene(scenes, seed)
    assert truth["occluded"]
    assert reading.occluded, reading.cells


@pytest.mark.parametrize(("looks", "seed", "steep"), [(HELD_OUT, 8492, False),
                                                      (HELD_OUT, 10552, True),
                                                      (DEVELOPMENT, 10554, True)])
def test_unsure_stones_of_the_boards_colour_none_read_as_bare_board_are_no_hand(
        looks, seed, steep):
    """Go 9 × 9, 80 stones under a glare, white stones on a white board (held-out looks,
    glass on vinyl, 8492: 1280 × 960; 10552: 640 × 480 at 35°; development looks, slate
    and shell on paper, 10554, 640 × 480 at 35°): a patch of white stones side by side,
    unsure, joined to the edge, some of them looking like their gaps while those differ
    from the ring round the patch by the lamp's fall-off. Each reads as a stone, none as
    bare board with its print hidden, as a palm of the board's colour shows; it was
    "something over the board's edge covers 27 (7, 3) of its 81 spaces"."""
    scenes = bench.Scenes("go-9", ("black", "white"), "stones", looks, full=80,
                          steep=steep)
    reading, truth = read_scene(scenes, seed)
    assert not truth["occluded"]
    assert not reading.occluded, reading.reason

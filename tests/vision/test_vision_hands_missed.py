"""Occluded means a hand (issue 14, point 5), session 27: hands the patch rule
(``occlusion.hidden_by_hand``) still missed. Scenes of ``companion bench vision``
(``--looks real``; ``--hands all`` where a hand is forced in), corners tapped as the
bench taps them."""

import pytest

import benchmarks.vision as bench
from companion.vision.scene.looks import DEVELOPMENT, HELD_OUT
from tests.helpers.bench_taps import read_scene

GO = ("black", "white")


def test_fingers_over_a_corner_are_told_by_the_board_that_shows_round_them():
    """Go 19 × 19, held-out looks, seed 40553: a pale hand over the corner A1, its
    fingertips over A2, A1 and B1 (read empty, their print hidden, their gaps 0.26 off
    the board's colour). The spaces round them that the hand covers too (B2, read empty
    with its print gone) are no part of the board round the run; the board that shows
    round it keeps its colour, so the run lies on bare board and is a hand. Missed
    before: B2 put the median round the run at the bar."""
    scenes = bench.Scenes("go-19", GO, "stones", HELD_OUT)
    reading, truth = read_scene(scenes, 40553)
    assert truth["occluded"]
    assert {"A2", "A1", "B1"} <= set(truth["hidden"])
    assert all(reading.cells[space] == "empty" for space in ("A2", "A1", "B1", "B2"))
    assert reading.occluded
    assert reading.reason.startswith("board occluded: something over the board's edge")


def test_a_patch_of_the_boards_colour_with_skin_in_it_is_a_hand():
    """Go 9 × 9 on white paper, development looks, a hand forced in (seed 65067): eleven
    unsure spaces joined to the edge under a hand and its shadow, their gaps' median
    under the bar for a patch off the board's colour, none read as bare board with its
    print hidden; three of them (D4, E4, F4) show one thing over the space and its gaps,
    0.5 off the board's colour: skin. Missed before."""
    scenes = bench.Scenes("go-9", GO, "stones", DEVELOPMENT, hands=1.0)
    reading, truth = read_scene(scenes, 65067)
    assert truth["occluded"]
    assert {"D4", "E4", "F4"} <= set(truth["hidden"])
    assert reading.occluded
    assert reading.reason == ("board occluded: something over the board's edge covers 11 "
                              "of its 81 spaces")



@pytest.mark.parametrize("looks", [DEVELOPMENT, HELD_OUT])
def test_a_dark_hands_finger_read_black_beside_its_palm_is_a_hand(looks):
    """Go 9 × 9, a hand forced in (seed 70930, pale wood and bamboo, 640 × 480): a dark
    palm over the corner spaces A9 and B9 (unsure, one colour over the space and its gaps,
    0.19–0.24 off the board's colour), and a finger over A8, read black: its gaps show the
    board, its core the palm's colour. Two spaces are fewer than a patch; the finger is
    the third. Missed before."""
    scenes = bench.Scenes("go-9", GO, "stones", looks, hands=1.0)
    reading, truth = read_scene(scenes, 70930)
    assert truth["occluded"]
    assert truth["cells"]["A8"] == "empty" and "A8" in truth["hidden"]
    assert reading.cells["A8"] == "black"
    assert reading.occluded
    assert reading.reason == ("board occluded: something over the board's edge covers 3 "
                              "of its 81 spaces")


def test_a_dark_hands_finger_read_black_is_one_of_a_run_over_the_edge():
    """Go 9 × 9, development looks, a hand forced in (seed 70936, kaya, 640 × 480): a dark
    hand over the corner A1, its palm over A1 and A2 (one colour over the space and its
    gaps, 0.27 off the board's colour; A1 read empty, A2 unsure) and a finger over A3,
    read black. Two spaces are fewer than a run of fingers over the edge rows; the finger
    read black beside the palm is the third. Missed before."""
    scenes = bench.Scenes("go-9", GO, "stones", DEVELOPMENT, hands=1.0)
    reading, truth = read_scene(scenes, 70936)
    assert truth["occluded"]
    assert {"A1", "A2", "A3"} <= set(truth["hidden"])
    assert reading.cells["A3"] == "black" and truth["cells"]["A3"] == "empty"
    assert reading.occluded
    assert reading.reason == ("board occluded: something over the board's edge covers 3 "
                              "of its 81 spaces")

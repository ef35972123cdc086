"""Occluded means a hand (issue 14, point 5), session 20: stones crowded on a small
board's edge rows, with bare board between them, are no hand; a palm of the board's own
colour and lightness, told only by the print it hides, is one. Scenes of ``companion
bench vision`` (``--looks real``, ``--hands all``), corners tapped as the bench taps
them."""

import pytest

import benchmarks.vision as bench
from companion.vision.scene.looks import DEVELOPMENT, HELD_OUT
from tests.helpers.bench_taps import read_scene

GO = ("black", "white")


@pytest.mark.parametrize("looks, seed", [(DEVELOPMENT, 9148), (DEVELOPMENT, 11745)])
def test_stones_crowded_on_a_small_boards_edge_rows_are_no_hand(looks, seed):
    """Go 13 × 13, 640 × 480, no hand: stones crowded on the edge rows, a few bare points
    among them read empty without their print (9148: A10–A12 in a dim corner; 11745: D1
    among the stones of the first row). The gaps of the stones round them show the
    stones' edges and shadows, darker than the board, and the bare points looked
    lighter than that ring, "covered with the board around them"; it was "something
    over the board's edge covers 5 (4) of its 169 spaces". Beside the bare board round
    them they are the board itself."""
    scenes = bench.Scenes("go-13", GO, "stones", looks)
    reading, truth = read_scene(scenes, seed)
    assert not truth["occluded"]
    assert not reading.occluded, reading.reason


@pytest.mark.slow
def test_bare_points_among_stones_at_the_edge_of_a_held_out_board_are_no_hand():
    """Go 13 × 13, held-out looks, 1280 × 960, no hand (seed 9089): four bare points at
    the edge (M4, N4, M5, N5) between white and black stones, their thin print not seen,
    lighter than the stones' gaps round them: "something over the board's edge covers 4
    of its 169 spaces" before."""
    scenes = bench.Scenes("go-13", GO, "stones", HELD_OUT)
    reading, truth = read_scene(scenes, 9089)
    assert not truth["occluded"]
    assert not reading.occluded, reading.reason


def test_a_palm_of_the_boards_own_colour_hiding_the_print_is_a_hand():
    """Go 9 × 9, held-out looks, a hand forced in (seed 6860, 640 × 480): skin of red
    wood's hue and lightness over 13 spaces from the board's right edge, within the
    board's colour round them (0.05 off it), so nothing counted as covered with the
    board around it; but 10 of the 13 read as bare board whose print is gone where the
    spaces round them show theirs, while the print shows at 95 % of the other empty
    spaces. A hand (missed before)."""
    scenes = bench.Scenes("go-9", GO, "stones", HELD_OUT, hands=1.0)
    reading, truth = read_scene(scenes, 6860)
    assert truth["occluded"]
    assert reading.occluded, reading.cells


def test_dark_stones_left_unsure_in_a_dim_room_are_no_palm():
    """ONE, held-out looks, 640 × 480, no hand (seed 11268, the lead's check block of
    session 20): a dim room, sixteen black, blue and green stones left unsure, "far from
    the board's colour", their print hidden; eight of them on the outer rings made a
    patch the palm rule counted as a hand ("something over the board's edge covers 8 of
    its 60 spaces"). A palm is of the board's own colour: a space counts toward it only
    where it reads as bare board or its colour is the board's."""
    scenes = bench.Scenes("one-60", bench.SIX, "stones", HELD_OUT)
    reading, truth = read_scene(scenes, 11268)
    assert not truth["occluded"]
    assert not reading.occluded, reading.reason

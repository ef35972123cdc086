"""Occluded means a hand (issue 14, point 5), session 27 again: a dense Go 19 × 19 game
on red wood with yunzi stones, seen tilted (32°) in a 640 × 480 webcam, no hand, was
flagged "something over the board's edge covers 11 of its 361 spaces" (held-out 73602,
found on ``flag13``'s held-back block). The patch: bare points of the far rows among
stones (F19–L17), read empty without their print, the board's colour straying over the
whole noisy picture (median 0.055 off it) about as far as ``hand_tint`` (0.06). They
counted as covered "with the board around them" because their colour was 0.06–0.13 off
the board's: under twice what the picture's own board strays (``hand_tint_scatter``),
the bar every other branch of ``occlusion.hidden_by_hand`` sets. The scene as the vision
bench draws it, its corners tapped as the bench taps them."""

import benchmarks.vision as bench
from companion.vision.labels import EMPTY
from companion.vision.scene.looks import HELD_OUT
from tests.helpers.bench_taps import read_as_bench, read_scene

GO = ("black", "white")
FAR_ROWS = 73602


def test_bare_far_points_of_a_dense_noisy_board_are_no_hand():
    """No hand in the scene: not occluded."""
    reading, truth = read_as_bench(FAR_ROWS, "go-19", GO, HELD_OUT)
    assert not truth["occluded"]
    assert sum(c != EMPTY for c in truth["cells"].values()) > 150
    assert not reading.occluded, reading.reason


def test_a_hand_over_the_same_board_is_still_a_hand():
    """The same look and board with a hand forced in (``--hands all``): flagged."""
    scenes = bench.Scenes("go-19", GO, "stones", HELD_OUT, hands=1.0)
    reading, truth = read_scene(scenes, FAR_ROWS)
    assert truth["occluded"]
    assert reading.occluded, reading.reason

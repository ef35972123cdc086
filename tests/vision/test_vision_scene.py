"""The scene renderer: deterministic, and its ground truth agrees with its picture."""

import numpy as np

from companion.geometry import load_geometry
from companion.vision.scene import EMPTY, Effects, Pose, render_scene
from companion.vision.scene.camera import project


def test_same_seed_gives_the_same_bytes_and_another_seed_does_not():
    first, truth = render_scene(7, "go-9")
    again, truth_again = render_scene(7, "go-9")
    other, _ = render_scene(8, "go-9")
    assert first.shape == (960, 1280, 3) and first.dtype == np.uint8
    assert first.tobytes() == again.tobytes()
    assert truth == truth_again
    assert first.tobytes() != other.tobytes()


def test_truth_names_every_space_and_the_pieces_placed():
    board = load_geometry("one-60")
    pieces = {"A1": "red", "B3": "blue", "D24": "white"}
    _, truth = render_scene(3, board, pieces, colours=("red", "blue", "white"))
    assert set(truth["cells"]) == set(board.names)
    assert {n: c for n, c in truth["cells"].items() if c != EMPTY} == pieces


def test_truth_positions_follow_the_homography_and_the_stones_are_where_it_says():
    board = load_geometry("go-9")
    pose = Pose(tilt_deg=35.0, azimuth_deg=20.0, roll_deg=10.0, k1=0.0)
    image, truth = render_scene(5, board, {"E5": "black"}, pose, Effects())
    h = np.array(truth["homography"])
    centres = project(h, np.array([board.position_mm("E5")]), 0.0, (1280, 960))[0]
    assert np.allclose(centres, truth["spaces_px"]["E5"])
    x, y = np.rint(centres).astype(int)
    stone = image[y - 2:y + 3, x - 2:x + 3].mean()
    empty_x, empty_y = np.rint(truth["spaces_px"]["A1"]).astype(int)
    board_there = image[empty_y - 8:empty_y - 4, empty_x - 8:empty_x - 4].mean()
    assert stone < 0.5 * board_there


def test_a_hand_is_reported_with_the_spaces_it_hides():
    _, truth = render_scene(2, "go-19", effects=Effects(hand=True))
    assert truth["occluded"] is True
    assert 0 < len(truth["hidden"]) < 361

"""A grid board found by its lines, followed from frame to frame (``calibration.gridfollow``
and ``BoardLocator``): a bumped board is read where it now lies, a hand over it changes
nothing, a board moved away is found afresh."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from calibration.gridfind import find_grid, grid_lines_mm
from calibration.gridfollow import follow_grid
from calibration.locator import BoardLocator
from companion.geometry import load_geometry
from companion.vision.scene import Effects, Pose
from tests.helpers.cluttered_scenes import CLEAN, cluttered_scene

GO19 = load_geometry("go-19")
POSE = Pose(tilt_deg=25.0, azimuth_deg=10.0, roll_deg=5.0, fill=0.75)
HAND = Effects(noise=2.0, blur=0.4, jpeg=85, hand=True)


def frame(effects: Effects = CLEAN, frame_seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    return cluttered_scene(2, "go-19", POSE, frame=(640, 480), pieces=None, effects=effects,
                           frame_seed=frame_seed)


def shifted(image: np.ndarray, dx: float, dy: float) -> tuple[np.ndarray, np.ndarray]:
    """``image`` moved by (dx, dy) pixels, and the move (a homography)."""
    move = np.array([[1, 0, dx], [0, 1, dy], [0, 0, 1]], dtype=np.float64)
    moved = cv2.warpAffine(image, move[:2], (image.shape[1], image.shape[0]),
                           borderMode=cv2.BORDER_REPLICATE)
    return moved, move


def crossing_pixels(to_board: np.ndarray) -> np.ndarray:
    xs, ys = grid_lines_mm(GO19)
    points = np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(points, np.linalg.inv(to_board)).reshape(-1, 2)


@pytest.fixture(scope="module")
def found():
    image, _truth = frame()
    return image, find_grid(image, GO19).homography


def test_a_board_that_has_not_moved_keeps_its_registration_exactly(found):
    image, homography = found
    followed = follow_grid(frame(frame_seed=1)[0], homography, GO19)
    assert followed.homography is homography
    assert followed.found > 0.9 * followed.total


def test_a_bumped_board_is_followed_where_it_now_lies(found):
    image, homography = found
    moved, move = shifted(image, 3.0, -2.0)
    followed = follow_grid(moved, homography, GO19)
    assert followed.homography is not None
    expected = crossing_pixels(homography) @ move[:2, :2].T + move[:2, 2]
    assert np.abs(crossing_pixels(followed.homography) - expected).max() < 0.5


def test_a_hand_over_the_board_leaves_it_where_it_was(found):
    image, homography = found
    locator = BoardLocator(GO19)
    first = locator.locate(image)
    for moment in range(3):
        hand, _truth = frame(HAND, frame_seed=moment)
        where = locator.locate(hand)
        assert np.abs(crossing_pixels(where.homography)
                      - crossing_pixels(first.homography)).max() < 0.5


def test_a_board_moved_a_whole_pitch_is_not_followed_onto_the_wrong_lines(found):
    image, homography = found
    pixels = crossing_pixels(homography)
    pitch = pixels[1] - pixels[0]  # one column over, in the picture
    moved, _move = shifted(image, *pitch)
    followed = follow_grid(moved, homography, GO19)
    assert followed.homography is None and followed.found == 0


def test_the_locator_finds_a_board_moved_far_afresh(found):
    image, _homography = found
    locator = BoardLocator(GO19)
    locator.locate(image)
    moved, move = shifted(image, 40.0, 25.0)
    where = locator.locate(moved)
    again = find_grid(moved, GO19).homography
    assert np.abs(crossing_pixels(where.homography) - crossing_pixels(again)).max() < 1.0
    assert "found by its lines" in where.method


def test_a_hidden_board_is_kept_and_looked_for_again_now_and_then(found, monkeypatch):
    from calibration import gridfind

    image, homography = found
    locator = BoardLocator(GO19)
    locator.locate(image)
    calls = []

    def counted(*args, **kwargs):
        calls.append(1)
        raise gridfind.RegistrationError("hidden")

    monkeypatch.setattr(gridfind, "find_grid_of", counted)
    covered = image.copy()
    pixels = crossing_pixels(homography)
    middle = tuple(np.rint(pixels.mean(axis=0)).astype(int))
    cv2.ellipse(covered, middle, (150, 110), 0, 0, 360, (120, 150, 200), -1)  # a forearm
    for _ in range(BoardLocator.LOST_RETRY_FRAMES):
        where = locator.locate(covered)
        assert np.abs(crossing_pixels(where.homography) - pixels).max() < 0.5
    assert len(calls) == 2  # at once (it may have moved), and once the hand stayed

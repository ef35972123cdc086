"""One board locator (``calibration.locator``) for ``companion recognize`` and the live
loop: a picture on its own (``find``) and the first frame of a stream (``locate``) find
the same board the same way; the corners given win over any search."""

from __future__ import annotations

import numpy as np
import pytest

from calibration.locator import BoardLocator
from calibration.registration import RegistrationError
from companion.geometry import load_geometry
from companion.vision.scene import Pose
from tests.helpers.cluttered_scenes import cluttered_scene

POSE = Pose(tilt_deg=20.0, azimuth_deg=15.0, roll_deg=-4.0, fill=0.7)
SIZES = [load_geometry(f"go-{size}") for size in (19, 13, 9)]


@pytest.fixture(scope="module")
def go13():
    image, _truth = cluttered_scene(3, "go-13", POSE, frame=(640, 480), pieces=None)
    return image


def test_a_picture_on_its_own_and_a_first_frame_find_the_same_board(go13):
    found = BoardLocator(SIZES[0], sizes=SIZES[1:]).find(go13)
    assert found.geometry is SIZES[1]
    assert found.registration is not None and found.method == found.registration.method
    live = BoardLocator(SIZES[1]).locate(go13)
    assert live.method == f"{found.method} (found by its lines)"
    assert np.allclose(live.homography, found.homography)


def test_the_corners_given_are_used_as_they_are(go13):
    locator = BoardLocator(SIZES[1])
    locator.fix_corners([[100, 80], [540, 80], [540, 400], [100, 400]])
    assert locator.find(go13).method == "corners"
    assert locator.locate(go13).method == "corners"


def test_a_picture_without_a_board_says_why_its_lines_were_not_found():
    blank = np.full((480, 640, 3), 128, np.uint8)
    with pytest.raises(RegistrationError):
        BoardLocator(SIZES[0]).find(blank)

"""A camera over the table for the browser tests: rendered pictures of the one-60 board
(``picture``), shown 20 times a second by ``TableCamera``, and the board's position in
them known exactly (``known_board``)."""

import threading

import numpy as np

from calibration.locator import BoardLocator
from companion.vision.scene import Effects, Pose
from hardware.frames.base import Frame, FrameSource
from tests.helpers.scene_cache import render_scene

POSE = Pose(tilt_deg=12.0, azimuth_deg=8.0, fill=0.85)
CLEAN = Effects(noise=2.0, jpeg=85)


def picture(pieces):
    image, truth = render_scene(21, "one-60", pieces, POSE, CLEAN, frame=(800, 600))
    return image, np.linalg.inv(np.array(truth["homography"]))


class TableCamera(FrameSource):
    """A camera over the table: it shows ``picture`` (set by the test) 20 times a second."""

    description = "the test's camera"

    def __init__(self) -> None:
        super().__init__()
        self.picture = picture({})[0]
        self._closed = threading.Event()

    def read(self) -> Frame:
        self._closed.wait(0.05)  # the camera's frame rate
        return self._frame(self.picture)

    def close(self) -> None:
        self._closed.set()


def known_board(geometry):
    locator = BoardLocator(geometry)
    locator.fix(picture({})[1], "rendered (known)")  # every picture here has one pose
    return locator

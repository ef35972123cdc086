"""A step-by-step camera calibration fed one frame at a time.

The command line's ``calibrate camera --live`` and the web page's calibration steps both
hand frames to a ``CalibrationSession``: it looks for the target, keeps a frame only
when the target has moved or turned since every frame kept (the same position twice
adds nothing), and says after each frame what to do next, with the coverage map the page
paints. ``finish()`` calibrates from what was kept.

The session holds no camera and does no I/O; the caller owns the frame source.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

from calibration.intrinsics import (
    ADVISED_VIEWS,
    CameraModel,
    RejectedView,
    View,
    calibrate,
    coverage,
    enough_views,
)

MOVE_FRACTION = 0.03  # a view is new when the target moved this share of the picture width

Finder = Callable[[np.ndarray, str], View | RejectedView]


@dataclass(frozen=True)
class Step:
    """What one frame gave: whether it was kept, and the advice to show."""

    kept: bool
    views: int
    done: bool
    message: str
    coverage: list[list[int]]


def outline(view: View) -> np.ndarray:
    """Where the corners of the target's seen part land in the picture (4×2 pixels)."""
    flat = view.object_points.reshape(-1, 3)[:, :2].astype(np.float64)
    (x0, y0), (x1, y1) = flat.min(axis=0), flat.max(axis=0)
    homography, _ = cv2.findHomography(flat, view.image_points.reshape(-1, 2), 0)
    box = np.array([[[x0, y0]], [[x1, y0]], [[x1, y1]], [[x0, y1]]], dtype=np.float64)
    return cv2.perspectiveTransform(box, homography).reshape(4, 2)


class CalibrationSession:
    """Collects distinct views of a target from frames, then calibrates.

    ``find`` turns (picture, name) into a ``View`` or a ``RejectedView`` (see
    ``chessboard.find_view`` and ``charuco.find_view``); ``wanted`` is how many views
    end the session (it also ends at ``ADVISED_VIEWS`` once the whole picture is
    covered)."""

    def __init__(self, find: Finder, *, target: str = "", wanted: int = 15) -> None:
        self.find = find
        self.target = target
        self.wanted = wanted
        self.views: list[View] = []
        self.size: tuple[int, int] | None = None

    def is_new(self, view: View) -> bool:
        """Whether the target has moved or turned since every view kept so far."""
        shape = outline(view)
        limit = MOVE_FRACTION * view.image_size[0]
        return all(np.abs(shape - outline(kept)).max() > limit for kept in self.views)

    def coverage(self) -> np.ndarray:
        if self.size is None:
            return coverage([], (1, 1))
        return coverage(self.views, self.size)

    def offer(self, picture: np.ndarray, name: str) -> Step:
        """Look at one frame; keep it if it shows the target somewhere new."""
        self.size = (picture.shape[1], picture.shape[0])
        view = self.find(picture, name)
        if isinstance(view, RejectedView):
            return self._step(False, f"No target: {view.reason}")
        if not self.is_new(view):
            return self._step(False, "Move or tilt the target to a new position.")
        self.views.append(view)
        return self._step(True, enough_views(self.views, self.size)[1])

    @property
    def done(self) -> bool:
        if self.size is None:
            return False
        covered, _ = enough_views(self.views, self.size)
        return len(self.views) >= self.wanted or (covered and len(self.views) >= ADVISED_VIEWS)

    def _step(self, kept: bool, message: str) -> Step:
        return Step(kept, len(self.views), self.done, message, self.coverage().tolist())

    def finish(self) -> CameraModel:
        """Calibrate from the views kept (``CalibrationError`` if too few)."""
        return calibrate(self.views, target=self.target)

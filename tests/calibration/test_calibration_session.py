"""The step-by-step calibration session the live command and the web page drive."""

from __future__ import annotations

import numpy as np
import pytest

from calibration.intrinsics import CalibrationError, RejectedView, View
from calibration.session import CalibrationSession

SIZE = (400, 300)
FRAME = np.zeros((SIZE[1], SIZE[0], 3), np.uint8)
TARGET = np.array([[x, y, 0.0] for y in range(4) for x in range(5)]) * 10.0


def view_at(name: str, x: float, y: float, scale: float = 3.0) -> View:
    pixels = TARGET[:, :2] * scale + [x, y]
    return View(name, TARGET, pixels, SIZE)


class ScriptedFinder:
    """Hands out the views a test lines up, one per frame offered."""

    def __init__(self, results):
        self.results = list(results)

    def __call__(self, picture, name):
        return self.results.pop(0)


def test_keeps_only_frames_where_the_target_moved():
    finder = ScriptedFinder([view_at("a", 10, 10), view_at("b", 11, 10), view_at("c", 200, 150),
                             RejectedView("d", "only 2 ChArUco corners found.")])
    session = CalibrationSession(finder, wanted=5)
    first = session.offer(FRAME, "a")
    assert first.kept and first.views == 1 and "1 of 10 pictures" in first.message
    assert first.coverage == [[1, 1, 0, 0], [1, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    again = session.offer(FRAME, "b")
    assert not again.kept and again.message == "Move or tilt the target to a new position."
    assert session.offer(FRAME, "c").kept
    missing = session.offer(FRAME, "d")
    assert not missing.kept and missing.message == "No target: only 2 ChArUco corners found."
    assert [v.name for v in session.views] == ["a", "c"] and not missing.done


def test_done_after_the_views_wanted():
    positions = [(10 + 40 * (k % 7), 10 + 50 * (k // 7)) for k in range(5)]
    session = CalibrationSession(ScriptedFinder([view_at(str(k), *p)
                                                 for k, p in enumerate(positions)]), wanted=5)
    steps = [session.offer(FRAME, str(k)) for k in range(5)]
    assert [s.done for s in steps] == [False, False, False, False, True]


def test_done_early_once_the_whole_picture_is_covered():
    positions = [(x, y) for y in (5, 80, 160, 240) for x in (5, 100, 200, 300)]
    session = CalibrationSession(ScriptedFinder([view_at(str(k), *p, scale=1.5)
                                                 for k, p in enumerate(positions)]), wanted=30)
    steps = [session.offer(FRAME, str(k)) for k in range(len(positions))]
    first_done = next(s.views for s in steps if s.done)
    assert 10 <= first_done < 30
    assert "enough to calibrate" in steps[first_done - 1].message


def test_finish_with_too_few_views_says_so():
    session = CalibrationSession(ScriptedFinder([view_at("a", 10, 10)]))
    session.offer(FRAME, "a")
    with pytest.raises(CalibrationError, match="Only 1 usable picture"):
        session.finish()

"""The board tracker: hands over markers, a bumped camera, confidence in each frame."""

from __future__ import annotations

import numpy as np
import pytest

from calibration.intrinsics import CameraModel
from calibration.layout import board_layout
from calibration.synthetic import SyntheticCamera, cover, look_at, plan_image, project, render
from calibration.tracking import BoardTracker
from companion.geometry import load_geometry

CAMERA = SyntheticCamera(width=960, height=720, focal_px=800.0)
MODEL = CameraModel(CAMERA.matrix, CAMERA.dist, CAMERA.size)
GEOMETRY = load_geometry({"kind": "grid", "columns": 7, "rows": 7, "points": "cells",
                          "pitch_mm": 30.0, "margin_mm": 10.0})
LAYOUT = board_layout(GEOMETRY)
POINTS = np.array([GEOMETRY.position_mm(n) for n in GEOMETRY.names])
CENTRE = (GEOMETRY.width_mm / 2, GEOMETRY.height_mm / 2)
BEFORE = look_at(CENTRE, 450.0, 25.0, yaw_deg=5.0)
AFTER = look_at((CENTRE[0] + 25.0, CENTRE[1] - 10.0), 470.0, 32.0, yaw_deg=-4.0)


@pytest.fixture(scope="module")
def frames() -> dict[str, np.ndarray]:
    plan = plan_image(LAYOUT, GEOMETRY, px_per_mm=4.0)
    origin = LAYOUT.extent[:2]
    before = render(plan, origin, 4.0, CAMERA, BEFORE, seed=1)
    after = render(plan, origin, 4.0, CAMERA, AFTER, seed=2)

    def covered(picture, pose, hidden, seed):
        for k in hidden:
            centre = project(LAYOUT.markers[k], CAMERA, pose).mean(axis=0)
            picture = cover(picture, tuple(centre), 40.0, seed=seed + k)
        return picture

    return {
        "before": before,
        "before, one hidden": covered(before, BEFORE, (1,), 5),
        "before, two hidden": covered(before, BEFORE, (0, 3), 7),
        "before, three hidden": covered(before, BEFORE, (0, 1, 3), 9),
        "after": after,
        "after, one hidden": covered(after, AFTER, (2,), 11),
        "empty": np.full_like(before, 90),
    }


def error_mm(result, pose) -> float:
    pixels = project(POINTS, CAMERA, pose)
    return float(np.linalg.norm(result.registration.to_board(pixels) - POINTS, axis=1).max())


def test_searching_until_the_board_is_seen(frames):
    tracker = BoardTracker(LAYOUT, MODEL)
    result = tracker.update(frames["empty"])
    assert (result.status, result.registration, result.confidence) == ("searching", None, 0.0)
    assert "corner markers" in result.message
    result = tracker.update(frames["before"])
    assert result.status == "registered" and error_mm(result, BEFORE) < 0.5


def test_hands_over_markers_keep_the_last_good_registration(frames):
    tracker = BoardTracker(LAYOUT, MODEL)
    first = tracker.update(frames["before"])
    for name, seen in [("before, one hidden", 3), ("before, two hidden", 2),
                       ("before, three hidden", 1)]:
        result = tracker.update(frames[name])
        assert result.status == "covered", name
        assert len(result.markers_seen) == seen
        assert result.registration is first.registration
        assert error_mm(result, BEFORE) < 0.5
        assert result.confidence < first.confidence
    assert tracker.update(frames["before"]).status == "steady"


def test_confidence_falls_as_more_markers_are_covered(frames):
    tracker = BoardTracker(LAYOUT, MODEL)
    tracker.update(frames["before"])
    sure = [tracker.update(frames[name]).confidence for name in
            ("before", "before, one hidden", "before, two hidden", "before, three hidden",
             "empty")]
    assert sure == sorted(sure, reverse=True) and sure[0] > sure[-1]


def test_a_bumped_camera_is_noticed_and_registered_again(frames):
    tracker = BoardTracker(LAYOUT, MODEL)
    tracker.update(frames["before"])
    first = tracker.update(frames["after"])
    assert first.status == "moving" and not first.reregistered
    assert first.confidence < 0.5
    second = tracker.update(frames["after, one hidden"])
    assert second.status == "bumped" and second.reregistered
    assert error_mm(second, AFTER) < 1.0
    assert tracker.update(frames["after"]).status == "steady"
    assert error_mm(tracker.update(frames["after"]), AFTER) < 0.5


def test_one_odd_frame_is_not_a_bump(frames):
    tracker = BoardTracker(LAYOUT, MODEL)
    registered = tracker.update(frames["before"]).registration
    assert tracker.update(frames["after"]).status == "moving"
    result = tracker.update(frames["before"])
    assert result.status == "steady" and not result.reregistered
    assert error_mm(result, BEFORE) < 0.5
    assert tracker.registration is not registered  # refitted, same place

"""Board registration from corner markers and from tapped corners, on rendered views
whose true pose is known: board point -> pixel (truth) -> board point (registration)."""

from __future__ import annotations

import numpy as np
import pytest

from calibration.intrinsics import CameraModel
from calibration.layout import board_layout, field_layout
from calibration.markers import BOARD_CORNER_IDS
from calibration.registration import (
    Registration,
    RegistrationError,
    from_corners,
    from_markers,
    order_clockwise,
)
from calibration.synthetic import SyntheticCamera, cover, look_at, plan_image, project, render
from companion.geometry import load_geometry

CAMERA = SyntheticCamera(width=960, height=720, focal_px=800.0)
MODEL = CameraModel(CAMERA.matrix, CAMERA.dist, CAMERA.size)
GEOMETRY = load_geometry({"kind": "grid", "columns": 9, "rows": 9, "points": "intersections",
                          "pitch_mm": 22.0, "skip_i": True})
LAYOUT = board_layout(GEOMETRY)
POINTS = np.array([GEOMETRY.position_mm(n) for n in GEOMETRY.names])
CENTRE = (GEOMETRY.width_mm / 2, GEOMETRY.height_mm / 2)


@pytest.fixture(scope="module")
def plan() -> np.ndarray:
    return plan_image(LAYOUT, GEOMETRY, px_per_mm=4.0)


@pytest.fixture(scope="module")
def at_30(plan) -> tuple[np.ndarray, np.ndarray]:
    """The board seen from 30°, and the pose: rendered once for the tests that read it."""
    return view(plan, 30.0)


def view(plan: np.ndarray, tilt: float, *, hidden=(), camera=CAMERA, seed=0, **pose_args):
    pose = look_at(CENTRE, 480.0, tilt, **pose_args)
    picture = render(plan, LAYOUT.extent[:2], 4.0, camera, pose, seed=seed)
    for k in hidden:
        centre = project(LAYOUT.markers[k], camera, pose).mean(axis=0)
        picture = cover(picture, tuple(centre), 35.0, seed=seed + k)
    return picture, pose


def round_trip_error(registration: Registration, pose, camera=CAMERA) -> np.ndarray:
    pixels = project(POINTS, camera, pose)
    return np.linalg.norm(registration.to_board(pixels) - POINTS, axis=1)


@pytest.mark.parametrize("tilt", [pytest.param(0.0, marks=pytest.mark.slow),
                                  pytest.param(30.0, marks=pytest.mark.slow), 50.0])
def test_round_trip_within_half_a_millimetre(plan, tilt):
    picture, pose = view(plan, tilt, yaw_deg=12.0)
    registration = from_markers(picture, LAYOUT, MODEL)
    assert registration.markers == BOARD_CORNER_IDS
    assert round_trip_error(registration, pose).max() < 0.5
    assert registration.confidence > 0.9


def test_without_a_camera_model_a_distortion_free_lens_is_exact(plan):
    pinhole = SyntheticCamera(width=960, height=720, focal_px=800.0, distortion=(0, 0, 0, 0, 0))
    picture, pose = view(plan, 30.0, camera=pinhole, yaw_deg=-20.0)
    registration = from_markers(picture, LAYOUT)
    assert round_trip_error(registration, pose, pinhole).max() < 0.5


def test_distortion_ignored_costs_millimetres(at_30):
    picture, pose = at_30
    with_model = round_trip_error(from_markers(picture, LAYOUT, MODEL), pose).max()
    without = round_trip_error(from_markers(picture, LAYOUT), pose).max()
    assert without > 2 * with_model


def test_to_pixels_inverts_to_board(at_30):
    picture, pose = at_30
    registration = from_markers(picture, LAYOUT, MODEL)
    pixels = registration.to_pixels(POINTS)
    assert np.abs(pixels - project(POINTS, CAMERA, pose)).max() < 0.5
    assert np.abs(registration.to_board(pixels) - POINTS).max() < 1e-6


@pytest.mark.parametrize("hidden", [pytest.param((0,), marks=pytest.mark.slow),
                                    pytest.param((2,), marks=pytest.mark.slow), (0, 2),
                                    pytest.param((1, 2), marks=pytest.mark.slow)])
def test_markers_covered_by_a_hand(plan, hidden):
    picture, pose = view(plan, 30.0, hidden=hidden, yaw_deg=8.0)
    registration = from_markers(picture, LAYOUT, MODEL)
    assert set(registration.markers) == set(BOARD_CORNER_IDS) - set(hidden)
    assert round_trip_error(registration, pose).max() < 1.0
    assert registration.confidence < 1.0


def test_too_few_markers_is_said_in_words(plan):
    picture, _ = view(plan, 0.0, hidden=(0, 1, 2))
    with pytest.raises(RegistrationError, match="Only 1 of the 4 corner markers") as caught:
        from_markers(picture, LAYOUT, MODEL)
    assert "top-left" in str(caught.value) and "bottom-left" not in str(caught.value)


def test_tapped_corners_register_in_any_order_after_the_first(plan):
    pinhole = SyntheticCamera(width=960, height=720, focal_px=800.0, distortion=(0, 0, 0, 0, 0))
    pose = look_at(CENTRE, 480.0, 35.0, yaw_deg=15.0)
    taps = project(LAYOUT.board_corners(), pinhole, pose)
    shuffled = taps[[0, 2, 3, 1]]
    registration = from_corners(shuffled, LAYOUT.width, LAYOUT.height)
    assert registration.method == "corners"
    assert round_trip_error(registration, pose, pinhole).max() < 0.5


def test_taps_a_pixel_off_still_within_a_few_millimetres():
    pose = look_at(CENTRE, 480.0, 30.0)
    taps = project(LAYOUT.board_corners(), CAMERA, pose)
    taps += np.random.default_rng(3).uniform(-1.0, 1.0, taps.shape)
    registration = from_corners(taps, LAYOUT.width, LAYOUT.height, camera=MODEL)
    assert round_trip_error(registration, pose).max() < 3.0


def test_taps_must_be_four_distinct_corners():
    with pytest.raises(RegistrationError, match="four corners"):
        from_corners([[0, 0], [1, 1], [2, 2]], 100, 100)
    with pytest.raises(RegistrationError, match="too close"):
        from_corners([[0, 0], [3, 0], [3, 3], [0, 3]], 100, 100)


def test_order_clockwise_starts_from_the_first_tap():
    points = np.array([[100, 100], [0, 100], [100, 0], [0, 0]], dtype=float)
    assert order_clockwise(points).tolist() == [[100, 100], [0, 100], [0, 0], [100, 0]]


def test_registration_survives_json(at_30):
    picture, pose = at_30
    registration = from_markers(picture, LAYOUT, MODEL)
    again = Registration.from_json(registration.to_json(), camera=MODEL)
    assert again.markers == registration.markers
    assert round_trip_error(again, pose).max() < 0.5


def test_warp_shows_the_board_from_above(plan):
    picture, _ = view(plan, 40.0)
    registration = from_markers(picture, LAYOUT, MODEL)
    top = registration.warp(picture, LAYOUT.extent, 2.0)
    x0, y0 = LAYOUT.extent[:2]
    marker = LAYOUT.markers[0]
    inside = top[round((marker[0, 1] - y0 + 1) * 2), round((marker[0, 0] - x0 + 1) * 2)]
    paper = top[round((5 - y0) * 2), round((GEOMETRY.width_mm / 2 + 11 - x0) * 2)]
    assert inside.mean() < 80 and paper.mean() > 180


def test_field_layout_is_in_inches_centred_on_the_corners():
    layout = field_layout()
    assert layout.units == "in"
    assert layout.marker_centre(4) == pytest.approx((0.0, 0.0))
    assert layout.marker_centre(6) == pytest.approx((24.0, 24.0))

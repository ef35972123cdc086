"""Camera intrinsics: ChArUco views rendered with a known lens, real chessboard photos,
bad pictures rejected with a reason, save/load, undistortion, coverage."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from calibration import charuco, chessboard
from calibration.intrinsics import (
    CalibrationError,
    CameraModel,
    RejectedView,
    View,
    calibrate,
    coverage,
    enough_views,
    quality,
)
from calibration.synthetic import SyntheticCamera, look_at, render
from tests.helpers.paths import TEST_DATA

DATA = TEST_DATA / "chessboard"
CAMERA = SyntheticCamera(width=960, height=720, focal_px=820.0,
                         distortion=(-0.15, 0.08, 0.0, 0.0, 0.0))
SPEC = charuco.parse_spec("5x7:35:26")
MARGIN_MM = 12.0
POSES = [  # (target on the board, distance, tilt, yaw, roll)
    ((87, 122), 420, 0, 0, 0), ((60, 100), 380, 30, 20, 10), ((110, 150), 400, 35, 200, -15),
    ((80, 120), 450, 40, 90, 5), ((90, 110), 430, 38, 270, 0), ((40, 60), 330, 20, 45, 30),
    ((130, 200), 360, 25, 135, -30), ((87, 122), 520, 45, 315, 90), ((20, 200), 400, 30, 0, 0),
    ((150, 30), 400, 30, 180, 0),
]


@pytest.fixture(scope="module")
def charuco_pictures() -> list[np.ndarray]:
    board = cv2.cvtColor(charuco.render(SPEC, px_per_mm=4.0), cv2.COLOR_GRAY2BGR)
    pad = round(MARGIN_MM * 4)
    plan = cv2.copyMakeBorder(board, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=(255,) * 3)
    pictures = []
    for i, (target, distance, tilt, yaw, roll) in enumerate(POSES):
        pose = look_at(target, distance, tilt, yaw_deg=yaw, roll_deg=roll)
        pictures.append(render(plan, (-MARGIN_MM, -MARGIN_MM), 4.0, CAMERA, pose, seed=i))
    return pictures


@pytest.fixture(scope="module")
def charuco_model(charuco_pictures) -> CameraModel:
    views = [charuco.find_view(p, SPEC, f"view{i}") for i, p in enumerate(charuco_pictures)]
    assert all(isinstance(v, View) for v in views), [v for v in views if not isinstance(v, View)]
    return calibrate(views, target=str(SPEC))


@pytest.mark.slow  # the fixture renders and calibrates twelve ChArUco views
def test_charuco_calibration_recovers_the_lens(charuco_model):
    assert charuco_model.rms < 0.5 and charuco_model.quality == "good"
    assert charuco_model.matrix[0, 0] == pytest.approx(CAMERA.focal_px, rel=0.02)
    assert charuco_model.matrix[1, 1] == pytest.approx(CAMERA.focal_px, rel=0.02)
    assert charuco_model.matrix[0, 2] == pytest.approx(CAMERA.width / 2, abs=8)
    assert charuco_model.distortion[0] == pytest.approx(CAMERA.distortion[0], abs=0.04)
    assert len(charuco_model.per_view) == len(POSES) and not charuco_model.rejected


@pytest.mark.slow  # the fixture renders and calibrates twelve ChArUco views
def test_undistorting_points_matches_the_true_lens(charuco_model):
    truth = CameraModel(CAMERA.matrix, CAMERA.dist, CAMERA.size)
    corners = np.array([[30, 30], [930, 40], [900, 690], [50, 700], [480, 360]], float)
    assert np.abs(charuco_model.undistort_points(corners)
                  - truth.undistort_points(corners)).max() < 3.0
    again = truth.distort_points(truth.undistort_points(corners))
    assert np.abs(again - corners).max() < 0.01


@pytest.mark.slow  # the fixture renders and calibrates twelve ChArUco views
def test_a_view_with_a_moved_target_is_rejected_with_its_error(charuco_pictures):
    views = [charuco.find_view(p, SPEC, f"view{i}") for i, p in enumerate(charuco_pictures)]
    bent = views[3]
    rng = np.random.default_rng(4)
    noisy = bent.image_points + rng.normal(0, 6.0, bent.image_points.shape)
    views[3] = View("bent", bent.object_points, noisy, bent.image_size)
    model = calibrate(views)
    assert [r.name for r in model.rejected] == ["bent"]
    assert "reprojection error" in model.rejected[0].reason
    assert "bent" not in model.per_view and model.rms < 0.5


def test_charuco_rejects_a_picture_without_the_board():
    blank = np.full((480, 640, 3), 200, np.uint8)
    result = charuco.find_view(blank, SPEC, "blank.jpg")
    assert isinstance(result, RejectedView)
    assert result.reason.startswith("only 0 ChArUco corners found")


@pytest.mark.parametrize("name", ["left01.jpg", "left02.jpg", "left12.jpg"])
def test_real_chessboard_corners_found(name):
    view = chessboard.find_view(cv2.imread(str(DATA / name)), (9, 6), name)
    assert isinstance(view, View)
    assert view.image_points.shape == (54, 2) and view.image_size == (640, 480)


def test_real_chessboard_calibration_from_three_photos():
    views = [chessboard.find_view(cv2.imread(str(p)), (9, 6), p.name)
             for p in sorted(DATA.glob("left*.jpg"))]
    model = calibrate(views, target="chessboard 9x6")
    assert model.rms < 0.41  # OpenCV's own figure on its 13 photos
    assert 450 < model.matrix[0, 0] < 620


def test_bad_chessboard_pictures_are_rejected_with_a_reason():
    photo = cv2.imread(str(DATA / "left01.jpg"))
    blurred = cv2.GaussianBlur(photo, (0, 0), 12)
    result = chessboard.find_view(blurred, (9, 6), "blurred.jpg")
    assert isinstance(result, RejectedView) and "blurred" in result.reason
    cropped = photo.copy()
    cropped[:, 320:] = 128
    result = chessboard.find_view(cropped, (9, 6), "half.jpg")
    assert isinstance(result, RejectedView)
    assert "whole board must be in the picture" in result.reason
    result = chessboard.find_view(photo, (7, 7), "wrong.jpg")
    assert isinstance(result, RejectedView) and "7x7" in result.reason


def test_too_few_views_is_an_error_naming_what_was_rejected():
    photo = cv2.imread(str(DATA / "left01.jpg"))
    view = chessboard.find_view(photo, (9, 6), "left01.jpg")
    with pytest.raises(CalibrationError, match="Only 1 usable picture") as caught:
        calibrate([view], [RejectedView("x.jpg", "it was dark.")])
    assert "x.jpg: it was dark." in str(caught.value)


@pytest.mark.slow  # the fixture renders and calibrates twelve ChArUco views
def test_model_saved_and_loaded(tmp_path, charuco_model):
    path = tmp_path / "camera.json"
    charuco_model.save(path)
    loaded = CameraModel.load(path)
    assert np.allclose(loaded.matrix, charuco_model.matrix)
    assert np.allclose(loaded.distortion, charuco_model.distortion)
    assert loaded.image_size == (960, 720) and loaded.rms == charuco_model.rms
    assert loaded.per_view == charuco_model.per_view
    with pytest.raises(CalibrationError, match="no calibration file"):
        CameraModel.load(tmp_path / "missing.json")
    (tmp_path / "bad.json").write_text('{"matrix": 3}')
    with pytest.raises(CalibrationError, match="not a camera calibration file"):
        CameraModel.load(tmp_path / "bad.json")


@pytest.mark.slow  # the fixture renders and calibrates twelve ChArUco views
def test_undistort_straightens_and_checks_the_size(charuco_model, charuco_pictures):
    out = charuco_model.undistort(charuco_pictures[0])
    assert out.shape == charuco_pictures[0].shape
    with pytest.raises(CalibrationError, match="960×720 pictures, not 640×480"):
        charuco_model.undistort(np.zeros((480, 640, 3), np.uint8))


def test_quality_words():
    assert [quality(x) for x in (0.2, 0.7, 1.5)] == ["good", "acceptable", "poor"]


def test_coverage_and_enough_views():
    size = (400, 300)
    corner = View("tl", np.zeros((4, 3)), np.array([[10, 10], [90, 10], [10, 60], [90, 60]]), size)
    grid = coverage([corner, corner], size)
    assert grid[0, 0] == 2 and grid.sum() == 2
    ok, advice = enough_views([corner] * 3, size)
    assert not ok and "3 of 10 pictures" in advice
    ok, advice = enough_views([corner] * 12, size)
    assert not ok and "15 of 16 parts" in advice
    everywhere = View("all", np.zeros((16, 3)),
                      np.array([[50 + 100 * c, 37 + 75 * r] for r in range(4) for c in range(4)]),
                      size)
    ok, advice = enough_views([everywhere] * 10, size)
    assert ok and "enough" in advice


def test_specs_parsed_and_refused_in_words():
    assert chessboard.parse_pattern("9x6") == (9, 6)
    with pytest.raises(ValueError, match="inner corners"):
        chessboard.parse_pattern("9 by 6")
    spec = charuco.parse_spec("5x7:35:26")
    assert (spec.columns, spec.rows, spec.width_mm) == (5, 7, 175.0)
    assert str(spec) == "5x7:35:26"
    with pytest.raises(ValueError, match="smaller than its squares"):
        charuco.parse_spec("5x7:20:26")
    with pytest.raises(ValueError, match="COLSxROWS"):
        charuco.parse_spec("five")

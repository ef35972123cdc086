"""The table page's lens status (``#lens-status``, the live loop's ``Lens.status``) and
the calibration page's (``lens`` in its status) say the same thing of the same
calibration: both come from ``hardware.lens.lens_status``."""

from __future__ import annotations

import pytest

from calibration.commands import default_camera_path
from calibration.intrinsics import CameraModel
from calibration.synthetic import SyntheticCamera
from hardware.lens import Lens, lens_status
from web.calibration_runner import CalibrationRunner


@pytest.fixture
def saved(companion_home):
    camera = SyntheticCamera(width=640, height=480)
    model = CameraModel(camera.matrix, camera.dist, camera.size, rms=0.72, target="x")
    model.save(default_camera_path())
    return model


@pytest.mark.parametrize("size, loaded", [((640, 480), True), ((800, 600), False)])
def test_with_the_live_loop_both_pages_say_its_words(saved, size, loaded):
    lens = Lens(default_camera_path())
    lens.model_for(size)  # the live loop has seen a picture of this size
    runner = CalibrationRunner(None, live_lens=lens.status)
    assert runner.status()["lens"] == lens.status()
    assert lens.status()["loaded"] is loaded
    assert ("not used" in lens.status()["message"]) is not loaded


def test_without_the_live_loop_the_saved_model_is_said_in_the_same_words(saved):
    lens = Lens(default_camera_path())
    lens.model_for((640, 480))
    words = CalibrationRunner(None).status()["lens"]
    assert words == lens.status() == lens_status(saved)
    assert words["message"] == "Lens calibration loaded: its error is 0.72 pixels (acceptable)."


def test_no_calibration_yet_is_said_alike(companion_home):
    lens = Lens(default_camera_path())
    lens.model_for((640, 480))
    assert CalibrationRunner(None).status()["lens"] == lens.status() == {
        "loaded": False,
        "message": "No lens calibration yet: calibrate the camera to place the board more "
                   "exactly."}


def test_the_calibration_api_says_the_lens_in_the_same_words(make_app, saved):
    app = make_app()
    status = app.test_client().get("/api/calibration/camera").get_json()
    assert status["lens"] == lens_status(saved)  # no camera: no live loop, the saved model

"""The live loop with the camera's lens calibration (camera.json): loaded at start and
when it changes, used for pictures of its size only, the board registered and read on
the undistorted picture and the overlay put back where the lens shows each space."""

import os
import threading
from types import SimpleNamespace

import numpy as np
import pytest

from calibration.intrinsics import CameraModel
from calibration.locator import BoardLocator
from companion.vision.scene import Effects, Pose
from companion.vision.scene.camera import distort_points, half_diagonal
from hardware.referee_feed import RefereeFeed
from tests.helpers.scene_cache import render_scene
from tests.helpers.stone_reader import stones
from tests.helpers.tables import table_in_memory

FRAME = (800, 600)
K1 = 0.08  # a strongly bending lens: the board's corners move by about 30 pixels
POSE = Pose(tilt_deg=10.0, azimuth_deg=5.0, fill=0.9, k1=K1)
CLEAN = Effects(noise=2.0, jpeg=90)


def render(pieces):
    return render_scene(5, "one-60", pieces, POSE, CLEAN, frame=FRAME)


def lens_model(rms=0.3, size=FRAME):
    """An OpenCV lens model fitted to the renderer's lens (k1, k2, k3 by least squares)."""
    centre = np.array(FRAME, dtype=np.float64) / 2
    focal = half_diagonal(FRAME)
    xs, ys = np.meshgrid(np.linspace(-450, 450, 31), np.linspace(-350, 350, 25))
    ideal = np.column_stack([xs.ravel(), ys.ravel()]) + centre
    seen = distort_points(ideal, K1, FRAME)
    u, d = (ideal - centre) / focal, (seen - centre) / focal
    r2 = (u ** 2).sum(axis=1)
    keep = r2 > 1e-6
    ratio = np.linalg.norm(d[keep], axis=1) / np.linalg.norm(u[keep], axis=1) - 1
    terms = np.column_stack([r2[keep], r2[keep] ** 2, r2[keep] ** 3])
    k1, k2, k3 = np.linalg.lstsq(terms, ratio, rcond=None)[0]
    matrix = np.array([[focal, 0, centre[0]], [0, focal, centre[1]], [0, 0, 1]])
    return CameraModel(matrix, np.array([k1, k2, 0.0, 0.0, k3]), size, rms=rms)


@pytest.fixture
def session():
    with table_in_memory("one", {"players": 2}) as table:
        yield table


def tapped_corners(geometry):
    """A locator registered from the board's corners as tapped on the picture."""
    locator = BoardLocator(geometry)
    _, truth = render({})
    locator.fix_corners(truth["corners_px"])
    return locator


def run(feed, pieces, frames=4):
    image, truth = render(pieces)
    for _ in range(frames):
        status = feed.process(image)
    return status, truth


def overlay_error(status, truth):
    return max(np.hypot(*(np.array(status["spaces_px"][n]) - truth["spaces_px"][n]))
               for n in truth["spaces_px"])


def test_with_the_lens_the_overlay_sits_on_the_spaces_and_moves_are_read(session, tmp_path):
    path = tmp_path / "camera.json"
    lens_model().save(path)
    feed = RefereeFeed(session, locator_for=tapped_corners, recogniser_for=stones,
                       camera_path=path)
    status, truth = run(feed, {})
    assert status["lens"] == {"loaded": True, "rms": 0.3, "quality": "good",
                              "message": "Lens calibration loaded: its error is 0.30 "
                                         "pixels (good)."}
    assert status["status"] == "steady"
    with_lens = overlay_error(status, truth)
    assert with_lens < 2.0
    run(feed, {"A1": "black"})
    assert session.snapshot()["view"]["A1"] == "black"
    feed.stop()

    without = RefereeFeed(session, locator_for=tapped_corners, recogniser_for=stones)
    status, truth = run(without, {"A1": "black"})
    assert status["lens"]["loaded"] is False
    # The lens bends the board's edges: a plain fit through the corners misses them.
    assert overlay_error(status, truth) > max(4.0, 2 * with_lens)
    without.stop()


def test_a_calibration_saved_while_the_loop_runs_is_used_from_the_next_frame(session,
                                                                             tmp_path):
    path = tmp_path / "camera.json"
    heard = []
    feed = RefereeFeed(session, locator_for=tapped_corners, recogniser_for=stones,
                       camera_path=path, on_status=heard.append)
    status, _ = run(feed, {}, frames=1)
    assert status["lens"]["loaded"] is False
    assert "calibrate the camera" in status["lens"]["message"]
    lens_model(rms=0.62).save(path)
    status, truth = run(feed, {}, frames=1)
    assert status["lens"]["message"] == ("Lens calibration loaded: its error is 0.62 pixels "
                                         "(acceptable).")
    assert heard[-1]["lens"]["loaded"] is True  # the pages were told
    assert overlay_error(status, truth) < 2.5
    lens_model(rms=1.4).save(path)
    os.utime(path, ns=(1, 1))  # another file, whatever the clock's resolution
    status, _ = run(feed, {}, frames=1)
    assert status["lens"]["quality"] == "poor"
    feed.stop()


def test_a_calibration_for_another_picture_size_is_not_used(session, tmp_path):
    path = tmp_path / "camera.json"
    lens_model(size=(640, 480)).save(path)
    feed = RefereeFeed(session, locator_for=tapped_corners, recogniser_for=stones,
                       camera_path=path)
    status, _ = run(feed, {}, frames=1)
    assert status["lens"]["loaded"] is False
    assert status["lens"]["message"].startswith(
        "The lens calibration is for 640×480 pictures, not 800×600: not used.")
    feed.stop()


def test_a_calibration_made_with_another_camera_is_used_with_a_warning(session, tmp_path,
                                                                       caplog):
    path = tmp_path / "camera.json"
    model = lens_model()
    model.camera = "USB camera 0"
    model.save(path)
    assert CameraModel.load(path).camera == "USB camera 0"
    camera = SimpleNamespace(description="USB camera 0")
    feed = RefereeFeed(session, camera, locator_for=tapped_corners, recogniser_for=stones,
                       camera_path=path)
    status, _ = run(feed, {}, frames=1)
    assert status["lens"]["loaded"] and "made with" not in status["lens"]["message"]
    camera.description = "USB camera 1"  # the next start finds another webcam first
    path.write_text(path.read_text())  # (saved again: read again)
    os.utime(path, ns=(1, 1))
    status, _ = run(feed, {}, frames=1)
    assert status["lens"]["loaded"] and status["lens"]["message"].endswith(
        "It was made with USB camera 0, and the pictures come from USB camera 1: if that "
        "is another camera, calibrate it.")
    assert "was made with USB camera 0" in caplog.text
    feed.stop()


def test_a_damaged_calibration_file_is_said_and_not_used(session, tmp_path):
    path = tmp_path / "camera.json"
    path.write_text("{not json", encoding="utf-8")
    feed = RefereeFeed(session, locator_for=tapped_corners, recogniser_for=stones,
                       camera_path=path)
    status, _ = run(feed, {}, frames=1)
    assert status["lens"]["loaded"] is False
    assert status["lens"]["message"].startswith("The lens calibration cannot be used:")
    feed.stop()


def test_serve_gives_the_loop_the_lens_calibration_in_the_data_folder(monkeypatch,
                                                                      companion_home):
    from companion.cli import build_parser
    from web import commands

    given = {}
    monkeypatch.setattr(commands, "_serve",
                        lambda config, host, port, threads: given.update(config) or 0)
    args = build_parser().parse_args(["serve", "--source", "none", "--no-button"])
    assert args.func(args) == 0
    assert given["CAMERA_PATH"] == str(companion_home / "camera.json")


def test_the_page_hears_whether_a_lens_calibration_is_loaded(make_app, tmp_path):
    from hardware.frames.base import Frame, FrameSource

    picture = render({})[0]

    class Still(FrameSource):
        description = "a still picture, 20 times a second"

        def __init__(self) -> None:
            super().__init__()
            self._closed = threading.Event()

        def read(self) -> Frame:
            self._closed.wait(0.05)  # the camera's frame rate
            return self._frame(picture)

        def close(self) -> None:
            self._closed.set()

    path = tmp_path / "camera.json"
    lens_model().save(path)
    app = make_app(FRAME_SOURCE=Still, CAMERA_PATH=str(path), RECOGNISER=stones)
    client = app.test_client()
    client.post("/api/game/start", json={"game": "one", "options": {"players": 2}})
    from web.runtime import get_runtime

    status = get_runtime(app).referee.process(picture)
    assert status["lens"]["loaded"] is True
    lens = client.get("/api/calibration").get_json()["lens"]
    assert lens["message"] == "Lens calibration loaded: its error is 0.30 pixels (good)."

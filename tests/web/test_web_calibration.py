"""The calibration page's API and its runner: ChArUco views rendered with a known lens
(``calibration.synthetic``) pushed one by one through a fake camera feed."""

from __future__ import annotations

import threading

import cv2
import numpy as np
import pytest

from calibration.commands import default_camera_path
from calibration.intrinsics import CameraModel
from calibration.synthetic import SyntheticCamera
from hardware.frames import Frame
from tests.helpers.charuco_views import CAMERA, charuco_frames
from web.calibration_page import get_runner
from web.calibration_runner import CalibrationRunner
from web.runtime import get_runtime

WAIT = 20.0  # seconds: an upper bound never reached when things work


class FakeFeed:
    """Stands in for ``CameraFeed``: the test pushes each frame, and listeners are told
    on the test's thread as the feed's own thread would tell them."""

    description = "test camera"

    def __init__(self) -> None:
        self.latest: Frame | None = None
        self.frame_count = 0
        self.status = "ok"
        self._listeners: list = []
        self._lock = threading.Lock()

    def subscribe(self, listener):
        with self._lock:
            self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    def _tell(self, kind, data):
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            listener(kind, data)

    def push(self, image: np.ndarray) -> None:
        self.frame_count += 1
        self.latest = Frame(image, 0.0, self.frame_count - 1, self.description)
        self._tell("frame", {"number": self.frame_count})

    def snapshot(self):
        return {"status": self.status, "source": self.description, "frames": self.frame_count}

    def latest_jpeg(self):
        if self.latest is None:
            return None
        return self.frame_count, cv2.imencode(".jpg", self.latest.image)[1].tobytes()

    def stop(self) -> None:
        self.status = "stopped"
        self._tell("status", {"camera": "stopped"})


@pytest.fixture(scope="module")
def frames():
    return charuco_frames()


@pytest.fixture
def feed():
    fake = FakeFeed()
    yield fake
    fake.stop()  # ends a session still running, as the server's shutdown does


@pytest.fixture
def camera_app(make_app, feed, companion_home):
    app = make_app()
    get_runtime(app).feed = feed
    return app


def show(runner, feed, image):
    """Push one frame and wait until the runner has looked at it; return the status."""
    seen = runner.status()["frames"]
    feed.push(image)
    return runner.wait_until(lambda s: s["frames"] > seen or s["state"] != "collecting", WAIT)


def test_without_a_camera_the_page_and_the_api_say_so(client):
    page = client.get("/calibrate")
    assert page.status_code == 200 and b"There is no camera" in page.data
    status = client.get("/api/calibration/camera").get_json()
    assert status["state"] == "idle" and status["camera"]["status"] == "no camera"
    assert status["message"].startswith("There is no camera")
    answer = client.post("/api/calibration/camera/start", json={"target": "charuco"})
    assert answer.status_code == 400
    assert answer.get_json()["error"].startswith("There is no camera to calibrate")


@pytest.mark.parametrize("body, error", [
    ("[1, 2]", "The request body must be a JSON object"),
    ({"target": "banana"}, "The target is charuco or chessboard, not 'banana'."),
    ({"target": 3}, "target is charuco or chessboard."),
    ({"spec": "five"}, "A ChArUco board is given as COLSxROWS:SQUARE_MM:MARKER_MM"),
    ({"spec": "5x7:20:26"}, "markers must be smaller than its squares"),
    ({"target": "chessboard", "spec": "9x6:-4"}, "COLSxROWS[:SQUARE_MM]"),
    ({"wanted": 2}, "a whole number from 3 to 50"),
    ({"wanted": "15"}, "a whole number from 3 to 50"),
    ({"wanted": True}, "a whole number from 3 to 50"),
])
def test_malformed_starts_are_refused_in_words(camera_app, body, error):
    client = camera_app.test_client()
    if isinstance(body, str):
        answer = client.post("/api/calibration/camera/start", data=body)
    else:
        answer = client.post("/api/calibration/camera/start", json=body)
    assert answer.status_code == 400 and error in answer.get_json()["error"]
    assert client.get("/api/calibration/camera").get_json()["state"] == "idle"


def test_nothing_to_finish_cancel_or_save_when_idle(camera_app):
    client = camera_app.test_client()
    finish = client.post("/api/calibration/camera/finish")
    assert finish.status_code == 400
    assert finish.get_json()["error"] == "No calibration is collecting pictures: start one first."
    save = client.post("/api/calibration/camera/save")
    assert save.get_json()["error"] == "There is no finished calibration to save."
    assert client.post("/api/calibration/camera/cancel").get_json()["state"] == "idle"
    nothing_yet = client.get("/calibrate/frame.jpg")
    assert nothing_yet.mimetype == "image/jpeg" and nothing_yet.headers["X-Frame-Number"] == "0"
    assert client.get("/api/calibration/camerax").status_code == 404


def test_a_whole_calibration_from_the_api(camera_app, feed, frames, companion_home):
    client = camera_app.test_client()
    started = client.post("/api/calibration/camera/start",
                          json={"target": "charuco", "spec": "5x7:33:25", "wanted": 15})
    assert started.status_code == 200
    assert started.get_json()["state"] == "collecting"
    assert started.get_json()["target"] == "charuco" and started.get_json()["spec"] == "5x7:33:25"
    runner = get_runner(camera_app)

    blank = np.full_like(frames[0], 90)
    nothing = show(runner, feed, blank)
    assert not nothing["kept"] and nothing["views"] == 0
    assert nothing["message"].startswith("No target: only 0 ChArUco corners found")

    first = show(runner, feed, frames[0])
    assert first["kept"] and first["views"] == 1 and first["seen"] is not None
    assert first["message"] == "1 of 10 pictures: keep moving and tilting the target."
    assert first["image_size"] == [640, 480] and 0 < first["covered"] < 16
    picture = client.get("/calibrate/frame.jpg")  # the frame the outline belongs to
    assert picture.headers["X-Frame-Number"] == str(first["frame"]) == "2"
    decoded = cv2.imdecode(np.frombuffer(picture.data, np.uint8), cv2.IMREAD_COLOR)
    assert decoded.shape == frames[0].shape
    again = show(runner, feed, frames[0])
    assert not again["kept"] and again["message"] == "Move or tilt the target to a new position."
    show(runner, feed, frames[1])

    too_few = client.post("/api/calibration/camera/finish")
    assert too_few.status_code == 400
    assert too_few.get_json()["error"] == (
        "Only 2 picture(s) of the target kept so far; at least 3 are needed (10 or more "
        "advised): keep moving it under the camera.")
    busy = client.post("/api/calibration/camera/start", json={"target": "charuco"})
    assert busy.status_code == 409 and "already running" in busy.get_json()["error"]

    covered = [show(runner, feed, frame)["covered"] for frame in frames[2:6]]
    assert covered == sorted(covered) and covered[-1] > first["covered"]
    assert client.get("/api/calibration/camera").get_json()["views"] == 6

    asked = client.post("/api/calibration/camera/finish").get_json()
    assert asked["state"] == "collecting"  # the runner's thread calibrates
    done = runner.wait_until(lambda s: s["state"] not in ("collecting", "calibrating"), WAIT)
    assert done["state"] == "finished", done["message"]
    result = done["result"]
    assert result["rms"] < 0.5 and result["quality"] == "good"
    assert result["focal_px"] == pytest.approx(CAMERA.focal_px, rel=0.03)
    assert len(result["per_view"]) == 6 and result["per_view"][0]["name"] == "frame 2"
    assert done["message"].startswith(f"RMS reprojection error {result['rms']:.2f} px (good)")
    assert done["saved"] is None and not (companion_home / "camera.json").exists()

    saved = client.post("/api/calibration/camera/save").get_json()
    path = companion_home / "camera.json"
    assert saved["result"]["saved_to"] == str(path) == str(default_camera_path())
    assert saved["saved"] == {"path": str(path), "rms": result["rms"], "quality": "good",
                              "image_size": [640, 480], "target": "charuco 5x7:33:25"}
    model = CameraModel.load(path)  # where `calibrate board` and the recognisers look
    assert model.image_size == (640, 480) and model.target == "charuco 5x7:33:25"
    assert model.matrix[0, 0] == pytest.approx(CAMERA.focal_px, rel=0.03)


def test_the_session_ends_by_itself_with_the_pictures_wanted(camera_app, feed, frames):
    client = camera_app.test_client()
    client.post("/api/calibration/camera/start", json={"wanted": 4})
    runner = get_runner(camera_app)
    for frame in frames[:3]:
        assert show(runner, feed, frame)["state"] == "collecting"
    show(runner, feed, frames[3])
    done = runner.wait_until(lambda s: s["state"] == "finished", WAIT)
    assert done["views"] == 4 and done["done"] and len(done["result"]["per_view"]) == 4
    feed.push(frames[4])  # the session is over: later frames change nothing
    assert client.get("/api/calibration/camera").get_json()["views"] == 4


def test_cancel_forgets_the_session_and_a_new_one_starts(camera_app, feed, frames):
    client = camera_app.test_client()
    client.post("/api/calibration/camera/start", json={"target": "chessboard"})
    runner = get_runner(camera_app)
    status = show(runner, feed, frames[0])
    assert status["spec"] == "9x6:25"
    assert status["message"].startswith("No target: the 9x6 chessboard (inner corners) was not")
    cancelled = client.post("/api/calibration/camera/cancel").get_json()
    assert cancelled["state"] == "idle" and cancelled["message"].startswith("Calibration cancelled")
    again = client.post("/api/calibration/camera/start", json={"target": "charuco"})
    assert again.status_code == 200
    assert show(runner, feed, frames[1])["views"] == 1


def test_a_saved_calibration_is_shown_to_the_next_server(make_app, companion_home, frames):
    camera = SyntheticCamera(width=640, height=480)
    model = CameraModel(camera.matrix, camera.dist, camera.size, rms=0.72, target="x")
    model.save(default_camera_path())
    status = make_app().test_client().get("/api/calibration/camera").get_json()
    assert status["saved"]["quality"] == "acceptable" and status["saved"]["rms"] == 0.72


def test_the_camera_stopping_ends_the_session(camera_app, feed):
    client = camera_app.test_client()
    client.post("/api/calibration/camera/start", json={})
    feed.stop()
    status = client.get("/api/calibration/camera").get_json()
    assert status["state"] == "idle" and status["message"] == "The camera stopped."


def test_events_every_kept_picture_and_a_few_a_second_otherwise(feed, frames, fake_clock,
                                                               tmp_path):
    events = []
    runner = CalibrationRunner(feed, publish=lambda kind, data: events.append((kind, data)),
                               save_path=lambda: tmp_path / "camera.json", clock=fake_clock)
    runner.start("charuco")
    assert [kind for kind, _ in events] == ["calibration"]
    show(runner, feed, frames[0])  # kept: sent at once
    show(runner, feed, frames[0])  # nothing new, at the same moment: not sent
    assert [data["views"] for _, data in events] == [0, 1]
    fake_clock.advance(0.3)
    show(runner, feed, frames[0])  # nothing new, but a while later: sent
    assert len(events) == 3 and events[-1][1]["message"].startswith("Move or tilt")
    runner.cancel()
    assert events[-1][1]["state"] == "idle"


def test_the_charuco_target_is_printed_for_download(client):
    a4 = client.get("/calibrate/charuco.pdf")
    assert a4.status_code == 200 and a4.mimetype == "application/pdf"
    assert a4.data.startswith(b"%PDF") and 'filename="charuco-a4.pdf"' in a4.headers[
        "Content-Disposition"]
    letter = client.get("/calibrate/charuco.pdf?paper=letter&spec=6x8:25:18")
    assert letter.status_code == 200 and b"6x8:25:18" in letter.data
    assert client.get("/calibrate/charuco.pdf?paper=a3").status_code == 400
    assert client.get("/calibrate/charuco.pdf?spec=nope").status_code == 400


def test_the_table_page_links_to_the_calibration_page(client):
    assert b'id="calibrate-link" class="button" href="/calibrate"' in client.get("/").data
    page = client.get("/calibrate")
    assert b"Calibrate the camera" in page.data and b"/calibrate/charuco.pdf?paper=a4" in page.data


def test_a_calibration_that_cannot_be_done_says_why(camera_app, feed, frames):
    client = camera_app.test_client()
    client.post("/api/calibration/camera/start", json={})
    runner = get_runner(camera_app)
    for frame in frames[:2]:
        show(runner, feed, frame)
    show(runner, feed, cv2.resize(frames[2], (800, 600)))  # the camera changed resolution
    assert client.post("/api/calibration/camera/finish").status_code == 200
    failed = runner.wait_until(lambda s: s["state"] == "failed", WAIT)
    assert failed["message"] == ("The pictures are not all the same size; calibrate one "
                                 "camera setting at a time.")
    assert client.post("/api/calibration/camera/save").status_code == 400
    assert client.post("/api/calibration/camera/start", json={}).status_code == 200

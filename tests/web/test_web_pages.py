"""The table page, the camera picture, the MJPEG stream and /healthz."""

import threading

import cv2
import numpy as np
import pytest

from companion.journal import JournalError
from hardware.frames import FrameSource, FrameSourceError, SourceSpecError
from web.runtime import get_runtime

TIMEOUT = 10.0


class StillCamera(FrameSource):
    """A pretend camera: a 64×48 picture of one grey level, ``frames`` times."""

    description = "still camera"

    def __init__(self, level=90, frames=1_000_000):
        super().__init__()
        self.level = level
        self.left = frames
        self.gate = threading.Event()
        self.gate.set()

    def read(self):
        self.gate.wait(TIMEOUT)
        if self.left == 0:
            raise FrameSourceError("the still camera is unplugged")
        self.left -= 1
        return self._frame(np.full((48, 64, 3), self.level, np.uint8))

    def close(self):
        pass


def decode(data):
    return cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)


def test_healthz_reports_version_camera_journal_and_last_event(app, client):
    body = client.get("/healthz").get_json()
    assert body == {"ok": True, "version": "0.1.0", "camera": "no camera",
                    "journal": app.config["JOURNAL_PATH"], "last_event_seq": 0,
                    "journal_warnings": []}
    client.post("/api/dice/roll")
    assert client.get("/healthz").get_json()["last_event_seq"] == 1


def test_the_table_page_renders_with_its_parts(client):
    response = client.get("/")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    for part in ['id="frame"', 'id="roll"', 'id="history"', 'id="count"', 'id="sides"',
                 'type="module"', "/static/js/table.js", "/static/table.css",
                 'name="viewport"']:
        assert part in html
    assert "demo-button" not in html


def test_the_calibration_page_s_other_name_leads_to_it(client):
    answer = client.get("/calibration")
    assert answer.status_code == 302 and answer.headers["Location"] == "/calibrate"
    assert client.get("/calibration", follow_redirects=True).status_code == 200


def test_the_demo_page_has_the_simulated_button(make_app):
    html = make_app(DEMO=True).test_client().get("/").get_data(as_text=True)
    assert 'id="demo-button"' in html and "Simulated button on mock GPIO17" in html


@pytest.mark.parametrize("path", ["/static/js/table.js", "/static/js/api.js",
                                  "/static/js/dice.js", "/static/table.css"])
def test_static_files_are_served_without_a_cdn(client, path):
    response = client.get(path)
    assert response.status_code == 200
    assert "https://" not in response.get_data(as_text=True)
    response.close()


def test_the_page_can_be_put_on_a_home_screen(client):
    html = client.get("/").get_data(as_text=True)
    assert 'rel="manifest"' in html and 'rel="icon"' in html
    manifest = client.get("/static/manifest.webmanifest")
    assert manifest.mimetype == "application/manifest+json"
    data = manifest.get_json(force=True)
    manifest.close()
    assert data["start_url"] == "/" and data["display"] == "standalone"
    for icon in data["icons"]:
        answer = client.get(f"/static/{icon['src']}")
        assert answer.status_code == 200
        answer.close()


def test_frame_jpg_without_a_camera_is_a_placeholder(client):
    response = client.get("/frame.jpg")
    assert response.status_code == 200 and response.mimetype == "image/jpeg"
    assert response.headers["X-Frame-Number"] == "0"
    assert response.headers["Cache-Control"] == "no-store"
    image = decode(response.data)
    assert image.shape == (480, 640, 3)


def test_frame_jpg_serves_the_latest_frame(make_app):
    camera = StillCamera(level=200)
    app = make_app(FRAME_SOURCE=lambda: camera)
    feed = get_runtime(app).feed
    number = feed.wait_for_frame(after=0, timeout=TIMEOUT)
    camera.gate.clear()
    response = app.test_client().get("/frame.jpg")
    camera.gate.set()
    assert int(response.headers["X-Frame-Number"]) >= number >= 1
    image = decode(response.data)
    assert image.shape == (48, 64, 3) and abs(int(image.mean()) - 200) <= 3


def test_a_source_that_cannot_open_yet_leaves_the_app_serving_a_placeholder(make_app):
    def unplugged():
        raise FrameSourceError("the USB camera 0 cannot be opened: is it plugged in?")

    app = make_app(FRAME_SOURCE=unplugged)
    client = app.test_client()
    status = client.get("/healthz").get_json()["camera"]
    assert status in ("starting", "reconnecting in 1 s: the USB camera 0 cannot be opened: "
                                  "is it plugged in?")
    assert decode(client.get("/frame.jpg").data).shape == (480, 640, 3)


def test_a_bad_source_text_stops_the_app_from_starting(make_app):
    with pytest.raises(SourceSpecError, match="'webcam' is neither a source name"):
        make_app(FRAME_SOURCE="webcam")


def test_a_folder_of_pictures_is_a_source(make_app, tmp_path):
    folder = tmp_path / "pics"
    folder.mkdir()
    cv2.imwrite(str(folder / "a.png"), np.full((30, 40, 3), 50, np.uint8))
    app = make_app(FRAME_SOURCE=f"replay:{folder}?fps=0&loop=0")
    feed = get_runtime(app).feed
    feed.wait_for_frame(after=0, timeout=TIMEOUT)
    assert decode(app.test_client().get("/frame.jpg").data).shape == (30, 40, 3)


def test_a_journal_that_is_not_one_stops_the_app(make_app, tmp_path):
    bogus = tmp_path / "notes.sqlite3"
    bogus.write_text("shopping list" * 20)
    with pytest.raises(JournalError, match="not a Tabletop Companion journal"):
        make_app(JOURNAL_PATH=str(bogus))


def test_mjpeg_stream_sends_frames_as_multipart_parts(make_app):
    camera = StillCamera(level=120)
    app = make_app(FRAME_SOURCE=lambda: camera)
    get_runtime(app).feed.wait_for_frame(after=0, timeout=TIMEOUT)
    response = app.test_client().get("/video.mjpg")
    assert response.mimetype == "multipart/x-mixed-replace"
    parts = iter(response.response)
    first, second = next(parts), next(parts)
    response.close()
    for part in (first, second):
        head, _, data = part.partition(b"\r\n\r\n")
        assert head.startswith(b"--frame\r\nContent-Type: image/jpeg")
        assert decode(data.removesuffix(b"\r\n")).shape == (48, 64, 3)


def test_mjpeg_without_a_camera_sends_the_placeholder_once(client):
    response = client.get("/video.mjpg")
    parts = list(response.response)
    assert len(parts) == 1 and b"Content-Type: image/jpeg" in parts[0]


def test_without_a_config_the_journal_is_in_the_data_folder(companion_home):
    from web.app import create_app

    app = create_app()
    try:
        assert app.config["JOURNAL_PATH"] == str(companion_home / "journal.sqlite3")
        assert app.test_client().get("/healthz").get_json()["camera"] == "no camera"
    finally:
        get_runtime(app).close()


def test_the_favicon_is_answered_without_a_file(client):
    answer = client.get("/favicon.ico")
    assert answer.status_code == 204 and answer.data == b""

"""open_source: the texts a person types for --source, and the Pi camera's absence."""

import sys

import cv2
import numpy as np
import pytest

from companion.errors import UserFacingError
from hardware.frames import FrameSourceError, SourceSpecError, open_source
from hardware.frames import opencv as opencv_module
from hardware.frames.picamera import PiCameraMissing, PiCameraSource
from hardware.frames.replay import ReplaySource
from hardware.frames.spec import FOLDER_HOLD


@pytest.fixture
def pictures(tmp_path):
    folder = tmp_path / "pics"
    folder.mkdir()
    for index in range(2):
        cv2.imwrite(str(folder / f"{index}.jpg"), np.full((8, 8, 3), 100, np.uint8))
    return folder


class RecordingCapture:
    """Stands in for cv2.VideoCapture: records how it was opened, opens fine."""

    opened: list = []

    def __init__(self, *args):
        RecordingCapture.opened.append(args)
        self.settings = {}

    def isOpened(self):
        return True

    def set(self, prop, value):
        self.settings[prop] = value

    def read(self):
        return True, np.zeros((4, 4, 3), np.uint8)

    def release(self):
        pass


@pytest.fixture
def fake_capture(monkeypatch):
    RecordingCapture.opened = []
    monkeypatch.setattr(opencv_module.cv2, "VideoCapture", RecordingCapture)
    return RecordingCapture


def test_a_folder_path_is_a_looping_replay_at_two_fps_of_held_photographs(pictures):
    source = open_source(str(pictures))
    assert isinstance(source, ReplaySource)
    assert source.fps == 2.0 and source.loop and source.hold == FOLDER_HOLD


def test_replay_spec_takes_rate_loop_and_hold(pictures):
    source = open_source(f"replay:{pictures}?fps=5&loop=0")
    assert isinstance(source, ReplaySource)
    assert source.fps == 5.0 and not source.loop and source.hold == 1
    assert open_source(f"replay:{pictures}?fps=0").fps is None
    assert open_source(f"replay:{pictures}?hold=6").hold == 6


@pytest.mark.parametrize("spec, expected", [
    ("usb:0", (0,)), ("0", (0,)), ("USB:2", (2,)),
])
def test_usb_specs_open_a_camera_by_index(fake_capture, spec, expected):
    source = open_source(spec)
    assert fake_capture.opened == [expected]
    assert source.description == f"USB camera {expected[0]}"
    assert source.read().width == 4


def test_usb_spec_takes_a_picture_size(fake_capture):
    source = open_source("usb:1?width=1280&height=720")
    assert source._capture.settings == {cv2.CAP_PROP_FRAME_WIDTH: 1280,
                                        cv2.CAP_PROP_FRAME_HEIGHT: 720}


@pytest.mark.parametrize("url", ["http://10.0.0.5:8080/video", "rtsp://cam/stream",
                                 "HTTPS://cam.local/mjpg"])
def test_urls_open_a_stream_with_timeouts(fake_capture, url):
    source = open_source(url)
    assert fake_capture.opened[0][0] == url
    assert cv2.CAP_PROP_OPEN_TIMEOUT_MSEC in fake_capture.opened[0][2]
    assert source.description == f"stream {url}"


@pytest.mark.parametrize("spec, message", [
    ("", "the source is empty"),
    ("webcam", "neither a source name nor an existing folder"),
    ("usb:front", "needs a camera number"),
    ("usb:0?zoom=2", r"option this source does not know \(zoom\)"),
    ("usb:0?width=-5", "positive whole number"),
    ("replay:", "names no folder"),
    ("replay:x?fps=fast", "give a number from 0"),
    ("replay:x?fps=nan", "give a number from 0"),
    ("replay:x?loop=maybe", "use loop=1 or loop=0"),
    ("replay:x?hold=0", "whole number from 1 to 1000"),
    ("replay:x?hold=²", "whole number from 1 to 1000"),
])
def test_bad_specs_get_one_clear_sentence(spec, message):
    with pytest.raises(SourceSpecError, match=message) as caught:
        open_source(spec)
    assert isinstance(caught.value, UserFacingError) and isinstance(caught.value, ValueError)
    assert "\n" not in str(caught.value)


def test_replay_of_a_missing_folder_names_it(tmp_path):
    with pytest.raises(FrameSourceError, match="no folder or video file at .*gone"):
        open_source(f"replay:{tmp_path / 'gone'}")


def test_a_usb_camera_that_is_not_there_is_explained(monkeypatch):
    class Closed(RecordingCapture):
        def isOpened(self):
            return False

    monkeypatch.setattr(opencv_module.cv2, "VideoCapture", Closed)
    with pytest.raises(FrameSourceError, match="USB camera 3 cannot be opened: is it plugged"):
        open_source("usb:3")


def test_picamera_missing_names_the_apt_package(monkeypatch):
    monkeypatch.setitem(sys.modules, "picamera2", None)
    with pytest.raises(PiCameraMissing, match="install python3-picamera2 with apt") as caught:
        open_source("picamera")
    assert "--system-site-packages" in str(caught.value)
    assert isinstance(caught.value, UserFacingError) and isinstance(caught.value, ImportError)


class FakePicamera2:
    """The few picamera2 calls the source makes, on a pretend camera."""

    cameras = [{"Model": "imx708"}]
    started = False

    def __init__(self, index):
        self.index = index

    @classmethod
    def global_camera_info(cls):
        return cls.cameras

    def create_video_configuration(self, main):
        return {"main": main}

    def configure(self, config):
        self.size = config["main"]["size"]

    def start(self):
        FakePicamera2.started = True

    def capture_array(self, stream):
        width, height = self.size
        return np.zeros((height, width, 3), np.uint8)

    def stop(self):
        FakePicamera2.started = False

    def close(self):
        pass


def test_picamera_source_reads_frames_through_picamera2(monkeypatch, fake_clock):
    module = type(sys)("picamera2")
    module.Picamera2 = FakePicamera2
    monkeypatch.setitem(sys.modules, "picamera2", module)
    source = open_source("picamera?width=640&height=480", clock=fake_clock)
    assert isinstance(source, PiCameraSource) and FakePicamera2.started
    frame = source.read()
    assert (frame.width, frame.height, frame.timestamp) == (640, 480, 1000.0)
    source.close()
    assert not FakePicamera2.started
    with pytest.raises(FrameSourceError, match="no Pi camera 1 is connected"):
        open_source("picamera:1")

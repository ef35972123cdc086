"""CameraFeed: latest frame, status, reconnection with back-off, never raising."""

import logging
import threading

import cv2
import numpy as np
import pytest

from hardware.frames import CameraFeed, FrameSource, FrameSourceError, ReplayEnded

TIMEOUT = 10.0  # an upper bound for waits on the feed thread; tests never reach it


class ScriptedSource(FrameSource):
    """Gives ``frames`` frames, then raises ``then`` (ReplayEnded unless told)."""

    def __init__(self, frames, then=None, description="scripted camera"):
        super().__init__(clock=lambda: 0.0)
        self.description = description
        self.left = frames
        self.then = then or ReplayEnded("the scripted camera has ended")
        self.closed = False

    def read(self):
        if self.left == 0:
            raise self.then
        self.left -= 1
        image = np.full((12, 16, 3), 10 * self._sequence, np.uint8)
        return self._frame(image)

    def close(self):
        self.closed = True


class Opener:
    """Fails ``failures`` times with ``error``, then hands out the given sources."""

    def __init__(self, failures, sources, error=None):
        self.failures = failures
        self.sources = list(sources)
        self.error = error or FrameSourceError("the USB camera 0 cannot be opened")
        self.calls = 0

    def __call__(self):
        self.calls += 1
        if self.failures:
            self.failures -= 1
            raise self.error
        return self.sources.pop(0)


class RecordingWait:
    """The feed's wait, driven by the test: records each delay and returns at once."""

    def __init__(self):
        self.delays = []

    def __call__(self, seconds):
        self.delays.append(seconds)
        return False


def run_to_end(feed):
    """Start ``feed`` and wait (bounded) for its thread to finish; return statuses seen."""
    statuses = []
    feed.subscribe(lambda kind, data: statuses.append(data["camera"]) if kind == "status"
                   else None)
    feed.start()
    feed._thread.join(TIMEOUT)
    assert not feed.running
    return statuses


def test_feed_reconnects_with_doubling_back_off_then_runs():
    source = ScriptedSource(frames=2)
    wait = RecordingWait()
    feed = CameraFeed(Opener(3, [source]), wait=wait)
    statuses = run_to_end(feed)
    assert wait.delays == [1.0, 2.0, 4.0]
    assert statuses == [
        "reconnecting in 1 s: the USB camera 0 cannot be opened",
        "reconnecting in 2 s: the USB camera 0 cannot be opened",
        "reconnecting in 4 s: the USB camera 0 cannot be opened",
        "ok",
        "ended: the scripted camera has ended",
    ]
    assert feed.frame_count == 2 and feed.latest.sequence == 1
    assert source.closed


def test_back_off_is_capped():
    wait = RecordingWait()
    feed = CameraFeed(Opener(6, [ScriptedSource(frames=1)]), wait=wait, backoff_max=8)
    run_to_end(feed)
    assert wait.delays == [1, 2, 4, 8, 8, 8]


def test_a_camera_lost_mid_stream_is_closed_reopened_and_back_off_restarts():
    unplugged = FrameSourceError("the USB camera 0 sent no picture: unplugged")
    first = ScriptedSource(frames=3, then=unplugged)
    second = ScriptedSource(frames=1, then=unplugged)
    third = ScriptedSource(frames=1)
    opener = Opener(0, [first])
    wait = RecordingWait()
    feed = CameraFeed(opener, wait=wait)

    def unplug_for_one_attempt(kind, data):
        if data.get("camera", "").endswith("unplugged") and opener.sources == []:
            opener.failures = 1
            opener.sources = [second] if not second.closed else [third]

    feed.subscribe(unplug_for_one_attempt)
    statuses = run_to_end(feed)
    assert first.closed and second.closed and third.closed
    # lost, failed once, back: then the next loss starts the back-off at 1 s again
    assert wait.delays == [1.0, 2.0, 1.0, 2.0]
    assert statuses.count("reconnecting in 1 s: the USB camera 0 sent no picture: "
                          "unplugged") == 2
    assert feed.frame_count == 5


def test_unexpected_errors_are_logged_and_survived(caplog):
    broken = ScriptedSource(frames=1, then=RuntimeError("driver crashed"))
    wait = RecordingWait()
    feed = CameraFeed(Opener(0, [broken, ScriptedSource(frames=1)]), wait=wait)
    with caplog.at_level(logging.ERROR, logger="hardware.frames.feed"):
        statuses = run_to_end(feed)
    assert "reconnecting in 1 s: driver crashed" in statuses
    assert feed.frame_count == 2
    assert "unexpected error" in caplog.text


def test_an_opened_source_is_used_first():
    source = ScriptedSource(frames=1)
    opener = Opener(0, [])
    feed = CameraFeed(opener, source=source, wait=RecordingWait())
    assert feed.description == "scripted camera" and feed.status == "starting"
    run_to_end(feed)
    assert opener.calls == 0 and feed.frame_count == 1


def test_stop_cuts_a_long_back_off_short():
    reconnecting = threading.Event()
    feed = CameraFeed(Opener(99, []), backoff_start=3600)
    feed.subscribe(lambda kind, data: reconnecting.set())
    feed.start()
    assert reconnecting.wait(TIMEOUT)
    assert feed.status.startswith("reconnecting in 3600 s")
    feed.stop()
    assert not feed.running and feed.status == "stopped"


def test_latest_jpeg_is_the_newest_frame_and_a_bad_listener_is_ignored(caplog):
    def broken_listener(kind, data):
        raise KeyError("oops")

    feed = CameraFeed(Opener(0, [ScriptedSource(frames=3)]), wait=RecordingWait())
    assert feed.latest_jpeg() is None
    feed.subscribe(broken_listener)
    with caplog.at_level(logging.ERROR, logger="hardware.frames.feed"):
        run_to_end(feed)
    number, data = feed.latest_jpeg()
    assert number == 3
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    assert image.shape == (12, 16, 3) and abs(int(image.mean()) - 20) <= 2
    assert feed.latest_jpeg()[1] is data
    assert feed.snapshot() == {"status": "ended: the scripted camera has ended",
                               "source": "scripted camera", "frames": 3}
    assert "a listener failed" in caplog.text


def test_wait_for_frame_returns_when_a_frame_arrives():
    gate = threading.Event()

    class GatedSource(ScriptedSource):
        def read(self):
            gate.wait(TIMEOUT)
            return super().read()

    feed = CameraFeed(Opener(0, [GatedSource(frames=1)]), wait=RecordingWait()).start()
    assert feed.wait_for_frame(after=0, timeout=0) == 0
    gate.set()
    assert feed.wait_for_frame(after=0, timeout=TIMEOUT) == 1
    feed.stop()


def test_unsubscribed_listeners_hear_nothing():
    heard = []
    feed = CameraFeed(Opener(0, [ScriptedSource(frames=2)]), wait=RecordingWait())
    unsubscribe = feed.subscribe(lambda kind, data: heard.append(kind))
    unsubscribe()
    unsubscribe()
    run_to_end(feed)
    assert heard == []


@pytest.mark.parametrize("error", [FrameSourceError("gone"), OSError("gone")])
def test_a_failing_close_does_not_stop_the_feed(error, caplog):
    class BadClose(ScriptedSource):
        def close(self):
            raise error

    wait = RecordingWait()
    feed = CameraFeed(Opener(0, [BadClose(frames=1, then=FrameSourceError("lost")),
                                 ScriptedSource(frames=1)]), wait=wait)
    with caplog.at_level(logging.ERROR, logger="hardware.frames.feed"):
        run_to_end(feed)
    assert feed.frame_count == 2

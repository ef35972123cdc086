"""Keep a camera running in the background for everyone who wants its latest picture.

The :class:`CameraFeed` reads a :class:`FrameSource` in its own thread, keeps the
latest frame (and its JPEG, encoded once when first asked for), counts frames, and
says how the camera is doing in a short status text. When the source fails (a cable
pulled, a stream dropped) it closes it and opens it again with exponential back-off,
and it never raises into whoever runs it: the web server keeps serving, the page shows
"reconnecting in 4 s: ...", and the picture comes back by itself.

The waiting between attempts is injectable: it defaults to a ``threading.Event`` wait
that ``stop()`` cuts short, and tests pass a function that records the delays and
returns at once, so reconnection is tested without sleeping.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

import cv2

from companion.errors import UserFacingError
from companion.listeners import Listeners
from hardware.frames.base import Frame, FrameSource, ReplayEnded

log = logging.getLogger(__name__)

Opener = Callable[[], FrameSource]
Wait = Callable[[float], bool]
"""Waits up to the given seconds; returns True when the feed should stop instead."""
Listener = Callable[[str, dict[str, Any]], None]
"""Told ``("frame", {"number": n})`` for each new frame, ``("status", {"camera": text})``
when the status changes. Called from the feed's thread: keep it short."""

STARTING = "starting"
OK = "ok"


class CameraFeed:
    """Runs ``opener()``'s source in a background thread and keeps its latest frame.

    ``source`` is an already opened source to start with (so a caller can check the
    source opens before serving). Back-off between reconnection attempts starts at
    ``backoff_start`` seconds and doubles up to ``backoff_max``.
    """

    def __init__(self, opener: Opener, *, source: FrameSource | None = None,
                 wait: Wait | None = None, backoff_start: float = 1.0,
                 backoff_max: float = 30.0, jpeg_quality: int = 80) -> None:
        self._opener = opener
        self._source = source
        self._stop = threading.Event()
        self._done = threading.Event()
        self._wait = wait or self._stop.wait
        self.backoff_start = backoff_start
        self.backoff_max = backoff_max
        self.jpeg_quality = jpeg_quality
        self._changed = threading.Condition()
        self._frame: Frame | None = None
        self._count = 0
        self._jpeg: tuple[int, bytes] | None = None
        self._status = STARTING
        self._description = source.description if source else ""
        self._listeners: Listeners[[str, dict[str, Any]]] = Listeners(
            log, "camera feed: a listener failed on {0}")
        self._thread: threading.Thread | None = None

    # -- what others read -------------------------------------------------------------

    @property
    def status(self) -> str:
        """"ok", "starting", "reconnecting in 4 s: <why>", "ended: <why>" or "stopped"."""
        return self._status

    @property
    def frame_count(self) -> int:
        """How many frames the feed has received since it started (across reconnects)."""
        return self._count

    @property
    def latest(self) -> Frame | None:
        """The newest frame, or None before the first one."""
        return self._frame

    @property
    def description(self) -> str:
        """What the current (or last) source is, such as "USB camera 0"."""
        return self._description

    @property
    def running(self) -> bool:
        """True from ``start()`` until the feed stops or its replay ends."""
        return self._thread is not None and not self._done.is_set()

    def latest_jpeg(self) -> tuple[int, bytes] | None:
        """Return ``(frame number, JPEG bytes)`` of the newest frame, or None."""
        with self._changed:
            frame, number = self._frame, self._count
            if frame is None:
                return None
            if self._jpeg is None or self._jpeg[0] != number:
                ok, data = cv2.imencode(".jpg", frame.image,
                                        [cv2.IMWRITE_JPEG_QUALITY, self.jpeg_quality])
                if not ok:
                    return None
                self._jpeg = (number, data.tobytes())
            return self._jpeg

    def wait_for_frame(self, after: int, timeout: float | None = None) -> int:
        """Block until a frame numbered above ``after`` arrives, the feed stops or ends,
        or ``timeout`` seconds pass; return the newest frame number."""
        with self._changed:
            self._changed.wait_for(lambda: self._count > after or self._stop.is_set()
                                   or self._done.is_set(), timeout)
            return self._count

    def snapshot(self) -> dict[str, Any]:
        """The feed's state as JSON data, for health checks and the status API."""
        return {"status": self._status, "source": self._description,
                "frames": self._count}

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` on every new frame and status change; return an
        unsubscribe function."""
        return self._listeners.add(listener)

    # -- running ----------------------------------------------------------------------

    def start(self) -> CameraFeed:
        """Start reading in a background (daemon) thread; return the feed."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="camera-feed",
                                            daemon=True)
            self._thread.start()
        return self

    def stop(self, timeout: float = 5.0) -> None:
        """Stop reading, wait up to ``timeout`` seconds for the thread, close the source."""
        self._stop.set()
        with self._changed:
            self._changed.notify_all()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)
        if self._thread is None or not self._thread.is_alive():
            self._close_source()

    def __enter__(self) -> CameraFeed:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def _run(self) -> None:
        delay = self.backoff_start
        while not self._stop.is_set():
            try:
                if self._source is None:
                    self._source = self._opener()
                    self._description = self._source.description
                frame = self._source.read()
            except ReplayEnded as end:
                self._close_source()
                self._set_status(f"ended: {end}")
                break
            except Exception as error:  # the feed must outlive any camera failure
                self._close_source()
                if not isinstance(error, UserFacingError):
                    log.exception("camera feed: unexpected error from %s",
                                  self._description or "the source")
                self._set_status(f"reconnecting in {delay:g} s: {error}")
                if self._wait(delay):
                    break
                delay = min(delay * 2, self.backoff_max)
                continue
            delay = self.backoff_start
            self._publish(frame)
        self._close_source()
        if not self._status.startswith("ended"):
            self._set_status("stopped")
        self._done.set()
        with self._changed:
            self._changed.notify_all()

    def _publish(self, frame: Frame) -> None:
        with self._changed:
            self._frame = frame
            self._count += 1
            number = self._count
            self._changed.notify_all()
        self._set_status(OK)
        self._tell("frame", {"number": number})

    def _set_status(self, status: str) -> None:
        if status == self._status:
            return
        self._status = status
        if status != OK:
            log.info("camera: %s", status)
        with self._changed:
            self._changed.notify_all()
        self._tell("status", {"camera": status})

    def _tell(self, kind: str, data: dict[str, Any]) -> None:
        self._listeners.notify(kind, data)

    def _close_source(self) -> None:
        source, self._source = self._source, None
        if source is not None:
            try:
                source.close()
            except Exception:  # closing a broken camera may fail too; it is gone anyway
                log.exception("camera feed: closing %s failed", source.description)

"""A USB webcam or a network stream, read through OpenCV's ``VideoCapture``."""

from __future__ import annotations

import time

import cv2

from hardware.frames.base import Clock, Frame, FrameSource, FrameSourceError

# How long OpenCV may wait for a network stream to open or to send a frame, in ms,
# so an unplugged camera or a dead stream becomes an error instead of a hang.
STREAM_TIMEOUT_MS = 5000


class VideoCaptureSource(FrameSource):
    """Frames from a USB camera (``target`` is its index, 0 for the first) or from a
    stream URL (``http://``, ``https://``, ``rtsp://``).

    ``width`` and ``height`` ask the camera for a picture size; cameras that cannot
    give it keep their own.
    """

    def __init__(self, target: int | str, *, width: int | None = None,
                 height: int | None = None, clock: Clock = time.monotonic) -> None:
        super().__init__(clock=clock)
        self.target = target
        if isinstance(target, int):
            self.description = f"USB camera {target}"
            capture = cv2.VideoCapture(target)
        else:
            self.description = f"stream {target}"
            capture = cv2.VideoCapture(target, cv2.CAP_ANY, [
                cv2.CAP_PROP_OPEN_TIMEOUT_MSEC, STREAM_TIMEOUT_MS,
                cv2.CAP_PROP_READ_TIMEOUT_MSEC, STREAM_TIMEOUT_MS,
            ])
        if not capture.isOpened():
            capture.release()
            hint = "is it plugged in?" if isinstance(target, int) else "is the address right?"
            raise FrameSourceError(f"the {self.description} cannot be opened: {hint}")
        if width:
            capture.set(cv2.CAP_PROP_FRAME_WIDTH, width)
        if height:
            capture.set(cv2.CAP_PROP_FRAME_HEIGHT, height)
        self._capture: cv2.VideoCapture | None = capture

    def read(self) -> Frame:
        if self._capture is None:
            raise FrameSourceError(f"the {self.description} is closed")
        ok, image = self._capture.read()
        if not ok or image is None:
            raise FrameSourceError(f"the {self.description} sent no picture: "
                                   "unplugged, or the stream dropped")
        return self._frame(image)

    def close(self) -> None:
        if self._capture is not None:
            self._capture.release()
            self._capture = None

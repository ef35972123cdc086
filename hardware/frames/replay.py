"""Replay a recording as if it were a camera: a folder of images or a video file.

The replay hands out frames at a chosen rate, so the web page and the recognisers see
the same rhythm as from a live camera. The rate is kept with an injected clock and
sleep function: tests pass a fake clock whose sleep only moves time forward, so no
test ever waits.
"""

from __future__ import annotations

import time
from pathlib import Path

import cv2
import numpy as np

from companion.vision.image_files import read_image
from hardware.frames.base import (
    Clock,
    Frame,
    FrameSource,
    FrameSourceError,
    ReplayEnded,
    Sleep,
)
from hardware.frames.pacing import Pacer

IMAGE_SUFFIXES = frozenset({".jpg", ".jpeg", ".png", ".bmp", ".webp", ".tif", ".tiff"})


def image_files(folder: Path) -> list[Path]:
    """Return the pictures in ``folder`` sorted by name, the order a replay shows them."""
    return sorted(p for p in folder.iterdir()
                  if p.is_file() and p.suffix.lower() in IMAGE_SUFFIXES)


class ReplaySource(FrameSource):
    """Frames from a folder of images (sorted by name) or from a video file.

    ``fps`` is the rate frames are handed out at (``None`` or 0: as fast as they are
    read). Each picture or video frame is handed out ``hold`` times in a row: a folder of
    one photograph per move then holds each still as a camera would, long enough for
    the live loop's stability gate. With ``loop`` the replay starts over after the last
    frame; without it, ``read()`` then raises :class:`ReplayEnded`.
    """

    def __init__(self, path: str | Path, *, fps: float | None = 2.0, loop: bool = True,
                 hold: int = 1, clock: Clock = time.monotonic, sleep: Sleep = time.sleep
                 ) -> None:
        super().__init__(clock=clock)
        if fps is not None and fps < 0:
            raise ValueError(f"a replay rate must be positive, not {fps} frames per second")
        if hold < 1:
            raise ValueError(f"each picture is held for at least one frame, not {hold}")
        self.hold = hold
        self._held: np.ndarray | None = None
        self._left = 0  # frames the picture handed out last is still held for
        self.path = Path(path)
        self.fps = fps or None
        self.loop = loop
        self._pacer = Pacer(self.fps, clock=clock, sleep=sleep)
        self._index = 0
        self._files: list[Path] = []
        self._capture: cv2.VideoCapture | None = None
        self._closed = False
        if self.path.is_dir():
            self._files = image_files(self.path)
            if not self._files:
                raise FrameSourceError(f"the replay folder {self.path} holds no pictures "
                                       f"({', '.join(sorted(IMAGE_SUFFIXES))})")
            self.description = f"replay of {self.path.name}/ ({len(self._files)} pictures)"
        elif self.path.is_file():
            self._capture = self._open_video()
            self.description = f"replay of {self.path.name}"
        else:
            raise FrameSourceError(f"there is no folder or video file at {self.path}")
        if hold > 1:
            self.description += f", each held {hold} frames"

    def __len__(self) -> int:
        """The number of frames in one pass (for a video, as its header says)."""
        if self._files:
            return len(self._files)
        assert self._capture is not None
        return max(0, int(self._capture.get(cv2.CAP_PROP_FRAME_COUNT)))

    def read(self) -> Frame:
        if self._closed:
            raise FrameSourceError(f"the {self.description} is closed")
        if self._left == 0 or self._held is None:
            self._held, self._left = self._next_image(), self.hold
        self._left -= 1
        self._pacer.wait()
        return self._frame(self._held)

    def rewind(self) -> None:
        """Begin again from the first picture (or video frame)."""
        self._index, self._left, self._held = 0, 0, None
        if self._capture is not None:
            self._capture.release()
            self._capture = self._open_video()

    def close(self) -> None:
        self._closed = True
        if self._capture is not None:
            self._capture.release()

    def _next_image(self) -> np.ndarray:
        if self._files:
            return self._next_file()
        return self._next_video_frame()

    def _next_file(self) -> np.ndarray:
        if self._index >= len(self._files):
            if not self.loop:
                raise ReplayEnded(f"the {self.description} has ended")
            self._index = 0
        path = self._files[self._index]
        self._index += 1
        try:
            image = read_image(path)
        except ValueError as error:
            raise FrameSourceError(str(error)) from error
        if image is None:
            raise FrameSourceError(f"the picture {path} cannot be read as an image")
        return image

    def _next_video_frame(self) -> np.ndarray:
        assert self._capture is not None
        ok, image = self._capture.read()
        if not ok and self.loop and self._index > 0:
            self._capture.release()
            self._capture = self._open_video()
            self._index = 0
            ok, image = self._capture.read()
        if not ok:
            if self._index > 0:
                raise ReplayEnded(f"the {self.description} has ended")
            raise FrameSourceError(f"the video {self.path} holds no frame OpenCV can read")
        self._index += 1
        return image

    def _open_video(self) -> cv2.VideoCapture:
        capture = cv2.VideoCapture(str(self.path))
        if not capture.isOpened():
            capture.release()
            raise FrameSourceError(f"{self.path} is neither a folder nor a video OpenCV "
                                   "can open")
        return capture

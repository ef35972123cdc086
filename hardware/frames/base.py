"""What every frame source gives: a :class:`Frame`, and how it says it cannot.

A source is anything that hands out pictures of the table one at a time: the Pi
camera, a USB webcam or network stream through OpenCV, or a replay of files. The rest
of the companion only sees this small interface, so a recogniser or the web page works
the same from a live camera and from a folder of JPEGs.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from companion.errors import UserFacingError

Clock = Callable[[], float]
"""A function returning seconds as a float, ``time.monotonic`` unless a test injects one."""

Sleep = Callable[[float], None]
"""A function that waits for a number of seconds, ``time.sleep`` unless injected."""


class FrameSourceError(UserFacingError, OSError):
    """No frame can be had right now: the camera is gone, the stream dropped, a file is
    unreadable. The message says which source and why, in one sentence."""


class ReplayEnded(FrameSourceError):
    """A replay that does not loop has shown its last frame."""


class SourceSpecError(UserFacingError, ValueError):
    """A ``--source`` text that names no source the companion knows how to open."""


@dataclass(frozen=True, eq=False)
class Frame:
    """One picture of the table.

    ``image`` is a BGR ``uint8`` array (OpenCV's order), ``timestamp`` is the source's
    clock (monotonic seconds) when the frame was taken, ``sequence`` counts the frames
    this source has delivered from 0, and ``source`` describes where it came from.
    """

    image: np.ndarray
    timestamp: float
    sequence: int
    source: str

    @property
    def width(self) -> int:
        return int(self.image.shape[1])

    @property
    def height(self) -> int:
        return int(self.image.shape[0])


class FrameSource(ABC):
    """A camera or a recording that delivers :class:`Frame` objects one by one.

    ``read()`` blocks until the next frame is there and raises :class:`FrameSourceError`
    when none can be had. ``close()`` releases the device; a source is also a context
    manager. ``description`` is a short text for a person: "USB camera 0".
    """

    description: str = "frame source"

    def __init__(self, *, clock: Clock = time.monotonic) -> None:
        self._clock = clock
        self._sequence = 0

    @abstractmethod
    def read(self) -> Frame:
        """Return the next frame, or raise :class:`FrameSourceError`."""

    @abstractmethod
    def close(self) -> None:
        """Release the camera or file; reading afterwards raises FrameSourceError."""

    def _frame(self, image: np.ndarray) -> Frame:
        """Wrap ``image`` as the next frame of this source, stamped with its clock."""
        frame = Frame(image=image, timestamp=self._clock(), sequence=self._sequence,
                      source=self.description)
        self._sequence += 1
        return frame

    def __enter__(self) -> FrameSource:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.description!r}>"

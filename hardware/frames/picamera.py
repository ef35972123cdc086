"""The Raspberry Pi camera through picamera2.

picamera2 comes from Raspberry Pi OS's apt repository, not from PyPI, so it is
imported only when a Pi camera is asked for; everywhere else this module imports fine
and the error says how to get the library.
"""

from __future__ import annotations

import time
from typing import Any

from companion.errors import UserFacingError
from hardware.frames.base import Clock, Frame, FrameSource, FrameSourceError

MISSING_PICAMERA2 = (
    "the Pi camera needs the picamera2 library: install python3-picamera2 with apt, "
    "and create the virtualenv with --system-site-packages"
)


class PiCameraMissing(UserFacingError, ImportError):
    """picamera2 is not importable here (not a Pi, or a virtualenv without system
    site packages)."""


def import_picamera2() -> Any:
    """The ``Picamera2`` class, or ``PiCameraMissing`` saying how to install it."""
    try:
        from picamera2 import Picamera2
    except ImportError as error:
        raise PiCameraMissing(MISSING_PICAMERA2) from error
    return Picamera2


class PiCameraSource(FrameSource):
    """Frames from a Pi camera module, ``size`` pixels wide and high (BGR, like OpenCV).

    ``camera`` picks one of several cameras (0 for the first).
    """

    def __init__(self, *, size: tuple[int, int] = (1280, 960), camera: int = 0,
                 clock: Clock = time.monotonic) -> None:
        super().__init__(clock=clock)
        picamera2 = import_picamera2()
        self.description = f"Pi camera {camera}"
        if len(picamera2.global_camera_info()) <= camera:
            raise FrameSourceError(f"no {self.description} is connected: check the ribbon "
                                   "cable and that the camera is enabled")
        try:
            self._camera = picamera2(camera)
            # picamera2's "RGB888" is stored B, G, R: exactly OpenCV's order.
            config = self._camera.create_video_configuration(
                main={"size": size, "format": "RGB888"})
            self._camera.configure(config)
            self._camera.start()
        except (RuntimeError, OSError) as error:
            raise FrameSourceError(f"the {self.description} cannot be started: {error}") \
                from error
        self._open = True

    def read(self) -> Frame:
        if not self._open:
            raise FrameSourceError(f"the {self.description} is closed")
        try:
            image = self._camera.capture_array("main")
        except (RuntimeError, OSError) as error:
            raise FrameSourceError(f"the {self.description} sent no picture: {error}") \
                from error
        return self._frame(image)

    def close(self) -> None:
        if self._open:
            self._open = False
            self._camera.stop()
            self._camera.close()

"""Frame sources: the Pi camera, a USB webcam or stream, and replays of files.

``open_source("usb:0")`` opens one from the text a person types; :class:`CameraFeed`
keeps one running in the background with automatic reconnection. See docs/frames.md.
"""

from hardware.frames.base import (
    Frame,
    FrameSource,
    FrameSourceError,
    ReplayEnded,
    SourceSpecError,
)
from hardware.frames.feed import CameraFeed
from hardware.frames.spec import open_source

__all__ = [
    "CameraFeed",
    "Frame",
    "FrameSource",
    "FrameSourceError",
    "ReplayEnded",
    "SourceSpecError",
    "open_source",
]

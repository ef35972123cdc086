"""Turn a ``--source`` text into an open :class:`FrameSource`.

The forms a person can type::

    picamera                      the Pi camera (picamera:1 for a second one)
    usb:0   or   0                a USB webcam by index
    http://…, https://…, rtsp://… a network stream
    path/to/folder, clip.mp4      a replay of pictures (each held FOLDER_HOLD frames: one
                                  photograph per move) or of a video, 2 fps, looping
    replay:PATH?fps=2&loop=1&hold=1  a replay with its rate, looping and hold chosen

``usb`` and ``picamera`` also take ``?width=1280&height=720``.
"""

from __future__ import annotations

import time
from pathlib import Path
from urllib.parse import parse_qsl

from hardware.frames.base import Clock, FrameSource, Sleep, SourceSpecError
from hardware.frames.opencv import VideoCaptureSource
from hardware.frames.picamera import PiCameraSource
from hardware.frames.replay import ReplaySource

STREAM_SCHEMES = ("http://", "https://", "rtsp://", "rtsps://", "rtmp://")
FOLDER_HOLD = 4  # frames a bare folder's pictures are held: the gate wants 3 alike

SPEC_HELP = ("use picamera, usb:0, an http(s) or rtsp URL, a folder or video path, "
             "or replay:PATH?fps=2&loop=1&hold=1")


def open_source(spec: str, *, clock: Clock = time.monotonic,
                sleep: Sleep = time.sleep) -> FrameSource:
    """Open the source ``spec`` names; raise :class:`SourceSpecError` for a text that
    names none, :class:`FrameSourceError` when the named source cannot be opened."""
    text = spec.strip()
    if not text:
        raise SourceSpecError(f"the source is empty: {SPEC_HELP}")
    if text.lower().startswith(STREAM_SCHEMES):
        return VideoCaptureSource(text, clock=clock)
    kind, colon, _ = text.partition("?")[0].partition(":")
    rest = text[len(kind) + len(colon):]
    kind = kind.lower()
    if text.isdigit() or kind == "usb":
        index, options = _split_options(text if text.isdigit() else rest, spec,
                                        {"width", "height"})
        return VideoCaptureSource(_index(index, spec), width=_size(options, "width", spec),
                                  height=_size(options, "height", spec), clock=clock)
    if kind == "picamera":
        index, options = _split_options(rest, spec, {"width", "height"})
        size = (_size(options, "width", spec) or 1280, _size(options, "height", spec) or 960)
        return PiCameraSource(camera=_index(index or "0", spec), size=size, clock=clock)
    if kind == "replay":
        path, options = _split_options(rest, spec, {"fps", "loop", "hold"})
        if not path:
            raise SourceSpecError(f"{spec!r} names no folder or video to replay")
        return ReplaySource(path, fps=_fps(options, spec), loop=_flag(options, spec),
                            hold=_hold(options, spec), clock=clock, sleep=sleep)
    if not Path(text).exists():
        raise SourceSpecError(f"{spec!r} is neither a source name nor an existing folder "
                              f"or video: {SPEC_HELP}")
    hold = FOLDER_HOLD if Path(text).is_dir() else 1
    return ReplaySource(text, hold=hold, clock=clock, sleep=sleep)


def _split_options(text: str, spec: str, allowed: set[str]) -> tuple[str, dict[str, str]]:
    head, _, query = text.partition("?")
    options = dict(parse_qsl(query, keep_blank_values=True))
    unknown = sorted(set(options) - allowed)
    if unknown:
        raise SourceSpecError(f"{spec!r} has an option this source does not know "
                              f"({', '.join(unknown)}); it takes {', '.join(sorted(allowed))}")
    return head, options


def _index(text: str, spec: str) -> int:
    if not text.isdigit():
        raise SourceSpecError(f"{spec!r} needs a camera number such as 0, not {text!r}")
    return int(text)


def _size(options: dict[str, str], name: str, spec: str) -> int | None:
    if name not in options:
        return None
    value = options[name]
    if not value.isdigit() or int(value) == 0:
        raise SourceSpecError(f"{spec!r} asks for a {name} of {value!r}: it must be a "
                              "positive whole number of pixels")
    return int(value)


def _hold(options: dict[str, str], spec: str) -> int:
    value = options.get("hold", "1")
    if not (value.isascii() and value.isdigit()) or not 1 <= int(value) <= 1000:
        raise SourceSpecError(f"{spec!r} asks to hold each picture for {value!r} frames: "
                              "give a whole number from 1 to 1000")
    return int(value)


def _fps(options: dict[str, str], spec: str) -> float:
    value = options.get("fps", "2")
    try:
        fps = float(value)
    except ValueError:
        fps = -1.0
    if not 0 <= fps <= 1000:
        raise SourceSpecError(f"{spec!r} asks for {value!r} frames per second: give a "
                              "number from 0 (as fast as possible) to 1000")
    return fps


def _flag(options: dict[str, str], spec: str) -> bool:
    value = options.get("loop", "1").lower()
    if value in {"1", "true", "yes", "on"}:
        return True
    if value in {"0", "false", "no", "off"}:
        return False
    raise SourceSpecError(f"{spec!r} asks for loop={value!r}: use loop=1 or loop=0")

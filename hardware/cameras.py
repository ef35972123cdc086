"""``companion cameras``: the cameras this machine has, each with the ``--source`` text
that opens it.

USB webcams are listed from Linux's video devices (``/sys/class/video4linux``): each
webcam shows there as several nodes (the picture, its metadata); only the first node of
each USB device, the one that gives pictures, is listed. The Pi's own camera modules are
listed by picamera2 where it is installed. Nothing is opened, so a camera in use by a
running ``companion serve`` is listed too.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hardware.frames.picamera import PiCameraMissing, import_picamera2

VIDEO_DEVICES = Path("/sys/class/video4linux")
_NODE = re.compile(r"^video(\d+)$")


@dataclass(frozen=True)
class Camera:
    """A camera: the ``--source`` text that opens it, and what it calls itself."""

    source: str
    name: str
    device: str = ""


def usb_cameras(devices: Path = VIDEO_DEVICES) -> list[Camera]:
    """The USB webcams among Linux's video devices, by their ``usb:N`` source."""
    if not devices.is_dir():
        return []
    found = []
    for node in devices.iterdir():
        match = _NODE.match(node.name)
        if match is None or "/usb" not in str(node.resolve()):
            continue
        if _read(node / "index", "0") != "0":
            continue  # a second node of the same webcam: its metadata, not its pictures
        found.append((int(match[1]), Camera(f"usb:{match[1]}", _read(node / "name", "a camera"),
                                            f"/dev/{node.name}")))
    return [camera for _number, camera in sorted(found)]


def pi_cameras(picamera2: Callable[[], Any] = import_picamera2) -> list[Camera]:
    """The Pi's camera modules, by their ``picamera:N`` source (none without picamera2)."""
    try:
        cameras = picamera2().global_camera_info()
    except PiCameraMissing:
        return []
    return [Camera(f"picamera:{info.get('Num', index)}", str(info.get("Model", "a camera")),
                   str(info.get("Id", "")))
            for index, info in enumerate(cameras)]


def _read(path: Path, default: str) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace").strip() or default
    except OSError:
        return default


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "cameras", help="list the cameras, with the --source that opens each",
        description="List the cameras this machine has (USB webcams, the Pi's camera "
                    "modules), each with the --source text that opens it in 'companion "
                    "serve' and 'companion calibrate camera --live'.")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace, *, devices: Path = VIDEO_DEVICES,
        picamera2: Callable[[], Any] = import_picamera2) -> int:
    cameras = pi_cameras(picamera2) + usb_cameras(devices)
    if not cameras:
        print("No camera found. A USB webcam shows here once it is plugged in (on Linux, "
              "as /dev/video0); the Pi's camera module needs python3-picamera2 "
              "(systemd/install-pi.sh installs it) and its cable seated both ends. "
              "A network camera is opened by its URL: --source rtsp://...")
        return 1
    width = max(len(camera.source) for camera in cameras)
    for camera in cameras:
        where = f"  ({camera.device})" if camera.device else ""
        print(f"{camera.source.ljust(width)}  {camera.name}{where}")
    return 0

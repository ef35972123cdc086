"""``companion calibrate camera --live SOURCE``: calibrate the lens from a camera.

The calibration layer calibrates from pictures (``calibration.commands``); taking them
from a camera is this layer's, so this module gives ``calibrate camera`` its ``--live``
and ``--views`` options (``add_live``, called by ``hardware.commands.extend``) and takes
the command when ``--live`` is given: frames from the source go to a
``CalibrationSession`` until it has enough good views, then the camera is calibrated
and saved as from pictures.
"""

from __future__ import annotations

import argparse
import sys

from calibration.intrinsics import View
from calibration.session import CalibrationSession
from companion.errors import UserFacingError

LIVE_MAX_FRAMES = 2000


def add_live(camera: argparse.ArgumentParser) -> None:
    """Give ``companion calibrate camera`` its options to take pictures from a camera."""
    camera.add_argument("--live", metavar="SOURCE",
                        help="take the pictures from a camera (picamera, usb:0, a folder...)")
    camera.add_argument("--views", type=int, default=15,
                        help="live: stop after this many good pictures (default 15)")
    pictures = camera.get_default("func")

    def live_or_pictures(args: argparse.Namespace) -> int:
        if args.live is None:
            return int(pictures(args) or 0)
        return run(args)

    camera.set_defaults(func=live_or_pictures)


def run(args: argparse.Namespace) -> int:
    from calibration.commands import camera_finder, save_camera

    find, target = camera_finder(args)
    if args.images:
        raise UserFacingError("Give either pictures or --live SOURCE, not both.")
    session = CalibrationSession(find, target=target, wanted=args.views)
    return save_camera(args, [*live_views(args.live, session)], target)


def live_views(source_spec: str, session: CalibrationSession) -> list[View]:
    """Feed frames from a live source to ``session`` until it has enough views."""
    from hardware.frames import ReplayEnded, open_source

    with open_source(source_spec) as source:
        for _ in range(LIVE_MAX_FRAMES):
            try:
                frame = source.read()
            except ReplayEnded:
                break
            step = session.offer(frame.image, f"frame {frame.sequence}")
            if step.kept:
                print(step.message, file=sys.stderr)
            if step.done:
                break
    return session.views

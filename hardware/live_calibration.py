"""``companion calibrate camera --live SOURCE``: calibrate the lens from a camera.

The calibration layer calibrates from pictures (``calibration.commands``); taking them
from a camera is this layer's, so ``hardware.commands`` gives ``calibrate camera`` its
``--live`` and ``--views`` options and runs ``run`` when ``--live`` is given: frames from
the source go to a ``CalibrationSession`` until it has enough good views, then the
camera is calibrated and saved as from pictures.
"""

from __future__ import annotations

import argparse
import sys

from calibration.commands import camera_finder, save_camera
from calibration.intrinsics import View
from calibration.session import CalibrationSession
from companion.errors import UserFacingError

LIVE_MAX_FRAMES = 2000


def run(args: argparse.Namespace) -> int:
    find, target = camera_finder(args)
    if args.images:
        raise UserFacingError("Give either pictures or --live SOURCE, not both.")
    session = CalibrationSession(find, target=target, wanted=args.views)
    views, camera = live_views(args.live, session)
    return save_camera(args, [*views], target, camera)


def live_views(source_spec: str, session: CalibrationSession) -> tuple[list[View], str]:
    """Feed frames from a live source to ``session`` until it has enough views; the
    views and the camera's name (its source's description)."""
    from hardware.frames import ReplayEnded, open_source

    with open_source(source_spec) as source:
        camera = source.description
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
    return session.views, camera

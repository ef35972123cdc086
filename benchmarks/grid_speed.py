"""How long registering a plain grid board takes: finding it by its lines the first time
(``calibration.gridfind.find_grid_of``, its size among 19, 13 and 9) and following it
from frame to frame afterwards (``calibration.gridfollow.follow_grid``).

On rendered 640×480 frames of a 19×19 board with stones (``companion.vision.scene``,
seeded, up to 35° from vertical): the first find, then following the next frame of the
same scene (new noise) and a frame moved by two pixels. On real photos (every
``*.jpg``/``*.png`` in the folders given): the first find, then following the same
photo. CPU milliseconds per frame (``time.process_time``, one OpenCV thread): median
and worst; a board not found counts in the find's time and is reported.

    companion bench grid-speed [--scenes 10] [FOLDER ...]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import cv2
import numpy as np

SUMMARY = "how long finding a grid board takes, and following it frame to frame"
FRAME = (640, 480)
DEFAULT_FOLDER = Path(__file__).resolve().parent.parent / "tests" / "data" / "go-more"


def cpu_ms(work: Callable[[], Any]) -> tuple[float, Any]:
    """CPU milliseconds ``work`` takes, and what it returned (or the error it raised)."""
    start = time.process_time()
    try:
        result = work()
    except ValueError as error:  # RegistrationError: the board not found
        result = error
    return (time.process_time() - start) * 1000.0, result


def rendered_figures(scenes: int) -> dict[str, list[float]]:
    """Milliseconds per frame: first find, follow (same scene), follow (moved 2 px);
    and how many boards were not found."""
    from calibration.gridfind import find_grid_of
    from calibration.gridfollow import follow_grid
    from companion.geometry import load_geometry
    from companion.vision.scene import Effects, Pose, render_scene

    sizes = [load_geometry(n) for n in ("go-19", "go-13", "go-9")]
    effects = Effects(noise=3.0, blur=0.6, jpeg=75)
    figures: dict[str, list[float]] = {"find": [], "follow": [], "follow moved": [],
                                        "not found": []}
    for seed in range(scenes):
        rng = np.random.default_rng(seed)
        pose = Pose(tilt_deg=float(rng.uniform(0, 35)), azimuth_deg=float(rng.uniform(0, 360)),
                    roll_deg=float(rng.uniform(-15, 15)), fill=float(rng.uniform(0.7, 0.9)))
        first, _ = render_scene(seed, sizes[0], None, pose, effects, frame=FRAME)
        later, _ = render_scene(seed, sizes[0], None, pose, effects, frame=FRAME,
                                frame_seed=1)
        moved = cv2.warpAffine(later, np.float32([[1, 0, 2], [0, 1, -2]]), FRAME,
                               borderMode=cv2.BORDER_REPLICATE)
        ms, found = cpu_ms(lambda image=first: find_grid_of(image, sizes))
        figures["find"].append(ms)
        if isinstance(found, ValueError):
            figures["not found"].append(seed)
            continue
        geometry, registration = found
        for name, image in (("follow", later), ("follow moved", moved)):
            figures[name].append(cpu_ms(lambda image=image, g=geometry, r=registration:
                                        follow_grid(image, r.homography, g))[0])
    return figures


def photo_figures(folders: Sequence[Path]) -> dict[str, list[Any]]:
    """Milliseconds per photo: first find and follow; the photos not found."""
    from calibration.gridfind import find_grid_of
    from calibration.gridfollow import follow_grid
    from companion.geometry import load_geometry

    sizes = [load_geometry(n) for n in ("go-19", "go-13", "go-9")]
    figures: dict[str, list[Any]] = {"find": [], "follow": [], "not found": []}
    photos = sorted(p for folder in folders for p in folder.iterdir()
                    if p.suffix.lower() in (".jpg", ".jpeg", ".png"))
    for path in photos:
        image = cv2.imread(str(path))
        if image is None:
            continue
        ms, found = cpu_ms(lambda image=image: find_grid_of(image, sizes))
        figures["find"].append(ms)
        if isinstance(found, ValueError):
            figures["not found"].append(path.name)
            continue
        geometry, registration = found
        figures["follow"].append(cpu_ms(lambda image=image, g=geometry, r=registration:
                                        follow_grid(image, r.homography, g))[0])
    return figures


def _line(name: str, values: list[float]) -> str:
    if not values:
        return f"  {name:14s} -"
    return (f"  {name:14s} median {np.median(values):7.1f} ms   worst {max(values):7.1f} ms"
            f"   ({len(values)} frames)")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scenes", type=int, default=10,
                        help="rendered 640x480 19x19 scenes (default 10)")
    parser.add_argument("folders", nargs="*", type=Path,
                        help="folders of real photos (default: tests/data/go-more)")


def run(args: argparse.Namespace) -> int:
    cv2.setNumThreads(1)
    print(rendered_report(args.scenes))
    folders = args.folders or ([DEFAULT_FOLDER] if DEFAULT_FOLDER.is_dir() else [])
    if folders:
        photos = photo_figures(folders)
        print(f"Grid registration, real photos in {', '.join(str(f) for f in folders)}:")
        for name in ("find", "follow"):
            print(_line(name, photos[name]))
        print(f"  not found: {len(photos['not found'])} of {len(photos['find'])}"
              + (f" ({', '.join(photos['not found'])})" if photos["not found"] else ""))
    return 0


def rendered_report(scenes: int) -> str:
    """The rendered scenes' figures as printed lines (``companion bench vision`` prints
    them too)."""
    rendered = rendered_figures(scenes)
    lines = [f"Grid registration, rendered {FRAME[0]}x{FRAME[1]} 19x19 scenes "
             "(CPU, one thread):"]
    lines += [_line(name, rendered[name]) for name in ("find", "follow", "follow moved")]
    lines.append(f"  not found: {len(rendered['not found'])} of {scenes}")
    return "\n".join(lines)

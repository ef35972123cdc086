"""Real photos' boards small among the clutter of a table: found, refused or found wrong.

Each photo (every ``*.jpg`` of the folders given) is searched whole first; the board
found there is the reference (a photo whose board is not found is skipped). Then the
photo is shrunk so the board's grid spans a ``--shares`` of a 1920 × 1080 frame's
height, turned by a seeded angle up to 25°, and pasted on a bare cluttered table
(``tests.helpers.cluttered_scenes.bare_table``: a wooden top of grain contrast 0.15,
a keyboard, two bowls, the table's edge): **whole** (the whole photo, its own table
round the board) and **cut** (the board and 1.5 pitches around it only). Where the
crossings must land is the reference moved the same way. **found** counts boards of
the right size whose every crossing lies within a third of a pitch of it (the board
taken any way round), **wrong** any other board, **refused** "no board found". Then
the bare tables alone, with no board pasted (each must be refused); and with
``--late-games N``, N rendered late games (19 × 19 with 300 stones and 13 × 13 with 140,
in turn) small on the same table (``tests.helpers.cluttered_scenes.cluttered_scene``:
the grid 30-40 % of the frame, up to 35° from vertical), judged against the render's
truth the same way (seeds ``--seed`` + 100 on). CPU seconds per
picture (``time.process_time``, one OpenCV thread). Seeds: ``--seed`` + the picture's
index (turn, place, table), the bare tables ``--seed`` + 90 on; a photo left out by
``--only`` still counts in the index, so it gets the same pictures with or without it.

    companion bench grid-pasted [--seed 3600] [--shares 0.333 0.25] [--only NAMES]
                                [--tables 3] [--late-games N] [FOLDER ...]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import cv2
import numpy as np

SUMMARY = "real photos' boards pasted small on a cluttered table: found, refused, wrong"
FRAME = (1920, 1080)
ROOT = Path(__file__).resolve().parent.parent
DEFAULT_FOLDERS = [ROOT / "tests" / "data" / "go-more"]
SEED = 3600
MARGIN_PITCHES = 1.5  # the "cut" copies keep this much of the photo round the grid
MAX_TURN_DEG = 25.0
GRAIN = 0.15
BARE_TABLES = 3
TABLE_SEEDS = 90  # the bare tables' seeds follow the pictures' (at most 90 of them)
LATE_SEEDS = 100  # and the rendered late games' the tables'


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folders", nargs="*", type=Path, default=DEFAULT_FOLDERS)
    parser.add_argument("--shares", nargs="+", type=float, default=[1 / 3, 1 / 4],
                        help="the board's grid as a share of the frame's height")
    parser.add_argument("--ways", nargs="+", default=["whole", "cut"],
                        choices=["whole", "cut"])
    parser.add_argument("--only", nargs="+", default=None, help="photo names (no suffix)")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--late-games", type=int, default=0,
                        help="rendered late games small on the table")
    parser.add_argument("--tables", type=int, default=BARE_TABLES,
                        help="bare cluttered tables (no board) to refuse")


def _scenes():
    """The tests' cluttered tables (``tests.helpers.cluttered_scenes``: the project's
    tree holds them, not the installed package)."""
    if str(ROOT) not in sys.path:
        sys.path.append(str(ROOT))
    from tests.helpers import cluttered_scenes

    return cluttered_scenes


def _bare_table(seed: int) -> np.ndarray:
    """The tests' bare cluttered table at ``seed``, 1920 × 1080."""
    return _scenes().bare_table(seed, FRAME, GRAIN)


def late_game(seed: int) -> tuple[np.ndarray, np.ndarray]:
    """A rendered late game small on a grained, cluttered table, and its crossings
    (rows × columns × 2) in the picture."""
    from calibration.gridfind import grid_lines_mm
    from companion.geometry import load_geometry
    from companion.vision.scene import Pose

    rng = np.random.default_rng(seed)
    board, stones = (("go-19", 300), ("go-13", 140))[seed % 2]
    names = [space.name for space in load_geometry(board).spaces()]
    chosen = rng.choice(len(names), stones, replace=False)
    pieces = {names[k]: ("black" if rng.random() < 0.5 else "white") for k in chosen}
    pose = Pose(tilt_deg=float(rng.uniform(0, 35)), azimuth_deg=float(rng.uniform(0, 360)),
                roll_deg=float(rng.uniform(-25, 25)), fill=float(rng.uniform(0.3, 0.4)),
                offset=(float(rng.uniform(-0.1, 0.1)), float(rng.uniform(-0.08, 0.08))))
    picture, to_board = _scenes().cluttered_scene(seed, board, pose, frame=FRAME,
                                                  pieces=pieces, grain=GRAIN)
    xs, ys = grid_lines_mm(load_geometry(board))
    points = np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 1, 2)
    crossings = cv2.perspectiveTransform(points, np.linalg.inv(to_board))
    return picture, crossings.reshape(len(ys), len(xs), 2)


def _sizes():
    from companion.geometry import load_geometry

    return [load_geometry(n) for n in ("go-19", "go-13", "go-9")]


def _crossings(geometry, registration) -> np.ndarray:
    """The board's crossings in the picture, row by row (rows × columns × 2)."""
    from calibration.gridfind import grid_lines_mm

    xs, ys = grid_lines_mm(geometry)
    points = np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 2)
    return registration.to_pixels(points).reshape(len(ys), len(xs), 2)


def pasted(photo: np.ndarray, crossings: np.ndarray, share: float, way: str, seed: int
           ) -> tuple[np.ndarray, np.ndarray]:
    """``photo`` shrunk so its grid (``crossings``, rows × columns × 2) spans ``share`` of
    the frame's height, turned, pasted on a cluttered table, whole or cut to the board;
    and where its crossings land."""
    rng = np.random.default_rng(seed)
    flat = crossings.reshape(-1, 2)
    middle = flat.mean(axis=0)
    shrink = share * FRAME[1] / np.ptp(flat, axis=0).max()
    move = np.vstack([cv2.getRotationMatrix2D(tuple(float(v) for v in middle),
                                              float(rng.uniform(-MAX_TURN_DEG, MAX_TURN_DEG)),
                                              shrink), [0, 0, 1]])
    reach = np.array(FRAME) * (0.5 - 0.6 * share) * np.array([1.0, 0.5])
    move[:2, 2] += np.array(FRAME) / 2 + rng.uniform(-1, 1, 2) * np.maximum(reach, 0) - middle
    mask = np.full(photo.shape[:2], 255, np.uint8)
    if way == "cut":
        mask[:] = 0
        pitch = np.median(np.linalg.norm(np.diff(crossings, axis=1), axis=2))
        corners = np.array([crossings[0, 0], crossings[0, -1], crossings[-1, -1],
                            crossings[-1, 0]])
        outward = corners - corners.mean(axis=0)
        outward /= np.linalg.norm(outward, axis=1, keepdims=True)
        rim = corners + outward * MARGIN_PITCHES * pitch * np.sqrt(2)
        cv2.fillConvexPoly(mask, np.rint(rim).astype(np.int32), 255)
    board = cv2.warpPerspective(photo, move, FRAME, flags=cv2.INTER_AREA)
    keep = cv2.warpPerspective(mask, move, FRAME)[..., None] > 127
    table = _bare_table(seed)
    must = cv2.perspectiveTransform(flat.reshape(-1, 1, 2), move).reshape(crossings.shape)
    return np.where(keep, board, table), must


def pitches_off(found: np.ndarray, must: np.ndarray) -> float:
    """The worst crossing's distance in pitches, the board taken any way round."""
    if found.shape != must.shape:
        return float("inf")
    pitch = float(np.median(np.linalg.norm(np.diff(must, axis=1), axis=2)))
    ways = [np.rot90(found, k) for k in range(4)]
    ways += [way.swapaxes(0, 1) for way in ways]
    return min(float(np.linalg.norm(way - must, axis=2).max()) for way in ways) / pitch


def judge(picture: np.ndarray, must: np.ndarray | None) -> tuple[str, float, float]:
    """The outcome on ``picture`` (``must``: its crossings, None on a bare table): found,
    wrong or refused; the pitches off; the CPU seconds."""
    from calibration.gridfind import find_grid_of
    from calibration.registration import RegistrationError

    start = time.process_time()
    try:
        geometry, registration = find_grid_of(picture, _sizes())
    except RegistrationError:
        return "refused", float("nan"), time.process_time() - start
    cpu = time.process_time() - start
    if must is None:
        return "wrong", float("inf"), cpu
    off = pitches_off(_crossings(geometry, registration), must)
    return ("found" if off < 1 / 3 else "wrong"), off, cpu


def run(args: argparse.Namespace) -> int:
    from calibration.gridfind import find_grid_of
    from calibration.registration import RegistrationError

    cv2.setNumThreads(1)
    photos = sorted(p for folder in args.folders for p in folder.glob("*.jpg"))
    counts: dict[str, dict[str, int]] = {}
    index = 0
    print(f"{'picture':34s} outcome  pitches  cpu s")
    for path in photos:
        if args.only is not None and path.stem not in args.only:
            # its seeds are passed over: a photo gets the same pictures with --only
            index += len(args.shares) * len(args.ways)
            continue
        photo = cv2.imread(str(path))
        try:
            crossings = _crossings(*find_grid_of(photo, _sizes()))
        except RegistrationError:
            print(f"{path.stem:34s} skipped (no board found in the photo)")
            continue
        for share in args.shares:
            for way in args.ways:
                picture, must = pasted(photo, crossings, share, way, args.seed + index)
                index += 1
                outcome, off, cpu = judge(picture, must)
                name = f"{path.parent.name}/{path.stem} {share:.2f} {way}"
                print(f"{name:34s} {outcome:8s} {off:7.2f} {cpu:6.2f}", flush=True)
                row = counts.setdefault(f"{path.parent.name} {share:.2f} {way}", {})
                row[outcome] = row.get(outcome, 0) + 1
    for k in range(args.tables):
        outcome, _, cpu = judge(_bare_table(args.seed + TABLE_SEEDS + k), None)
        print(f"{'bare table ' + str(k):34s} {outcome:8s} {'':7s} {cpu:6.2f}", flush=True)
        row = counts.setdefault("bare tables", {})
        row[outcome] = row.get(outcome, 0) + 1
    for k in range(args.late_games):
        outcome, off, cpu = judge(*late_game(args.seed + LATE_SEEDS + k))
        print(f"{'late game ' + str(k):34s} {outcome:8s} {off:7.2f} {cpu:6.2f}", flush=True)
        row = counts.setdefault("rendered late games", {})
        row[outcome] = row.get(outcome, 0) + 1
    print("\nset                       found / refused / wrong")
    for name, row in counts.items():
        print(f"{name:25s} {row.get('found', 0):5d} / {row.get('refused', 0):7d} / "
              f"{row.get('wrong', 0):5d}")
    return 0

"""Calibration benchmark: registration error in mm, camera calibration RMS, time per frame.

(a) Registration from corner markers on rendered views of the 19×19 Go board with its
    corner markers (1280×960 camera with lens distortion, known pose): frontal, 30° and
    50° tilt, all markers seen, one covered, two covered; each over several headings.
    The error is the distance, in mm on the board, between every intersection and where
    the registration puts its true pixel. Covered markers are measured two ways: a fresh
    registration from the markers left, and the tracker (which keeps the last good one).
(b) Grid registration (no markers) on rendered plain boards, the same way.
(c) RMS reprojection error of a camera calibration on OpenCV's sample chessboard
    photos ``left*.jpg`` (9×6 inner corners), to compare with OpenCV's own figure.
(d) Time per registration per frame: markers, the tracker, the grid finder.
(e) Development set: the grid finder on real photos of a wooden Go board; each photo's
    361 intersections are read dark/bright/empty at the registered positions and
    compared with the photo's label (best of the board's 8 symmetries).
(f) The same photos with stones painted on 40 % and 60 % of the intersections: how far
    the registration moves (a mid-game board hides most of its lines).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import cv2
import numpy as np

from benchmarks.machine import machine
from calibration import chessboard
from calibration.gridfind import find_grid, grid_lines_mm
from calibration.intrinsics import CameraModel, calibrate
from calibration.layout import board_layout
from calibration.registration import from_markers
from calibration.synthetic import (
    SyntheticCamera,
    cover,
    grid_plan,
    look_at,
    plan_image,
    project,
    render,
)
from calibration.tracking import BoardTracker
from companion.geometry import load_geometry

SUMMARY = "registration error in mm (rendered views), calibration RMS, time per frame"
SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "real"
TILTS = (0.0, 30.0, 50.0)
COVERED = {"none": (), "one": (0,), "two": (0, 2)}
STONE_SHARES = (0.4, 0.6)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--views", type=int, default=4, metavar="N",
                        help="headings rendered per condition (default 4)")
    parser.add_argument("--opencv-photos", type=Path, default=SHARED / "opencv-calibration",
                        help="folder with OpenCV's left*.jpg chessboard photos")
    parser.add_argument("--go-photos", type=Path, default=SHARED / "go-boards",
                        help="folder with the Go board photos and their labels")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")


def run(args: argparse.Namespace) -> int:
    print(f"Calibration benchmark on {machine()}, OpenCV {cv2.__version__}")
    figures: dict[str, object] = {}
    camera = SyntheticCamera()
    model = CameraModel(camera.matrix, camera.dist, camera.size)

    print(f"\n(a) Marker registration, Go 19x19 with corner markers, {camera.width}x"
          f"{camera.height} camera (f {camera.focal_px:g} px, k1 {camera.distortion[0]:g}), "
          f"{args.views} headings each; error in mm over 361 points")
    print("    tilt  covered  method                           mean    p95     max")
    markers = marker_errors(camera, model, args.views)
    for (tilt, covered, method), errors in markers.items():
        print(f"    {tilt:>3.0f}°  {covered:<7}  {method:<30} {_stats(errors)}")
    figures["markers_mm"] = {f"{t:g}/{c}/{m}": _summary(e) for (t, c, m), e in markers.items()}

    print("\n(b) Grid registration (no markers), plain boards, calibrated camera; error in mm")
    grids = grid_errors(camera, model, args.views)
    for (name, tilt), errors in grids.items():
        print(f"    {name:<10} {tilt:>3.0f}°  {_stats(errors)}")
    figures["grid_mm"] = {f"{n}/{t:g}": _summary(e) for (n, t), e in grids.items()}

    photos = sorted(args.opencv_photos.glob("left*.jpg"))
    if photos:
        views = [chessboard.find_view(cv2.imread(str(p)), (9, 6), p.name) for p in photos]
        result = calibrate(views)
        print(f"\n(c) Chessboard calibration, OpenCV's {len(photos)} left*.jpg (9x6): "
              f"{len(result.per_view)} views used, RMS {result.rms:.3f} px, "
              f"fx {result.matrix[0, 0]:.1f} px (OpenCV's own: all 13 views, ~0.41 px, fx ~536)")
        figures["opencv_left_rms_px"] = result.rms
        figures["opencv_left_views"] = len(result.per_view)
    else:
        print(f"\n(c) skipped: no left*.jpg in {args.opencv_photos}")

    print("\n(d) Time per registration per frame (median of repeated runs):")
    timings = frame_times(camera, model)
    for name, seconds in timings.items():
        print(f"    {name:<48} {seconds * 1000:8.1f} ms")
    figures["ms_per_frame"] = {k: v * 1000 for k, v in timings.items()}

    labelled = sorted(args.go_photos.glob("*.jpg"))
    if labelled:
        print(f"\n(e) Development set: grid finder on {len(labelled)} real Go board photos "
              "(intersections read dark/bright/empty at the registered positions vs label)")
        rows = go_photos(labelled)
        for name, agree, confidence, seconds in rows:
            print(f"    {name:<10} {agree:>3}/361 agree   confidence {confidence:.2f}   "
                  f"{seconds * 1000:6.0f} ms")
        figures["go_photos"] = {n: a for n, a, _c, _s in rows}
        print("\n(f) The same photos with stones painted on a share of the intersections "
              "(seeded; a dark shadow under each): largest distance from the registration "
              "without them, in pitches")
        for share in STONE_SHARES:
            moved = painted_stones(labelled, share)
            good = sum(m < 0.25 for m in moved)
            print(f"    {share:.0%} covered: within a quarter pitch on {good} of {len(moved)}"
                  f" photos; worst {max(moved):.2f} pitch")
            figures[f"stones_{share:.2f}_good"] = good
    else:
        print(f"\n(e) skipped: no photos in {args.go_photos}")
    if args.json:
        print(json.dumps(figures))
    return 0


def _summary(errors: np.ndarray) -> dict[str, float]:
    return {"mean": float(errors.mean()), "p95": float(np.percentile(errors, 95)),
            "max": float(errors.max())}


def _stats(errors: np.ndarray) -> str:
    s = _summary(errors)
    return f"{s['mean']:6.3f} {s['p95']:6.3f} {s['max']:7.3f}"


def marker_errors(camera: SyntheticCamera, model: CameraModel, views: int
                  ) -> dict[tuple[float, str, str], np.ndarray]:
    geometry = load_geometry("go-19")
    layout = board_layout(geometry)
    plan = plan_image(layout, geometry, 4.0)
    points = np.array([geometry.position_mm(n) for n in geometry.names])
    centre = (geometry.width_mm / 2, geometry.height_mm / 2)
    out: dict[tuple[float, str, str], list] = {}
    for tilt in TILTS:
        for k in range(views):
            pose = look_at(centre, 950.0, tilt, yaw_deg=-30 + 60 * k / max(1, views - 1))
            clear = render(plan, layout.extent[:2], 4.0, camera, pose, seed=k)
            truth = project(points, camera, pose)
            tracker = BoardTracker(layout, model)
            tracker.update(clear)
            for covered, hidden in COVERED.items():
                picture = clear
                for marker in hidden:
                    spot = project(layout.markers[marker], camera, pose).mean(axis=0)
                    picture = cover(picture, tuple(spot), 45.0, seed=k + marker)
                fresh = from_markers(picture, layout, model).to_board(truth)
                out.setdefault((tilt, covered, "markers seen, calibrated"), []).append(
                    np.linalg.norm(fresh - points, axis=1))
                plain = from_markers(picture, layout).to_board(truth)
                out.setdefault((tilt, covered, "markers seen, no calibration"), []).append(
                    np.linalg.norm(plain - points, axis=1))
                if hidden:
                    kept = tracker.update(picture).registration.to_board(truth)
                    out.setdefault((tilt, covered, "tracker (last good pose)"), []).append(
                        np.linalg.norm(kept - points, axis=1))
    return {key: np.concatenate(values) for key, values in out.items()}


def grid_errors(camera: SyntheticCamera, model: CameraModel, views: int
                ) -> dict[tuple[str, float], np.ndarray]:
    out: dict[tuple[str, float], list] = {}
    for name in ("onslaught", "go-19"):
        geometry = load_geometry(name)
        plan, origin = grid_plan(geometry, 3.0)
        xs, ys = grid_lines_mm(geometry)
        points = np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 2)
        centre = (geometry.width_mm / 2, geometry.height_mm / 2)
        for tilt in TILTS:
            for k in range(views):
                pose = look_at(centre, 1.6 * max(geometry.width_mm, geometry.height_mm), tilt,
                               yaw_deg=-20 + 40 * k / max(1, views - 1))
                picture = render(plan, origin, 3.0, camera, pose, seed=k)
                seen = find_grid(picture, geometry, model).to_board(project(points, camera,
                                                                            pose))
                out.setdefault((name, tilt), []).append(np.linalg.norm(seen - points, axis=1))
    return {key: np.concatenate(values) for key, values in out.items()}


def _median_seconds(job, repeats: int = 7) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        job()
        times.append(time.perf_counter() - start)
    return float(np.median(times))


def frame_times(camera: SyntheticCamera, model: CameraModel) -> dict[str, float]:
    geometry = load_geometry("go-19")
    layout = board_layout(geometry)
    pose = look_at((geometry.width_mm / 2, geometry.height_mm / 2), 950.0, 30.0)
    picture = render(plan_image(layout, geometry, 4.0), layout.extent[:2], 4.0, camera, pose)
    tracker = BoardTracker(layout, model)
    tracker.update(picture)
    plain, origin = grid_plan(geometry, 3.0)
    grid_picture = render(plain, origin, 3.0, camera, pose)
    return {
        f"markers, {camera.width}x{camera.height}, calibrated":
            _median_seconds(lambda: from_markers(picture, layout, model)),
        f"tracker update, {camera.width}x{camera.height}":
            _median_seconds(lambda: tracker.update(picture)),
        f"grid finder, {camera.width}x{camera.height}":
            _median_seconds(lambda: find_grid(grid_picture, geometry, model), 3),
    }


def _symmetries(board: np.ndarray) -> list[np.ndarray]:
    turns = [np.rot90(board, k) for k in range(4)]
    return turns + [t.T for t in turns]


def go_photos(photos: list[Path]) -> list[tuple[str, int, float, float]]:
    geometry = load_geometry("go-19")
    xs, ys = grid_lines_mm(geometry)
    points = np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 2)
    rows = []
    for photo in photos:
        image = cv2.imread(str(photo))
        start = time.perf_counter()
        registration = find_grid(image, geometry)
        seconds = time.perf_counter() - start
        grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float64)
        values = []
        for x, y in registration.to_pixels(points):
            x0, y0 = max(0, round(x) - 6), max(0, round(y) - 6)
            patch = grey[y0:round(y) + 7, x0:round(x) + 7]
            values.append(patch.mean() if patch.size else 0.0)
        shade = np.array(values).reshape(len(ys), len(xs))
        middle = np.median(shade)
        read = np.where(shade < 0.55 * middle, "B", np.where(shade > 1.18 * middle, "W", "."))
        label_path = photo.with_suffix(".txt")
        label = np.array([line.split() for line in label_path.read_text().split("\n")
                          if line.strip()])
        agree = max(int((s == label).sum()) for s in _symmetries(read))
        rows.append((photo.stem, agree, registration.confidence, seconds))
    return rows


def painted_stones(photos: list[Path], share: float) -> list[float]:
    """For each photo: paint black and white stones (with a shadow) on ``share`` of the
    intersections where the registration of the bare photo puts them, register again,
    and return how far (in pitches) the two registrations differ at worst."""
    geometry = load_geometry("go-19")
    xs, ys = grid_lines_mm(geometry)
    points = np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 2)
    rng = np.random.default_rng(0)
    moved = []
    for photo in photos:
        image = cv2.imread(str(photo))
        pixels = find_grid(image, geometry).to_pixels(points)
        pitch = float(np.linalg.norm(pixels[1] - pixels[0]))
        radius = round(0.47 * pitch)
        for k in rng.choice(len(points), round(share * len(points)), replace=False):
            x, y = pixels[k]
            colour = (25, 25, 25) if k % 2 else (225, 228, 230)
            cv2.circle(image, (round(x + 3), round(y + 4)), radius, (60, 70, 80), -1)
            cv2.circle(image, (round(x), round(y)), radius, colour, -1)
        try:
            again = find_grid(image, geometry).to_pixels(points)
            moved.append(float(np.linalg.norm(again - pixels, axis=1).max() / pitch))
        except ValueError:
            moved.append(float("inf"))
    return moved

"""Robustness of ``companion recognize --game go`` on variations of real Go board photos.

Real photos nobody here has seen will differ from the development photos in size,
turn, tilt, framing, light, colour and camera quality (a phone's sharpening and strong
JPEG, a lens's vignetting, a dim webcam, a magenta white balance), and show boards of
other hues, or smaller in a wider view. Each labelled photo in FOLDER
(``NAME.jpg`` with a ``NAME.txt`` of 19 rows, ``.``/``B``/``W``) is changed in each of
those ways, in memory (the photos are never copied), and read through the whole
``recognize`` path: the board found without corners and its size found from its lines
(no ``--size``), then every intersection read.

Every variation is a known mapping of the photo's pixels (a homography), so besides the
label there is a second truth: where the board's crossings must land, from the grid
found on the unchanged photo. Per variation it prints:

- boards found in the right place (every crossing within a third of a pitch of where it
  must be, under the board's 8 symmetries), boards refused with "no board found", and
  boards found in the wrong place (a silent misregistration: the worst outcome);
- the intersections read right, unsure and wrong against the label (best of the 8
  symmetries); a refused board reads none of its intersections;
- CPU seconds per photo (``time.process_time``, one OpenCV thread).

Variations marked "refuse" cut off a whole line of the board: the only right answer there
is "no board found".

Then, as real photos of 9 and 13-line boards are not at hand, ``--rendered N`` seeded
scenes per Go size (``companion.vision.scene``: random pose up to 50° tilt, random
stones, light, blur, noise and JPEG, no hand) are read the same way, without
``--size``: size found right, refused, wrong size, found off (a crossing more than a
third of a pitch from its rendered place), and the intersections read.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from benchmarks.machine import machine

SUMMARY = "recognize --game go on changed real photos: boards found, intersections right"
ON_GRID_PITCH = 1 / 3  # a crossing this share of a pitch from where it must be is off

Change = Callable[[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]


@dataclass(frozen=True)
class Variation:
    """A named change of a photo: (image, crossings px) -> (image, 3×3 old px -> new px)."""

    name: str
    change: Change
    refuse: bool = False


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folder", type=Path,
                        help="folder with NAME.jpg photos of a 19x19 Go board and NAME.txt labels "
                             "(photos without a label are left out)")
    parser.add_argument("--only", metavar="NAMES",
                        help="comma-separated variation names (default: all)")
    parser.add_argument("--photos", type=int, metavar="N", help="use only the first N photos")
    parser.add_argument("--rendered", type=int, default=20, metavar="N",
                        help="rendered scenes per Go size, 9, 13 and 19 (default 20; 0: none)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")


def run(args: argparse.Namespace) -> int:
    from companion.vision.games import game_vision

    cv2.setNumThreads(1)
    # Only the labelled photos: a folder may hold others (go-more/ holds 8 unlabelled).
    photos = sorted(p for p in args.folder.glob("*.jpg")
                    if p.with_suffix(".txt").is_file())[:args.photos]
    if not photos:
        print(f"No NAME.jpg photos with a NAME.txt label in {args.folder}.")
        return 2
    variations = VARIATIONS
    if args.only:
        wanted = {n.strip() for n in args.only.split(",")}
        variations = [v for v in VARIATIONS if v.name in wanted]
    print(f"Real-photo variations on {machine()}, OpenCV {cv2.__version__}, one thread")
    print(f"{len(photos)} photos from {args.folder}; read with recognize --game go, no --size\n")
    reference = {p: _reference(cv2.imread(str(p)), game_vision("go", size=19).geometry)
                 for p in photos} if variations else {}
    print(f"{'variation':<16} {'placed':>6} {'refused':>7} {'off':>4} {'size!=19':>8}  "
          f"{'right':>6} {'unsure':>6} {'wrong':>6} {'whole':>5}  {'cpu s':>6}")
    figures = {}
    for variation in variations:
        row = measure(variation, photos, reference)
        figures[variation.name] = row
        _print_row(variation.name, row, "  (refuse)" if variation.refuse else "")
    if args.rendered:
        print(f"\nRendered Go boards, {args.rendered} scenes per size (seeds 0..."
              f"{args.rendered - 1}), read without --size")
        print(f"{'board':<16} {'sized':>6} {'refused':>7} {'off':>4} {'size!=':>8}  "
              f"{'right':>6} {'unsure':>6} {'wrong':>6} {'whole':>5}  {'cpu s':>6}")
        for size in (9, 13, 19):
            row = rendered(size, range(args.rendered))
            figures[f"rendered go-{size}"] = row
            _print_row(f"go-{size}", row)
    if args.json:
        print(json.dumps(figures))
    return 0


def rendered(size: int, seeds: range) -> dict:
    """Read rendered ``size``-line Go boards without being told their size."""
    from calibration.recognize import PictureReader, RecognitionError
    from companion.geometry import load_geometry
    from companion.vision.games import game_vision
    from companion.vision.grid_text import grid_rows
    from companion.vision.scene import random_effects, render_scene

    reader = PictureReader(game_vision("go"), find_size=True)
    board = load_geometry(f"go-{size}")
    points = np.array([board.position_mm(n) for n in board.names])
    counts = {"placed": 0, "refused": 0, "off": 0, "wrong_size": 0, "right": 0, "unsure": 0,
              "wrong": 0, "whole": 0}
    notes, cpu = [], []
    for seed in seeds:
        effects = random_effects(np.random.default_rng([seed, 1]))
        image, truth = render_scene(seed, board, effects=effects)
        try:
            result, registration = _timed_read(reader, image, cpu)
        except RecognitionError as error:
            counts["refused"] += 1
            notes.append(f"seed {seed}: {error}")
            continue
        if result["size"] != size:
            counts["wrong_size"] += 1
            notes.append(f"seed {seed}: read as {result['size']}x{result['size']}")
            continue
        must = np.array([truth["spaces_px"][n] for n in board.names]).reshape(size, size, 2)
        miss = _pitches_off(registration.to_pixels(points).reshape(size, size, 2), must)
        if miss > ON_GRID_PITCH:
            counts["off"] += 1
            notes.append(f"seed {seed}: found {miss:.2f} pitch off")
            continue
        counts["placed"] += 1
        expected = "".join(grid_rows(board, truth["cells"],
                                     np.linalg.inv(np.array(truth["homography"]))))
        read = "".join(result["grid"])
        right = sum(a == b for a, b in zip(read, expected, strict=True))
        unsure = read.count("?")
        counts["right"] += right
        counts["unsure"] += unsure
        counts["wrong"] += len(read) - right - unsure
        counts["whole"] += right == len(read)
    return {**counts, "scenes": len(seeds), "cpu_s": float(np.mean(cpu)), "notes": notes}


def _timed_read(reader, image: np.ndarray, cpu: list[float]):
    """``reader.read(image)``, its CPU seconds appended to ``cpu`` whether it reads the
    board or refuses it."""
    start = time.process_time()
    try:
        return reader.read(image)
    finally:
        cpu.append(time.process_time() - start)


def measure(variation: Variation, photos: list[Path], reference: dict) -> dict:
    """Read every photo changed by ``variation``; count what was found and read."""
    from calibration.recognize import PictureReader, RecognitionError
    from companion.vision.games import game_vision

    reader = PictureReader(game_vision("go"), find_size=True)

    counts = {"placed": 0, "refused": 0, "off": 0, "wrong_size": 0, "right": 0, "unsure": 0,
              "wrong": 0, "whole": 0}
    notes, cpu = [], []
    for photo in photos:
        image = cv2.imread(str(photo))
        crossings = reference[photo]
        changed, mapping = variation.change(image, crossings)
        label = np.array([r.split() for r in photo.with_suffix(".txt").read_text().split("\n")
                          if r.strip()])
        try:
            result, registration = _timed_read(reader, changed, cpu)
        except RecognitionError as error:
            counts["refused"] += 1
            if not variation.refuse:
                notes.append(f"{photo.stem}: {error}")
            continue
        size = result.get("size")
        if size != 19:
            counts["wrong_size"] += 1
            counts["off"] += 1
            notes.append(f"{photo.stem}: read as {size}x{size}")
            continue
        if crossings is not None:
            must = cv2.perspectiveTransform(crossings.reshape(-1, 1, 2), mapping).reshape(19, 19, 2)
            seen = registration.to_pixels(_board_points(registration)).reshape(19, 19, 2)
            miss = _pitches_off(seen, must)
            if miss > ON_GRID_PITCH:
                counts["off"] += 1
                notes.append(f"{photo.stem}: found {miss:.2f} pitch off")
                continue
        counts["placed"] += 1
        read = np.array([list(r) for r in result["grid"]])
        truth = max(_symmetries(label), key=lambda t: int((t == read).sum()))
        right, unsure = int((truth == read).sum()), int((read == "?").sum())
        counts["right"] += right
        counts["unsure"] += unsure
        counts["wrong"] += read.size - right - unsure
        counts["whole"] += right == read.size
        if read.size - right - unsure:
            bad = [f"{r},{c}:{read[r, c]}!={truth[r, c]}"
                   for r, c in zip(*np.nonzero((truth != read) & (read != "?")), strict=True)]
            notes.append(f"{photo.stem}: read wrong (row,col as seen) {' '.join(bad[:8])}")
    return {**counts, "photos": len(photos), "cpu_s": float(np.mean(cpu)), "notes": notes}


def _reference(image: np.ndarray, geometry) -> np.ndarray | None:
    """Where the crossings are on the unchanged photo (19×19×2 px), or None."""
    from calibration.gridfind import find_grid
    from calibration.registration import RegistrationError

    try:
        found = find_grid(image, geometry)
    except RegistrationError:
        return None
    return found.to_pixels(_board_points(found, geometry)).reshape(19, 19, 2)


def _board_points(registration, geometry=None) -> np.ndarray:
    from calibration.gridfind import grid_lines_mm
    from companion.geometry import load_geometry

    xs, ys = grid_lines_mm(geometry or load_geometry("go-19"))
    return np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 2)


def _print_row(name: str, row: dict, mark: str = "") -> None:
    """One line of figures, then its notes (what was refused or found off, and why)."""
    print(f"{name:<16} {row['placed']:>6} {row['refused']:>7} {row['off']:>4} "
          f"{row['wrong_size']:>8}  {row['right']:>6} {row['unsure']:>6} {row['wrong']:>6}"
          f" {row['whole']:>5}  {row['cpu_s']:>6.2f}{mark}")
    for note in row["notes"]:
        print(f"    {note}")


def _pitches_off(seen: np.ndarray, must: np.ndarray) -> float:
    """How far (in pitches) the worst crossing found (N×N×2 px) lies from where it must
    be, under the board's 8 symmetries."""
    pitch = float(np.median(np.linalg.norm(np.diff(must, axis=1), axis=2)))
    return min(float(np.linalg.norm(s - must, axis=2).max()) for s in _symmetries(seen)) / pitch


def _symmetries(grid: np.ndarray) -> list[np.ndarray]:
    turns = [np.rot90(grid, k) for k in range(4)]
    return turns + [np.swapaxes(t, 0, 1) for t in turns]


# The changes. Each returns the new image and the homography old px -> new px.

def _warp(image: np.ndarray, mapping: np.ndarray, size: tuple[int, int],
          background: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    if background is None:
        out = cv2.warpPerspective(image, mapping, size, flags=cv2.INTER_AREA
                                  if abs(np.linalg.det(mapping[:2, :2])) < 1 else cv2.INTER_LINEAR,
                                  borderMode=cv2.BORDER_REPLICATE)
        return out, mapping
    out = cv2.warpPerspective(image, mapping, size, flags=cv2.INTER_LINEAR)
    inside = cv2.warpPerspective(np.full(image.shape[:2], 255, np.uint8), mapping, size)
    blend = cv2.GaussianBlur(inside, (5, 5), 0).astype(np.float32)[..., None] / 255
    return (out * blend + background * (1 - blend)).astype(np.uint8), mapping


def resize_to(width: int, height: int) -> Change:
    def change(image, _crossings):
        h, w = image.shape[:2]
        mapping = np.diag([width / w, height / h, 1.0])
        interpolation = cv2.INTER_AREA if width < w else cv2.INTER_CUBIC
        return cv2.resize(image, (width, height), interpolation=interpolation), mapping
    return change


def rotate(degrees: float) -> Change:
    def change(image, _crossings):
        h, w = image.shape[:2]
        if degrees % 90 == 0:
            turns = int(degrees // 90) % 4
            out = np.ascontiguousarray(np.rot90(image, -turns))  # clockwise
            mapping = {0: np.eye(3), 1: np.array([[0, -1, h - 1], [1, 0, 0], [0, 0, 1.0]]),
                       2: np.array([[-1, 0, w - 1], [0, -1, h - 1], [0, 0, 1.0]]),
                       3: np.array([[0, 1, 0], [-1, 0, w - 1], [0, 0, 1.0]])}[turns]
            return out, mapping.astype(np.float64)
        mapping = np.vstack([cv2.getRotationMatrix2D((w / 2, h / 2), degrees, 1.0), [0, 0, 1]])
        return _warp(image, mapping, (w, h), table(image.shape, 7))
    return change


def tilt(degrees: float) -> Change:
    """Look at the photo (as a flat print) from ``degrees`` further down: the far side
    shrinks. The focal length is the photo's width, a phone's usual field of view."""
    def change(image, _crossings):
        h, w = image.shape[:2]
        f = float(w)
        k = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1]])
        a = np.radians(degrees)
        turn = np.array([[1, 0, 0], [0, np.cos(a), -np.sin(a)], [0, np.sin(a), np.cos(a)]])
        mapping = k @ turn @ np.linalg.inv(k)
        corners = cv2.perspectiveTransform(
            np.array([[[0, 0]], [[w, 0]], [[w, h]], [[0, h]]], np.float64), mapping).reshape(-1, 2)
        lo, hi = corners.min(axis=0), corners.max(axis=0)
        fit = min(w / (hi - lo)[0], h / (hi - lo)[1])
        place = np.array([[fit, 0, -lo[0] * fit], [0, fit, -lo[1] * fit], [0, 0, 1]])
        return _warp(image, place @ mapping, (w, h), table(image.shape, 11))
    return change


def seen_from(degrees: float, azimuth: float = 0.0, roll: float = 0.0, fill: float = 0.8
              ) -> Change:
    """The board seen again by a camera ``degrees`` from the vertical, the board turned
    ``azimuth`` on the table (180: the camera on its other side) and the picture turned
    ``roll``: a pinhole of focal length the photo's width looking at the board's middle
    from where the board's outline fills ``fill`` of the frame. The photo's board plane
    (from the grid found on it) is mapped to that view, so the board lies exactly
    ``degrees`` from the vertical whatever the photo's own angle (``tilt`` turns the
    photo as a flat print: the board's own angle adds to it), its far lines closer
    together and converging as a camera sees them."""
    def change(image, crossings):
        from calibration.gridfind import grid_lines_mm
        from companion.geometry import load_geometry

        h, w = image.shape[:2]
        board = load_geometry("go-19")
        xs, ys = grid_lines_mm(board)
        places = np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 2)
        to_photo, _ = cv2.findHomography(places, crossings.reshape(-1, 2), 0)
        outline = np.array([[0, 0], [board.width_mm, 0], [board.width_mm, board.height_mm],
                            [0, board.height_mm]], np.float64)
        view = _camera_view(outline, degrees, azimuth, roll, (w, h), fill)
        mapping = view @ np.linalg.inv(to_photo)
        return _warp(image, mapping / mapping[2, 2], (w, h), table(image.shape, 13))
    return change


def _camera_view(outline: np.ndarray, degrees: float, azimuth: float, roll: float,
                 frame: tuple[int, int], fill: float) -> np.ndarray:
    """Board mm -> pixels of a pinhole camera (focal length the frame's width) looking at
    the middle of the board's ``outline`` from ``degrees`` off the vertical, as far away
    as makes the outline fill ``fill`` of the frame (``seen_from``)."""
    w, h = frame
    lens = np.array([[w, 0, w / 2], [0, w, h / 2], [0, 0, 1.0]])
    a, t, r = (np.radians(v) for v in (azimuth, degrees, roll))
    turn = (np.array([[np.cos(r), -np.sin(r), 0], [np.sin(r), np.cos(r), 0], [0, 0, 1]])
            @ np.array([[1, 0, 0], [0, np.cos(t), -np.sin(t)], [0, np.sin(t), np.cos(t)]])
            @ np.array([[np.cos(a), -np.sin(a), 0], [np.sin(a), np.cos(a), 0], [0, 0, 1]]))
    middle = outline.mean(axis=0)
    centre = np.array([[1, 0, -middle[0]], [0, 1, -middle[1]], [0, 0, 1]])

    def at(distance: float) -> np.ndarray:
        return lens @ np.column_stack([turn[:, 0], turn[:, 1], [0, 0, distance]]) @ centre

    near, far = 0.6 * np.ptp(outline, axis=0).max(), 50 * np.ptp(outline, axis=0).max()
    for _ in range(60):  # the outline's share of the frame shrinks as the camera backs off
        middle_distance = (near + far) / 2
        seen = cv2.perspectiveTransform(outline.reshape(-1, 1, 2), at(middle_distance))
        share = (np.ptp(seen.reshape(-1, 2), axis=0) / [w, h]).max()
        near, far = (middle_distance, far) if share > fill else (near, middle_distance)
    return at(far)


def smaller(share: float) -> Change:
    """The whole photo shrunk to ``share`` of the frame on a wooden-table background."""
    def change(image, _crossings):
        h, w = image.shape[:2]
        mapping = np.array([[share, 0, w * (1 - share) * 0.4],
                            [0, share, h * (1 - share) * 0.6], [0, 0, 1]])
        return _warp(image, mapping, (w, h), table(image.shape, 3))
    return change


def cut(lines: float) -> Change:
    """Crop the photo's left side at ``lines`` pitches right of the board's leftmost
    line: negative, left of the line's leftmost point (only the margin is cut, every line
    is whole); positive, right of its rightmost point (the whole line is cut off)."""
    def change(image, crossings):
        side = 0 if crossings[:, 0, 0].mean() < crossings[:, -1, 0].mean() else -1
        first = crossings[:, side, 0]
        if first.std() > crossings[side, :, 0].std():  # the board's columns run down
            side = 0 if crossings[0, :, 0].mean() < crossings[-1, :, 0].mean() else -1
            first = crossings[side, :, 0]
        pitch = float(np.median(np.linalg.norm(np.diff(crossings, axis=1), axis=2)))
        edge = first.min() if lines < 0 else first.max()
        x = int(max(0, edge + lines * pitch))
        return np.ascontiguousarray(image[:, x:]), np.array([[1, 0, -x], [0, 1, 0], [0, 0, 1.0]])
    return change


def colours(gain: tuple[float, float, float], contrast: float = 1.0, noise: float = 0.0
            ) -> Change:
    """Scale each channel (B, G, R), squeeze the contrast about mid-grey, add noise."""
    def change(image, _crossings):
        out = image.astype(np.float32) * np.array(gain, np.float32)
        out = 128 + (out - 128) * contrast
        if noise:
            out += np.random.default_rng(0).normal(0, noise, out.shape).astype(np.float32)
        return np.clip(out, 0, 255).astype(np.uint8), np.eye(3)
    return change


def light_across(left: tuple[float, float, float], right: tuple[float, float, float]
                 ) -> Change:
    """Light of two colours, one from each side: each channel (B, G, R) scaled by a
    gain that runs from ``left`` at the photo's left edge to ``right`` at its right."""
    def change(image, _crossings):
        share = np.linspace(0.0, 1.0, image.shape[1], dtype=np.float32)[None, :, None]
        gain = (1 - share) * np.array(left, np.float32) + share * np.array(right, np.float32)
        return np.clip(image.astype(np.float32) * gain, 0, 255).astype(np.uint8), np.eye(3)
    return change


def jpeg(quality: int) -> Change:
    def change(image, _crossings):
        ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
        return cv2.imdecode(data, cv2.IMREAD_COLOR), np.eye(3)
    return change


def blur(sigma_share: float) -> Change:
    """Out of focus: a Gaussian blur of ``sigma_share`` of the photo's width."""
    def change(image, _crossings):
        return cv2.GaussianBlur(image, (0, 0), sigma_share * image.shape[1]), np.eye(3)
    return change


def sharpened(amount: float, quality: int) -> Change:
    """A phone's processing: an unsharp mask of ``amount`` (halos along every edge),
    then a strong JPEG of ``quality``."""
    def change(image, _crossings):
        soft = cv2.GaussianBlur(image, (0, 0), 0.0015 * image.shape[1])
        sharp = cv2.addWeighted(image, 1 + amount, soft, -amount, 0)
        ok, data = cv2.imencode(".jpg", sharp, [cv2.IMWRITE_JPEG_QUALITY, quality])
        return cv2.imdecode(data, cv2.IMREAD_COLOR), np.eye(3)
    return change


def vignette(corner: float) -> Change:
    """A cheap lens's fall-off: the light falls to ``corner`` of the centre's at the
    frame's corners (a cos⁴-like curve, the same in every channel)."""
    def change(image, _crossings):
        h, w = image.shape[:2]
        y, x = np.mgrid[0:h, 0:w].astype(np.float32)
        reach = ((x - w / 2) ** 2 + (y - h / 2) ** 2) / ((w / 2) ** 2 + (h / 2) ** 2)
        gain = 1 - (1 - corner) * reach
        out = image.astype(np.float32) * gain[..., None]
        return np.clip(out, 0, 255).astype(np.uint8), np.eye(3)
    return change


def hue_turned(degrees: float, grey: float = 12.0, full: float = 30.0) -> Change:
    """A board of another wood or vinyl under the same light: the hue of every strongly
    coloured pixel turned by ``degrees`` about the grey axis, its lightness and chroma
    kept (YCrCb's chroma plane turned). Pixels of chroma under ``grey`` (black and white
    stones, the print: nearly grey) are left as they are, those over ``full`` (the
    board, the table) turned whole, those between in part."""
    def change(image, _crossings):
        ycc = cv2.cvtColor(image, cv2.COLOR_BGR2YCrCb).astype(np.float32)
        cr, cb = ycc[..., 1] - 128, ycc[..., 2] - 128
        share = np.clip((np.hypot(cr, cb) - grey) / (full - grey), 0.0, 1.0)
        a = np.deg2rad(degrees) * share
        ycc[..., 1] = 128 + np.cos(a) * cr - np.sin(a) * cb
        ycc[..., 2] = 128 + np.sin(a) * cr + np.cos(a) * cb
        out = np.clip(ycc, 0, 255).astype(np.uint8)
        return cv2.cvtColor(out, cv2.COLOR_YCrCb2BGR), np.eye(3)
    return change


def webcam(width: int, height: int, dim: float, noise: float, quality: int) -> Change:
    """A cheap webcam in a dim room: ``width`` × ``height``, the light scaled by
    ``dim``, sensor noise of ``noise`` levels, a JPEG of ``quality``."""
    def change(image, _crossings):
        small, mapping = resize_to(width, height)(image, _crossings)
        out = small.astype(np.float32) * dim
        out += np.random.default_rng(1).normal(0, noise, out.shape).astype(np.float32)
        out = np.clip(out, 0, 255).astype(np.uint8)
        ok, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, quality])
        return cv2.imdecode(data, cv2.IMREAD_COLOR), mapping
    return change


def wide_view(share: float, width: int, height: int) -> Change:
    """A smaller board in a wider view: the photo shrunk to ``share`` of the frame on a
    table, then the frame taken at ``width`` × ``height``."""
    def change(image, crossings):
        shrunk, first = smaller(share)(image, crossings)
        out, second = resize_to(width, height)(shrunk, crossings)
        return out, second @ first
    return change


def table(shape: tuple[int, ...], seed: int) -> np.ndarray:
    """A wooden table top: brown with long grain streaks and a little noise."""
    rng = np.random.default_rng(seed)
    h, w = shape[:2]
    grain = rng.normal(0, 1, (1, w)).astype(np.float32)
    grain = cv2.GaussianBlur(grain, (0, 0), 3 + 0.004 * w)
    grain = np.repeat(grain / (grain.std() + 1e-6), h, axis=0)
    grain += 0.3 * rng.normal(0, 1, (h, w)).astype(np.float32)
    tone = np.array([60, 100, 150], np.float32)  # B, G, R
    return np.clip(tone * (1 + 0.12 * grain[..., None]), 0, 255).astype(np.float32)


VARIATIONS: list[Variation] = [
    Variation("original", resize_to(2048, 1536)),
    Variation("4032x3024", resize_to(4032, 3024)),
    Variation("1280x960", resize_to(1280, 960)),
    Variation("800x600", resize_to(800, 600)),
    Variation("640x480", resize_to(640, 480)),
    Variation("turn 90", rotate(90)),
    Variation("turn 180", rotate(180)),
    Variation("turn 8deg", rotate(8)),
    Variation("turn -15deg", rotate(-15)),
    Variation("tilt 20deg", tilt(20)),
    Variation("tilt 35deg", tilt(35)),
    Variation("seen at 30deg", seen_from(30)),
    Variation("seen at 35deg", seen_from(35, 25)),
    Variation("seen at 40deg", seen_from(40)),
    Variation("40deg turned", seen_from(40, 45)),
    Variation("40deg far side", seen_from(40, 180, 90)),
    Variation("small 60%", smaller(0.6)),
    Variation("small 40%", smaller(0.4)),
    Variation("margin cut", cut(-0.3)),
    Variation("line cut", cut(0.5), refuse=True),
    Variation("darker", colours((0.55, 0.55, 0.55))),
    Variation("yellower", colours((0.6, 0.9, 1.1))),
    Variation("warm lamp", colours((0.55, 0.8, 1.0))),
    Variation("cold light", colours((1.2, 0.9, 0.6))),
    Variation("green light", colours((0.7, 1.2, 0.7))),
    Variation("cold dim", colours((1.0, 0.75, 0.5))),
    Variation("green dim", colours((0.58, 1.0, 0.58))),
    Variation("two lights", light_across((0.55, 0.8, 1.0), (1.2, 0.9, 0.6))),
    Variation("dim room", colours((0.25, 0.25, 0.28), noise=4.0)),
    Variation("low contrast", colours((1.0, 1.0, 1.0), contrast=0.5)),
    Variation("brighter", colours((1.25, 1.25, 1.25))),
    Variation("overexposed", colours((1.5, 1.5, 1.5))),
    Variation("jpeg q20", jpeg(20)),
    Variation("blur", blur(0.0015)),
    Variation("noise", colours((1.0, 1.0, 1.0), noise=15.0)),
    Variation("magenta cast", colours((1.0, 0.88, 1.02))),
    Variation("sharpened q12", sharpened(1.5, 12)),
    Variation("vignette", vignette(0.45)),
    Variation("board hue +60", hue_turned(60)),
    Variation("board hue -60", hue_turned(-60)),
    Variation("webcam dim", webcam(640, 480, 0.5, 6.0, 40)),
    Variation("wide view", wide_view(0.5, 1280, 960)),
]

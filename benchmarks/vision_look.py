"""The learned look against the look-free reader, on rendered games whose light may drift.

Each game is one rendered table (a scene seed of ``go-19``: its board, camera, stones
and lamp fixed) seen over ``--frames`` frames, one more stone each (black and white in
turn, on random empty points). The first frame shows the empty board. Every frame is
read three ways through the board's true homography:

- ``look-free``: ``classify_stones``, as ``companion recognize`` reads a single photo;
- ``learned``: the learned look as the live loop keeps it: taught by the empty board, then
  by every frame once read (the referee accepted the move: the game's state is its label);
- ``frozen``: the look taught by the empty board and the first ``--frozen-after`` moves,
  then never again.

A frame is read before it teaches. With ``--drift`` the light changes over the game: by
the last frame the white balance has drifted from 1.0 to red ×0.8 / blue ×1.2, the light
has dimmed to ×0.5 and a haze of 60 grey levels has risen over the picture (daylight on
the lens and on the glossy stones: unlike a change of gain, it does not cancel in the
ratio of a space to its board), with fresh sensor noise on every frame. Prints, per
reader, the spaces read
wrongly (a sure label that is not the truth) and unsure, over every frame after the
frozen look's last lesson, and the frames read whole.

    companion bench vision-look --games 20 --frames 30 [--drift]

With ``--real FOLDER`` it follows a labelled sequence of real photographs instead (``NAME.jpg``
with a ``NAME.txt`` of 19 rows of ``.``/``B``/``W``, in name order, the first the starting
position): each photo's board is found by its lines, read look-free and with the look
taught by the photos before it, then teaches it. A label is laid on the picture in the
one of the board's 8 symmetries that agrees best with the look-free reading.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from companion.geometry import load_geometry
from companion.vision.labels import UNSURE
from companion.vision.look import LearnedLook
from companion.vision.pipeline import Recogniser
from companion.vision.scene import Effects, render_scene
from companion.vision.scene.camera import random_pose

SUMMARY = "the learned look against the look-free reader, rendered games, light steady or drifting"
BOARD = "go-19"
FRAME = (640, 480)
COLOURS = ("black", "white")
GAINS_AT_END = np.array([1.2, 1.0, 0.8])  # B, G, R: the white balance at the last frame
DIM_AT_END = 0.5
VEIL_AT_END = 60.0  # grey levels of haze added (daylight on the lens and the glossy stones)


@dataclass
class Count:
    """Spaces read wrongly or unsure, and frames read whole, by one reader."""

    spaces: int = 0
    wrong: int = 0
    unsure: int = 0
    frames: int = 0
    whole: int = 0

    def add(self, labels: Sequence[str], truth: Sequence[str]) -> None:
        unsure = sum(label == UNSURE for label in labels)
        wrong = sum(label not in (UNSURE, right) for label, right in zip(labels, truth,
                                                                          strict=True))
        self.spaces += len(labels)
        self.unsure += unsure
        self.wrong += wrong
        self.frames += 1
        self.whole += unsure == 0 and wrong == 0

    def line(self, name: str) -> str:
        return (f"{name:10s} wrong {100.0 * self.wrong / max(self.spaces, 1):6.3f} %  "
                f"unsure {100.0 * self.unsure / max(self.spaces, 1):6.3f} %  "
                f"whole {self.whole}/{self.frames}")


def drifted(image: np.ndarray, moment: float, rng: np.random.Generator,
            veil: float = VEIL_AT_END) -> np.ndarray:
    """``image`` under the light ``moment`` (0: as rendered, 1: the last frame) of the
    drift, with a haze of ``veil`` grey levels at the end."""
    gains = (1.0 + (GAINS_AT_END - 1.0) * moment) * (1.0 + (DIM_AT_END - 1.0) * moment)
    noisy = image.astype(np.float32) * gains[None, None, :] + veil * moment \
        + rng.normal(0.0, 2.0, size=image.shape).astype(np.float32)
    return np.clip(noisy, 0, 255).astype(np.uint8)


def game_positions(names: Sequence[str], moves: int, rng: np.random.Generator
                   ) -> list[dict[str, str]]:
    """The board after 0, 1, … ``moves`` stones, black and white in turn."""
    order = rng.permutation(len(names))[:moves]
    positions, board = [{}], {}
    for turn, i in enumerate(order):
        board = {**board, names[i]: COLOURS[turn % 2]}
        positions.append(board)
    return positions


def play(seed: int, frames: int, frozen_after: int, drift: float | None,
         counts: dict[str, Count]) -> None:
    """One rendered game through the three readers (module docstring); ``drift`` is the
    haze (grey levels) of a drifting light, ``None`` for a steady one."""
    geometry = load_geometry(BOARD)
    rng = np.random.default_rng(seed)
    pose = random_pose(rng, max_tilt_deg=30.0)
    effects = Effects(light_gradient=float(rng.uniform(0, 0.3)),
                      light_spot=float(rng.uniform(0, 0.2)),
                      colour_cast=float(rng.uniform(0, 0.1)), blur=float(rng.uniform(0, 0.8)),
                      noise=float(rng.uniform(1.0, 4.0)), jpeg=int(rng.integers(70, 95)),
                      gloss=float(rng.uniform(0.1, 0.6)))
    recogniser = Recogniser(geometry, COLOURS)
    learned, frozen = LearnedLook(COLOURS), LearnedLook(COLOURS)
    to_board = None
    names = list(geometry.names)
    positions = game_positions(names, frames - 1, rng)
    for t, pieces in enumerate(positions):
        image, truth = render_scene(seed, geometry, pieces, pose, effects, frame=FRAME)
        if to_board is None:
            to_board = np.linalg.inv(np.array(truth["homography"]))
        if drift is not None:
            image = drifted(image, t / max(frames - 1, 1), rng, drift)
        labels = [truth["cells"][n] for n in names]
        recogniser.look = None
        plain = recogniser.read(image, to_board)
        readers = {"look-free": plain}
        for name, look in (("learned", learned), ("frozen", frozen)):
            if look.ready:
                recogniser.look = look
                readers[name] = recogniser.read(image, to_board)
        if t > frozen_after:
            for name, reading in readers.items():
                counts[name].add([reading.cells[n] for n in names], labels)
        learned.teach(plain.samples, labels)
        if t <= frozen_after:
            frozen.teach(plain.samples, labels)


def follow_photos(folder: Path, counts: dict[str, Count]) -> None:
    """The labelled photos of ``folder`` through the look-free reader and the look."""
    import cv2

    from calibration.recognize import PictureReader
    from companion.vision.games import game_vision
    from companion.vision.grid_text import grid_as_seen

    contents = {".": "empty", "B": "black", "W": "white"}
    vision = game_vision("go", size=19)
    reader = PictureReader(vision)
    recogniser = reader.choices[0][1]
    look = LearnedLook(COLOURS)
    for path in sorted(folder.glob("*.jpg")):
        label = path.with_suffix(".txt")
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if not label.is_file() or image is None:
            continue
        rows = np.array([line.split() for line in label.read_text().split("\n") if line.strip()])
        _, _, homography, _ = reader.locate(image, None)
        recogniser.look = None
        plain = recogniser.read(image, homography)
        names = list(plain.cells)
        seen = grid_as_seen(vision.geometry, homography)
        truths = []
        for turn in range(4):
            for grid in (np.rot90(rows, turn), np.rot90(rows, turn).T):
                truth = {name: contents[grid[i][j]] for i, row in enumerate(seen)
                         for j, name in enumerate(row)}
                truths.append(truth)
        truth = max(truths, key=lambda t: sum(plain.cells[n] == t[n] for n in names))
        labels = [truth[n] for n in names]
        if look.ready:
            counts["look-free"].add([plain.cells[n] for n in names], labels)
            recogniser.look = look
            learned = recogniser.read(image, homography)
            counts["learned"].add([learned.cells[n] for n in names], labels)
        look.teach(plain.samples, labels)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--frames", type=int, default=30)
    parser.add_argument("--frozen-after", type=int, default=3,
                        help="moves the frozen look learns from (default: 3)")
    parser.add_argument("--drift", action="store_true", help="the light drifts over each game")
    parser.add_argument("--haze", type=float, default=VEIL_AT_END, metavar="GREY",
                        help=f"the haze a drift ends with (default: {VEIL_AT_END:.0f} grey "
                             "levels; 0: white balance and dimming alone)")
    parser.add_argument("--first-seed", type=int, default=5000)
    parser.add_argument("--real", type=Path, metavar="FOLDER",
                        help="follow the labelled photos in FOLDER instead")


def run(args: argparse.Namespace) -> int:
    if args.real is not None:
        counts = {name: Count() for name in ("look-free", "learned")}
        follow_photos(args.real, counts)
        print(f"{args.real}: every photo after the first, read look-free and with the look "
              "the photos before it taught:")
        for name, count in counts.items():
            print(count.line(name))
        return 0
    counts = {name: Count() for name in ("look-free", "learned", "frozen")}
    for game in range(args.games):
        play(args.first_seed + game, args.frames, args.frozen_after,
             args.haze if args.drift else None, counts)
    light = f"drifting light (haze {args.haze:.0f})" if args.drift else "steady light"
    print(f"{args.games} games × {args.frames} frames of {BOARD} at {FRAME[0]}×{FRAME[1]}, "
          f"{light}; frames after move {args.frozen_after}:")
    for name, count in counts.items():
        print(count.line(name))
    return 0

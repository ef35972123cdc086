"""A 9 × 9 Go board rendered again and again as one table's camera sees it, read, and
remembered as the game holds it (``companion.vision.last_seen``): what the tests of the
memory and of the live loop's light change share."""

import numpy as np

from companion.geometry import load_geometry
from companion.vision.last_seen import LastSeen
from companion.vision.pipeline import Reading, Recogniser
from companion.vision.scene import Effects, Pose
from tests.helpers.scene_cache import render_scene

SEED = 11
POSE = Pose(tilt_deg=15.0, azimuth_deg=10.0, fill=0.85)
CLEAN = Effects(noise=2.0, jpeg=85)
STONES = {"C3": "black", "G7": "white"}
COLOURS = ("black", "white")


def read(pieces: dict[str, str], frame_seed: int = 0, change=None) -> Reading:
    """The go-9 board with ``pieces``, ``change`` done to the picture: the reading."""
    image, truth = render_scene(SEED, "go-9", pieces, POSE, CLEAN, frame=(800, 600),
                                frame_seed=frame_seed)
    if change is not None:
        image = change(image)
    recogniser = Recogniser(load_geometry("go-9"), COLOURS)
    return recogniser.read(image, np.linalg.inv(np.array(truth["homography"])))


def known(reading: Reading) -> LastSeen:
    """A memory of ``reading`` as the game holds the position ``STONES``."""
    memory = LastSeen(Recogniser(load_geometry("go-9"), COLOURS).cfg)
    names = list(reading.cells)
    memory.remember(names, reading.samples, {n: STONES.get(n) for n in names})
    return memory


def empty(reading: Reading) -> list[str]:
    """The spaces of ``reading`` the position ``STONES`` holds empty."""
    return [name for name in reading.cells if name not in STONES]

"""The scene renderer's realistic camera looks (``companion.vision.scene.looks``): the
default renders stay byte for byte what they were, every look feature shows in the
picture, the truth stays exact, and the held-out looks share nothing with the
development looks."""

import hashlib
import json

import numpy as np
import pytest

from companion.vision.scene import random_effects, render_scene

SIX = ("black", "white", "red", "blue", "green", "yellow")

# The recognisers' thresholds were chosen on these renders: the default output of
# render_scene (no look) must never change. Hashes of picture and truth, taken before the
# looks were added (OpenCV's JPEG coder as pinned by the project).
DEFAULT_RENDERS = [
    ("go-19", 0, {}, "facea24fff9f679b"),
    ("go-9", 7, {"effects": "hands and glare"}, "a5b5d79eb38e50f9"),
    ("one-60", 3, {"colours": SIX}, "e60a11cb34e349f5"),
    ("oneworld", 4, {"kind": "counters"}, "8c7d16073cf79489"),
    ("onslaught", 5, {"kind": "onslaught", "frame": (640, 480), "frame_seed": 2},
     "1d590e86ea0eea0f"),
]


def _digest(image: np.ndarray, truth: dict) -> str:
    data = image.tobytes() + json.dumps(truth, sort_keys=True).encode()
    return hashlib.sha256(data).hexdigest()[:16]


@pytest.mark.parametrize(("board", "seed", "options", "digest"), DEFAULT_RENDERS)
def test_default_renders_are_byte_identical_to_before_the_looks(board, seed, options, digest):
    options = dict(options)
    if options.get("effects"):
        options["effects"] = random_effects(np.random.default_rng([seed, 1]), hands=1.0,
                                            glare=1.0)
    image, truth = render_scene(seed, board, **options)
    assert _digest(image, truth) == digest

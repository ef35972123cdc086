"""Rendered Go games followed photo by photo, as ``companion referee go --frames`` does,
for the tests of following a game (``tests/hardware/test_follow_*.py``): a game on a
realistic table, or on a clean table with one photo blurred over part of the picture
(the session-20 blur scenarios)."""

import cv2
import numpy as np

from benchmarks.follow import random_game
from companion.vision.scene import Effects
from companion.vision.scene.frames import render_game_frames
from companion.vision.scene.looks import random_look_of
from hardware.follow_frames import follow
from tests.helpers.scene_cache import render_scene


def shown_and_held(states, results):
    shown = [{space: c or "empty" for space, c in s["board"].items()} for s in states]
    held = [{c["space"]: c["content"] for c in r.cells} for r in results]
    return shown, held


def followed_game(seed, size, moves, split, photos):
    """Game ``seed`` on a table of ``split``, its first ``photos`` positions followed
    through the board's corners in the first photo (as ``bench follow`` does)."""
    states = random_game(size, moves, seed)[:photos]
    look = random_look_of(np.random.default_rng(seed), split)
    frames = render_game_frames([{k: c for k, c in s["board"].items() if c} for s in states],
                                look, seed, f"go-{size}")
    results = list(follow("go", [(str(i), image) for i, (image, _) in enumerate(frames)],
                          corners=frames[0][1]["corners_px"], options={"size": size}))
    return (*shown_and_held(states, results), results)


def blurred_left(image, sigma, cut):
    """``image`` blurred by ``sigma`` pixels left of ``cut`` of its width, cut sharp."""
    out = image.copy()
    x = int(round(cut * image.shape[1]))
    out[:, :x] = cv2.GaussianBlur(image, (0, 0), sigma)[:, :x]
    return out


def followed_clean(seed, states, pose, photographed, blurred, blur):
    """The 9 × 9 game ``states`` of ``seed`` on a clean table at 960 × 720 seen from
    ``pose`` (as the session-20 blur scenarios render it), the positions
    ``photographed``, the photo of position ``blurred`` through ``blur``."""
    photos = []
    for i in photographed:
        pieces = {k: c for k, c in states[i]["board"].items() if c}
        image, _ = render_scene(seed, "go-9", pieces, pose,
                                Effects(noise=2.0, blur=0.4, jpeg=85),
                                frame=(960, 720), frame_seed=i)
        photos.append((str(i), blur(image) if i == blurred else image))
    results = list(follow("go", photos, options={"size": 9}))
    return (*shown_and_held([states[i] for i in photographed], results), results)

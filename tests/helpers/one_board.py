"""Shared by the ONE board's vision tests: the benchmark's scenes of the ring board under
camera looks, read as ``companion bench vision`` reads them.

    from tests.helpers.one_board import read_bench_scene, wrong_spaces

    reading, truth = read_bench_scene(3011, HELD_OUT)
    assert wrong_spaces(reading, truth) == []
"""

from __future__ import annotations

import numpy as np

import benchmarks.vision as bench
from calibration.registration import from_corners
from companion.geometry import load_geometry
from companion.vision.labels import UNSURE
from companion.vision.pipeline import Reading, Recogniser
from companion.vision.scene import random_effects
from companion.vision.scene.looks import DEVELOPMENT, random_look_of
from tests.helpers.scene_cache import render_scene

SIX = ("black", "white", "red", "blue", "green", "yellow")


def read_bench_scene(seed: int, split: str = DEVELOPMENT, taken: tuple[str, ...] = ()
                     ) -> tuple[Reading, dict]:
    """The benchmark's scene ``seed`` of the ONE board under a look of ``split``, read
    from its corners tapped as the benchmark taps them; with ``taken``, the same scene's
    stones on those spaces taken away (the rest placed as the benchmark placed them)."""
    geometry = load_geometry("one-60")
    effects = random_effects(np.random.default_rng([seed, 1]), hands=bench.HANDS,
                             glare=bench.GLARE)
    look = random_look_of(np.random.default_rng([seed, 3]), split)
    image, truth = render_scene(seed, geometry, colours=SIX, effects=effects, look=look)
    if taken:
        pieces = {s: c for s, c in truth["cells"].items() if c != "empty" and s not in taken}
        image, truth = render_scene(seed, geometry, pieces, colours=SIX, effects=effects,
                                    look=look)
    taps = np.array(truth["corners_px"]) \
        + np.random.default_rng([seed, 2]).normal(0, bench.CORNER_NOISE_PX, (4, 2))
    homography = from_corners(taps, geometry.width_mm, geometry.height_mm).homography
    return Recogniser(geometry, SIX).read(image, homography), truth


def wrong_spaces(reading: Reading, truth: dict) -> list[str]:
    """The spaces no hand or glare hides read surely and wrongly."""
    return [s for s, c in reading.cells.items()
            if c != UNSURE and s not in truth["hidden"] and c != truth["cells"][s]]

"""The renderer's phone (``companion.vision.scene.phone``): a sharpened picture lights
the board beside every printed line, as a phone's unsharp mask does, and saves it at
the phone's JPEG quality; without a sharpening a look renders as it always did."""

from dataclasses import replace

import numpy as np
import pytest

from companion.geometry import load_geometry
from companion.vision.scene import Pose, random_look, render_scene
from companion.vision.scene.looks import Lamp
from companion.vision.scene.phone import AMOUNTS, QUALITIES, Sharpening, random_sharpening

TOP_DOWN = Pose(tilt_deg=0.0, azimuth_deg=0.0, roll_deg=0.0, fill=0.9)
LAMP = Lamp(foot=(0.8, 0.0), height=1.2, colour="neutral", kelvin=4200.0,
            tint=(1.0, 1.0, 1.0), strength=0.7, size=0.12)
CLEAN = replace(random_look(np.random.default_rng(0)), frame=(1280, 960), pose=TOP_DOWN,
                lamps=(LAMP,), ambient=0.3, white_balance_k=0.0, vignetting=0.0, blur=0.5,
                motion=0.0, noise=1.0, jpeg=95, clutter=False, exposure=140.0,
                board="kaya")


def _across_line(image: np.ndarray, truth: dict, a: str, b: str) -> np.ndarray:
    """The grey levels across the printed line from ``a`` to ``b`` (a row's neighbours),
    down a column halfway between them, a third of a pitch either side of it."""
    (xa, ya), (xb, yb) = truth["spaces_px"][a], truth["spaces_px"][b]
    x, y = int(round((xa + xb) / 2)), int(round((ya + yb) / 2))
    reach = int(truth["pitch_px"] / 3)
    grey = image.astype(np.float32).mean(axis=2)
    return grey[y - reach:y + reach + 1, x - 2:x + 3].mean(axis=1)


def _flank_lift(profile: np.ndarray) -> float:
    """How much lighter than the board a third of a pitch off the line the lighter of
    the line's two flanks is at its least (the board's grey levels)."""
    dark = int(np.argmin(profile))
    board = (profile[:3].mean() + profile[-3:].mean()) / 2
    left, right = profile[max(dark - 6, 0):dark].max(), profile[dark + 1:dark + 7].max()
    return float(min(left, right) - board)


@pytest.mark.slow
def test_a_phones_sharpening_lights_the_board_beside_a_line():
    board = load_geometry("go-9")
    plain, truth = render_scene(3, board, {}, look=CLEAN)
    sharp, sharp_truth = render_scene(3, board, {}, look=CLEAN,
                                      sharpening=Sharpening(1.5, 95))
    assert _flank_lift(_across_line(plain, truth, "E5", "F5")) < 3.0
    assert _flank_lift(_across_line(sharp, sharp_truth, "E5", "F5")) > 10.0
    assert sharp_truth["sharpening"] == {"amount": 1.5, "quality": 95,
                                         "radius_share": 0.0015}
    assert sharp_truth["cells"] == truth["cells"]


def test_without_a_sharpening_a_look_renders_as_before_and_the_truth_says_none():
    board = load_geometry("go-9")
    look = replace(CLEAN, frame=(320, 240))
    image, truth = render_scene(5, board, {"E5": "white"}, look=look)
    again, same = render_scene(5, board, {"E5": "white"}, look=look, sharpening=None)
    assert np.array_equal(image, again) and "sharpening" not in truth and same == truth
    sharp, _ = render_scene(5, board, {"E5": "white"}, look=look,
                            sharpening=Sharpening(1.0, 25))
    assert not np.array_equal(image, sharp)


def test_a_sharpening_needs_a_look():
    with pytest.raises(ValueError):
        render_scene(5, "go-9", {}, sharpening=Sharpening(1.0, 25))


def test_random_sharpenings_are_the_phones_few_strengths_and_qualities():
    drawn = {random_sharpening(np.random.default_rng([seed, 5])) for seed in range(60)}
    assert {s.amount for s in drawn} == set(AMOUNTS)
    assert {s.quality for s in drawn} == set(QUALITIES)

"""The corners of a rendered board as ``companion bench vision`` taps them."""

import numpy as np

from benchmarks.vision import CORNER_NOISE_PX
from calibration.registration import from_corners
from companion.geometry import Geometry


def tapped(seed: int, board: Geometry, truth: dict) -> np.ndarray:
    """The homography from the board's corners as the vision bench taps them for
    ``seed`` (each corner off by a fraction of a pixel, from ``[seed, 2]``)."""
    noise = np.random.default_rng([seed, 2]).normal(0, CORNER_NOISE_PX, (4, 2))
    taps = np.array(truth["corners_px"]) + noise
    return from_corners(taps, board.width_mm, board.height_mm).homography

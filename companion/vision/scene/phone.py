"""A phone's processing of its pictures: an unsharp mask, then a strong JPEG.

Phones (and some webcams' firmware) sharpen every picture before they save it: the
picture minus a blurred copy of itself, ``amount`` times, added back. Each dark printed
line gets a light halo along both its flanks, lighter than the board a little way off,
and on a pale board clipped in a channel or two; a messaging app then saves it as a
strong JPEG. The real photos' variation "sharpened q12" (``benchmarks.
vision_real_variations.sharpened``) does the same to a finished photo; here the
renderer does it to its own pictures, after the sensor's noise and before the JPEG, so
a rule for sharpened pictures can be checked on thousands of rendered spaces.

Opt-in only: ``render_scene(..., sharpening=...)`` with a look. The strength and the
JPEG's quality are drawn from a generator of their own (``random_sharpening``), so the
look's own draws, and every picture rendered without sharpening, stay as they were.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

import cv2
import numpy as np

RADIUS_SHARE = 0.0015  # the unsharp mask's blur (sigma) over the frame's width, as the variation's
AMOUNTS = (0.5, 1.0, 1.5)  # a phone's unsharp mask strengths: mild, usual, strong
QUALITIES = (12, 25, 50)  # JPEG qualities: a messaging app's strong compression to a fair one


@dataclass(frozen=True)
class Sharpening:
    """An unsharp mask of ``amount`` (blur sigma ``radius_share`` of the frame's width)
    and a JPEG of ``quality`` in place of the camera's own."""

    amount: float
    quality: int
    radius_share: float = RADIUS_SHARE

    def to_json(self) -> dict:
        return asdict(self)


def random_sharpening(rng: np.random.Generator) -> Sharpening:
    """One of the phone's strengths and qualities (``AMOUNTS``, ``QUALITIES``)."""
    return Sharpening(float(AMOUNTS[int(rng.integers(len(AMOUNTS)))]),
                      int(QUALITIES[int(rng.integers(len(QUALITIES)))]))


def unsharp(image: np.ndarray, sharpening: Sharpening) -> np.ndarray:
    """``image`` (float BGR, 0..255 and beyond) with its edges sharpened: the picture
    plus ``amount`` times its difference from a blurred copy (unclipped: the JPEG's
    clipping follows)."""
    sigma = max(sharpening.radius_share * image.shape[1], 0.3)
    soft = cv2.GaussianBlur(image, (0, 0), sigma)
    return image + np.float32(sharpening.amount) * (image - soft)

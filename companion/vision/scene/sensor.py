"""What a webcam does to the light it gets: white balance (a colour-temperature gain on
red and blue), vignetting, lens blur, motion blur, sensor noise and JPEG.

Colour temperature is turned into RGB by the usual fit to the black body's colours
(Tanner Helland's): a 2,700 K lamp is orange, 6,500 K daylight bluish white. A camera
whose white balance is ``error`` kelvin off divides by the wrong colour, and the whole
picture turns warm or cool.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from companion.vision.scene.effects import jpeg, motion_blur
from companion.vision.scene.phone import Sharpening, unsharp


def kelvin_rgb(kelvin: float) -> np.ndarray:
    """The RGB colour (0..1) of a black body at ``kelvin``, 1,000–40,000 K."""
    t = float(np.clip(kelvin, 1000.0, 40000.0)) / 100.0
    if t <= 66:
        red = 255.0
        green = 99.4708025861 * math.log(t) - 161.1195681661
    else:
        red = 329.698727446 * (t - 60) ** -0.1332047592
        green = 288.1221695283 * (t - 60) ** -0.0755148492
    if t >= 66:
        blue = 255.0
    elif t <= 19:
        blue = 0.0
    else:
        blue = 138.5177312231 * math.log(t - 10) - 305.0447927307
    return np.clip(np.array([red, green, blue]), 1.0, 255.0) / 255.0


REFERENCE_K = 5000.0  # the light a camera's white balance is set from when it knows nothing
AUTO_SHARE = 0.7  # how far auto white balance goes from the reference to the real light


def white_balance_gains(light_kelvin: float, error_k: float) -> np.ndarray:
    """BGR gains (green kept) of a camera under light of ``light_kelvin`` whose white
    balance is off by ``error_k``. Auto white balance corrects only ``AUTO_SHARE`` of
    the way from ``REFERENCE_K`` to the light, as cameras do (a lamp's warmth stays a
    little warm), and its error is a colour temperature's error about ``REFERENCE_K``:
    +1,500 K takes the light for bluer than it is and turns the picture warm."""
    assumed = REFERENCE_K + AUTO_SHARE * (light_kelvin - REFERENCE_K)
    rgb = kelvin_rgb(assumed) * kelvin_rgb(REFERENCE_K + error_k) / kelvin_rgb(REFERENCE_K)
    gains = rgb[1] / rgb
    return gains[::-1].astype(np.float32)


def vignette(image: np.ndarray, strength: float) -> None:
    """Darken toward the corners: ``strength`` is the light lost in the very corner."""
    h, w = image.shape[:2]
    ys, xs = np.mgrid[0:h:4, 0:w:4].astype(np.float32)
    r2 = ((xs - w / 2) ** 2 + (ys - h / 2) ** 2) / ((w / 2) ** 2 + (h / 2) ** 2)
    gain = cv2.resize(1.0 - strength * r2 ** 1.5, (w, h), interpolation=cv2.INTER_LINEAR)
    image *= gain[:, :, None]


def develop(image: np.ndarray, blur: float, motion: float, noise: float, quality: int,
            rng: np.random.Generator, sharpening: Sharpening | None = None) -> np.ndarray:
    """Lens blur (sigma ``blur`` px), motion blur (``motion`` px long), sensor noise
    (``noise`` grey levels at mid grey, more in the light, partly in 2×2 blocks as
    demosaicing leaves it), clipping and JPEG of ``quality``; returns uint8 BGR. With a
    phone's ``sharpening`` the noisy picture is sharpened and saved at its quality
    instead (``phone``: no draw of ``rng`` changes)."""
    if blur > 0.05:
        image = cv2.GaussianBlur(image, (0, 0), blur)
    if motion >= 2:
        image = motion_blur(image, int(round(motion)), rng)
    h, w = image.shape[:2]
    level = np.clip(image, 0.0, 255.0) / 128.0
    sigma = noise * np.sqrt(0.3 + 0.7 * level)
    grain = rng.standard_normal(size=image.shape, dtype=np.float32) * 0.8
    blocks = rng.standard_normal(size=((h + 1) // 2, (w + 1) // 2, 3), dtype=np.float32) * 0.6
    grain += cv2.resize(blocks, (w, h), interpolation=cv2.INTER_NEAREST)
    image = image + grain * sigma
    if sharpening is not None:
        image, quality = unsharp(image, sharpening), sharpening.quality
    return jpeg(np.clip(image, 0, 255).astype(np.uint8), quality)

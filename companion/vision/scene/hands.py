"""Hands for the camera looks: a hand of one of several skin tones, light to dark, on an
arm in a sleeve (plain, striped or checked fabric), reaching in over the board's edge
from the picture's edge, with its soft shadow on the board."""

from __future__ import annotations

import cv2
import numpy as np

# RGB skin tones from very light to very dark.
SKIN_TONES = ((236, 196, 170), (222, 172, 140), (198, 138, 100), (160, 104, 70),
              (116, 72, 48), (78, 50, 36))
SLEEVES = ((30, 40, 90), (150, 30, 40), (120, 120, 125), (40, 90, 50), (25, 25, 28),
           (225, 225, 220), (200, 160, 60))  # RGB fabrics
PATTERNS = ("plain", "stripes", "check")


def arm_masks(shape: tuple[int, int], target: tuple[float, float],
              rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """A hand reaching for ``target`` (pixels) and its sleeve, coming in from an edge
    of the picture: two soft masks (0..1), the skin (hand and wrist) and the sleeve."""
    h, w = shape
    tx, ty = target
    edge = int(rng.integers(4))
    start = [(tx, -80.0), (w + 80.0, ty), (tx, h + 80.0), (-80.0, ty)][edge]
    start = (start[0] + rng.uniform(-0.2, 0.2) * w, start[1] + rng.uniform(-0.2, 0.2) * h)
    width = rng.uniform(0.08, 0.13) * max(w, h)
    direction = np.array([tx - start[0], ty - start[1]])
    length = float(np.linalg.norm(direction)) or 1.0
    unit = direction / length
    skin = np.zeros((h, w), dtype=np.uint8)
    wrist = np.array([tx, ty]) - unit * width * rng.uniform(1.2, 2.2)
    cv2.line(skin, _px(wrist), _px((tx, ty)), 255, int(width * 0.8))
    angle = float(np.degrees(np.arctan2(unit[1], unit[0])))
    cv2.ellipse(skin, _px((tx, ty)), (int(width * 0.85), int(width * 0.6)), angle, 0, 360,
                255, -1)
    spread = rng.uniform(0.15, 0.28)
    for finger in range(4):
        a = np.arctan2(unit[1], unit[0]) + (finger - 1.5) * spread
        reach = width * rng.uniform(1.2, 1.6)
        end = (tx + np.cos(a) * reach, ty + np.sin(a) * reach)
        cv2.line(skin, _px((tx, ty)), _px(end), 255, max(int(width * 0.17), 2))
    thumb = np.arctan2(unit[1], unit[0]) + rng.choice([-1, 1]) * 1.1
    cv2.line(skin, _px((tx, ty)), _px((tx + np.cos(thumb) * width, ty + np.sin(thumb) * width)),
             255, max(int(width * 0.2), 2))
    sleeve = np.zeros((h, w), dtype=np.uint8)
    cuff = wrist - unit * width * 0.3
    cv2.line(sleeve, _px(start), _px(cuff), 255, int(width * 1.15))
    soft = (5, 5)
    sleeve_mask = cv2.GaussianBlur(sleeve.astype(np.float32) / 255.0, soft, 0)
    skin_mask = cv2.GaussianBlur(skin.astype(np.float32) / 255.0, soft, 0)
    return np.clip(skin_mask - sleeve_mask, 0.0, 1.0), sleeve_mask


def _px(point) -> tuple[int, int]:
    return int(round(float(point[0]))), int(round(float(point[1])))


def paint_arm(image: np.ndarray, skin: np.ndarray, sleeve: np.ndarray,
              away: tuple[float, float], rng: np.random.Generator) -> None:
    """Paint the arm's shadow (cast ``away``, pixels), then the sleeve's fabric and the
    skin, each shaded round like a cylinder, into the float BGR ``image``."""
    cover = np.clip(skin + sleeve, 0.0, 1.0)
    h, w = cover.shape
    shift = np.float32([[1, 0, away[0]], [0, 1, away[1]]])
    shadow = cv2.warpAffine(cover, shift, (w, h))
    k = int(0.04 * max(h, w)) | 1
    image *= (1.0 - 0.45 * cv2.GaussianBlur(shadow, (k, k), 0))[:, :, None]
    inside = cv2.distanceTransform((cover > 0.5).astype(np.uint8), cv2.DIST_L2, 5)
    round_ = np.sqrt(np.clip(inside / max(float(inside.max()), 1.0), 0.0, 1.0))
    shade = (0.6 + 0.4 * round_)[:, :, None]
    tone = np.array(SKIN_TONES[int(rng.integers(len(SKIN_TONES)))][::-1], dtype=np.float32)
    mottle = cv2.resize(rng.normal(1.0, 0.06, size=(h // 24 + 1, w // 24 + 1)).astype(
        np.float32), (w, h))
    fabric = _fabric((h, w), rng)
    image *= (1.0 - cover)[:, :, None]
    image += (tone * mottle[:, :, None]) * shade * skin[:, :, None]
    image += fabric * shade * sleeve[:, :, None]


def _fabric(shape: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """A sleeve's cloth: one colour, or stripes or checks of two."""
    h, w = shape
    first = np.array(SLEEVES[int(rng.integers(len(SLEEVES)))][::-1], dtype=np.float32)
    second = np.array(SLEEVES[int(rng.integers(len(SLEEVES)))][::-1], dtype=np.float32)
    pattern = PATTERNS[int(rng.integers(len(PATTERNS)))]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    period = rng.uniform(0.015, 0.04) * max(h, w)
    angle = rng.uniform(0, np.pi)
    a = (xs * np.cos(angle) + ys * np.sin(angle)) / period
    if pattern == "plain":
        which = np.zeros((h, w), dtype=np.float32)
    elif pattern == "stripes":
        which = (np.floor(a) % 2).astype(np.float32)
    else:
        b = (-xs * np.sin(angle) + ys * np.cos(angle)) / period
        which = ((np.floor(a) + np.floor(b)) % 2).astype(np.float32)
    return first * (1 - which)[:, :, None] + second * which[:, :, None]

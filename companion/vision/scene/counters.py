"""Draw OneWorld counters as printed by ``companion print counters``: a square card with
a coloured band around the edge for its aspect (Stone orange, Blade green, Fog blue,
Tower purple, god gold), a dark (BORG) or cream (CHEZ) ground for its side, and a symbol.

The design (colours, sizes, how a stack is laid) is ``companion.vision.designs.counters``,
the one the printables print and the recogniser reads. A stack is drawn as the table
ruling in docs/recognition.md asks players to lay it: the counters under the top one
squared together and shifted toward the board's bottom (south), so a sliver of their
band shows below the top counter.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import cv2
import numpy as np

from companion.vision.designs.counters import (
    BAND,
    BAND_FRACTION,
    FACES,
    GROUND,
    INK,
    SIDES,
    SIZE_MM,
    STACK_OFFSET_MM,
)

_SHIFT = 4


def _bgr(rgb) -> tuple[int, int, int]:
    return (int(rgb[2]), int(rgb[1]), int(rgb[0]))


def _poly(points, centre, angle, scale) -> np.ndarray:
    c, s = math.cos(angle), math.sin(angle)
    out = [(centre[0] + (x * c - y * s) * scale, centre[1] + (x * s + y * c) * scale)
           for x, y in points]
    return np.rint(np.array(out) * (1 << _SHIFT)).astype(np.int32)


def draw_counter(image: np.ndarray, centre: tuple[float, float], size_px: float, angle: float,
                 side: str, face: str) -> None:
    """Draw one counter, ``size_px`` square, turned by ``angle`` radians, in place."""
    half = 0.5
    square = [(-half, -half), (half, -half), (half, half), (-half, half)]
    inner = half - BAND_FRACTION
    ground = [(x * inner / half, y * inner / half) for x, y in square]
    shadow_centre = (centre[0] + 0.04 * size_px, centre[1] + 0.05 * size_px)
    overlay = image.copy()
    cv2.fillPoly(overlay, [_poly(square, shadow_centre, angle, size_px)], (0, 0, 0),
                 cv2.LINE_AA, _SHIFT)
    cv2.addWeighted(overlay, 0.35, image, 0.65, 0, dst=image)
    cv2.fillPoly(image, [_poly(square, centre, angle, size_px)], _bgr(BAND[face]),
                 cv2.LINE_AA, _SHIFT)
    cv2.fillPoly(image, [_poly(ground, centre, angle, size_px)], _bgr(GROUND[side]),
                 cv2.LINE_AA, _SHIFT)
    ink = _bgr(INK[side])
    r = inner * 2 * 0.32
    for shape in _symbol(face, r):
        cv2.fillPoly(image, [_poly(shape, centre, angle, size_px)], ink, cv2.LINE_AA, _SHIFT)


def _symbol(face: str, r: float) -> list[list[tuple[float, float]]]:
    """The symbol's filled polygons, in units of the counter's side."""
    if face == "stone":
        return [[(r * math.cos(t), r * math.sin(t)) for t in np.linspace(0, 2 * math.pi, 24)]]
    if face == "blade":
        return [[(0, -1.2 * r), (0.7 * r, r), (-0.7 * r, r)]]
    if face == "fog":
        bars = []
        for k in (-1, 0, 1):
            shift, y = 0.25 * r * k, k * 0.7 * r
            bars.append([(-r + shift, y - 0.18 * r), (r, y - 0.18 * r), (r, y + 0.18 * r),
                         (-r + shift, y + 0.18 * r)])
        return bars
    if face == "tower":
        w = 0.55 * r
        return [[(-w, r), (-w, -r), (-w / 3, -r), (-w / 3, -0.7 * r), (w / 3, -0.7 * r),
                 (w / 3, -r), (w, -r), (w, r)]]
    seat = [(-r, -0.5 * r), (r, -0.5 * r), (r, -0.15 * r), (-r, -0.15 * r)]
    legs = [[(dx * r - 0.08 * r, -0.2 * r), (dx * r + 0.08 * r, -0.2 * r),
             (dx * r * 1.1 + 0.08 * r, r), (dx * r * 1.1 - 0.08 * r, r)] for dx in (-0.8, 0, 0.8)]
    return [seat, *legs]


def draw_pile(image: np.ndarray, centre: tuple[float, float], content: Mapping[str, Any],
              scale: float, rng: np.random.Generator) -> None:
    """A hex's counter, or its stack (a random counter under the top one, shifted
    toward the bottom), each laid a little off centre and turned as a hand lays it;
    ``scale`` is pixels per millimetre."""
    size = SIZE_MM * scale
    layers = []
    if content.get("stack"):
        layers.append((SIDES[int(rng.integers(2))], FACES[int(rng.integers(len(FACES)))]))
    layers.append((content["side"], content["face"]))
    for depth, (side, face) in enumerate(layers):
        offset = (len(layers) - 1 - depth) * STACK_OFFSET_MM * scale
        jitter = rng.normal(0, 0.03 * size, 2)
        draw_counter(image, (centre[0] + jitter[0], centre[1] + offset + jitter[1]),
                     size, float(rng.normal(0, 0.08)), side, face)


def random_counters(names: list[str], rng: np.random.Generator) -> dict[str, dict[str, Any]]:
    """Counters on a random share (5–40 %) of the hexes; one in six is a stack."""
    density = rng.uniform(0.05, 0.4)
    counters = {}
    for name in names:
        if rng.random() < density:
            counters[name] = {"side": SIDES[int(rng.integers(2))],
                              "face": FACES[int(rng.integers(len(FACES)))],
                              "stack": bool(rng.random() < 1 / 6)}
    return counters

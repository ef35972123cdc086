"""Board materials for the camera looks: woods (kaya-yellow, pale, dark red, walnut,
hinoki), bamboo, printed paper and cardboard, vinyl and laminate, each a surface texture
under the board's printed lines.

``render_surface`` paints a material's surface (float BGR, a board ``px_per_mm`` to the
millimetre); the board's layout is then drawn on it by ``board.draw_layout`` with the
look's line width. Wood has fine grain along the board and slow changes of tone; bamboo
strips of slightly different tone with thin seams; paper fine fibre noise; vinyl a slow
waviness where it was rolled.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class BoardLook:
    """A board material: its surface colour (BGR), the ink of its lines, its texture
    ("wood", "bamboo", "paper" or "vinyl") and its thickness (a slab's side shows)."""

    name: str
    surface: tuple[int, int, int]
    ink: tuple[int, int, int]
    texture: str
    thickness_mm: float


BOARD_LOOKS: dict[str, BoardLook] = {look.name: look for look in (
    BoardLook("kaya", (92, 172, 224), (28, 32, 38), "wood", 40.0),
    BoardLook("pale wood", (150, 200, 230), (40, 42, 46), "wood", 25.0),
    BoardLook("white paper", (226, 232, 236), (30, 30, 30), "paper", 0.0),
    BoardLook("tan paper", (160, 196, 214), (35, 35, 40), "paper", 0.0),
    BoardLook("red wood", (62, 100, 158), (20, 22, 28), "wood", 35.0),
    BoardLook("bamboo", (112, 182, 214), (30, 35, 40), "bamboo", 18.0),
    BoardLook("white vinyl", (222, 226, 228), (25, 25, 25), "vinyl", 0.0),
    BoardLook("tan vinyl", (140, 186, 210), (30, 30, 35), "vinyl", 0.0),
    BoardLook("walnut", (52, 82, 120), (18, 20, 24), "wood", 30.0),
    BoardLook("hinoki", (168, 212, 234), (45, 48, 52), "wood", 30.0),
    BoardLook("grey laminate", (176, 180, 182), (38, 38, 40), "vinyl", 0.0),
    BoardLook("cardboard", (118, 160, 192), (42, 44, 50), "paper", 0.0),
)}


def _smooth_noise(shape: tuple[int, int], cells: tuple[int, int],
                  rng: np.random.Generator) -> np.ndarray:
    """Noise of unit spread varying smoothly over ``cells`` (rows, columns) cells."""
    coarse = rng.standard_normal(size=(max(cells[0], 2), max(cells[1], 2))).astype(np.float32)
    return cv2.resize(coarse, (shape[1], shape[0]), interpolation=cv2.INTER_CUBIC)


def render_surface(look: BoardLook, shape: tuple[int, int], px_per_mm: float,
                   rng: np.random.Generator) -> np.ndarray:
    """The material's surface, ``shape`` (rows, columns) pixels, as float BGR."""
    h, w = shape
    tone = np.ones((h, w), dtype=np.float32)
    if look.texture == "wood":
        tone += _wood_grain(shape, px_per_mm, rng)
    elif look.texture == "bamboo":
        tone += _bamboo(shape, px_per_mm, rng)
    elif look.texture == "paper":
        tone += rng.normal(0.0, 0.012, size=(h, w)).astype(np.float32)
        tone += 0.015 * _smooth_noise(shape, (4, 4), rng)
    else:
        tone += 0.03 * _smooth_noise(shape, (3, 6), rng)
        tone += rng.normal(0.0, 0.006, size=(h, w)).astype(np.float32)
    surface = tone[:, :, None] * np.array(look.surface, dtype=np.float32)[None, None, :]
    return surface


def _wood_grain(shape: tuple[int, int], px_per_mm: float,
                rng: np.random.Generator) -> np.ndarray:
    """Fine straight grain along the board's rows, bent a little, with slow tone changes."""
    h, w = shape
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    period = rng.uniform(1.5, 4.0) * px_per_mm
    bend = _smooth_noise(shape, (3, 5), rng) * rng.uniform(2.0, 6.0) * px_per_mm
    if rng.random() < 0.5:  # grain along the columns instead
        ys = xs
    phase = (ys + bend) / period * 2 * np.pi
    fine = np.sin(phase) + 0.5 * np.sin(phase * 2.7 + 1.3)
    fine = np.sign(fine) * np.abs(fine) ** 2 / 2.25  # darker, sharper late-wood lines
    slow = _smooth_noise(shape, (6, 3), rng)
    return (fine * rng.uniform(0.03, 0.07) + slow * rng.uniform(0.02, 0.05)).astype(np.float32)


def _bamboo(shape: tuple[int, int], px_per_mm: float, rng: np.random.Generator) -> np.ndarray:
    """Strips 15–25 mm wide along the columns, each its own tone, with dark seams and
    fine fibres along them."""
    h, w = shape
    width = rng.uniform(15.0, 25.0) * px_per_mm
    xs = np.arange(w, dtype=np.float32)
    strip = (xs // width).astype(int)
    tones = rng.normal(0.0, 0.04, size=strip.max() + 1).astype(np.float32)
    across = tones[strip]
    seam = np.abs((xs % width) - width / 2) > width / 2 - max(0.3 * px_per_mm, 1.0)
    across = across - 0.08 * seam
    fibres = cv2.resize(rng.normal(0.0, 0.025, size=(max(h // 40, 2), w)).astype(np.float32),
                        (w, h), interpolation=cv2.INTER_LINEAR)
    return (across[None, :] + fibres).astype(np.float32)

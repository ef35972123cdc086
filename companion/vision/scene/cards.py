"""ONE WORLD cards laid on a table, for the card-mark reader's tests and benchmark.

The cards come as pictures, upright, drawn or printed at a known scale
(``benchmarks/card_marks.py`` makes them from the printer's own drawing). They are laid
on a grained table, each turned at random, and the scene may then be seen at an angle
(a perspective warp), under dim light, or with a hand reaching over one mark. Every
scene comes with its truth: each card's centre and rotation in the picture's pixels,
its marks' centres, and which of them a hand hides.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from companion.cards.marks import CARD_H, CARD_W, MARK_INSET_MM, MARK_MM, MARK_PLACES
from companion.vision.scene.hands import arm_masks, paint_arm

TABLE_BGR = (70, 110, 150)
COVERED = 0.3  # a mark under this much hand (mean mask) is hidden
SHADOW_PX = (6.0, 9.0)  # where the arm's shadow falls


@dataclass
class Placed:
    """A card in the scene: its key, centre (pixels), rotation (degrees, counterclockwise
    as seen) and the centres of its two marks, top-right first."""

    card: Any  # what the picture is of (the caller's key)
    centre: np.ndarray
    rotation: float
    marks: np.ndarray  # (2, 2)
    hidden: tuple[str, ...] = ()


def _mark_centres_mm() -> np.ndarray:
    """The centres of the top-right and bottom-left marks, mm from the card's centre."""
    inset = MARK_INSET_MM + MARK_MM / 2
    return np.array([[CARD_W / 2 - inset, -CARD_H / 2 + inset],
                     [-CARD_W / 2 + inset, CARD_H / 2 - inset]])


def table(shape: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """A grained table top (BGR, float)."""
    h, w = shape
    grain = cv2.resize(rng.normal(1.0, 0.08, size=(h // 40 + 1, 3)).astype(np.float32), (w, h))
    noise = rng.normal(0.0, 4.0, size=(h, w, 1)).astype(np.float32)
    return np.array(TABLE_BGR, np.float32)[None, None, :] * grain[:, :, None] + noise


def lay(pictures: list[tuple[Any, np.ndarray]], px_per_mm: float,
        rng: np.random.Generator, columns: int = 3) -> tuple[np.ndarray, list[Placed]]:
    """The cards laid on a table, ``columns`` a row, each turned at random and shifted a
    little within its place (they never overlap): the picture (float BGR) and the truth."""
    pitch = round(np.hypot(CARD_W, CARD_H) * 1.05 * px_per_mm)
    rows = -(-len(pictures) // columns)
    image = table((rows * pitch, columns * pitch), rng)
    placed = []
    for k, (card, picture) in enumerate(pictures):
        angle = float(rng.uniform(0, 360))
        slack = (pitch - np.hypot(CARD_W, CARD_H) * px_per_mm) / 2
        centre = np.array([(k % columns + 0.5) * pitch + rng.uniform(-slack, slack),
                           (k // columns + 0.5) * pitch + rng.uniform(-slack, slack)])
        h, w = picture.shape[:2]
        turn = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
        turn[:, 2] += centre - (w / 2, h / 2)
        size = (image.shape[1], image.shape[0])
        drawn = cv2.warpAffine(picture.astype(np.float32), turn, size, flags=cv2.INTER_LINEAR)
        mask = cv2.warpAffine(np.ones((h, w), np.float32), turn, size, flags=cv2.INTER_LINEAR)
        image = image * (1 - mask[:, :, None]) + drawn * mask[:, :, None]
        a = np.radians(angle)
        spin = np.array([[np.cos(a), np.sin(a)], [-np.sin(a), np.cos(a)]])
        marks = centre + (_mark_centres_mm() * px_per_mm) @ spin.T
        placed.append(Placed(card, centre, angle, marks))
    return image, placed


def tilt(image: np.ndarray, placed: list[Placed], squeeze: float
         ) -> tuple[np.ndarray, list[Placed]]:
    """The scene seen at an angle: its far (top) edge ``squeeze`` narrower than its near
    one, as a camera tilted towards the table sees it; the truth carried along."""
    h, w = image.shape[:2]
    inset = squeeze * w / 2
    source = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    target = np.float32([[inset, 0], [w - inset, 0], [w, h], [0, h]])
    homography = cv2.getPerspectiveTransform(source, target)
    seen = cv2.warpPerspective(image, homography, (w, h), flags=cv2.INTER_LINEAR,
                               borderValue=TABLE_BGR)

    def carry(points: np.ndarray) -> np.ndarray:
        return cv2.perspectiveTransform(points.reshape(-1, 1, 2).astype(np.float64),
                                        homography).reshape(-1, 2)

    moved = []
    for p in placed:
        a = np.radians(p.rotation)
        up = p.centre + 10 * np.array([-np.sin(a), -np.cos(a)])
        centre, top = carry(np.array([p.centre, up]))
        rotation = float(np.degrees(np.arctan2(-(top - centre)[0], -(top - centre)[1])) % 360)
        moved.append(Placed(p.card, centre, rotation, carry(p.marks), p.hidden))
    return seen, moved


def dim(image: np.ndarray, level: float, rng: np.random.Generator) -> np.ndarray:
    """The scene under dim light: ``level`` of the light, and the sensor's noise."""
    return image * level + rng.normal(0.0, 2.5, size=image.shape).astype(np.float32)


def cover_mark(image: np.ndarray, placed: list[Placed], which: int, mark: int,
               rng: np.random.Generator, px_per_mm: float) -> None:
    """A hand reaching over mark ``mark`` (0 top-right, 1 bottom-left) of card ``which``,
    painted in place; the truth says which marks of every card it hides."""
    shape = image.shape[:2]
    skin, sleeve = arm_masks(shape, tuple(placed[which].marks[mark]), rng)
    cover = np.clip(skin + sleeve, 0.0, 1.0)
    paint_arm(image, skin, sleeve, SHADOW_PX, rng)
    radius = round(MARK_MM * px_per_mm / 2)
    for p in placed:
        hidden = []
        for place, (x, y) in zip(MARK_PLACES, p.marks, strict=True):
            x0, y0 = max(round(x) - radius, 0), max(round(y) - radius, 0)
            patch = cover[y0:round(y) + radius, x0:round(x) + radius]
            if patch.size and float(patch.mean()) > COVERED:
                hidden.append(place)
        p.hidden = tuple(hidden)


def finish(image: np.ndarray) -> np.ndarray:
    """The float scene as an 8-bit BGR picture."""
    return np.clip(image, 0, 255).astype(np.uint8)

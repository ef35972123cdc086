"""What every rendered scene's ground truth is made of, shared by the plain renderer and
the renderer of camera looks: the empty space's name, how far a stone reaches, the board's
pitch in the picture, and which spaces a mask covers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from companion.geometry import Geometry
from companion.vision.labels import EMPTY
from companion.vision.scene.camera import Pose
from companion.vision.scene.effects import Effects

STONE_RADIUS = 0.49  # of the pitch: the largest stones drawn (pieces.STONE_RADII)


def pitch_in_picture(h_mm: np.ndarray, geometry: Geometry, pitch: float) -> float:
    """The smallest distance between neighbouring spaces in the picture, roughly."""
    corners = np.array([[0, 0, 1], [geometry.width_mm, 0, 1],
                        [geometry.width_mm, geometry.height_mm, 1], [0, geometry.height_mm, 1]])
    pts = (h_mm @ corners.T).T
    pts = pts[:, :2] / pts[:, 2:]
    sides = [np.linalg.norm(pts[i] - pts[(i + 1) % 4]) for i in range(4)]
    lengths = [geometry.width_mm, geometry.height_mm] * 2
    return float(min(s / length for s, length in zip(sides, lengths, strict=True)) * pitch)


def spaces_in(mask: np.ndarray, names: list[str], centres_px: np.ndarray) -> set[str]:
    """The spaces whose centre (pixels) falls on a set pixel of ``mask``."""
    h, w = mask.shape
    found = set()
    for name, (x, y) in zip(names, centres_px, strict=True):
        xi, yi = int(round(x)), int(round(y))
        if 0 <= xi < w and 0 <= yi < h and mask[yi, xi]:
            found.add(name)
    return found


def glare_hidden(names: list[str], centres_px: np.ndarray, spot: np.ndarray, radius: float,
                 pitch_px: float, pieces: Mapping[str, Any]) -> set[str]:
    """The spaces a lamp's glare at ``spot`` (radius in pixels) hides: those it reaches
    that hold no stone (a stone stays seen, its rim interrupts the glare)."""
    near = np.linalg.norm(centres_px - spot, axis=1) < radius * 1.4 + STONE_RADIUS * pitch_px
    return {n for n, hit in zip(names, near, strict=True)
            if hit and not isinstance(pieces.get(n), str)}


def scene_truth(seed: int, frame_seed: int, geometry: Geometry, frame: tuple[int, int],
                pieces: Mapping[str, Any], h_mm: np.ndarray, pose: Pose,
                corners_px: np.ndarray, centres_px: np.ndarray, pitch_px: float,
                effects: Effects, hidden: set[str], style: str) -> dict[str, Any]:
    """A rendered scene's ground truth: what lies where, where the board and every space
    are in the picture, and which spaces a hand or a glare hides."""
    names = list(geometry.names)
    return {
        "seed": seed,
        "frame_seed": frame_seed,
        "board": geometry.spec.get("title", geometry.kind),
        "frame": list(frame),
        "cells": {n: pieces.get(n, EMPTY) for n in names},
        "homography": h_mm.tolist(),
        "k1": pose.k1,
        "corners_px": corners_px.tolist(),
        "spaces_px": {n: [float(x), float(y)] for n, (x, y) in zip(names, centres_px, strict=True)},
        "pitch_px": pitch_px,
        "occluded": bool(effects.hand),
        "hidden": sorted(hidden),
        "pose": pose.to_json(),
        "effects": effects.to_json(),
        "style": style,
    }

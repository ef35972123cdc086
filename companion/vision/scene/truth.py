"""What every rendered scene's ground truth is made of, shared by the plain renderer and
the renderer of camera looks: the empty space's name, how far a stone reaches, the board's
pitch in the picture, and which spaces a mask covers."""

from __future__ import annotations

import numpy as np

from companion.geometry import Geometry

EMPTY = "empty"
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

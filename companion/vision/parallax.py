"""Where a stone's body shows in the board view: a camera at an angle sees it leaning.

The board view is the board's plane seen from straight above. A stone stands on that
plane, and a camera at an angle sees its body further from the camera than its foot:
a point at height h over board point P lies, on the camera's ray, over the board point
P + (P - C)·h / (Z - h), where C is the camera's foot on the board and Z its height. At
35° from the vertical a stone's top leans over a quarter of a pitch; seen from lower (a phone
held at a player's eye) its face covers the next space behind it. The core a stone's
colour is read from is taken where its body shows, not at its foot.

The camera's place comes from the homography alone: with square pixels and the
principal point at the picture's centre, a tilted plane's homography tells the focal
length (the two board axes are perpendicular and equally long in the world). Seen from
straight above it does not, and then a webcam's usual field of view is assumed; the
lean there is small anyway.
"""

from __future__ import annotations

import numpy as np

ASSUMED_FOCAL = 1.0  # focal length in picture widths where the picture cannot tell (~53°)
FOCAL_RANGE = (0.3, 5.0)  # focal lengths in picture widths a real camera has


def focal_length(board_to_image: np.ndarray, image_size: tuple[int, int]) -> float:
    """The camera's focal length in pixels, from a board's homography (board mm →
    picture pixels), or ``ASSUMED_FOCAL`` picture widths where the picture cannot tell."""
    width, height = image_size
    centred = np.array([[1.0, 0.0, -width / 2], [0.0, 1.0, -height / 2], [0.0, 0.0, 1.0]]) \
        @ board_to_image
    g1, g2 = centred[:, 0], centred[:, 1]
    guesses = []
    across = g1[2] * g2[2]
    if abs(across) > 1e-12:
        guesses.append((abs(across), -(g1[0] * g2[0] + g1[1] * g2[1]) / across))
    apart = g1[2] ** 2 - g2[2] ** 2
    if abs(apart) > 1e-12:
        guesses.append((abs(apart), (g2[0] ** 2 + g2[1] ** 2 - g1[0] ** 2 - g1[1] ** 2) / apart))
    for _, squared in sorted(guesses, reverse=True):
        if squared > 0 and FOCAL_RANGE[0] <= np.sqrt(squared) / width <= FOCAL_RANGE[1]:
            return float(np.sqrt(squared))
    return ASSUMED_FOCAL * width


def camera_over_board(pixels_to_mm: np.ndarray, image_size: tuple[int, int]) -> np.ndarray:
    """The camera's place in board millimetres: (x, y) of its foot on the board's plane
    and its height over it."""
    board_to_image = np.linalg.inv(np.asarray(pixels_to_mm, dtype=np.float64))
    width, height = image_size
    f = focal_length(board_to_image, image_size)
    intrinsics = np.array([[f, 0.0, width / 2], [0.0, f, height / 2], [0.0, 0.0, 1.0]])
    m = np.linalg.inv(intrinsics) @ board_to_image
    scale = (np.linalg.norm(m[:, 0]) + np.linalg.norm(m[:, 1])) / 2.0
    if m[2, 2] < 0:  # the board lies in front of the camera
        scale = -scale
    r1, r2, t = m[:, 0] / scale, m[:, 1] / scale, m[:, 2] / scale
    rotation = np.column_stack([r1, r2, _cross(r1, r2)])
    centre = -rotation.T @ t
    return np.array([centre[0], centre[1], abs(centre[2])])


def _cross(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``np.cross`` of two 3-vectors, the same products and differences in the same
    order (bit for bit), without numpy's setting up (most of its cost on so few)."""
    a0, a1, a2 = a.tolist()
    b0, b1, b2 = b.tolist()
    return np.array([a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0])


def lean_mm(points_mm: np.ndarray, camera: np.ndarray, height_mm: float) -> np.ndarray:
    """How far (N×2 mm) a point ``height_mm`` over each board point shows from it, seen
    from ``camera`` (``camera_over_board``): away from the camera's foot."""
    over = max(float(camera[2]) - height_mm, 1e-6)
    return (np.asarray(points_mm, dtype=np.float64) - camera[None, :2]) * (height_mm / over)

"""Calibration views from a classic chessboard (e.g. OpenCV's 9×6 sample target).

``find_view`` returns a ``View`` of the chessboard's inner corners, or a
``RejectedView`` whose reason says why the picture cannot be used.
"""

from __future__ import annotations

import re

import cv2
import numpy as np

from calibration.intrinsics import RejectedView, View

BLUR_LIMIT = 15.0  # variance of the Laplacian under which a picture is called blurred
# cornerSubPix searches a window this fraction of the smallest square seen (each way):
# large enough to average noise, small enough never to reach the next corner.
SUBPIX_FRACTION = 0.25
MAX_CORNERS = 40  # the most inner corners a target has each way (OpenCV's sample: 9×6)
MAX_SQUARE_MM = 200.0  # the largest square a chessboard spec may give


def parse_pattern(text: str) -> tuple[int, int]:
    """``"9x6"`` -> (9, 6): inner corners across and down."""
    match = re.fullmatch(r"\s*(\d{1,4})\s*[x×X]\s*(\d{1,4})\s*", text)
    if not match or min(int(match[1]), int(match[2])) < 2 or max(
            int(match[1]), int(match[2])) > MAX_CORNERS:
        raise ValueError(
            f"A chessboard is given as its inner corners, across x down (2 to {MAX_CORNERS} "
            f"each way), e.g. 9x6; got {text[:40]!r}."
        )
    return int(match[1]), int(match[2])


def object_points(pattern: tuple[int, int], square: float = 1.0) -> np.ndarray:
    """The inner corners on the flat target, row by row, in units of ``square``."""
    cols, rows = pattern
    grid = np.zeros((cols * rows, 3), dtype=np.float32)
    grid[:, :2] = np.mgrid[0:cols, 0:rows].T.reshape(-1, 2) * square
    return grid


def sharpness(grey: np.ndarray) -> float:
    """Variance of the Laplacian: low for a blurred picture."""
    return float(cv2.Laplacian(grey, cv2.CV_64F).var())


def subpix_half_window(grid: np.ndarray) -> int:
    """Half-size of the corner refinement window for corners laid out as ``grid``
    (rows × columns × 2 pixels): a quarter of the smallest square, 3 to 25 pixels."""
    across = np.linalg.norm(np.diff(grid, axis=1), axis=2).min()
    down = np.linalg.norm(np.diff(grid, axis=0), axis=2).min()
    return int(np.clip(round(min(across, down) * SUBPIX_FRACTION), 3, 25))


def find_view(
    image: np.ndarray, pattern: tuple[int, int], name: str, square: float = 1.0
) -> View | RejectedView:
    """Find the chessboard's inner corners in ``image`` to a fraction of a pixel."""
    grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    flags = cv2.CALIB_CB_ADAPTIVE_THRESH | cv2.CALIB_CB_NORMALIZE_IMAGE
    found, corners = cv2.findChessboardCorners(grey, pattern, flags=flags)
    if not found:
        label = f"{pattern[0]}x{pattern[1]}"
        if sharpness(grey) < BLUR_LIMIT:
            return RejectedView(name, f"the picture is blurred; the {label} chessboard "
                                      "could not be found. Hold still or add light.")
        return RejectedView(name, f"the {label} chessboard (inner corners) was not found: "
                                  "the whole board must be in the picture, flat and well lit.")
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_COUNT, 60, 1e-4)
    half = subpix_half_window(corners.reshape(pattern[1], pattern[0], 2))
    refined = cv2.cornerSubPix(grey, corners, (half, half), (-1, -1), criteria)
    size = (grey.shape[1], grey.shape[0])
    return View(name, object_points(pattern, square), refined.reshape(-1, 2), size)

"""Follow a plain grid board found by its lines (``calibration.gridfind``) from frame to
frame, cheaply: a bumped board is read where it now lies, a hand over it changes nothing.

Given where the board was (its homography) and a new frame, each crossing of the
board's lattice is looked for within a third of a pitch of where it was, in the line
response of the part of the frame around the board only; the homography is refitted
(RANSAC) on the crossings found, and the lattice checked as the finder checks it
(``gridlines.lattice_check``). The new fit is taken only when enough crossings show,
spread over the board (``FOLLOW_SHARE`` of those seen last time, over ``MIN_SPREAD`` of
each side): a hand or an arm hides crossings and leaves the board where it was. A fit
that moves no crossing by ``STILL_PX`` keeps the old homography exactly, so a steady
board's spaces do not shiver with the camera's noise. Searching no further than a third
of a pitch, the fit cannot slip by a whole line, and a board bumped by a whole pitch
fails the check (its edge line is where the lattice has none); a board moved further
is "lost" (no homography, ``found`` 0), and the caller finds it afresh
(``gridfind.find_grid``).

Every threshold is a named constant here.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from calibration.gridfind import (
    MIN_FOUND as FIRST_SHARE,
)
from calibration.gridfind import (
    RANSAC_PITCH,
    WORK_SIDE_PX,
    grid_lines_mm,
    line_kernel,
    refine_crossings,
)
from calibration.gridlines import lattice_check, lattice_diagnostics
from calibration.intrinsics import CameraModel
from calibration.registration import RegistrationError
from companion.geometry import Geometry

FOLLOW_SHARE = 0.6  # crossings found must be this share of those found last time
MIN_FOUND = 8  # and never fewer than this many
MIN_SPREAD = 0.5  # the crossings found span this share of the board each way
STILL_PX = 0.5  # a fit moving no crossing further than this keeps the old one
MARGIN_PITCHES = 1.5  # the part of the frame searched: the board and this many pitches


@dataclass(frozen=True)
class Followed:
    """One frame followed: ``homography`` (pixels → board mm) where the board now lies,
    or ``None`` when too few of its crossings show there (hidden, or moved away: then
    ``found`` is 0 when its lines are surely no longer where it was);
    ``found`` crossings found of ``total``; ``moved_px`` how far the fit moved the
    crossings (the largest); ``message`` in words."""

    homography: np.ndarray | None
    found: int
    total: int
    moved_px: float
    message: str


def follow_grid(image: np.ndarray, to_board: np.ndarray, geometry: Geometry,
                camera: CameraModel | None = None, reference: int | None = None
                ) -> Followed:
    """Where the board that ``to_board`` (pixels → board mm) placed in the last frame
    lies in ``image``. ``reference`` is how many crossings were found last time
    (``None`` the first time: then as many as the finder itself needs, since stones
    hide the others)."""
    xs, ys = grid_lines_mm(geometry)
    total = len(xs) * len(ys)
    wanted = max(MIN_FOUND, FIRST_SHARE * total if reference is None
                 else FOLLOW_SHARE * reference)
    if camera is not None:
        image = camera.undistort(image)
    grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    scale = min(1.0, WORK_SIDE_PX / max(grey.shape[:2]))
    to_board = np.asarray(to_board, dtype=np.float64)
    board = np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 2)
    before = _to_pixels(to_board, board)
    pitch_px = _pitch_px(before, len(xs), len(ys))
    corners = before[[0, len(xs) - 1, total - 1, total - len(xs)]]
    low = np.floor(corners.min(axis=0) - MARGIN_PITCHES * pitch_px).astype(int)
    high = np.ceil(corners.max(axis=0) + MARGIN_PITCHES * pitch_px).astype(int)
    low = np.maximum(low, 0)
    high = np.minimum(high, [grey.shape[1], grey.shape[0]])
    if not (high - low > 8).all():
        return Followed(None, 0, total, 0.0, "The board is no longer in the picture.")
    crop = grey[low[1]:high[1], low[0]:high[0]]
    # The crop at the finder's working scale, so its lines look as they did to it.
    work = crop if scale == 1.0 else cv2.resize(crop, None, fx=scale, fy=scale,
                                                interpolation=cv2.INTER_AREA)
    kernel = line_kernel(round(max(grey.shape[:2]) * scale))
    response = cv2.morphologyEx(work, cv2.MORPH_BLACKHAT, kernel).astype(np.float32)
    crop_to_work = np.array([[scale, 0, -low[0] * scale], [0, scale, -low[1] * scale],
                             [0, 0, 1]])
    board_to_work = crop_to_work @ np.linalg.inv(to_board)
    found_board, found_work = refine_crossings(response, board_to_work, xs, ys)
    if len(found_board) < wanted:
        return Followed(None, len(found_board), total, 0.0,
                        f"Only {len(found_board)} of the board's {total} crossings show "
                        "where it was: a hand over it, or it moved.")
    pitch_mm = float(min(np.diff(xs).min(), np.diff(ys).min()))
    work_to_board, inliers = cv2.findHomography(found_work, found_board, cv2.RANSAC,
                                                RANSAC_PITCH * pitch_mm)
    if work_to_board is None:
        return Followed(None, len(found_board), total, 0.0,
                        "The crossings found do not agree on one board.")
    keep = inliers.ravel().astype(bool)
    spread = np.ptp(found_board[keep], axis=0) / np.array([np.ptp(xs), np.ptp(ys)])
    if keep.sum() < wanted or (spread < MIN_SPREAD).any():
        return Followed(None, int(keep.sum()), total, 0.0,
                        "Too few of the board's crossings show, or only in one part of it.")
    new = work_to_board @ crop_to_work
    new = new / new[2, 2]
    moved = float(np.abs(_to_pixels(new, board) - before).max())
    kept = to_board if moved < STILL_PX else new
    # A board bumped by a whole pitch between two frames puts a neighbour under every
    # crossing: its edge lines then show where the lattice says none is.
    problem = lattice_check(lattice_diagnostics(response, kept @ np.linalg.inv(crop_to_work),
                                                xs, ys))
    if problem is not None:
        return Followed(None, 0, total, moved, f"The board is no longer where it was: "
                        f"{problem[:1].lower()}{problem[1:]}")
    if kept is to_board:
        return Followed(to_board, int(keep.sum()), total, moved, "The board has not moved.")
    return Followed(new, int(keep.sum()), total, moved,
                    f"The board moved by up to {moved:.1f} pixels.")


def _to_pixels(to_board: np.ndarray, board: np.ndarray) -> np.ndarray:
    try:
        to_picture = np.linalg.inv(to_board)
    except np.linalg.LinAlgError as error:
        raise RegistrationError("The board's registration cannot be followed.") from error
    return cv2.perspectiveTransform(board.reshape(-1, 1, 2), to_picture).reshape(-1, 2)


def _pitch_px(pixels: np.ndarray, columns: int, rows: int) -> float:
    """The lattice's widest pitch in the picture (pixels)."""
    grid = pixels.reshape(rows, columns, 2)
    across = np.linalg.norm(np.diff(grid, axis=1), axis=-1)
    down = np.linalg.norm(np.diff(grid, axis=0), axis=-1)
    return float(max(across.max(), down.max()))

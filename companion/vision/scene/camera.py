"""A virtual camera over the table: a pose, the homography it implies, lens distortion.

The board lies in the plane z = 0 (millimetres, origin at its top-left corner). The
camera looks at the board's centre from a tilt of 0 (straight down) to 50 degrees, turned
about the vertical by ``azimuth_deg`` and about its own axis by ``roll_deg``; the picture
is then scaled and shifted so the board fills ``fill`` of the frame at ``offset``.
Radial lens distortion ``k1`` bends the picture about its centre: a pixel ``p`` of the
distorted picture shows what an ideal camera sees at ``c + (p - c)(1 + k1 |p - c|² / R²)``
with ``R`` the half-diagonal.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass

import numpy as np

FOCAL_PX = 1000.0


@dataclass(frozen=True)
class Pose:
    tilt_deg: float = 0.0
    azimuth_deg: float = 0.0
    roll_deg: float = 0.0
    fill: float = 0.85
    offset: tuple[float, float] = (0.0, 0.0)
    k1: float = 0.0

    def to_json(self) -> dict:
        return asdict(self)


def random_pose(rng: np.random.Generator, *, max_tilt_deg: float = 50.0,
                max_k1: float = 0.015) -> Pose:
    """A pose from top-down to ``max_tilt_deg``, any turn of the board in the picture."""
    return Pose(
        tilt_deg=float(rng.uniform(0.0, max_tilt_deg)),
        azimuth_deg=float(rng.uniform(0.0, 360.0)),
        roll_deg=float(rng.uniform(-180.0, 180.0)),
        fill=float(rng.uniform(0.72, 0.95)),
        offset=(float(rng.uniform(-1, 1)), float(rng.uniform(-1, 1))),
        k1=float(rng.uniform(-max_k1, max_k1)),
    )


def _rotation(tilt: float, azimuth: float, roll: float) -> np.ndarray:
    ca, sa = math.cos(azimuth), math.sin(azimuth)
    rz = np.array([[ca, -sa, 0], [sa, ca, 0], [0, 0, 1]])
    ct, st = math.cos(tilt), math.sin(tilt)
    rx = np.array([[1, 0, 0], [0, ct, -st], [0, st, ct]])
    cr, sr = math.cos(roll), math.sin(roll)
    rr = np.array([[cr, -sr, 0], [sr, cr, 0], [0, 0, 1]])
    return rr @ rx @ rz


def board_to_image(pose: Pose, width_mm: float, height_mm: float,
                   frame: tuple[int, int]) -> np.ndarray:
    """The homography (3×3) from board millimetres to ideal (undistorted) pixels."""
    fw, fh = frame
    size = max(width_mm, height_mm)
    distance = 2.2 * size
    rotation = _rotation(math.radians(pose.tilt_deg), math.radians(pose.azimuth_deg),
                         math.radians(pose.roll_deg))
    centre = np.array([[1, 0, -width_mm / 2], [0, 1, -height_mm / 2], [0, 0, 1]])
    # Columns of [r1 r2 t] map the board plane (x, y, 1) to camera coordinates.
    t = np.array([0.0, 0.0, distance])
    k = np.array([[FOCAL_PX, 0, 0], [0, FOCAL_PX, 0], [0, 0, 1]])
    h = k @ np.column_stack([rotation[:, 0], rotation[:, 1], t]) @ centre
    corners = np.array([[0, 0, 1], [width_mm, 0, 1], [width_mm, height_mm, 1], [0, height_mm, 1]])
    projected = (h @ corners.T).T
    projected = projected[:, :2] / projected[:, 2:]
    lo, hi = projected.min(axis=0), projected.max(axis=0)
    extent = hi - lo
    scale = pose.fill * min(fw / extent[0], fh / extent[1])
    room = np.array([fw, fh]) - extent * scale
    shift = np.array([fw, fh]) / 2 - (lo + hi) / 2 * scale + room / 2 * np.array(pose.offset)
    fit = np.array([[scale, 0, shift[0]], [0, scale, shift[1]], [0, 0, 1]])
    return fit @ h


def half_diagonal(frame: tuple[int, int]) -> float:
    return math.hypot(frame[0], frame[1]) / 2


def distort_points(points: np.ndarray, k1: float, frame: tuple[int, int]) -> np.ndarray:
    """Where ideal pixels ``points`` (N×2) appear in the distorted picture."""
    centre = np.array(frame, dtype=np.float64) / 2
    r2max = half_diagonal(frame) ** 2
    ideal = np.asarray(points, dtype=np.float64) - centre
    seen = ideal.copy()
    for _ in range(20):  # fixed point of  seen = ideal / (1 + k1 |seen|² / R²)
        seen = ideal / (1.0 + k1 * (seen**2).sum(axis=1, keepdims=True) / r2max)
    return seen + centre


def project(h: np.ndarray, points_mm: np.ndarray, k1: float,
            frame: tuple[int, int]) -> np.ndarray:
    """Board millimetres (N×2) to pixels of the distorted picture."""
    pts = np.column_stack([points_mm, np.ones(len(points_mm))]) @ h.T
    return distort_points(pts[:, :2] / pts[:, 2:], k1, frame)


def remap_grids(h_board_px: np.ndarray, k1: float,
                frame: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """For every pixel of the distorted picture, where to sample the flat board image
    (``h_board_px`` maps board-image pixels to ideal picture pixels)."""
    fw, fh = frame
    cx, cy = fw / 2, fh / 2
    # A row and a column broadcast to the frame, and the sums done in place: the same
    # float32 arithmetic, term by term, as on whole grids, with a fraction of the copies.
    dx = np.arange(fw, dtype=np.float32)[None, :] - cx
    dy = np.arange(fh, dtype=np.float32)[:, None] - cy
    factor = dx * dx + dy * dy
    factor *= k1
    factor /= half_diagonal(frame) ** 2
    factor += 1.0
    ix, iy = dx * factor, dy * factor
    ix += cx
    iy += cy
    inv = np.linalg.inv(h_board_px).astype(np.float32)
    den = inv[2, 0] * ix
    den += inv[2, 1] * iy
    den += inv[2, 2]
    mx, my = inv[0, 0] * ix, inv[1, 0] * ix
    mx += inv[0, 1] * iy
    mx += inv[0, 2]
    mx /= den
    my += inv[1, 1] * iy
    my += inv[1, 2]
    my /= den
    return mx, my


def project_3d(pose: Pose, width_mm: float, height_mm: float, frame: tuple[int, int],
               points: np.ndarray) -> np.ndarray:
    """Pixels of the distorted picture (N×2) of points (N×3, board millimetres and depth
    below the board's top: a table under a 30 mm board is at depth 30, a bowl's rim above
    the board at a negative depth) seen by the camera of ``board_to_image``."""
    h = board_to_image(pose, width_mm, height_mm, frame)
    size = max(width_mm, height_mm)
    rotation = _rotation(math.radians(pose.tilt_deg), math.radians(pose.azimuth_deg),
                         math.radians(pose.roll_deg))
    centre = np.array([[1, 0, -width_mm / 2], [0, 1, -height_mm / 2], [0, 0, 1]])
    k = np.array([[FOCAL_PX, 0, 0], [0, FOCAL_PX, 0], [0, 0, 1]])
    t = np.array([0.0, 0.0, 2.2 * size])
    plane = k @ np.column_stack([rotation[:, 0], rotation[:, 1], t]) @ centre
    fit = h @ np.linalg.inv(plane)
    points = np.asarray(points, dtype=np.float64)
    shifted = points - np.array([width_mm / 2, height_mm / 2, 0.0])
    # Depth grows away from the camera, which sits at negative z (see camera_centre_mm).
    seen = (fit @ k @ (rotation @ shifted.T + t[:, None])).T
    return distort_points(seen[:, :2] / seen[:, 2:], pose.k1, frame)


def camera_centre_mm(pose: Pose, width_mm: float, height_mm: float) -> np.ndarray:
    """Where the camera is: board millimetres (x, y) and its height above the board."""
    size = max(width_mm, height_mm)
    rotation = _rotation(math.radians(pose.tilt_deg), math.radians(pose.azimuth_deg),
                         math.radians(pose.roll_deg))
    place = -rotation.T @ np.array([0.0, 0.0, 2.2 * size])
    return np.array([place[0] + width_mm / 2, place[1] + height_mm / 2, -place[2]])

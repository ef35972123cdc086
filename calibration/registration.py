"""Board registration: the homography from camera pixels to board coordinates.

Three ways to find it, each returning a ``Registration``:

- ``from_markers``: from the ArUco corner markers printed beside our boards (or laid at
  the outdoor field's corners), using every corner of every marker seen;
- ``from_corners``: from the board's four corners a person tapped on the picture;
- ``gridfind.find_grid`` (its own module): a plain printed grid board found by its
  outline and lines.

A registration maps *pixels as the camera gives them*: with a ``CameraModel`` it
removes the lens distortion first, so the mapping is exact over the whole board.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from calibration.intrinsics import CameraModel
from calibration.layout import MarkerLayout
from calibration.markers import CORNER_NAMES, MarkerSighting, detect_markers
from companion.errors import UserFacingError

# Confidence of a marker registration by the number of corner markers used.
MARKER_CONFIDENCE = {4: 1.0, 3: 0.9, 2: 0.7}
TAPPED_CONFIDENCE = 0.8  # a person's taps: right, but only to a pixel or two


class RegistrationError(UserFacingError, ValueError):
    """The board could not be registered; the message says why in words."""


@dataclass
class Registration:
    """Pixels -> board units (``units``: "mm" on a printed board, "in" on the field).

    ``homography`` maps undistorted pixels to board units. ``confidence`` runs from 0
    (a guess) to 1 (every marker seen, fitting to a fraction of a millimetre);
    ``residual`` is the RMS misfit of the points it was fitted to, in board units."""

    homography: np.ndarray
    units: str = "mm"
    method: str = "markers"
    confidence: float = 1.0
    residual: float = 0.0
    markers: tuple[int, ...] = ()
    camera: CameraModel | None = field(default=None, repr=False)

    def to_board(self, pixels: np.ndarray) -> np.ndarray:
        """Map picture pixels (N×2) to board coordinates (N×2)."""
        points = np.asarray(pixels, dtype=np.float64).reshape(-1, 2)
        if self.camera is not None:
            points = self.camera.undistort_points(points)
        return cv2.perspectiveTransform(points.reshape(-1, 1, 2), self.homography).reshape(-1, 2)

    def to_pixels(self, board_points: np.ndarray) -> np.ndarray:
        """Map board coordinates (N×2) to where they appear in the picture (N×2)."""
        points = np.asarray(board_points, dtype=np.float64).reshape(-1, 1, 2)
        ideal = cv2.perspectiveTransform(points, np.linalg.inv(self.homography)).reshape(-1, 2)
        return ideal if self.camera is None else self.camera.distort_points(ideal)

    def warp(self, image: np.ndarray, extent: Sequence[float], px_per_unit: float) -> np.ndarray:
        """The board seen from straight above: ``extent`` (x0, y0, x1, y1 in board units)
        at ``px_per_unit`` pixels per unit. Recognisers read spaces from this."""
        x0, y0, x1, y1 = extent
        if self.camera is not None:
            image = self.camera.undistort(image)
        scale = np.array([[px_per_unit, 0, -x0 * px_per_unit - 0.5],
                          [0, px_per_unit, -y0 * px_per_unit - 0.5], [0, 0, 1]])
        size = (round((x1 - x0) * px_per_unit), round((y1 - y0) * px_per_unit))
        return cv2.warpPerspective(image, scale @ self.homography, size)

    def to_json(self) -> dict[str, Any]:
        return {
            "homography": self.homography.tolist(),
            "units": self.units,
            "method": self.method,
            "confidence": round(self.confidence, 3),
            "residual": round(self.residual, 4),
            "markers": list(self.markers),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], camera: CameraModel | None = None) -> Registration:
        return cls(np.array(data["homography"], dtype=np.float64).reshape(3, 3),
                   str(data.get("units", "mm")), str(data.get("method", "markers")),
                   float(data.get("confidence", 1.0)), float(data.get("residual", 0.0)),
                   tuple(int(m) for m in data.get("markers", ())), camera)


def fit_homography(pixels: np.ndarray, board: np.ndarray) -> tuple[np.ndarray, float]:
    """Least-squares homography pixels -> board and its RMS residual in board units."""
    pixels = np.asarray(pixels, dtype=np.float64).reshape(-1, 2)
    board = np.asarray(board, dtype=np.float64).reshape(-1, 2)
    homography, _ = cv2.findHomography(pixels, board, 0)
    if homography is None:
        raise RegistrationError("The points given do not define the board's plane.")
    return homography, rms_residual(homography, pixels, board)


def fit_pose(
    pixels: np.ndarray, board: np.ndarray, camera: CameraModel
) -> tuple[np.ndarray, float]:
    """Like ``fit_homography``, but through the camera's pose (6 unknowns instead of 8),
    which a calibrated camera allows: far steadier when few markers are seen."""
    pixels = np.asarray(pixels, dtype=np.float64).reshape(-1, 2)
    board = np.asarray(board, dtype=np.float64).reshape(-1, 2)
    xyz = np.hstack([board, np.zeros((len(board), 1))])
    ok, rvec, tvec = cv2.solvePnP(xyz, pixels, camera.matrix, camera.distortion,
                                  flags=cv2.SOLVEPNP_IPPE)
    if not ok:
        raise RegistrationError("The markers seen do not define the board's plane.")
    rvec, tvec = cv2.solvePnPRefineLM(xyz, pixels, camera.matrix, camera.distortion, rvec, tvec)
    rotation = cv2.Rodrigues(rvec)[0]
    forward = camera.matrix @ np.column_stack([rotation[:, 0], rotation[:, 1], tvec.ravel()])
    homography = np.linalg.inv(forward)
    homography /= homography[2, 2]
    return homography, rms_residual(homography, camera.undistort_points(pixels), board)


def rms_residual(homography: np.ndarray, pixels: np.ndarray, board: np.ndarray) -> float:
    """How far ``homography`` puts ``pixels`` (N×2) from the ``board`` points (N×2) they
    belong to: the root mean square distance, in board units."""
    mapped = cv2.perspectiveTransform(pixels.reshape(-1, 1, 2), homography).reshape(-1, 2)
    return float(np.sqrt(np.mean(np.sum((mapped - board) ** 2, axis=1))))


def marker_correspondences(
    sightings: Mapping[int, MarkerSighting], layout: MarkerLayout
) -> tuple[np.ndarray, np.ndarray, tuple[int, ...]]:
    """Pixels and board points of every corner of the layout's markers that were seen."""
    used = tuple(sorted(k for k in sightings if k in layout.markers))
    if not used:
        return np.empty((0, 2)), np.empty((0, 2)), ()
    pixels = np.vstack([sightings[k].corners for k in used])
    board = np.vstack([layout.markers[k] for k in used])
    return pixels, board, used


def from_sightings(
    sightings: Mapping[int, MarkerSighting], layout: MarkerLayout,
    camera: CameraModel | None = None, *, min_markers: int = 2,
) -> Registration:
    """Register from markers already found (see ``markers.detect_markers``)."""
    pixels, board, used = marker_correspondences(sightings, layout)
    if len(used) < min_markers:
        missing = [CORNER_NAMES[i] for i, k in enumerate(layout.markers) if k not in used]
        raise RegistrationError(
            f"Only {len(used)} of the {len(layout.markers)} corner markers can be seen "
            f"(missing: {', '.join(missing)}); at least {min_markers} are needed. "
            "Is the whole board in the picture and nothing lying on the markers?"
        )
    if camera is not None:
        homography, residual = fit_pose(pixels, board, camera)
    else:
        homography, residual = fit_homography(pixels, board)
    confidence = MARKER_CONFIDENCE.get(len(used), 0.4) * _fit_factor(residual, layout.marker_size)
    return Registration(homography, layout.units, "markers", confidence, residual, used, camera)


def _fit_factor(residual: float, marker_size: float) -> float:
    """1 when the markers fit each other to 1 % of a marker side, falling to 0 at 10 %."""
    relative = residual / marker_size
    return float(np.clip(1.0 - (relative - 0.01) / 0.09, 0.0, 1.0))


def from_markers(
    image: np.ndarray, layout: MarkerLayout, camera: CameraModel | None = None,
    *, min_markers: int = 2,
) -> Registration:
    """Find the layout's corner markers in ``image`` and register from them."""
    return from_sightings(detect_markers(image), layout, camera, min_markers=min_markers)


def order_clockwise(points: np.ndarray) -> np.ndarray:
    """Four points in clockwise order on the picture, starting from the first given."""
    points = np.asarray(points, dtype=np.float64).reshape(4, 2)
    centre = points.mean(axis=0)
    angles = np.arctan2(points[:, 1] - centre[1], points[:, 0] - centre[0])
    order = list(np.argsort(angles))  # increasing angle = clockwise with y down
    start = order.index(0)
    return points[order[start:] + order[:start]]


def from_corners(
    taps: Sequence[Sequence[float]], width: float, height: float, *, units: str = "mm",
    camera: CameraModel | None = None,
) -> Registration:
    """Register from the board's four corners tapped on the picture.

    The first tap is the board's top-left corner (as the board's coordinates have it);
    the others may come in any order and are taken clockwise from it."""
    points = np.asarray(taps, dtype=np.float64)
    if points.shape != (4, 2):
        raise RegistrationError("Tap exactly the board's four corners.")
    ordered = order_clockwise(points)
    if cv2.contourArea(ordered.astype(np.float32)) < 100:
        raise RegistrationError("The four taps are too close together to be the board's corners.")
    if camera is not None:
        ordered = camera.undistort_points(ordered)
    board = np.array([[0, 0], [width, 0], [width, height], [0, height]], dtype=np.float64)
    homography, residual = fit_homography(ordered, board)
    return Registration(homography, units, "corners", TAPPED_CONFIDENCE, residual, (), camera)

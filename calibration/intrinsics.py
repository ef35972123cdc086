"""Camera intrinsics: calibrate from views of a known target, judge, save, undistort.

A *view* is one picture's correspondences between points on a flat target (in its own
units, z = 0) and where they were seen in pixels; ``chessboard.py`` and ``charuco.py``
turn pictures into views, or say why a picture cannot be used. ``calibrate`` runs
OpenCV's ``calibrateCamera`` on them, drops views whose error is far above the others
(each with its reason), and returns a ``CameraModel`` with the RMS and per-view errors.

The pure helpers the step-by-step page needs are here too: ``coverage`` (which parts of
the picture the accepted views have covered), ``enough_views`` and ``quality``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from companion.errors import UserFacingError

MIN_VIEWS = 3  # OpenCV needs three views of a flat target
ADVISED_VIEWS = 10
OUTLIER_FACTOR = 3.0  # a view whose error is this many times the median is dropped...
OUTLIER_FLOOR_PX = 1.0  # ...if its error is also above this
QUALITY_WORDS = ((0.5, "good"), (1.0, "acceptable"))  # RMS px under which; else "poor"


class CalibrationError(UserFacingError, ValueError):
    """Calibration could not be done; the message says what to do about it."""


@dataclass(frozen=True)
class View:
    """One usable picture: target points (N×3, z = 0) and their pixels (N×2)."""

    name: str
    object_points: np.ndarray
    image_points: np.ndarray
    image_size: tuple[int, int]  # (width, height)


@dataclass(frozen=True)
class RejectedView:
    """A picture that was not used, and why, in words."""

    name: str
    reason: str


@dataclass
class CameraModel:
    """A calibrated camera: matrix, distortion, the picture size it holds for, and how
    well the calibration fitted (RMS and per-view reprojection errors in pixels)."""

    matrix: np.ndarray
    distortion: np.ndarray
    image_size: tuple[int, int]
    rms: float = 0.0
    per_view: dict[str, float] = field(default_factory=dict)
    rejected: list[RejectedView] = field(default_factory=list)
    target: str = ""
    camera: str = ""
    """The camera the pictures came from, as its frame source names it ("USB camera 0",
    "Pi camera 0"); empty when unknown (pictures from files)."""

    @property
    def quality(self) -> str:
        return quality(self.rms)

    def to_json(self) -> dict[str, Any]:
        return {
            "image_size": list(self.image_size),
            "matrix": self.matrix.tolist(),
            "distortion": self.distortion.ravel().tolist(),
            "rms": self.rms,
            "quality": self.quality,
            "per_view": self.per_view,
            "rejected": [{"name": r.name, "reason": r.reason} for r in self.rejected],
            "target": self.target,
            "camera": self.camera,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CameraModel:
        try:
            return cls(
                matrix=np.array(data["matrix"], dtype=np.float64).reshape(3, 3),
                distortion=np.array(data["distortion"], dtype=np.float64).ravel(),
                image_size=(int(data["image_size"][0]), int(data["image_size"][1])),
                rms=float(data.get("rms", 0.0)),
                per_view={str(k): float(v) for k, v in data.get("per_view", {}).items()},
                rejected=[RejectedView(r["name"], r["reason"]) for r in data.get("rejected", [])],
                target=str(data.get("target", "")),
                camera=str(data.get("camera", "")),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise CalibrationError(f"This is not a camera calibration file ({error}).") from None

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=2) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> CameraModel:
        try:
            return cls.from_json(json.loads(Path(path).read_text(encoding="utf-8")))
        except FileNotFoundError:
            raise CalibrationError(f"There is no calibration file {str(path)!r}.") from None
        except json.JSONDecodeError:
            raise CalibrationError(f"The calibration file {path} is not valid JSON.") from None

    def check_size(self, size: tuple[int, int]) -> None:
        """Raise ``CalibrationError`` unless this calibration is for ``size`` pictures."""
        if tuple(size) != tuple(self.image_size):
            raise CalibrationError(
                f"This calibration is for {self.image_size[0]}×{self.image_size[1]} pictures, "
                f"not {size[0]}×{size[1]}: calibrate again at the camera's resolution."
            )

    def undistort(self, image: np.ndarray) -> np.ndarray:
        """Return ``image`` with the lens distortion removed (same size and matrix)."""
        self.check_size((image.shape[1], image.shape[0]))
        return cv2.undistort(image, self.matrix, self.distortion)

    def undistort_points(self, pixels: np.ndarray) -> np.ndarray:
        """Map distorted pixel positions (N×2) to where a perfect lens puts them."""
        points = np.asarray(pixels, dtype=np.float64).reshape(-1, 1, 2)
        out = cv2.undistortPoints(points, self.matrix, self.distortion, P=self.matrix)
        return out.reshape(-1, 2)

    def distort_points(self, pixels: np.ndarray) -> np.ndarray:
        """The inverse of ``undistort_points``: ideal pixels to where the lens puts them."""
        ideal = np.asarray(pixels, dtype=np.float64).reshape(-1, 2)
        k_inv = np.linalg.inv(self.matrix)
        rays = np.hstack([ideal, np.ones((len(ideal), 1))]) @ k_inv.T
        out, _ = cv2.projectPoints(
            rays.reshape(-1, 1, 3), np.zeros(3), np.zeros(3), self.matrix, self.distortion
        )
        return out.reshape(-1, 2)


def quality(rms: float) -> str:
    """The RMS reprojection error in plain words: good, acceptable or poor."""
    for limit, word in QUALITY_WORDS:
        if rms < limit:
            return word
    return "poor"


def _fit(views: Sequence[View], size: tuple[int, int], flags: int):
    objects = [v.object_points.astype(np.float32).reshape(-1, 1, 3) for v in views]
    images = [v.image_points.astype(np.float32).reshape(-1, 1, 2) for v in views]
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_COUNT, 100, 1e-9)
    rms, matrix, distortion, rvecs, tvecs = cv2.calibrateCamera(
        objects, images, size, None, None, flags=flags, criteria=criteria
    )
    errors = []
    for view, rvec, tvec in zip(views, rvecs, tvecs, strict=True):
        projected, _ = cv2.projectPoints(view.object_points.astype(np.float64), rvec, tvec,
                                         matrix, distortion)
        residual = projected.reshape(-1, 2) - view.image_points.reshape(-1, 2)
        errors.append(float(np.sqrt(np.mean(np.sum(residual**2, axis=1)))))
    return float(rms), matrix, distortion, errors


def calibrate(
    views: Sequence[View],
    rejected: Sequence[RejectedView] = (),
    *,
    target: str = "",
    flags: int = 0,
) -> CameraModel:
    """Calibrate from ``views``; drop views whose error is an outlier (each recorded in
    ``rejected`` with its error), and return the camera model.

    Raises ``CalibrationError`` when fewer than three usable views remain."""
    kept = list(views)
    dropped = list(rejected)
    if kept:
        sizes = {v.image_size for v in kept}
        if len(sizes) > 1:
            raise CalibrationError(
                "The pictures are not all the same size; calibrate one camera setting at a time."
            )
    while True:
        if len(kept) < MIN_VIEWS:
            raise CalibrationError(
                f"Only {len(kept)} usable picture(s) of the target; at least {MIN_VIEWS} are "
                f"needed and {ADVISED_VIEWS} or more advised."
                + (f" Not used: {dropped[0].name}: {dropped[0].reason}" if dropped else "")
            )
        size = kept[0].image_size
        rms, matrix, distortion, errors = _fit(kept, size, flags)
        median = float(np.median(errors))
        worst = int(np.argmax(errors))
        limit = max(OUTLIER_FACTOR * median, OUTLIER_FLOOR_PX)
        if errors[worst] <= limit or len(kept) <= MIN_VIEWS:
            break
        dropped.append(RejectedView(
            kept[worst].name,
            f"its reprojection error, {errors[worst]:.2f} px, is far above the others' "
            f"({median:.2f} px): the target moved, bent or was blurred in this picture.",
        ))
        del kept[worst]
    return CameraModel(
        matrix=matrix,
        distortion=distortion.ravel(),
        image_size=size,
        rms=rms,
        per_view={v.name: e for v, e in zip(kept, errors, strict=True)},
        rejected=dropped,
        target=target,
    )


def coverage(views: Sequence[View], image_size: tuple[int, int], cells: int = 4) -> np.ndarray:
    """A ``cells`` × ``cells`` grid over the picture: how many accepted views put target
    points in each part of the field of view (rows top to bottom). The page paints it so
    the user knows where to move the target next."""
    width, height = image_size
    grid = np.zeros((cells, cells), dtype=np.int32)
    for view in views:
        points = view.image_points.reshape(-1, 2)
        cols = np.clip((points[:, 0] * cells / width).astype(int), 0, cells - 1)
        rows = np.clip((points[:, 1] * cells / height).astype(int), 0, cells - 1)
        seen = np.zeros_like(grid, dtype=bool)
        seen[rows, cols] = True
        grid += seen
    return grid


def enough_views(views: Sequence[View], image_size: tuple[int, int]) -> tuple[bool, str]:
    """Whether the accepted views are enough for a good calibration, and what to do if not."""
    grid = coverage(views, image_size)
    empty = int(np.count_nonzero(grid == 0))
    if len(views) < ADVISED_VIEWS:
        return False, (
            f"{len(views)} of {ADVISED_VIEWS} pictures: keep moving and tilting the target."
        )
    if empty > 2:
        return False, (
            f"{empty} of {grid.size} parts of the picture have not seen the target yet: "
            "hold it near the edges and corners too."
        )
    return True, f"{len(views)} pictures covering the whole view: enough to calibrate."

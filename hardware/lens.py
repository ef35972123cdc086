"""The camera's lens calibration, as the live loop uses it.

``companion calibrate camera`` and the calibration page save the lens model as
``camera.json`` in the data folder (``calibration.commands.default_camera_path``). The
live loop loads it at start, and again whenever the file changes (a calibration saved
from the page is used from the next frame, without a restart). A model is used only for
pictures of the size it was made for; with it the board's registration works on the
picture as a perfect lens would have taken it, which places the board more exactly,
above all near the picture's edges.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from calibration.intrinsics import CalibrationError, CameraModel

log = logging.getLogger(__name__)


class Lens:
    """The lens model kept in ``path`` (``None``: the pictures are used as they come)."""

    def __init__(self, path: str | Path | None) -> None:
        self.path = Path(path) if path is not None else None
        self.camera = ""
        """The camera the pictures come from now (its source's description), to hold
        against the one the calibration was made with; empty when unknown."""
        self._stamp: tuple[int, int] | None = None
        self._model: CameraModel | None = None
        self._problem = ""
        self._size: tuple[int, int] | None = None
        self._maps: tuple[CameraModel, np.ndarray, np.ndarray] | None = None

    def model_for(self, size: tuple[int, int]) -> CameraModel | None:
        """The lens model for pictures of ``size`` (width, height), reloaded if its file
        changed; ``None`` without one, or when it is for another picture size."""
        self._size = (int(size[0]), int(size[1]))
        self._reload()
        model = self._model
        if model is None or tuple(model.image_size) != self._size:
            return None
        return model

    def undistort(self, image: np.ndarray, model: CameraModel) -> np.ndarray:
        """``image`` as a perfect lens would have taken it (the maps are made once per
        model, since remapping is much cheaper than undistorting afresh each frame)."""
        if self._maps is None or self._maps[0] is not model:
            width, height = model.image_size
            map_x, map_y = cv2.initUndistortRectifyMap(
                model.matrix, model.distortion, None, model.matrix, (width, height),
                cv2.CV_32FC1)
            self._maps = (model, map_x, map_y)
        _, map_x, map_y = self._maps
        return cv2.remap(image, map_x, map_y, cv2.INTER_LINEAR)

    def status(self) -> dict[str, Any]:
        """What the table page and the calibration page say of the lens calibration in
        use (``lens_status``), the file read again if it changed (one just saved from the
        calibration page is said at once)."""
        self._reload()
        return lens_status(self._model, in_use=self.path is not None, problem=self._problem,
                           size=self._size, camera=self.camera)

    def other_camera(self, model: CameraModel) -> bool:
        """Whether ``model`` was made with a camera other than the one in use (both known)."""
        return _other_camera(model, self.camera)

    def _reload(self) -> None:
        if self.path is None:
            return
        try:
            info = self.path.stat()
        except OSError:
            self._stamp, self._model, self._problem = None, None, ""
            return
        stamp = (info.st_mtime_ns, info.st_size)
        if stamp == self._stamp:
            return
        self._stamp = stamp
        try:
            self._model, self._problem = CameraModel.load(self.path), ""
            log.info("lens calibration loaded from %s (RMS %.3f px)", self.path,
                     self._model.rms)
            if self.other_camera(self._model):
                log.warning("the lens calibration %s was made with %s; the pictures come "
                            "from %s", self.path, self._model.camera, self.camera)
        except (CalibrationError, OSError) as error:
            self._model, self._problem = None, str(error)


def _other_camera(model: CameraModel, camera: str) -> bool:
    return bool(model.camera and camera and model.camera != camera)


def lens_status(model: CameraModel | None, *, in_use: bool = True, problem: str = "",
                size: tuple[int, int] | None = None, camera: str = "") -> dict[str, Any]:
    """The lens calibration in words, the one sentence both pages show: ``loaded`` (is
    it used on the pictures), ``rms`` and ``quality`` of the model found, and a
    ``message``. ``model``: the one saved (``None``: none, or ``problem`` says why it
    cannot be read); ``in_use``: whether the live loop looks for one at all; ``size`` and
    ``camera``: the pictures' size and the camera they come from, when known."""
    if model is None:
        if problem:
            message = f"The lens calibration cannot be used: {problem}"
        elif not in_use:
            message = "No lens calibration: the pictures are used as the lens gives them."
        else:
            message = ("No lens calibration yet: calibrate the camera to place the board "
                       "more exactly.")
        return {"loaded": False, "message": message}
    data: dict[str, Any] = {"loaded": True, "rms": round(model.rms, 3),
                            "quality": model.quality}
    width, height = model.image_size
    if size is not None and tuple(model.image_size) != tuple(size):
        data["loaded"] = False
        data["message"] = (f"The lens calibration is for {width}×{height} pictures, not "
                           f"{size[0]}×{size[1]}: not used. Calibrate the camera again at "
                           "this size.")
    else:
        data["message"] = (f"Lens calibration loaded: its error is {model.rms:.2f} pixels "
                           f"({model.quality}).")
        if _other_camera(model, camera):
            data["message"] += (f" It was made with {model.camera}, and the pictures come "
                                f"from {camera}: if that is another camera, calibrate it.")
    return data

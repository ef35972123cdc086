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
        """``loaded`` (is a lens model in use), ``rms`` and ``quality`` of the one found,
        and a ``message`` for the page, in words."""
        model = self._model
        if model is None:
            if self._problem:
                message = f"The lens calibration cannot be used: {self._problem}"
            elif self.path is None:
                message = "No lens calibration: the pictures are used as the lens gives them."
            else:
                message = ("No lens calibration yet: calibrate the camera to place the board "
                           "more exactly.")
            return {"loaded": False, "message": message}
        data = {"loaded": True, "rms": round(model.rms, 3), "quality": model.quality}
        width, height = model.image_size
        if self._size is not None and tuple(model.image_size) != self._size:
            data["loaded"] = False
            data["message"] = (f"The lens calibration is for {width}×{height} pictures, not "
                               f"{self._size[0]}×{self._size[1]}: not used. Calibrate the "
                               "camera again at this size.")
        else:
            data["message"] = (f"Lens calibration loaded: its error is {model.rms:.2f} pixels "
                               f"({model.quality}).")
            if self.other_camera(model):
                data["message"] += (f" It was made with {model.camera}, and the pictures come "
                                    f"from {self.camera}: if that is another camera, "
                                    "calibrate it.")
        return data

    def other_camera(self, model: CameraModel) -> bool:
        """Whether ``model`` was made with a camera other than the one in use (both known)."""
        return bool(model.camera and self.camera and model.camera != self.camera)

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

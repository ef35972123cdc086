"""A picture read from a file, or a sentence saying why it cannot be.

OpenCV's own ``imread`` prints a warning of its own and returns ``None`` for a missing
file, a folder and a file that is no picture alike; the commands say which it was.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from companion.errors import UserFacingError


class PictureFileError(UserFacingError, ValueError):
    """The file named holds no picture that can be read; the message says why."""


def read_picture_file(path: Path | str) -> np.ndarray:
    """The colour picture in ``path`` (BGR), or ``PictureFileError``: no such file, a
    folder, or not a picture."""
    import cv2  # here: the commands that never read a picture start without OpenCV

    path = Path(path)
    if not path.exists():
        raise PictureFileError(f"There is no file {path}.")
    if not path.is_file():
        raise PictureFileError(f"{path} is a folder, not a picture.")
    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if image is None:
        raise PictureFileError(f"{path} is not a picture that can be read (a JPEG or "
                               "PNG photo, for example).")
    return image

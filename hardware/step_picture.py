"""The small JPEG of a frame the referee took a move from, kept for the page's review.

The live loop hands the session each steady reading with its frame; the session asks
for the JPEG only when the reading is accepted as a move (``TableSession.submit_reading``)
and keeps the last ``companion.table.step_pictures.MAX_PICTURES`` of them in memory.
Small so that the most kept stay a few megabytes: at most ``STEP_PICTURE_WIDTH`` pixels
wide, at JPEG quality ``STEP_PICTURE_QUALITY`` (about 20 to 40 kB a picture).
"""

from __future__ import annotations

import cv2
import numpy as np

STEP_PICTURE_WIDTH = 480
"""The widest a step's picture is kept, in pixels (a wider frame is scaled down)."""

STEP_PICTURE_QUALITY = 70
"""The JPEG quality a step's picture is kept at (0 to 100)."""


def small_jpeg(image: np.ndarray) -> bytes:
    """``image`` (BGR) as a JPEG at most ``STEP_PICTURE_WIDTH`` pixels wide."""
    width = image.shape[1]
    if width > STEP_PICTURE_WIDTH:
        height = max(1, round(image.shape[0] * STEP_PICTURE_WIDTH / width))
        image = cv2.resize(image, (STEP_PICTURE_WIDTH, height), interpolation=cv2.INTER_AREA)
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, STEP_PICTURE_QUALITY])
    if not ok:
        raise ValueError("The frame could not be encoded as a JPEG.")
    return data.tobytes()

"""The small JPEG of a frame the referee took a move from, kept for the page's review.

The live loop hands the session each new steady reading with this picture of its
frame (``TableSession.submit_reading``), encoded on the loop's thread, never under the
session's lock: the loop submits a reading only when the board changed, so about once
a move. The session keeps the picture of each reading accepted as a move, the last
``companion.table.step_pictures.MAX_PICTURES`` of them, in memory. Small so that those
stay a few megabytes: at most ``STEP_PICTURE_WIDTH`` pixels wide, at JPEG quality
``STEP_PICTURE_QUALITY``. Measured on the 22 real photos of the go-boards and go-more
sets, scaled to 640, 1280 and 1920 pixels wide: 17 to 51 kB (median 31 kB), 8 to 40 ms
to encode on the development machine.
"""

from __future__ import annotations

import cv2
import numpy as np

STEP_PICTURE_WIDTH = 480
"""The widest a step's picture is kept, in pixels (a wider frame is scaled down)."""

STEP_PICTURE_QUALITY = 70
"""The JPEG quality a step's picture is kept at (0 to 100)."""


def small_jpeg(image: np.ndarray) -> bytes | None:
    """``image`` (BGR) as a JPEG at most ``STEP_PICTURE_WIDTH`` pixels wide; ``None``
    when it cannot be encoded (the reading goes on without a picture)."""
    width = image.shape[1]
    if width > STEP_PICTURE_WIDTH:
        height = max(1, round(image.shape[0] * STEP_PICTURE_WIDTH / width))
        image = cv2.resize(image, (STEP_PICTURE_WIDTH, height), interpolation=cv2.INTER_AREA)
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, STEP_PICTURE_QUALITY])
    return data.tobytes() if ok else None

"""The picture shown where the camera's would be, when there is none yet."""

from __future__ import annotations

import textwrap
from functools import lru_cache

import cv2
import numpy as np

SIZE = (640, 480)


@lru_cache(maxsize=16)
def placeholder_jpeg(status: str) -> bytes:
    """Return a grey 640×480 JPEG saying there is no picture and why (``status``)."""
    width, height = SIZE
    image = np.full((height, width, 3), (58, 52, 48), np.uint8)
    font = cv2.FONT_HERSHEY_SIMPLEX
    ascii_status = status.encode("ascii", "replace").decode("ascii")
    lines = ["No camera picture"] + textwrap.wrap(ascii_status, 38)[:6]
    y = height // 2 - 24 * len(lines)
    for index, line in enumerate(lines):
        scale = 1.1 if index == 0 else 0.75
        (text_width, text_height), _ = cv2.getTextSize(line, font, scale, 2)
        y += text_height + (28 if index else 0)
        cv2.putText(image, line, ((width - text_width) // 2, y), font, scale,
                    (235, 235, 235) if index == 0 else (190, 200, 210), 2, cv2.LINE_AA)
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 80])
    assert ok
    return data.tobytes()

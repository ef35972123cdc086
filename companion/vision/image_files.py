"""Reading a picture file with bounds: at most ``MAX_IMAGE_BYTES`` read, and at most
``MAX_IMAGE_PIXELS`` decoded.

A small file can decode to a huge picture (a 14 KB PNG of 30 000 × 30 000 black pixels
is 2.7 GB as BGR), and OpenCV's own bound (a gigapixel) is far beyond a Pi's memory. So
the size written in the file's header is read first (PNG, JPEG, BMP, WebP), and a picture
larger than the bound is refused before it is decoded. Other formats OpenCV reads (TIFF)
are bounded by their file size only.

``read_picture_file`` is what a command uses: it says in a sentence why a file named
holds no picture (missing, a folder, not a picture, too large), where OpenCV's own
``imread`` would print a warning of its own and return ``None`` for all of them alike.
"""

from __future__ import annotations

import struct
from pathlib import Path

import cv2
import numpy as np

from companion.errors import UserFacingError

MAX_IMAGE_PIXELS = 50_000_000
"""The largest picture decoded, in pixels (a 48-megapixel phone photo fits)."""

MAX_IMAGE_BYTES = 100 * 1024 * 1024
"""The largest picture file read, in bytes."""

_JPEG_FRAMES = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}


def read_image(path: str | Path, flags: int = cv2.IMREAD_COLOR) -> np.ndarray | None:
    """The picture in ``path`` decoded as ``cv2.imread`` would (``None`` when it is not a
    picture); ``ValueError`` when the file or the picture is larger than the bounds."""
    path = Path(path)
    try:
        with path.open("rb") as file:
            data = file.read(MAX_IMAGE_BYTES + 1)
    except OSError:
        return None
    if len(data) > MAX_IMAGE_BYTES:
        raise ValueError(f"The picture {path} is larger than {MAX_IMAGE_BYTES >> 20} MiB.")
    size = image_size(data)
    if size is not None and size[0] * size[1] > MAX_IMAGE_PIXELS:
        raise ValueError(f"The picture {path} is {size[0]} × {size[1]} pixels; at most "
                         f"{MAX_IMAGE_PIXELS // 1_000_000} megapixels are read.")
    if not data:
        return None
    return cv2.imdecode(np.frombuffer(data, np.uint8), flags)


def image_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) as the header of a PNG, JPEG, BMP or WebP file says; ``None`` for
    another format or a header that cannot be read."""
    try:
        if data.startswith(b"\x89PNG\r\n\x1a\n"):
            return struct.unpack(">II", data[16:24])
        if data.startswith(b"\xff\xd8"):
            return _jpeg_size(data)
        if data.startswith(b"BM"):
            width, height = struct.unpack("<ii", data[18:26])
            return abs(width), abs(height)
        if data.startswith(b"RIFF") and data[8:12] == b"WEBP":
            return _webp_size(data)
    except struct.error:
        return None
    return None


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    at = 2
    while at + 4 <= len(data):
        if data[at] != 0xFF:
            return None
        marker = data[at + 1]
        if marker == 0xFF:
            at += 1
            continue
        if marker in _JPEG_FRAMES:
            height, width = struct.unpack(">HH", data[at + 5:at + 9])
            return width, height
        (length,) = struct.unpack(">H", data[at + 2:at + 4])
        at += 2 + length
    return None


def _webp_size(data: bytes) -> tuple[int, int] | None:
    chunk = data[12:16]
    if chunk == b"VP8X":
        width = int.from_bytes(data[24:27], "little") + 1
        height = int.from_bytes(data[27:30], "little") + 1
        return width, height
    if chunk == b"VP8L":
        bits = int.from_bytes(data[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8 ":
        width, height = struct.unpack("<HH", data[26:30])
        return width & 0x3FFF, height & 0x3FFF
    return None


class PictureFileError(UserFacingError, ValueError):
    """The file named holds no picture that can be read; the message says why."""


def read_picture_file(path: Path | str) -> np.ndarray:
    """The colour picture in ``path`` (BGR, bounded as ``read_image`` bounds it), or
    ``PictureFileError``: no such file, a folder, not a picture, or too large."""
    path = Path(path)
    if not path.exists():
        raise PictureFileError(f"There is no file {path}.")
    if not path.is_file():
        raise PictureFileError(f"{path} is a folder, not a picture.")
    try:
        image = read_image(path)
    except ValueError as error:
        raise PictureFileError(str(error)) from None
    if image is None:
        raise PictureFileError(f"{path} is not a picture that can be read (a JPEG or "
                               "PNG photo, for example).")
    return image

"""Picture files are read with bounds: the size in the header is checked before a
picture is decoded, so a small file cannot decode to gigabytes."""

import struct
import zlib

import cv2
import numpy as np
import pytest

from companion.vision.image_files import MAX_IMAGE_PIXELS, image_size, read_image


def png_header_only(width, height):
    """A PNG whose header claims ``width`` × ``height`` (its data is not needed)."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    chunk = struct.pack(">I", len(ihdr)) + b"IHDR" + ihdr
    return b"\x89PNG\r\n\x1a\n" + chunk + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr))


@pytest.mark.parametrize("suffix", [".png", ".jpg", ".bmp", ".webp"])
def test_the_size_is_read_from_the_header(suffix):
    ok, data = cv2.imencode(suffix, np.zeros((37, 53, 3), np.uint8))
    assert ok and image_size(data.tobytes()) == (53, 37)


def test_a_picture_within_the_bound_is_read_as_imread_reads_it(tmp_path):
    path = tmp_path / "small.png"
    picture = np.arange(30 * 40 * 3, dtype=np.uint8).reshape(30, 40, 3)
    cv2.imwrite(str(path), picture)
    assert np.array_equal(read_image(path), cv2.imread(str(path)))
    assert read_image(tmp_path / "missing.png") is None


def test_a_picture_over_the_bound_is_refused_before_it_is_decoded(tmp_path):
    path = tmp_path / "bomb.png"
    path.write_bytes(png_header_only(30_000, 30_000))
    assert 30_000 * 30_000 > MAX_IMAGE_PIXELS
    with pytest.raises(ValueError, match="30000 × 30000 pixels"):
        read_image(path)

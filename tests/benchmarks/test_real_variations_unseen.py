"""Session 25: the variations of ``companion bench vision-real-variations`` that stand
for cameras and boards not seen (a board of another hue, a smaller board in a wider
view, a phone's sharpening, a lens's vignetting, a dim webcam). Each is a known mapping
of the photo's pixels, and changes what it says it changes."""

import cv2
import numpy as np

from benchmarks.vision_real_variations import (
    VARIATIONS,
    hue_turned,
    sharpened,
    vignette,
    webcam,
    wide_view,
)

BOARD = (60, 150, 215)
"""An orange wooden board (B, G, R)."""


def _photo() -> np.ndarray:
    """A board with a white and a black stone and a printed line."""
    image = np.full((120, 160, 3), BOARD, np.uint8)
    cv2.circle(image, (50, 60), 12, (235, 238, 240), -1)
    cv2.circle(image, (110, 60), 12, (25, 25, 28), -1)
    cv2.line(image, (0, 30), (159, 30), (20, 30, 40), 1)
    return image


def test_the_new_variations_are_listed():
    names = {v.name for v in VARIATIONS}
    assert {"magenta cast", "sharpened q12", "vignette", "board hue +60", "board hue -60",
            "webcam dim", "wide view"} <= names


def test_a_board_of_another_hue_keeps_its_stones_grey_and_its_lightness():
    image = _photo()
    turned, mapping = hue_turned(60)(image, None)
    assert np.allclose(mapping, np.eye(3))
    board, white, black = turned[90, 20].astype(int), turned[60, 50].astype(int), \
        turned[60, 110].astype(int)
    assert np.abs(board - np.array(BOARD)).max() > 40  # the board's hue turned
    assert np.abs(white - np.array([235, 238, 240])).max() <= 3  # the stones kept theirs
    assert np.abs(black - np.array([25, 25, 28])).max() <= 3
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(int)
    assert abs(int(cv2.cvtColor(turned, cv2.COLOR_BGR2GRAY)[90, 20]) - grey[90, 20]) <= 6


def test_a_wider_view_maps_the_photo_where_it_shows_it():
    image = _photo()
    out, mapping = wide_view(0.5, 320, 240)(image, None)
    assert out.shape == (240, 320, 3)
    x, y, w = mapping @ np.array([110.0, 60.0, 1.0])  # the black stone's centre
    assert out[int(round(y / w)), int(round(x / w))].max() < 80


def test_sharpening_lights_the_board_beside_a_line():
    image = np.full((200, 1000, 3), BOARD, np.uint8)  # blurred at 1.5 pixels
    cv2.line(image, (0, 100), (999, 100), (20, 30, 40), 3)
    out, _ = sharpened(1.5, 95)(image, None)
    beside, far = out[103, 500].astype(int).sum(), out[50, 500].astype(int).sum()
    assert beside > far + 20


def test_vignetting_and_a_dim_webcam_darken():
    image = _photo()
    dark, _ = vignette(0.45)(image, None)
    assert int(dark[0, 0].sum()) < int(image[0, 0].sum()) * 0.6
    assert abs(int(dark[60, 80].sum()) - int(image[60, 80].sum())) <= 3
    small, mapping = webcam(80, 60, 0.5, 0.0, 90)(image, None)
    assert small.shape == (60, 80, 3)
    assert np.allclose(mapping, np.diag([0.5, 0.5, 1.0]))
    assert small[45, 10].astype(int).sum() < image[90, 20].astype(int).sum() * 0.6

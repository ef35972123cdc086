"""The bundled demo replay: small pictures of a Go game, drawn by a seeded script."""

import cv2
import numpy as np

from hardware.frames import open_source
from hardware.frames.replay import ReplaySource, image_files
from hardware.replays import DEMO, make_demo

SKIN_LOW, SKIN_HIGH = (105, 140, 185), (140, 180, 235)  # BGR of the drawn hand


def skin_pixels(image):
    return cv2.countNonZero(cv2.inRange(image, SKIN_LOW, SKIN_HIGH))


def test_the_demo_replay_is_a_dozen_or_more_small_pictures():
    files = image_files(DEMO)
    assert 12 <= len(files) <= 20
    for path in files:
        assert path.suffix == ".jpg" and path.stat().st_size < 40_000
        assert cv2.imread(str(path)).shape == (480, 640, 3)


def test_stones_appear_one_by_one_and_one_frame_has_a_hand(fake_clock):
    source = ReplaySource(DEMO, fps=2, loop=False, clock=fake_clock, sleep=fake_clock.sleep)
    images = [source.read().image for _ in range(len(source))]
    dark_points = []
    for image in images:
        grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        stones = [grey[y - 5:y + 5, x - 5:x + 5].mean()
                  for x, y in (make_demo.intersection(c, r) for c, r in make_demo.MOVES)]
        dark_points.append(sum(level < 70 for level in stones))
    # Black plays moves 0, 2, 4, ...: the count of black stones grows, never shrinks,
    # except where the hand hides the board.
    hand = make_demo.HAND_FRAME
    others = dark_points[:hand] + dark_points[hand + 1:]
    assert others == sorted(others) and others[0] == 0 and others[-1] == 7
    assert skin_pixels(images[hand]) > 10_000
    assert all(skin_pixels(image) < 2_500 for index, image in enumerate(images) if index != hand)


def test_the_drawing_is_seeded():
    first, second = make_demo.frames(), make_demo.frames()
    assert len(first) == len(image_files(DEMO))
    assert all(np.array_equal(a, b) for a, b in zip(first, second, strict=True))


def test_the_demo_opens_as_a_folder_source():
    source = open_source(str(DEMO))
    assert source.description == "replay of demo/ (16 pictures)"
    assert source.read().width == 640

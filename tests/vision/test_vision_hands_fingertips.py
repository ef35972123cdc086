"""Occluded means a hand (issue 14, point 5), session 21: fingertips over one or two of
the outermost spaces, too few for a patch, are a hand where the margin outside them shows
what covers their gaps and not the margin along that side (``fingertips.py``); stones at
the edge, a blurred far row and the edge rows of late real games are not. Scenes of
``companion bench vision`` (``--looks real``), corners tapped as the bench taps them."""

import cv2
import numpy as np
import pytest

import benchmarks.vision as bench
from calibration.recognize import PictureReader
from companion.vision.games import game_vision
from companion.vision.scene.looks import DEVELOPMENT, HELD_OUT
from tests.helpers.bench_taps import read_scene
from tests.helpers.paths import TEST_DATA

GO = ("black", "white")


@pytest.mark.parametrize("board, colours, looks, seed, reason", [
    ("go-9", GO, HELD_OUT, 11771, "something over the board's edge"),
    ("go-9", GO, DEVELOPMENT, 11762, "something over the board's edge"),
    ("one-60", bench.SIX, DEVELOPMENT, 20003, "fingers"),
    ("one-60", bench.SIX, HELD_OUT, 10518, "fingers"),
])
def test_fingertips_over_the_edge_are_a_hand(board, colours, looks, seed, reason):
    """A hand forced in (``--hands all``), 640 × 480, whose fingertips alone reach the
    board's outermost spaces with their print hidden: Go 9 × 9 11771 (A3 and B3, the
    rest of the hand over the table and over spaces read right), 11762 (E9), ONE 20003
    and 10518 (a finger over one space of the outer ring, D19 and D1, the sleeve's spaces
    read as stones). The margin outside shows the finger's colour, the margin along
    the rest of that side the board's. Missed before. Since session 26 the dark palm of
    11762, read as a white stone at D7 (``hands_as_stones``), joins the spaces under it
    into a patch, and the patch rule, asked first, flags the hand. Since session 27 the
    dark finger over A2 of 11771, read black beside the palm over A3 and B3
    (``hands_as_stones.dark_fingers``), joins them into a patch of three as well."""
    scenes = bench.Scenes(board, colours, "stones", looks, hands=1.0)
    reading, truth = read_scene(scenes, seed)
    assert truth["occluded"]
    assert reading.occluded, reading.cells
    assert reason in reading.reason


@pytest.mark.parametrize("board, colours, looks, seed", [
    ("go-13", GO, DEVELOPMENT, 11745),
    ("one-60", bench.SIX, HELD_OUT, 11715),
])
def test_a_stone_seen_poorly_at_the_edge_is_no_fingertip(board, colours, looks, seed):
    """No hand, 640 × 480: a space at the edge read unsure, its gaps off the board's
    colour, beside a margin that stone or shadow makes apart from the rest of its side
    (Go 13 × 13 11745: A4, 0.22 off in colour; ONE 11715: D19, 0.24). The margin there
    is not what covers the space's gaps (0.16 off their colour each): no finger lies
    over both."""
    scenes = bench.Scenes(board, colours, "stones", looks)
    reading, truth = read_scene(scenes, seed)
    assert not truth["occluded"]
    assert not reading.occluded, reading.reason


@pytest.mark.slow
@pytest.mark.parametrize("name", ["full", "gaps", "badangleleft", "badangleright"])
def test_late_games_and_blurred_far_rows_of_real_photos_are_no_fingertips(name):
    """go-more photos without a hand, as a 640-pixel-wide JPEG (q70) copy: the edge rows
    of late games (``full``, ``gaps``: stones whose gaps show their neighbours, the
    margin beyond them stones too) and the blurred far rows of boards seen at an angle
    (``badangle*``: the margin along the whole far side as blurred as the row). Not
    occluded."""
    image = cv2.imread(str(TEST_DATA / "go-more" / f"{name}.jpg"))
    h, w = image.shape[:2]
    small = cv2.resize(image, (640, round(h * 640 / w)), interpolation=cv2.INTER_AREA)
    ok, data = cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, 70])
    assert ok
    copy = cv2.imdecode(np.frombuffer(data.tobytes(), np.uint8), cv2.IMREAD_COLOR)
    result, _ = PictureReader(game_vision("go"), find_size=True).read(copy)
    assert result["size"] == 19
    assert not result["occluded"], result["reason"]


@pytest.mark.parametrize("board, colours, stones, looks, seed", [
    ("go-9", GO, 80, DEVELOPMENT, 11700),
    ("one-60", bench.SIX, 60, HELD_OUT, 11703),
])
def test_full_boards_under_a_glare_seen_steeply_are_no_fingertips(board, colours, stones,
                                                                  looks, seed):
    """Full boards under a lamp's glare seen steeply by a 640 × 480 webcam
    (``--full-glare``, ``--steep``): edge stones leaning over the margin, many unsure.
    Not occluded."""
    scenes = bench.Scenes(board, colours, "stones", looks, full=stones, steep=True)
    reading, truth = read_scene(scenes, seed)
    assert not truth["occluded"]
    assert not reading.occluded, reading.reason

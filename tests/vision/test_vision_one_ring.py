"""ONE's ring board (session 22): bare spaces judged by the bare spaces near them, and two
kinds of confident error each made unsure by a sign that disagrees.

- A ONE paper board under a dim yellow lamp (``tests/data/rendered/one_dim_yellow_lamp``):
  the lamp hardly lights blue, so bare board sits at the sensor's floor in that channel,
  and the JPEG ringing of the print lifts it in every core and not in the gaps: most bare
  cores lie far from their gaps' colour. At main 5df6a70 a ring of bare spaces whose circles showed
  a little less than those around was left unsure ("its mark shown in part") and the
  board was flagged occluded; they look as the surely bare spaces near them do
  (``bare_around``), and are read empty.
- Bare board seen steeply, its gaps in a shade, read white (``--steep`` held-out and
  development 26129): its whole circle shows, where it lies and at its foot, which a
  stone hides in part at the least (``_over_whole_mark``).
- A pale yellow yunzi stone seen steeply read white, no white stone on the board to
  compare its hue with (``--steep`` held-out 12305 D14): against white's prediction under
  the light found its hue lies on yellow's span (``_white_off_hue``).
"""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from benchmarks.vision import Scenes
from calibration.registration import from_corners
from companion.geometry import load_geometry
from companion.vision import stones
from companion.vision.bare_around import bare_near
from companion.vision.circle_colour import paint_spans
from companion.vision.config import load_config
from companion.vision.labels import UNSURE
from companion.vision.pipeline import Reading, Recogniser
from companion.vision.scene.looks import DEVELOPMENT, HELD_OUT
from tests.helpers.bench_taps import read_scene
from tests.helpers.paths import TEST_DATA

SIX = ("black", "white", "red", "blue", "green", "yellow")
CFG = load_config().stones
LAMP = TEST_DATA / "rendered" / "one_dim_yellow_lamp"


def _wrong(reading: Reading, truth: dict) -> list[str]:
    return [s for s, c in reading.cells.items()
            if c != UNSURE and s not in truth.get("hidden", ()) and c != truth["cells"][s]]


def _read_lamp() -> tuple[Reading, dict]:
    truth = json.loads(LAMP.with_suffix(".json").read_text())
    image = cv2.imread(str(LAMP.with_suffix(".png")))
    board = load_geometry(truth["board"])
    homography = from_corners(np.array(truth["taps"]), board.width_mm,
                              board.height_mm).homography
    return Recogniser(board, SIX).read(image, homography), truth


def test_bare_ring_under_a_dim_yellow_lamp_reads_empty():
    """The bare spaces main left unsure, far from their gaps' colour with their circles
    shown in part, read empty; nothing is read wrongly and the board is not flagged."""
    reading, truth = _read_lamp()
    for space in ("B5", "B6", "B7", "B10", "B11", "C2", "C3", "C9", "D1"):
        assert truth["cells"][space] == "empty"
        assert reading.cells[space] == "empty"
    assert not reading.occluded
    assert _wrong(reading, truth) == []


@pytest.mark.slow
@pytest.mark.parametrize("split, space", [(HELD_OUT, "C15"), (DEVELOPMENT, "B8")])
def test_bare_board_seen_steeply_with_its_whole_circle_is_not_white(split, space):
    """``--steep`` 26129: the space was read white surely at main; now unsure."""
    reading, truth = read_scene(Scenes("one-60", SIX, "stones", split, steep=True), 26129)
    assert truth["cells"][space] == "empty"
    assert reading.cells[space] == UNSURE
    assert _wrong(reading, truth) == []


@pytest.mark.slow
def test_pale_yellow_stone_with_no_white_beside_it_is_not_white():
    """``--steep`` held-out 12305 D14: a yellow yunzi stone read white surely at main."""
    reading, truth = read_scene(Scenes("one-60", SIX, "stones", HELD_OUT, steep=True), 12305)
    assert truth["cells"]["D14"] == "yellow"
    assert reading.cells["D14"] == UNSURE
    assert _wrong(reading, truth) == []


# Unit cases of ``bare_near``: five spaces in a row, each around the others.
AROUND = np.array([[j for j in range(5) if j != i] + [i] * 4 for i in range(5)])


def _features(*shifts: float) -> np.ndarray:
    """Features (three colour parts and a lightness) of cores ``shifts`` off nought in
    their first channel's colour part."""
    return np.array([[s, -s / 2, -s / 2, 0.0] for s in shifts])


def test_a_core_like_its_bare_neighbours_is_bare_however_far_from_its_gaps():
    features = _features(0.5, 0.45, 0.55, 0.5, 0.0)
    bare = np.array([False, True, True, True, False])
    asked = np.array([True, False, False, False, True])
    near = bare_near(features, bare, AROUND, asked, CFG)
    assert near[0]  # like its neighbours' ringing
    assert not near[4]  # a core at its gaps' colour where the bare ones lie far from it


def test_too_few_bare_neighbours_say_nothing():
    features = _features(0.5, 0.5, 1.0, 1.0, 1.0)
    bare = np.array([False, True, False, False, False])
    assert not bare_near(features, bare, AROUND, np.array([True] + [False] * 4), CFG)[0]



# Unit cases of ``_white_off_hue`` with one stone read white: white's prediction (neutral,
# 0.3 lighter than its board) stands for the white stones, and a second sign is asked.
PALETTE = load_config().palette
HUED = stones._hued(SIX, PALETTE, CFG)
YELLOW_SPAN = paint_spans(SIX, PALETTE, 1)[5]


def _white_off(lightness: float) -> bool:
    protos = np.zeros((1, len(SIX), 3))
    protos[0, 1] = 0.3
    ratio = (0.5 * YELLOW_SPAN + lightness)[None, :]  # half way to yellow's hue
    return bool(stones._white_off_hue(ratio, protos, np.array([2]), np.array([True]), SIX,
                                      PALETTE, HUED, CFG)[0])


def test_a_lone_white_reading_of_yellows_hue_and_darker_than_white_is_unsure():
    assert _white_off(0.3 - CFG.light_group - 0.1)


def test_a_lone_white_reading_as_light_as_white_stays_white():
    """Under a coloured lamp white's prediction knows the hue less well than white stones
    show it; as light as the prediction, a white stone off its hue is not asked."""
    assert not _white_off(0.3 - CFG.light_group + 0.1)

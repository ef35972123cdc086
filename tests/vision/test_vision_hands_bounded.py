"""Occluded means a hand (issue 14, point 5), session 22: what a hand is bounds the rules
that flag one. An arm crosses the margin apart from it by more than the margin strays
from itself (``edge_scatter`` in ``edge_crossing.py``); a space read empty without
print is a palm's sign only where the print shows at most bare spaces
(``hidden_by_hand``); and fingers coming in over the edge may let the print show
between their tips. Scenes of
``companion bench vision`` (``--looks real``), corners tapped as the bench taps them."""

import json

import cv2
import numpy as np
import pytest

import benchmarks.vision as bench
from calibration.registration import from_corners
from companion.geometry import load_geometry
from companion.vision.edge_crossing import crossing
from companion.vision.pipeline import Recogniser
from companion.vision.scene.looks import DEVELOPMENT, HELD_OUT
from tests.helpers.bench_taps import read_scene
from tests.helpers.paths import TEST_DATA

GO = ("black", "white")
DIM_LAMP = TEST_DATA / "rendered" / "one_dim_yellow_lamp"


def _dim_lamp_board() -> tuple[Recogniser, np.ndarray, np.ndarray]:
    """The ONE board under a dim yellow lamp (``tests/data/rendered``), its recogniser,
    picture and homography from the corners as tapped."""
    meta = json.loads(DIM_LAMP.with_suffix(".json").read_text())
    board = load_geometry(meta["board"])
    homography = from_corners(np.array(meta["taps"]), board.width_mm,
                              board.height_mm).homography
    image = cv2.imread(str(DIM_LAMP.with_suffix(".png")))
    return Recogniser(board, bench.SIX), image, homography


def test_a_ring_of_bare_spaces_under_a_dim_yellow_lamp_is_no_hand():
    """A ONE paper board under a dim yellow lamp, no hand (640 × 480, as rendered): rings
    of bare spaces far from the board's colour, their marks shown, are left unsure, and
    the margin's colour strays all round with the lamp's light. Flagged before
    ("something over the board's edge covers 11 of its 60 spaces", the patch taken for a
    hand because half a pitch of the margin looked crossed). Since session 22 the ONE
    reader also reads most of those rings bare (``bare_around``); the margin's own bound
    is tested alone below."""
    recogniser, image, homography = _dim_lamp_board()
    reading = recogniser.read(image, homography)
    assert not reading.occluded, reading.reason


def test_a_margin_that_strays_all_round_shows_no_arm():
    """The same board: the margin's stretches stray from their median in colour all
    round (the blue channel near the sensor's floor); past that stray no run of them is
    as long as an arm must cross beside a patch (``hand_margin_run``, half a pitch).
    Two stretches in a row were before."""
    recogniser, image, homography = _dim_lamp_board()
    view = recogniser.read(image, homography).view
    cfg = recogniser.cfg.occlusion
    assert crossing(view, recogniser.edge, cfg) * cfg.edge_bin < cfg.hand_margin_run


def test_bare_points_without_print_on_a_faint_board_are_no_palm():
    """Go 13 × 13, held-out looks, no hand (bench scene 15514, 1280 × 960, the board far
    and full): a row of bare points among stones left unsure and bare points without
    print beside them, on a board whose print shows at about a fifth of its bare points.
    Flagged before ("covers 12 of its 169 spaces")."""
    scenes = bench.Scenes("go-13", GO, "stones", HELD_OUT)
    reading, truth = read_scene(scenes, 15514)
    assert not truth["occluded"]
    assert len(reading.unsure) >= 10
    assert not reading.occluded, reading.reason


@pytest.mark.parametrize("looks, seed", [(DEVELOPMENT, 6930), (HELD_OUT, 10573)])
def test_fingers_from_the_edge_with_print_between_them_are_a_hand(looks, seed):
    """A hand forced in (``--hands all``), Go 9 × 9: 6930, a dark hand over C1–C3 (two
    read empty, one unsure), the print showing between the fingertips at C3; 10573, a
    striped sleeve. Missed before."""
    scenes = bench.Scenes("go-9", GO, "stones", looks, hands=1.0)
    reading, truth = read_scene(scenes, seed)
    assert truth["occluded"]
    assert reading.occluded, reading.cells


"""Empty spaces read empty, not "unsure" (session 15): the darker share of the gaps
round a space read empty in its board's colour is the stones beside it, not a shade
over its core; print that runs through a core, with bare board between its lines, is
bare board however dark the lines make it; a core a warm lamp blows out in part, that
shows nearly all the print shown round it, is bare board in the lamp's pool. Each rule
both ways: the empty spaces it was made for are read empty, and the stones in the same
light still are not."""

import numpy as np
import pytest

from benchmarks.vision import CORNER_NOISE_PX, GLARE, HANDS
from calibration.registration import from_corners
from companion.geometry import load_geometry
from companion.vision.labels import EMPTY
from companion.vision.pipeline import Recogniser
from companion.vision.scene import random_effects
from companion.vision.scene.looks import DEVELOPMENT, HELD_OUT, random_look_of
from tests.helpers.scene_cache import render_scene


@pytest.fixture(scope="module")
def read_go19():
    """Read the 19 × 19 scene of ``seed`` under its look of ``split`` as ``companion
    bench vision --looks real`` does: the same effects, look and tapped corners."""
    board = load_geometry("go-19")
    recogniser = Recogniser(board, ("black", "white"))

    def read(seed: int, split: str):
        effects = random_effects(np.random.default_rng([seed, 1]), hands=HANDS, glare=GLARE)
        look = random_look_of(np.random.default_rng([seed, 3]), split)
        image, truth = render_scene(seed, board, effects=effects, look=look)
        taps = np.array(truth["corners_px"]) \
            + np.random.default_rng([seed, 2]).normal(0, CORNER_NOISE_PX, (4, 2))
        homography = from_corners(taps, board.width_mm, board.height_mm).homography
        return recogniser.read(image, homography), truth

    return read


def _stones_read_empty(reading, truth) -> set[str]:
    """The stones the picture shows (not under a hand) that were read empty."""
    return {space for space, content in reading.cells.items()
            if truth["cells"][space] != EMPTY and content == EMPTY
            and space not in truth["hidden"]}


def test_bare_spaces_between_stones_on_white_paper_read_empty(read_go19):
    """Development scene 1143: white paper, 0.4 mm lines a webcam blurs away, a warm
    lamp. The darker share of the gaps round the bare spaces between the stones (their
    soft contact shadows and dark edges, neutral as the paper) read each of these as a
    white stone in shade, and 21 bare spaces were unsure; 17 of them are read empty
    now, and no stone is read empty."""
    reading, truth = read_go19(1143, DEVELOPMENT)
    between = ["B12", "C10", "E9", "K6", "M6", "P4", "K3", "N3", "R3", "S3", "T3", "C1",
               "D1", "F1", "G1", "H1", "P1"]
    assert all(truth["cells"][space] == EMPTY for space in between)
    assert {space: reading.cells[space] for space in between} == dict.fromkeys(between, EMPTY)
    assert not _stones_read_empty(reading, truth)


def test_wide_lines_through_a_bare_core_read_empty(read_go19):
    """Development scene 1109: kaya with 1.5 mm lines, wider than the closing takes
    away, darken the cores of bare spaces far from the board's colour; their print runs
    through the core and over the ring, with bare board between the lines. They were
    unsure ("far from the board's colour"); now read empty, every black stone is still
    read black, and no space is read wrongly."""
    reading, truth = read_go19(1109, DEVELOPMENT)
    lined = ["R11", "Q10", "Q5", "R5", "S5", "G4", "M2", "S2"]
    assert {space: reading.cells[space] for space in lined} == dict.fromkeys(lined, EMPTY)
    blacks = [space for space, content in truth["cells"].items() if content == "black"]
    assert blacks and all(reading.cells[space] == "black" for space in blacks)
    wrong = [space for space, content in reading.cells.items()
             if content not in (truth["cells"][space], "unsure")]
    assert not wrong


def test_bare_board_a_warm_lamp_blows_out_in_part_reads_empty(read_go19):
    """Development scenes 1216 and 1206: pale wood under a warm lamp that clips the red
    channel over part of some bare cores, the rest darkened by the lines. Those cores
    show all the print the board shows round them, and were unsure ("blown out in part
    and in shade"); each board is now read whole. (A white stone whose lit face is
    blown out beside its shaded side, ``go-more/basic.jpg``'s M17 at 640 pixels, stays
    unsure: ``test_vision_unsure_rules.py``.)"""
    for seed, bare in ((1216, ["O18", "M17", "P16", "P14"]), (1206, ["O18"])):
        reading, truth = read_go19(seed, DEVELOPMENT)
        assert all(truth["cells"][space] == EMPTY for space in bare)
        assert not reading.unsure and not reading.occluded
        assert all(reading.cells[space] == truth["cells"][space] for space in reading.cells)


def test_stones_of_the_board_colour_or_of_little_contrast_are_not_taken_for_bare_board(
        read_go19):
    """The other way round. Held-out scene 1275: white glass stones on white vinyl, as
    light as the board, hide most of its print while it shows clearly around; the
    darker share of G19's gaps (its own contact shadow) still keeps it from being read
    empty. (L10 and G9 of that scene are read empty, before as now: a known limit.)
    Held-out scene 1118 (a hand over it): a black yunzi stone on red wood, little
    darker than the board, shows a little print at its edge and a ring darker than the
    board, but it is dark all over and of its own tint, with no bare board
    between the lines: not read empty."""
    reading, truth = read_go19(1275, HELD_OUT)
    assert truth["cells"]["G19"] == "white" and reading.cells["G19"] != EMPTY
    reading, truth = read_go19(1118, HELD_OUT)
    assert truth["cells"]["P9"] == "black" and reading.cells["P9"] != EMPTY
    assert not _stones_read_empty(reading, truth)

"""Something coming in over the board's edge (``companion.vision.edge_crossing``): an arm
across the ONE board's margin is a hand, whatever the spaces read; a shadow, a lamp's
glare, the margin's own print and a board with no margin to speak of are not."""

import numpy as np
import pytest

import benchmarks.vision as bench
from calibration.registration import from_corners
from companion.geometry import load_geometry
from companion.vision.config import load_config
from companion.vision.edge_crossing import crossing
from companion.vision.pipeline import Recogniser
from companion.vision.scene import render_scene
from companion.vision.scene.looks import random_look

CFG = load_config().occlusion
SIX = ("black", "white", "red", "blue", "green", "yellow")
ONE = Recogniser(load_geometry("one-60"), SIX)
STRIP = ONE.edge
PITCH = ONE.layout.pitch_px
RUN = int(round(CFG.edge_run / CFG.edge_bin))  # stretches in a row that make a hand


def margin(colour=(120, 190, 215)):
    """A ONE board view of one plain colour (BGR), lit a little unevenly."""
    w, h = ONE.layout.size
    view = np.empty((h, w, 3), dtype=np.float32)
    view[:] = colour
    view *= np.linspace(0.85, 1.1, w, dtype=np.float32)[None, :, None]
    return view


def test_the_margin_is_watched_where_it_is_wide():
    """The rings are round and the board square: the margin is wide towards the
    corners, and there the strip runs; at the middle of a side the outer ring comes near
    the edge (and a hand there covers its spaces)."""
    watched = np.bincount(STRIP.bins, minlength=STRIP.count) >= CFG.edge_min_pixels
    side = STRIP.count // 4
    assert watched[2:side // 3].all() and not watched[side // 2 - 1:side // 2 + 1].any()


def test_an_arm_across_the_margin_is_something_over_the_edge():
    for sleeve in ((40, 60, 150), (20, 20, 25), (40, 70, 110)):  # red, black, dark skin
        view = margin()
        view[:int(2 * PITCH), int(PITCH):int(2.4 * PITCH)] = sleeve  # near a corner
        assert crossing(view.astype(np.uint8), STRIP, CFG) >= RUN, sleeve


def test_shadow_glare_print_and_a_bare_margin_are_not():
    assert crossing(margin().astype(np.uint8), STRIP, CFG) == 0
    shaded = margin()
    shaded[:, : shaded.shape[1] // 2] *= 0.45  # a player's shadow over half the board
    assert crossing(shaded.astype(np.uint8), STRIP, CFG) < RUN
    glared = margin()
    glared[: int(1.5 * PITCH), 40:100] = 255  # a lamp's glare blows the margin out
    assert crossing(glared.astype(np.uint8), STRIP, CFG) < RUN
    printed = margin()
    for x in range(10, printed.shape[1], int(PITCH)):  # thin dark marks across the margin
        printed[:, x:x + 2] = 30
    assert crossing(printed.astype(np.uint8), STRIP, CFG) < RUN


def test_a_finger_is_not_an_arm():
    view = margin()
    view[:int(2 * PITCH), int(PITCH):int(1.4 * PITCH)] = (40, 70, 110)
    assert crossing(view.astype(np.uint8), STRIP, CFG) < RUN


@pytest.mark.parametrize("board", ["go-9", "go-13", "go-19"])
def test_a_go_board_whose_lines_run_near_its_edge_is_not_watched(board):
    recogniser = Recogniser(load_geometry(board), ("black", "white"))
    w, h = recogniser.layout.size
    view = np.full((h, w, 3), (120, 190, 215), dtype=np.uint8)
    view[: h // 3, w // 3: w // 2] = (20, 20, 25)  # a dark sleeve over its edge
    assert crossing(view, recogniser.edge, CFG) == 0


def test_a_hand_the_spaces_alone_miss_is_flagged_on_a_realistic_table():
    """Held-out look, scene 41 of the vision benchmark: a pale hand in a yellow sleeve
    reaching over a pale yellow ONE board hides 28 spaces, most of them still read or
    read as stones; its sleeve crosses the margin by a corner. (Since session 14 the
    patch under the hand, joined to the spaces next to the outermost ones, is taken
    for a hand too, and says so first.)"""
    seed = 41
    geometry = ONE.geometry
    effects = bench.random_effects(np.random.default_rng([seed, 1]), hands=bench.HANDS,
                                   glare=bench.GLARE)
    look = random_look(np.random.default_rng([seed, 3]), held_out=True)
    image, truth = render_scene(seed, geometry, colours=SIX, effects=effects, look=look)
    assert truth["occluded"]
    homography = from_corners(np.array(truth["corners_px"]), geometry.width_mm,
                              geometry.height_mm).homography
    reading = ONE.read(image, homography)
    assert reading.occluded
    assert "over the board's edge" in reading.reason
    assert crossing(reading.view, ONE.edge, CFG) * CFG.edge_bin >= CFG.edge_run

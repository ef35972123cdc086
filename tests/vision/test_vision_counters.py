"""OneWorld counters on the rendered hex map: side, face and stacks, read with few
confident errors even at the renderer's hardest settings; the printables, the renderer
and the recogniser take the counters' design from one place."""

import numpy as np
import pytest

from calibration.printables.counters import DEFAULT_COUNTER_MM
from companion.geometry import load_geometry
from companion.vision.config import load_config
from companion.vision.designs.counters import SIZE_MM
from companion.vision.pipeline import Recogniser
from companion.vision.scene import HARDEST, Effects, Pose, render_scene
from companion.vision.stones import UNSURE
from tests.helpers.vision_scenes import read_scene, read_scenes

MAP = load_geometry("oneworld")


@pytest.fixture(scope="module")
def recogniser():
    return Recogniser(MAP, kind="counters")


def rates(recogniser, scenes):
    """Wrong and unsure shares over the spaces no hand or glare hides."""
    wrong = unsure = total = 0
    for image, truth in scenes:
        reading = recogniser.read(image, np.linalg.inv(np.array(truth["homography"])))
        for name, content in reading.cells.items():
            if name in truth["hidden"]:
                continue
            total += 1
            if content == UNSURE:
                unsure += 1
            elif content != truth["cells"][name]:
                wrong += 1
    return wrong / total, unsure / total


def test_the_counters_design_has_one_source():
    settings = load_config().counters
    copied = {"ground", "ink", "band", "band_fraction", "size_mm", "stack_offset_mm"}
    assert not copied & set(settings), "the design belongs in companion.vision.designs"
    assert DEFAULT_COUNTER_MM == SIZE_MM


def test_counters_are_read_with_side_face_and_stack(recogniser):
    counters = {
        "C4": {"side": "borg", "face": "stone", "stack": False},
        "E6": {"side": "chez", "face": "blade", "stack": False},
        "G8": {"side": "borg", "face": "fog", "stack": True},
        "I10": {"side": "chez", "face": "tower", "stack": False},
        "K12": {"side": "borg", "face": "god", "stack": False},
        "F15": {"side": "chez", "face": "god", "stack": True},
    }
    image, truth = render_scene(3, MAP, counters, Pose(tilt_deg=15.0, azimuth_deg=40.0),
                                Effects(noise=3.0, blur=0.5, jpeg=85), kind="counters")
    reading = recogniser.read(image, np.linalg.inv(np.array(truth["homography"])))
    assert reading.cells == truth["cells"]
    assert reading.unsure == []


def test_stacks_above_and_below_each_other_are_told_from_single_counters(recogniser):
    """Every other hex of two columns holds a stack, the ones between a single counter
    of the same face: each sliver lies a millimetre from the next hex's counter."""
    counters = {}
    for k, row in enumerate(range(3, 19)):
        for column, side in (("E", "borg"), ("H", "chez")):
            counters[f"{column}{row}"] = {"side": side, "face": ("fog", "god")[k // 2 % 2],
                                          "stack": k % 2 == 0}
    image, truth = render_scene(8, MAP, counters, Pose(tilt_deg=30.0, azimuth_deg=120.0),
                                Effects(noise=5.0, blur=0.9, jpeg=70, light_gradient=0.3),
                                kind="counters")
    reading = recogniser.read(image, np.linalg.inv(np.array(truth["homography"])))
    read = {name: reading.cells[name] for name in counters if reading.cells[name] != UNSURE}
    assert all(content == counters[name] for name, content in read.items())
    assert len(read) >= len(counters) - 1


@pytest.mark.slow
def test_a_blurred_single_counter_above_another_is_seldom_read_as_a_stack(recogniser):
    """Blur spreads the band of the counter in the hex below up into the zone where a
    stack's sliver would show; that is taken off. Columns of single counters, one in
    every hex, at the renderer's strongest blur with the map small in the picture:
    before, 3 of these 864 were read as stacks and 11 unsure; now at most one."""
    counters = {f"{column}{row}": {"side": ("borg", "chez")[row % 2],
                                   "face": ("stone", "blade", "fog", "god")[row % 4],
                                   "stack": False}
                for column in "BDFHJL" for row in range(2, 20)}
    stacked = unsure = 0
    for seed in range(8):
        image, truth = render_scene(seed, MAP, counters, Pose(tilt_deg=35.0, fill=0.6),
                                    Effects(noise=3.0, blur=1.3, jpeg=65), kind="counters")
        reading = recogniser.read(image, np.linalg.inv(np.array(truth["homography"])))
        for name in counters:
            content = reading.cells[name]
            unsure += content == UNSURE
            stacked += isinstance(content, dict) and content["stack"]
    assert stacked <= 1
    assert unsure <= 0.01 * 8 * len(counters)


@pytest.mark.parametrize("tilt", [0.0, pytest.param(50.0, marks=pytest.mark.slow)])
def test_at_the_hardest_settings_few_counters_are_misread(recogniser, tilt):
    """Strong blur, noise, JPEG, uneven and coloured light, a shadow, the lens's
    distortion at its limit and the board small in the picture, all at once."""
    scenes = [render_scene(seed, MAP, pose=Pose(tilt_deg=tilt, azimuth_deg=30.0 * seed,
                                                roll_deg=10.0 * seed, fill=0.72,
                                                k1=0.015 if seed % 2 else -0.015),
                           effects=HARDEST, kind="counters") for seed in range(10, 13)]
    wrong, unsure = rates(recogniser, scenes)
    assert wrong <= 0.003
    assert unsure <= 0.25


@pytest.mark.slow
def test_random_counter_scenes_have_few_confident_errors(recogniser):
    wrong, unsure = rates(recogniser, [render_scene(seed, MAP, kind="counters")
                                       for seed in range(300, 306)])
    assert wrong <= 0.001
    assert unsure <= 0.02


@pytest.mark.slow
def test_a_hand_held_still_over_the_map_is_flagged_from_one_picture(recogniser):
    """A hand hides the map's printed outlines under it; the same scene without the hand,
    or blurred as strongly as the renderer blurs, is not flagged."""
    flagged = 0
    for seed in range(6):
        hand = Effects(hand=True, noise=4.0, blur=0.6, jpeg=75)
        reading, _ = read_scene(MAP, seed, effects=hand, kind="counters",
                                recogniser=recogniser)
        flagged += reading.occluded
        for effects in (Effects(noise=4.0, blur=0.6, jpeg=75), Effects(noise=2.0, blur=1.3)):
            clean, _ = read_scene(MAP, seed, effects=effects, kind="counters",
                                  recogniser=recogniser)
            assert not clean.occluded, clean.reason
    assert flagged >= 5


@pytest.mark.slow
def test_random_counter_maps_are_mostly_read_whole():
    """Random scenes (pose, light, blur, noise, hands and glare as the benchmark draws
    them): most maps are read whole, stacks and the faces over them included."""
    tally = read_scenes(MAP, range(400, 420), kind="counters")
    assert tally.error <= 0.001
    assert tally.unsure <= 0.01
    assert tally.whole >= 0.9


@pytest.mark.slow
def test_a_counter_under_a_lamps_glare_is_unsure_never_empty(recogniser):
    """A glare blows out what it covers: a counter under it is reported unsure, never
    read as gone (which would invent a move) or as another counter."""
    hidden_counters = unsure = 0
    for seed in range(600, 612):
        reading, truth = read_scene(MAP, seed, effects=Effects(glare=True, noise=2.0, blur=0.5),
                                    kind="counters", recogniser=recogniser)
        for name in truth["hidden"]:
            assert reading.cells[name] in (UNSURE, truth["cells"][name]), (seed, name)
            if isinstance(truth["cells"][name], dict):
                hidden_counters += 1
                unsure += reading.cells[name] == UNSURE
    assert hidden_counters >= 10 and unsure >= hidden_counters // 2

"""OneWorld counters on the rendered hex map: side, face and stacks, read with few
confident errors; the renderer draws them as the printed counters are designed."""

import numpy as np

from calibration.printables.counters import COUNTER_DESIGN
from companion.geometry import load_geometry
from companion.vision.config import load_config
from companion.vision.pipeline import Recogniser
from companion.vision.scene import Effects, Pose, render_scene
from companion.vision.stones import UNSURE

MAP = load_geometry("oneworld")


def test_the_rendered_counters_are_the_printed_design():
    design = load_config().counters
    for part in ("ground", "ink", "band"):
        assert {k: tuple(v) for k, v in design[part].items()} == COUNTER_DESIGN[part]
    assert design.band_fraction == COUNTER_DESIGN["band_fraction"]


def test_counters_are_read_with_side_face_and_stack():
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
    reading = Recogniser(MAP, kind="counters").read(
        image, np.linalg.inv(np.array(truth["homography"])))
    read = {name: content for name, content in reading.cells.items() if content != UNSURE}
    assert all(content == truth["cells"][name] for name, content in read.items())
    assert len(reading.unsure) <= 1
    assert sum(1 for name in counters if name in read) >= 5


def test_random_counter_scenes_have_few_confident_errors():
    recogniser = Recogniser(MAP, kind="counters")
    wrong = unsure = total = 0
    for seed in range(300, 304):
        image, truth = render_scene(seed, MAP, kind="counters")
        reading = recogniser.read(image, np.linalg.inv(np.array(truth["homography"])))
        for name, content in reading.cells.items():
            if name in truth["hidden"]:
                continue
            total += 1
            if content == UNSURE:
                unsure += 1
            elif content != truth["cells"][name]:
                wrong += 1
    assert wrong / total <= 0.01
    assert unsure / total <= 0.2

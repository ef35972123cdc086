"""A white stone whose face a lamp clips white past its core, its core left clipped in
fewer channels in part (session 26, ``white_past_core.face_white_past_core``).

Held-out Go 19 × 19 scene 61089 (red wood, glass stones, one lamp, 1280 × 960) shows F5,
a white stone whose core is blown out whole, 96 % of it white in every channel and the
rest clipped in one or two: past the core its face is white in most rays, and lit (not
white) in too few of them for ``_face_past_core``. It was left "core blown out"; it is
read white, and nothing else on the board changes. The same stone with its core clipped
white in every channel (a disc of a core's size painted over it) shows nothing of its
own colour: it stays unsure, as a lamp's reflection over a black stone's face would.

Clipped discs and soft reflections painted over the black stones and the bare points of
held-out scene 12083 (red wood, with its own stones and their blown-out cores) are
never read white (docs/benchmarks.md, "Session 26: white faces clipped past the
core")."""

import numpy as np
import pytest

from companion.geometry import load_geometry
from companion.vision.labels import UNSURE
from companion.vision.pipeline import Recogniser
from companion.vision.scene.pieces import draw_glare
from tests.helpers.bench_taps import held_out_go19
from tests.helpers.vision_highlights import CORE, clipped_discs

COLOURS = ("black", "white")


def _reader() -> Recogniser:
    return Recogniser(load_geometry("go-19"), COLOURS)


def test_a_white_face_clipped_past_a_core_tinted_in_part_is_read_white():
    image, truth, homography = held_out_go19(61089, None)
    reading = _reader().read(image, homography)
    at = list(reading.cells).index("F5")
    samples = reading.samples
    assert truth["cells"]["F5"] == "white"
    assert 0.9 < samples.core_glared[at] < 1.0
    assert samples.core_blown[at] - samples.core_glared[at] >= 0.03
    assert reading.cells["F5"] == "white"
    hidden = set(truth["hidden"])
    assert all(reading.cells[s] in (truth["cells"][s], UNSURE) for s in reading.cells
               if s not in hidden)


def test_the_same_face_clipped_white_in_every_channel_stays_unsure():
    image, truth, homography = held_out_go19(61089, None)
    reading = _reader().read(clipped_discs(image, truth, ["F5"], radius=1.0), homography)
    assert reading.samples.core_glared[list(reading.cells).index("F5")] == 1.0
    assert reading.cells["F5"] == UNSURE


def _painted(kind: str) -> tuple[np.ndarray, dict, np.ndarray, list[str]]:
    """Held-out scene 12083 with its own stones, and its first 25 spaces of ``kind``."""
    image, truth, homography = held_out_go19(12083, None)
    hidden = set(truth["hidden"])
    spaces = [s for s, c in truth["cells"].items() if c == kind and s not in hidden][:25]
    return image, truth, homography, spaces


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["black", "empty"])
@pytest.mark.parametrize("radius", [1.3, 1.5, 1.7])
def test_a_clipped_disc_over_a_black_stone_or_bare_point_is_never_white(kind, radius):
    image, truth, homography, spaces = _painted(kind)
    reading = _reader().read(clipped_discs(image, truth, spaces, radius=radius), homography)
    assert all(reading.cells[s] != "white" for s in spaces)


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["black", "empty"])
@pytest.mark.parametrize("cores", [0.8, 1.2, 1.6])
def test_a_soft_reflection_over_a_black_stone_or_bare_point_is_never_white(kind, cores):
    image, truth, homography, spaces = _painted(kind)
    glared = image.astype(np.float32)
    pitch = float(truth["pitch_px"])
    for i, name in enumerate(spaces):
        x, y = truth["spaces_px"][name]
        turn = i * 2.0 * np.pi / 7.0
        off = 0.2 * pitch * (i % 2)  # every other one a fifth of a pitch off its point
        draw_glare(glared, (x + off * np.cos(turn), y + off * np.sin(turn)),
                   cores * CORE * pitch * 1.6)
    painted = np.clip(glared, 0, 255).astype(np.uint8)
    reading = _reader().read(painted, homography)
    assert all(reading.cells[s] != "white" for s in spaces)

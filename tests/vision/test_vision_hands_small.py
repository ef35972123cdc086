"""Occluded means a hand (issue 14, point 5), session 19: a lamp's glare on the board's
margin is no arm crossing it. Scenes of ``companion bench vision`` (``--full-glare``,
``--steep``, ``--hands all``), corners tapped as the bench taps them."""

import benchmarks.vision as bench
from companion.geometry import load_geometry
from companion.vision.pipeline import Recogniser
from companion.vision.scene.looks import HELD_OUT
from tests.helpers.bench_taps import tapped

SIX = ("black", "white", "red", "blue", "green", "yellow")


def _read(scenes: bench.Scenes, seed: int):
    board = load_geometry(scenes.board_name)
    image, truth, _ = scenes.render(seed)
    reading = Recogniser(board, scenes.colours).read(image, tapped(seed, board, truth))
    return reading, truth


def test_a_glare_on_the_margin_is_no_arm_crossing_it():
    """A full ONE board seen steeply under a lamp's glare (held-out looks, bamboo, yunzi,
    640 × 480 at 35°; seed 10672): the glare lies on the margin by a corner, blown out in
    its middle, its fringe round that lighter than the margin and of the lamp's colour.
    No arm crosses the margin there; it was "something comes in over the board's edge
    (across 1.0 pitches of it)"."""
    scenes = bench.Scenes("one-60", SIX, "stones", HELD_OUT, full=60, steep=True)
    reading, truth = _read(scenes, 10672)
    assert not truth["occluded"]
    assert not reading.occluded, reading.reason

"""Occluded means a hand (issue 14, point 5), session 27: a dense Go 19 × 19 game (about
250 stones) on a board small in a 640 × 480 webcam frame, tilted, bowls beside it and no
hand, was flagged "occluded" on both looks (the lead's check scene 72097, now a study
case). Development (kaya, plastic): "fingers over the board's edge cover 1 of its 361
spaces" (``fingertips``), the margins along the left side being mostly the shadowed
margins of edge stones. Held-out (red wood, yunzi): a patch of 29 far-row bare points
of the board's own colour, their print faded by distance, unsure by
``bare_print.unconfirmed`` alone (``print_faded``). The scene as the vision bench draws
it, its corners tapped as the bench taps them."""

import numpy as np
import pytest

import benchmarks.vision as bench
from companion.geometry import load_geometry
from companion.vision.fingertips import fingertips, margin_crossed
from companion.vision.labels import EMPTY, UNSURE
from companion.vision.pipeline import Recogniser
from companion.vision.print_faded import faded_alone
from companion.vision.scene.looks import DEVELOPMENT, HELD_OUT
from tests.helpers.bench_taps import read_as_bench, read_scene

GO = ("black", "white")
DENSE = 72097


@pytest.mark.parametrize("looks", [DEVELOPMENT, HELD_OUT])
def test_a_dense_board_seen_small_and_tilted_is_no_hand(looks):
    """No hand in the scene: not occluded, on either look."""
    reading, truth = read_as_bench(DENSE, "go-19", GO, looks)
    assert not truth["occluded"]
    assert sum(c != EMPTY for c in truth["cells"].values()) > 200
    assert not reading.occluded, reading.reason


@pytest.mark.parametrize("looks", [DEVELOPMENT, HELD_OUT])
def test_a_palm_over_the_same_dense_board_is_a_hand(looks):
    """The same scene with a hand forced in (``--hands all``): a palm over the far
    corner (P1–T8), the picture's print as poor, its spaces unsure by ``unconfirmed``
    alone too, but their gaps the skin's colour (0.31 off the board's), not the board's:
    still a hand."""
    scenes = bench.Scenes("go-19", GO, "stones", looks, hands=1.0)
    reading, truth = read_scene(scenes, DENSE)
    assert truth["occluded"]
    assert reading.occluded, reading.cells
    assert "something over the board's edge" in reading.reason


def test_a_crowded_sides_bare_margins_are_no_fingertips():
    """Development: A17 and A14, bare points on the left side, read unsure; most of that
    side's outermost spaces hold stones, whose margins their shadows darken, so the bare
    points' margins (the board's own) stand apart from the side's median. They do not
    stand apart from the margins outside the side's bare points (A6, A4): no fingertip,
    even where the spaces unsure for faded print are counted (``print_faded`` left
    out)."""
    reading, _ = read_as_bench(DENSE, "go-19", GO, DEVELOPMENT)
    recogniser = Recogniser(load_geometry("go-19"), GO)
    layout = recogniser.layout
    names = list(layout.names)
    result = recogniser.reader.classify(reading.view, reading.samples, GO, None)
    samples = reading.samples
    lit = (samples.gap_blown == 0) & (samples.core_blown == 0)
    unreadable = np.array([label == UNSURE for label in result.labels]) & lit
    tips = [names.index("A17"), names.index("A14")]
    _, crossed_side = margin_crossed(reading.view, recogniser.margins, samples.board,
                                     recogniser.cfg.occlusion)
    empty = np.array([label == EMPTY for label in result.labels])
    _, crossed = margin_crossed(reading.view, recogniser.margins, samples.board,
                                recogniser.cfg.occlusion, empty)
    assert crossed_side[tips].all() and not crossed[tips].any()
    assert fingertips(result, unreadable, samples, layout, recogniser.neighbours,
                      reading.view, recogniser.margins, recogniser.cfg) == 0


def test_faded_print_alone_is_no_sign_of_a_hand():
    """Held-out: the far rows' bare points unsure by ``unconfirmed`` alone are left out
    of the hand's signs (still unsure in the reading)."""
    reading, truth = read_as_bench(DENSE, "go-19", GO, HELD_OUT)
    recogniser = Recogniser(load_geometry("go-19"), GO)
    result = recogniser.reader.classify(reading.view, reading.samples, GO, None)
    faded = faded_alone(result, reading.samples, recogniser.cfg.occlusion)
    assert faded is not None and faded.sum() >= 20
    names = list(recogniser.layout.names)
    assert all(truth["cells"][names[i]] == EMPTY for i in np.flatnonzero(faded))
    assert all(reading.cells[names[i]] == UNSURE for i in np.flatnonzero(faded))

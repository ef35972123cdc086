"""Session 27's speed work gives exactly what it stands for.

The board's tint and median are worked out once per ``Samples`` and remembered; the
leaning layout's pixel lists are worked out straight into the lower half of the stacked
lists ``sample`` reads (``leaned_stack``), and ``stack_layouts`` hands that stack out
again; each space's print percentile is sorted before it is divided by its board's
lightness (``row_percentile``'s ``over``). Each is checked against the plain
computation, on a rendered frame or on many cases."""

from dataclasses import replace

import numpy as np
import pytest

from companion.geometry import load_geometry
from companion.vision import sampling
from companion.vision.pipeline import Recogniser
from companion.vision.sampling import (
    board_median,
    board_tint,
    board_tint_off,
    board_usual_tint,
    column_median,
    disc_places,
    leaned_stack,
    leaning,
    log_tint,
    row_percentile,
    stack_layouts,
)
from companion.vision.scene import Effects, Pose
from tests.helpers.scene_cache import render_scene

GO = load_geometry("go-19")
COLOURS = ("black", "white")
LISTS = ("core", "ring", "core_lines", "ring_lines", "mark")


def _same(a: np.ndarray, b: np.ndarray) -> bool:
    """The same type, shape, figures and signs."""
    return a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a, b) \
        and np.array_equal(np.signbit(a), np.signbit(b))


@pytest.mark.parametrize("board", ["go-19", "one-60"])
def test_the_leaning_stack_is_the_layouts_lists_over_the_leaning_layouts(board):
    layout = Recogniser(load_geometry(board), COLOURS).layout
    places = disc_places(layout)
    rng = np.random.default_rng(27)
    # Small leans, as a camera gives, and large ones pushing discs past every edge.
    for spread in (0.4, 2.0, 6.0, max(layout.size) / 4):
        shift = rng.normal(0.0, spread, (len(layout.names), 2))
        stack = leaned_stack(layout, shift, places)
        assert stack.holds(layout, stack.leaned)
        for name in LISTS:
            both = np.concatenate([getattr(layout, name), getattr(stack.leaned, name)])
            assert _same(getattr(stack, name), both), (name, spread)
        # ``leaning`` keeps its stack, and stacking that very pair hands it out again.
        leaned = leaning(layout, shift, places)
        assert stack_layouts(layout, leaned) is sampling.last_leaned
        for name in LISTS:
            assert _same(getattr(leaned, name), getattr(stack.leaned, name)), name
    # Another leaning layout than the last one made is stacked here, as before.
    other = leaned_stack(layout, rng.normal(0.0, 3.0, (len(layout.names), 2)), places).leaned
    stacked = stack_layouts(layout, other)
    assert stacked is not sampling.last_leaned
    for name in LISTS:
        assert _same(getattr(stacked, name),
                     np.concatenate([getattr(layout, name), getattr(other, name)])), name


def test_a_print_percentile_over_each_rows_lightness_is_numpys_of_the_quotients():
    rng = np.random.default_rng(3)
    # Channel totals less the closed view's, divided by 3 in 32-bit floats, many tied.
    thirds = rng.integers(-400, 60, (361, 161)).astype(np.float32) / np.float32(3.0)
    level = rng.uniform(1.0, 255.0, (361, 1))
    for q in (0.0, 10.0, 25.0, 50.0, 62.5, 90.0, 100.0):
        assert _same(row_percentile(thirds, q, level),
                     np.percentile(thirds / level, q, axis=1)), q


@pytest.fixture(scope="module")
def samples():
    """What the recogniser samples of a rendered 640 × 480 Go board with stones."""
    image, truth = render_scene(5, GO, None, Pose(tilt_deg=30.0, azimuth_deg=40.0, fill=0.8),
                                Effects(noise=2.0, blur=0.6, jpeg=80, gloss=0.5),
                                frame=(640, 480))
    return Recogniser(GO, COLOURS).read(image, np.linalg.inv(np.array(truth["homography"]))).samples


def test_the_boards_tint_is_worked_out_once_as_before(samples):
    fresh = replace(samples)  # a fresh memo: nothing remembered yet
    tint = log_tint(fresh.board)
    usual = column_median(tint)
    for remembered, plain in ((board_tint, tint), (board_usual_tint, usual),
                              (board_tint_off, np.linalg.norm(tint - usual, axis=1)),
                              (board_median, column_median(fresh.board))):
        first = remembered(fresh)
        assert _same(first, plain), remembered.__name__
        assert remembered(fresh) is first  # remembered, not worked out again
        assert not first.flags.writeable
        with pytest.raises(ValueError):
            first[0] = 0.0
    # Another ``Samples`` remembers its own.
    assert board_tint_off(replace(fresh)) is not board_tint_off(fresh)

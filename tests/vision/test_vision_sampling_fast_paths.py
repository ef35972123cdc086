"""The sampler's fast paths give exactly the arrays of the plain ones they stand for.

Session 15 made classification faster without changing a reading: the pixel lists of
a board's two layouts are stacked by the recogniser that keeps them (no cache shared
between boards or recognisers); a space's colours and its blown and glared marks come
from one take of 32-bit words; the recogniser's samples are chosen between the foot
and where the stone leans inside the sampler (``sample_chosen``), the leaning ring read only
where it is picked; the frame checks look their logs up. Each is checked here against
the plain computation, on sharp and blurred rendered frames, with a lamp's glare and
without."""

from dataclasses import fields, replace

import cv2
import numpy as np
import pytest

from companion.geometry import load_geometry
from companion.vision.pipeline import Recogniser, grain, log_brightness, structure
from companion.vision.sampling import (
    Samples,
    _ring,
    _sorted_four,
    board_view,
    core_colour,
    gather,
    magnification,
    masked_percentile,
    sample,
    sample_chosen,
    stack_layouts,
    upright_or_leaning,
    view_maps,
)
from companion.vision.scene import Effects, Pose
from tests.helpers.sampling_inputs import sampling_inputs
from tests.helpers.scene_cache import render_scene
from tests.helpers.webcam_frames import webcam_frame

GO = load_geometry("go-19")
SMALL = load_geometry("go-9")
COLOURS = ("black", "white")
SHARP = Effects(noise=2.0, blur=0.6, jpeg=80, gloss=0.5)
GLARED = replace(SHARP, glare=True)


def _frame(look: str, board=GO, seed: int = 7) -> tuple[np.ndarray, np.ndarray]:
    """A 640 × 480 frame of ``board`` with stones, seen from aside (the stones lean):
    ``sharp`` (the stones' glossy highlights clip), ``dim`` (the same, darker: nothing
    clips), ``glared`` (a lamp's reflection blows part of the board out) or ``blurred``
    (a webcam's soft focus and JPEG 60, Go 19 × 19 only); and its homography (picture
    pixels → board mm)."""
    if look == "blurred":
        image, _truth, homography = webcam_frame(18, "white paper")
        return image, homography
    image, truth = render_scene(seed, board, None, Pose(tilt_deg=32.0, azimuth_deg=35.0, fill=0.8),
                                GLARED if look == "glared" else SHARP, frame=(640, 480))
    if look == "dim":
        image = (image * 0.8).astype(np.uint8)
    return image, np.linalg.inv(np.array(truth["homography"]))


def _same(a: np.ndarray, b: np.ndarray) -> bool:
    a, b = np.asarray(a), np.asarray(b)
    return a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a, b) \
        and np.array_equal(np.signbit(a), np.signbit(b))


def _assert_same_samples(a: Samples, b: Samples) -> None:
    for field in fields(Samples):
        if field.compare:  # (not ``memo``: what is worked out from them later)
            assert _same(getattr(a, field.name), getattr(b, field.name)), field.name


@pytest.mark.parametrize("look", ["sharp", "dim", "glared", "blurred"])
def test_the_chosen_samples_are_those_chosen_from_both_layouts_sampled_whole(look):
    image, homography = _frame(look)
    given = sampling_inputs(GO, COLOURS, image, homography)
    layout, cfg, leaned_layout, view, maps = \
        given.layout, given.cfg, given.leaned, given.view, given.maps
    enlarged = magnification(layout, homography, image.shape[1::-1])
    foot, leaned = sample(view, layout, cfg, enlarged, maps, leaned_layout)
    slow = upright_or_leaning(foot, leaned, layout, cfg)
    fast = sample_chosen(view, layout, cfg, enlarged, maps, leaned_layout,
                         stack_layouts(layout, leaned_layout))
    _assert_same_samples(fast, slow)
    # Some spaces are read where their stone leans, and some of those are ringed apart.
    assert not np.array_equal(slow.core, foot.core)
    # Upright (no leaning layout) there is nothing to choose from.
    alone, _ = sample(view, layout, cfg, enlarged, maps)
    chosen = sample_chosen(view, layout, cfg, enlarged, maps)
    _assert_same_samples(chosen, alone)


@pytest.mark.parametrize("look", ["sharp", "glared", "blurred"])
def test_the_core_colour_worked_out_once_is_as_worked_out_each_time(look):
    image, homography = _frame(look)
    recogniser = Recogniser(GO, COLOURS)
    samples = recogniser.read(image, homography).samples
    q = recogniser.cfg.stones.core_percentile
    kept = samples.core_kept
    less = kept & ~samples.core_sheen  # what the stone reader keeps: highlights set aside
    assert (less != kept).any()  # some rows keep fewer pixels
    for keep in (kept, less, kept.copy(), less):
        found = core_colour(samples, keep, q)
        assert _same(found, masked_percentile(samples.core, keep, q))
    # Worked out once per ``Samples``, read-only; another ``Samples`` works it out anew.
    assert core_colour(samples, kept, q) is core_colour(samples, kept, q)
    assert not core_colour(samples, kept, q).flags.writeable
    other = replace(samples, core_kept=less)
    assert _same(core_colour(other, other.core_kept, q), masked_percentile(samples.core, less, q))


@pytest.mark.parametrize("look", ["sharp", "dim", "glared"])
def test_colours_and_marks_taken_as_words_are_those_taken_apart(look):
    image, homography = _frame(look)
    recogniser = Recogniser(GO, COLOURS)
    layout, cfg = recogniser.layout, recogniser.sampling
    view = board_view(image, homography, layout)
    maps = view_maps(view, cfg)
    # The maps as they were made before: the closed view and both marks apart.
    closed = cv2.morphologyEx(view, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8)).reshape(-1, 3)
    level = cfg.saturated_level
    blown = cv2.dilate((view.max(axis=2) >= level).view(np.uint8), np.ones((3, 3), np.uint8))
    white = (view.min(axis=2) >= level).view(np.uint8)
    glared = cv2.dilate(white, np.ones((3, 3), np.uint8)).ravel().view(bool)
    assert maps.clipped == bool(blown.any())
    assert maps.clipped == (look != "dim")
    assert _same(maps.blown, blown.ravel().view(bool))
    assert _same(maps.solid, cv2.medianBlur(white, 3).ravel().view(bool))
    for index in (layout.core, layout.gaps, layout.ring):
        colours, blown_at, glared_at = gather(maps, index)
        assert _same(colours, np.take(closed, index, axis=0).astype(np.float32))
        assert _same(blown_at, np.take(maps.blown, index))
        assert _same(glared_at, np.take(glared, index))


def _ring_as_before(maps, ring, ring_lines, level, mark, cfg):
    """``sampling._ring`` as it was written before session 15 (every ring pixel)."""
    seen = ~np.take(maps.blown, ring)
    on_line = ring_lines <= cfg.ring_line_band
    line_seen = seen & on_line
    count = line_seen.sum(axis=1)
    printed = (np.take(maps.lightness, ring) / np.float32(3.0) / level > mark) & line_seen
    keep = seen & ~on_line
    keep |= ~keep.any(axis=1, keepdims=True)
    values = np.where(keep, np.take(maps.summed, ring), np.inf)
    ordered, kept = np.sort(values, axis=1), keep.sum(axis=1)
    position = 0.5 * (kept - 1)
    low = np.floor(position).astype(int)
    high, frac = np.minimum(low + 1, kept - 1), position - low
    rows = np.arange(len(ring))
    summed = ordered[rows, low] * (1.0 - frac) + ordered[rows, high] * frac
    lift = np.log(np.maximum(summed / 3.0, 1.0)) - np.log(level[:, 0])
    return count / np.maximum(on_line.sum(axis=1), 1), printed.sum(axis=1) / np.maximum(count, 1), \
        lift


@pytest.mark.parametrize("look", ["sharp", "dim", "glared", "blurred"])
def test_a_ring_read_on_its_lines_alone_is_as_read_whole(look):
    image, homography = _frame(look)
    recogniser = Recogniser(GO, COLOURS)
    layout, cfg = recogniser.layout, recogniser.sampling
    maps = view_maps(board_view(image, homography, layout), cfg)
    rng = np.random.default_rng(15)
    level = rng.uniform(60.0, 240.0, (len(layout.names), 1))
    mark = rng.uniform(0.02, 0.2, (len(layout.names), 1))
    found = _ring(maps, layout.ring, layout.ring_lines, level, mark, cfg)
    expected = _ring_as_before(maps, layout.ring, layout.ring_lines, level, mark, cfg)
    for a, b in zip(found[:3], expected, strict=True):
        assert _same(a, b)


@pytest.mark.parametrize("look", ["sharp", "glared", "blurred"])
def test_the_frame_checks_looked_up_are_as_worked_out(look):
    image, homography = _frame(look)
    view = board_view(image, homography, Recogniser(GO, COLOURS).layout)
    grey = log_brightness(view)
    expected = np.log(cv2.cvtColor(view, cv2.COLOR_BGR2GRAY).astype(np.float32) + 8.0)
    assert _same(grey, expected)
    fine = expected - cv2.GaussianBlur(expected, (0, 0), 1.0)
    assert float(structure(grey)) == float(expected.std())
    assert grain(grey, structure(grey)) == float(fine.std() / (expected.std() + 1e-6))


def test_two_recognisers_of_different_boards_read_in_turn_as_each_alone():
    """The stacked pixel lists are each recogniser's own: reading two boards in turn in
    one process, frame after frame, gives what each recogniser alone gives."""
    big, big_homography = _frame("sharp")
    small, small_homography = _frame("sharp", SMALL, seed=8)
    frames = [(big, big_homography), (small, small_homography),
              (big, big_homography @ np.array([[1.0, 0.0, 0.01], [0.0, 1.0, 0.0], [0, 0, 1.0]]))]
    big_reader, small_reader = Recogniser(GO, COLOURS), Recogniser(SMALL, COLOURS)
    turns = [big_reader.read(*frames[0]), small_reader.read(*frames[1]),
             big_reader.read(*frames[2]), small_reader.read(*frames[1])]
    for recogniser in (big_reader, small_reader):
        assert recogniser._lists.layout is recogniser.layout
    alone_big = Recogniser(GO, COLOURS)
    alone_small = Recogniser(SMALL, COLOURS)
    alone = [alone_big.read(*frames[0]), alone_small.read(*frames[1]),
             alone_big.read(*frames[2]), alone_small.read(*frames[1])]
    for turn, own in zip(turns, alone, strict=True):
        _assert_same_samples(turn.samples, own.samples)
        assert turn.cells == own.cells and turn.confidence == own.confidence
        assert turn.why == own.why and turn.odds == own.odds
        assert (turn.occluded, turn.reason) == (own.occluded, own.reason)


def test_four_sorted_by_exchanges_are_as_sorted_by_numpy():
    rng = np.random.default_rng(16)
    for trial in range(50):
        values = rng.integers(0, 766, (int(rng.integers(1, 300)), 2, 4)).astype(np.float32)
        if trial % 2:
            values = values / np.float32(9.0)  # a profile's averaged totals; ties too
        expected = np.sort(values, axis=2)
        for i, found in enumerate(_sorted_four(*(values[..., j] for j in range(4)))):
            assert _same(found, expected[..., i])

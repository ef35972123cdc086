"""Sampling made faster reads every space exactly as before.

The leaning layout (where each stone's body shows from the camera) is kept between
frames while the homography moves every space by the same whole pixels, as a grid
followed from frame to frame does; the sampling's own arithmetic is done in fewer,
larger steps that give numpy's results bit for bit. Both are checked here against
what is worked out afresh, or against numpy itself."""

from dataclasses import fields

import cv2
import numpy as np
import pytest

from companion.geometry import load_geometry
from companion.vision import pipeline
from companion.vision.pipeline import Recogniser
from companion.vision.sampling import (
    Samples,
    board_view,
    column_median,
    flat_percentile,
    last_mean,
    last_min,
    last_sum,
    masked_percentile,
    masked_percentiles,
    row_count,
    row_percentile,
    row_share,
    sample,
    view_maps,
    wider_print,
)
from companion.vision.scene import Effects, Pose
from companion.vision.scene.looks import random_look
from tests.helpers.sampling_inputs import sampling_inputs
from tests.helpers.scene_cache import render_scene
from tests.helpers.webcam_frames import webcam_frame

GO = load_geometry("go-19")
COLOURS = ("black", "white")
WEBCAM = (640, 480)
LOOK = Effects(noise=2.0, blur=0.6, jpeg=80, gloss=0.5)


def _frame(pose: Pose) -> tuple[np.ndarray, np.ndarray]:
    """A rendered 640×480 frame of a Go board with stones, and its homography
    (picture pixels → board mm)."""
    image, truth = render_scene(5, GO, None, pose, LOOK, frame=WEBCAM)
    return image, np.linalg.inv(np.array(truth["homography"]))


def _shifted(homography: np.ndarray, dx: float, dy: float) -> np.ndarray:
    """``homography`` for the same board seen ``dx``, ``dy`` pixels further on."""
    return homography @ np.array([[1.0, 0.0, -dx], [0.0, 1.0, -dy], [0.0, 0.0, 1.0]])


def _assert_same_samples(a: Samples, b: Samples) -> None:
    for field in (f for f in fields(Samples) if f.compare):  # (not ``memo``)
        x, y = np.asarray(getattr(a, field.name)), np.asarray(getattr(b, field.name))
        assert x.dtype == y.dtype and np.array_equal(x, y), field.name


def _counting_leaning(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the leaning layouts the recogniser works out (``sampling.leaning``)."""
    made = [0]
    work = pipeline.leaning

    def counted(*args, **kwargs):
        made[0] += 1
        return work(*args, **kwargs)

    monkeypatch.setattr(pipeline, "leaning", counted)
    return made


def test_a_frame_followed_by_a_fraction_of_a_pixel_is_sampled_through_the_kept_layout(
        monkeypatch):
    made = _counting_leaning(monkeypatch)
    image, homography = _frame(Pose(tilt_deg=30.0, azimuth_deg=40.0, fill=0.8))
    kept = Recogniser(GO, COLOURS)
    kept.read(image, homography)
    assert made[0] == 1
    nudged = _shifted(homography, 0.01, -0.01)
    again = kept.read(image, nudged)
    assert made[0] == 1  # served from the kept layout
    fresh = Recogniser(GO, COLOURS).read(image, nudged)
    assert made[0] == 2
    _assert_same_samples(again.samples, fresh.samples)
    assert again.cells == fresh.cells and again.why == fresh.why
    assert again.confidence == fresh.confidence


def test_a_grid_that_moved_is_sampled_afresh_not_through_the_last_layout(monkeypatch):
    made = _counting_leaning(monkeypatch)
    first, first_homography = _frame(Pose(tilt_deg=30.0, azimuth_deg=40.0, fill=0.8))
    moved, moved_homography = _frame(Pose(tilt_deg=25.0, azimuth_deg=220.0, fill=0.75,
                                          offset=(0.05, -0.04)))
    kept = Recogniser(GO, COLOURS)
    before = kept.read(first, first_homography)
    after = kept.read(moved, moved_homography)
    assert made[0] == 2
    fresh = Recogniser(GO, COLOURS).read(moved, moved_homography)
    _assert_same_samples(after.samples, fresh.samples)
    assert after.cells == fresh.cells and after.why == fresh.why
    # The board moved: what the kept layout would have sampled is not what was read.
    assert not np.array_equal(before.samples.core, after.samples.core)


def test_a_foot_and_where_its_stone_leans_sampled_together_are_as_sampled_apart():
    # A webcam's look with a lamp's highlight on the stones (seed 10: 640 × 480).
    image, truth = render_scene(10, GO, None, None, None,
                                look=random_look(np.random.default_rng([10, 3])))
    given = sampling_inputs(GO, COLOURS, image, np.linalg.inv(np.array(truth["homography"])))
    layout, cfg, leaned_layout, view, maps = \
        given.layout, given.cfg, given.leaned, given.view, given.maps
    foot, leaned = sample(view, layout, cfg, 1.0, maps, leaned_layout)
    alone, none = sample(view, layout, cfg, 1.0, maps)
    assert none is None
    _assert_same_samples(foot, alone)
    # Where the stone leans its core is read against the board and print of its foot;
    # what is the core's own is as the leaning layout sampled alone gives it (each
    # layout's highlights grown apart).
    apart, _ = sample(view, leaned_layout, cfg, 1.0, maps)
    for name in ("core", "core_seen", "core_kept", "core_blown", "core_sheen",
                 "core_glared", "spread", "board", "board_range", "open_rays"):
        assert np.array_equal(getattr(leaned, name), getattr(apart, name)), name
    assert leaned.core_sheen.any() and foot.core_sheen.any()


def _masked_percentile_reference(values: np.ndarray, keep: np.ndarray, q: float
                                 ) -> np.ndarray:
    """``masked_percentile`` as it was written before session 13 (one sort along axis 1)."""
    keep = keep | ~keep.any(axis=1, keepdims=True)
    shaped = keep if values.ndim == 2 else keep[:, :, None]
    ordered = np.sort(np.where(shaped, values, np.inf), axis=1)
    count = keep.sum(axis=1)
    position = q / 100.0 * (count - 1)
    low = np.floor(position).astype(int)
    high = np.minimum(low + 1, count - 1)
    frac = position - low
    rows = np.arange(len(values))
    if values.ndim == 3:
        frac = frac[:, None]
    return ordered[rows, low] * (1.0 - frac) + ordered[rows, high] * frac


def _exactly(a, b) -> bool:
    a, b = np.asarray(a), np.asarray(b)
    return a.dtype == b.dtype and np.array_equal(a, b) \
        and np.array_equal(np.signbit(a), np.signbit(b))


def test_masked_percentiles_are_those_of_one_sort_along_the_rows():
    rng = np.random.default_rng(13)
    for trial in range(60):
        n, k = int(rng.integers(1, 40)), int(rng.integers(1, 130))
        pixels = rng.integers(0, 256, (n, k, 3)).astype(np.float32) if trial % 2 \
            else rng.random((n, k, 3))
        keep = rng.random((n, k)) > rng.random()
        if trial % 3 == 1:  # every entry kept: nothing set aside
            keep[:] = True
        elif trial % 3 == 2:  # some rows keep nothing, the others every entry
            keep = np.repeat(rng.random((n, 1)) > 0.5, k, axis=1)
        for values in (pixels, pixels[..., 1].copy()):
            qs = (0, 20, 25, 50, 60, 75, 80, 100)
            together = masked_percentiles(values, keep, qs)
            for q, found in zip(qs, together, strict=True):
                expected = _masked_percentile_reference(values, keep, q)
                assert _exactly(found, expected)
                assert _exactly(masked_percentile(values, keep, q), expected)


def test_row_percentile_is_numpys_bit_for_bit():
    rng = np.random.default_rng(14)
    for trial in range(200):
        values = rng.random((int(rng.integers(1, 60)), int(rng.integers(1, 200))))
        if trial % 3 == 0:
            values = np.round(values, 1)  # ties
        for q in (0, 1, 25, 50, 80, 85, 99, 100, float(rng.uniform(0, 100))):
            assert _exactly(row_percentile(values, q), np.percentile(values, q, axis=1))


def test_sums_means_and_least_over_a_short_last_axis_are_numpys_bit_for_bit():
    rng = np.random.default_rng(15)
    for trial in range(300):
        shape = tuple(int(n) for n in rng.integers(1, 20, int(rng.integers(0, 3))))
        shape += (int(rng.integers(1, 8)),)
        values = (rng.normal(size=shape) * 10.0 ** rng.uniform(-4, 4)).astype(
            np.float32 if trial % 2 else np.float64)
        values[rng.random(shape) < 0.2] = -0.0
        assert _exactly(last_sum(values), values.sum(axis=-1))
        assert _exactly(last_mean(values), values.mean(axis=-1))
        assert _exactly(last_min(values), values.min(axis=-1))


def test_rows_of_a_mask_are_counted_as_numpy_counts_them():
    rng = np.random.default_rng(16)
    for _ in range(50):
        mask = rng.random((int(rng.integers(1, 400)), int(rng.integers(1, 200)))) \
            > rng.random()
        assert _exactly(row_count(mask), mask.sum(axis=1))
        assert _exactly(row_share(mask), mask.mean(axis=1))
        assert _exactly(row_count(mask[:, ::2]), mask[:, ::2].sum(axis=1))
    empty = np.zeros((0, 5), dtype=bool)
    assert _exactly(row_count(empty), empty.sum(axis=1))


def test_flat_percentile_is_numpys_bit_for_bit():
    rng = np.random.default_rng(17)
    for trial in range(300):
        values = rng.normal(size=int(rng.integers(1, 500))) * 10.0 ** rng.uniform(-3, 3)
        values = values.astype(np.float32 if trial % 2 else np.float64)
        if trial % 3 == 0:
            values = np.round(values)  # ties
        for q in (0, 1, 25, 50, 90, 99, 100, float(rng.uniform(0, 100))):
            found, expected = flat_percentile(values, q), np.percentile(values, q)
            assert found == expected and type(found) is type(float(expected))


def test_column_median_is_numpys_bit_for_bit():
    rng = np.random.default_rng(18)
    for trial in range(400):
        n = int(rng.integers(1, 400))
        shape = (n,) if trial % 3 == 0 else (n, int(rng.integers(1, 5)))
        values = (rng.normal(size=shape) * 10.0 ** rng.uniform(-3, 3)).astype(
            np.float32 if trial % 2 else np.float64)
        if trial % 5 == 0:
            values = np.round(values)  # ties
        if trial % 7 == 0:
            values[rng.random(shape) < 0.01] = np.nan
        if trial % 11 == 0:
            values[rng.random(shape) < 0.3] = -0.0
        found, expected = column_median(values), np.median(values, axis=0)
        assert type(found) is type(expected)
        assert np.asarray(found).shape == np.asarray(expected).shape
        assert np.array_equal(found, expected, equal_nan=True)
        assert np.array_equal(np.signbit(found), np.signbit(expected))
        assert np.asarray(found).dtype == np.asarray(expected).dtype


@pytest.mark.parametrize("blurred", [False, True])
def test_print_closed_wider_round_some_spaces_is_as_the_whole_view_closed(blurred):
    """``wider_print`` closes only the box round the pixels it is asked for: the same
    figures as the whole view closed, on a sharp frame and a webcam's blurred one, for
    every space, for the spaces of one corner, and for a single space at the edge."""
    if blurred:
        image, _truth, homography = webcam_frame(18, "white paper")
    else:
        image, homography = _frame(Pose(tilt_deg=20.0, azimuth_deg=10.0, fill=0.8))
    recogniser = Recogniser(GO, COLOURS)
    layout, cfg = recogniser.layout, recogniser.sampling
    maps = view_maps(board_view(image, homography, layout), cfg)
    w, h = layout.size
    summed = maps.summed.reshape(h, w)
    inner = layout.mark[:, :layout.mark_inner]
    corner = (layout.centres[:, 0] < w / 3) & (layout.centres[:, 1] > 2 * h / 3)
    for size in (5, 7, 11):
        sizes = np.full(len(layout.names), size)
        closed = cv2.morphologyEx(summed, cv2.MORPH_CLOSE, np.ones((size, size), np.uint8))
        whole = cv2.subtract(closed, summed).ravel()
        for index in (inner, inner[corner], inner[:1]):
            assert _exactly(wider_print(maps, layout, sizes, index, cfg), np.take(whole, index))

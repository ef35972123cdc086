"""The grid finder's inner steps made cheaper in session 15 without changing what they
give: the pitch scan that slides a lattice along a profile of line response
(``gridfind.fit_lattice``), the percentile of the lines crossing each line of a
lattice (``gridlines._percentiles_near``) and the convex hull of the largest web of
lines (``gridoutline._row_ends``). Each is checked against the plain computation it
replaces, on seeded random data."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from calibration.gridfind import _best_firsts, fit_lattice
from calibration.gridlines import _percentiles_near
from calibration.gridoutline import _row_ends


def _plain_best_first(fine: np.ndarray, pitch: float, count: int) -> tuple[float, float]:
    """Every first position in half pixels, the lattice's mean score at each."""
    span = pitch * (count - 1)
    offsets = np.rint(2 * pitch * np.arange(count)).astype(int)
    padded = np.concatenate([fine, np.full(offsets[-1] + len(fine), fine[-1])])
    scores = [padded[start + offsets].mean() for start in range(len(np.arange(
        0.0, len(fine) / 2 - span, 0.5)))]
    best = int(np.argmax(scores))
    return best / 2, float(scores[best])


@pytest.mark.parametrize("seed", range(6))
def test_the_pitch_scan_scores_every_first_position_as_the_plain_sum_does(seed):
    rng = np.random.default_rng(seed)
    fine = rng.normal(0.0, 1.0, int(rng.integers(80, 600)))
    count = int(rng.choice([9, 13, 19]))
    pitch = float(rng.uniform(1.0, (len(fine) / 2 - 2) / (count - 1)))
    lines = np.arange(count)
    padded = np.concatenate([fine, np.full(int(np.rint(2 * pitch * lines[-1])), fine[-1])])
    [(first, score)] = _best_firsts(padded, len(fine), np.array([pitch]), lines)
    plain_first, plain_score = _plain_best_first(fine, pitch, count)
    assert first == plain_first
    assert score == pytest.approx(plain_score, rel=1e-12, abs=1e-12)


def _one_pitch_at_a_time(padded: np.ndarray, length: int, pitch: float, lines: np.ndarray
                         ) -> tuple[float, float]:
    """The scan as it was before session 17: one pitch at a time, the profile shifted
    by each line's offset added line after line."""
    span = pitch * (len(lines) - 1)
    starts = max(0, int(np.ceil((length / 2 - span) / 0.5)))
    offsets = np.rint(2 * pitch * lines).astype(int).tolist()
    scores = padded[offsets[0]:offsets[0] + starts].copy()
    for offset in offsets[1:]:
        scores += padded[offset:offset + starts]
    k = int(scores.argmax())
    return k / 2, float(scores[k] / len(lines))


@pytest.mark.parametrize("seed", range(6))
def test_pitches_scanned_together_score_to_the_last_bit_as_one_at_a_time(seed):
    rng = np.random.default_rng(100 + seed)
    fine = rng.normal(0.0, 1.0, int(rng.integers(80, 1200)))
    count = int(rng.choice([9, 13, 19]))
    lines = np.arange(count)
    widest = (len(fine) / 2 - 2) / (count - 1)
    pitches = np.sort(rng.uniform(1.0, widest, int(rng.integers(1, 80))))
    padded = np.concatenate([fine, np.full(int(np.rint(2 * pitches[-1] * lines[-1])),
                                           fine[-1])])
    together = _best_firsts(padded, len(fine), pitches, lines)
    assert together == [_one_pitch_at_a_time(padded, len(fine), p, lines) for p in pitches]


@pytest.mark.parametrize("count", [9, 13, 19])
def test_a_lattice_of_lines_in_noise_is_found_at_its_place_and_pitch(count):
    rng = np.random.default_rng(count)
    first, pitch = 37.3, 14.6
    positions = np.arange(int(first + pitch * (count - 1) + 60), dtype=np.float64)
    profile = rng.normal(0.0, 0.3, len(positions))
    for line in first + pitch * np.arange(count):
        profile += 3.0 * np.exp(-0.5 * ((positions - line) / 1.2) ** 2)
    width = pitch * (count - 1)
    found_first, found_pitch = fit_lattice(profile, count, (0.8 * width / (count - 1),
                                                            2.0 * width / (count - 1)))
    assert found_first == pytest.approx(first, abs=0.5)
    assert found_pitch == pytest.approx(pitch, abs=0.05)


@pytest.mark.parametrize("seed", range(4))
def test_each_line_s_crossing_percentile_is_that_of_its_own_run(seed):
    rng = np.random.default_rng(seed)
    crosses = rng.normal(0.0, 1.0, (7, 60)).astype(np.float32)
    along = np.linspace(0.0, 59.0, 60)
    centres = rng.uniform(-3.0, 62.0, 11)
    half = rng.uniform(1.0, 4.0)
    near = np.abs(along[None, :] - centres[:, None]) <= half
    near[0] &= along >= centres[0]  # a line beyond the lattice: one side only
    near[-1] &= along <= centres[-1]
    near[near.sum(axis=1) == 0, 0] = True  # every line has a run
    found = _percentiles_near(crosses, near, 80)
    plain = [np.percentile(crosses[:, row], 80) for row in near]
    assert found.dtype == crosses.dtype
    assert np.array_equal(found, np.array(plain))


@pytest.mark.parametrize("seed", range(4))
def test_the_hull_of_each_row_s_ends_is_the_hull_of_every_place(seed):
    rng = np.random.default_rng(seed)
    inside = np.zeros((120, 160), np.uint8)
    for _ in range(12):  # strokes and blobs, as a web of lines and its pieces look
        a, b = rng.integers(0, [160, 120], (2, 2))
        cv2.line(inside, (int(a[0]), int(a[1])), (int(b[0]), int(b[1])), 1,
                 int(rng.integers(1, 4)))
    inside[rng.random(inside.shape) < 0.002] = 1
    ys, xs = np.nonzero(inside)
    every = cv2.convexHull(np.column_stack([xs, ys]).astype(np.int32))
    ends = cv2.convexHull(_row_ends(inside.astype(bool)))
    assert cv2.contourArea(ends) == cv2.contourArea(every)
    assert {tuple(p) for p in ends.reshape(-1, 2)} == {tuple(p) for p in every.reshape(-1, 2)}

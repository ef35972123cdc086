"""``companion bench grid-pasted``: a real photo's board pasted small on a cluttered
table lands where the bench says it must, a board found a line off or turned is told
apart from one found right, and the bench runs end to end (the figures themselves are
for docs/benchmarks.md, not for a test)."""

from __future__ import annotations

import shutil
from pathlib import Path

import cv2
import numpy as np
import pytest

from benchmarks.grid_pasted import FRAME, pasted, pitches_off
from companion.cli import main

PHOTO = Path(__file__).resolve().parents[1] / "data" / "go-more" / "cornersnumbered.jpg"


def _grid(first: tuple[float, float], pitch: float, lines: int = 19) -> np.ndarray:
    steps = np.arange(lines) * pitch
    return np.stack(np.meshgrid(first[0] + steps, first[1] + steps), axis=-1)


def test_a_lattice_is_as_far_off_as_its_worst_crossing_any_way_round():
    truth = _grid((100.0, 80.0), 20.0)
    assert pitches_off(truth, truth) == 0.0
    assert pitches_off(np.rot90(truth).copy(), truth) == 0.0  # a plain grid has no way up
    assert pitches_off(truth.swapaxes(0, 1).copy(), truth) == 0.0
    assert pitches_off(truth + [20.0, 0.0], truth) == pytest.approx(1.0)  # a line off
    assert pitches_off(truth[:13, :13], truth) == np.inf  # another size


@pytest.mark.parametrize("share,way", [(1 / 3, "whole"), (1 / 4, "cut")])
def test_the_pasted_board_spans_its_share_of_the_frame_and_lands_where_it_must(share, way):
    """The crossings moved with the photo span ``share`` of the frame's height, lie
    inside the frame, and in the picture the board's lines run through them: the
    picture is darker along a line than a third of a pitch beside it."""
    photo = np.full((600, 800, 3), 200, np.uint8)
    crossings = _grid((190.0, 90.0), 22.0)
    for k in range(19):
        a, b = crossings[k, 0], crossings[k, -1]
        cv2.line(photo, tuple(int(v) for v in a), tuple(int(v) for v in b), (40, 40, 40), 2)
        a, b = crossings[0, k], crossings[-1, k]
        cv2.line(photo, tuple(int(v) for v in a), tuple(int(v) for v in b), (40, 40, 40), 2)
    picture, must = pasted(photo, crossings, share, way, 3600)
    assert picture.shape == (FRAME[1], FRAME[0], 3)
    side = np.linalg.norm(must[0, -1] - must[0, 0])  # turned, as long as before
    assert side == pytest.approx(share * FRAME[1], rel=1e-6)
    assert (must.reshape(-1, 2) > 0).all() and (must.reshape(-1, 2) < FRAME).all()
    grey = cv2.cvtColor(picture, cv2.COLOR_BGR2GRAY).astype(float)
    pitch = share * FRAME[1] / 18
    middles = (must[1:, 1:-1] + must[:-1, 1:-1]) / 2  # halfway along the columns of lines
    beside = middles + (must[0, 1] - must[0, 0]) / np.linalg.norm(must[0, 1] - must[0, 0]) \
        * pitch / 3

    def shade(points: np.ndarray) -> float:
        at = np.rint(points.reshape(-1, 2)).astype(int)
        return float(grey[at[:, 1], at[:, 0]].mean())

    assert shade(middles) < shade(beside) - 40


@pytest.mark.slow
def test_bench_grid_pasted_runs_end_to_end(capsys, tmp_path):
    shutil.copy(PHOTO, tmp_path / PHOTO.name)
    assert main(["bench", "grid-pasted", str(tmp_path), "--shares", "0.333", "--ways",
                 "cut", "--tables", "1"]) == 0
    out = capsys.readouterr().out
    assert f"{tmp_path.name}/cornersnumbered 0.33 cut" in out
    assert "bare table 0" in out
    assert "found / refused / wrong" in out

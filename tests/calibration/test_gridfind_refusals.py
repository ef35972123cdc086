"""What the grid finder gives up early, so that a picture with no board is refused in
a few seconds, and that it gives up nothing a board needs (session 14): a lattice of
the wrong pitch is not moved a line, a first guess meeting too few crossings is not
settled, an outline tried once is not tried again; and a refusal after the closer
look says so."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

import calibration.gridfind as gridfind
from calibration.gridfind import find_grid, grid_lines_mm, line_response, tried_already
from calibration.registration import RegistrationError
from calibration.synthetic import SyntheticCamera, grid_plan, look_at, render
from companion.cli import main
from companion.geometry import load_geometry
from tests.helpers.cluttered_scenes import bare_table

CAMERA = SyntheticCamera(width=1024, height=768, focal_px=820.0)


@pytest.fixture(scope="module")
def board_seen():
    """A 19x19 board seen at 20° (the picture's line response), its lines and where
    the finder put it (picture -> board mm)."""
    geometry = load_geometry("go-19")
    plan, origin = grid_plan(geometry, px_per_mm=3.0)
    centre = (geometry.width_mm / 2, geometry.height_mm / 2)
    pose = look_at(centre, 1.5 * max(geometry.width_mm, geometry.height_mm), 20.0, yaw_deg=5.0)
    picture = render(plan, origin, 3.0, CAMERA, pose, seed=3)
    registration = find_grid(picture, geometry)
    response = line_response(cv2.cvtColor(picture, cv2.COLOR_BGR2GRAY))
    xs, ys = grid_lines_mm(geometry)
    return response, xs, ys, registration.homography


def _moved(to_board: np.ndarray, dx: float, dy: float) -> np.ndarray:
    return np.array([[1, 0, dx], [0, 1, dy], [0, 0, 1]]) @ to_board


def test_a_lattice_one_line_off_is_moved_back_onto_the_board(board_seen):
    response, xs, ys, to_board = board_seen
    off = _moved(to_board, np.diff(xs).mean(), 0.0)
    problem, mendable = gridfind._lattice_problem(response, off, xs, ys)
    assert problem is not None and mendable
    (mended, *_), left = gridfind._checked(response, (off, None, None), xs, ys)
    assert left is None
    board = _crossings(xs, ys).reshape(-1, 1, 2)
    seen = cv2.perspectiveTransform(cv2.perspectiveTransform(board, np.linalg.inv(to_board)),
                                    mended)
    assert np.linalg.norm(seen - board, axis=2).max() < 0.2 * np.diff(xs).mean()


def test_a_lattice_at_twice_the_pitch_is_refused_without_moving_it(board_seen, monkeypatch):
    """Every other line of the board, as a 10-line lattice: lines halfway between its
    lines. No shift by a line mends a wrong pitch, so none is tried."""
    response, xs, ys, to_board = board_seen
    problem, mendable = gridfind._lattice_problem(response, to_board, xs[::2], ys[::2])
    assert problem is not None and not mendable

    def refit(*args, **kwargs):
        raise AssertionError("a lattice of the wrong pitch was moved")

    monkeypatch.setattr(gridfind, "_refit", refit)
    _found, left = gridfind._checked(response, (to_board, None, None), xs[::2], ys[::2])
    assert left == problem


def _crossings(xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    return np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 2)


def test_a_first_guess_on_the_crossings_is_settled_into_the_board(board_seen):
    response, xs, ys, to_board = board_seen
    board = _crossings(xs, ys)
    guess = cv2.perspectiveTransform(board.reshape(-1, 1, 2), np.linalg.inv(to_board))
    _to_board, found, _pixels = gridfind._fit_lattice_to_lines(response, board,
                                                            guess.reshape(-1, 2), xs, ys)
    assert len(found) >= 0.9 * len(board)


def test_a_first_guess_half_a_pitch_off_is_given_up_before_settling(board_seen, monkeypatch):
    """Half a pitch off both ways, a guess meets no crossing: settling moves a lattice
    by whole lines, never onto them, so it is not tried."""
    response, xs, ys, to_board = board_seen
    board = _crossings(xs, ys)
    off = _moved(to_board, np.diff(xs).mean() / 2, np.diff(ys).mean() / 2)
    guess = cv2.perspectiveTransform(board.reshape(-1, 1, 2), np.linalg.inv(off))

    def settled(*args, **kwargs):
        raise AssertionError("a hopeless guess was settled")

    monkeypatch.setattr(gridfind, "_settled", settled)
    with pytest.raises(RegistrationError, match="crossings were found"):
        gridfind._fit_lattice_to_lines(response, board, guess.reshape(-1, 2), xs, ys)


def test_an_outline_tried_already_is_not_tried_again_and_another_is():
    tried = [np.array([[100.0, 100.0], [500.0, 110.0], [490.0, 400.0], [95.0, 390.0]])]
    size = np.linalg.norm(tried[0].max(axis=0) - tried[0].min(axis=0))
    assert tried_already(tried[0] + 0.02 * size, tried)
    assert not tried_already(tried[0] + 0.05 * size, tried)
    assert not tried_already(tried[0] * [1.0, 0.5], tried)


@pytest.mark.slow
def test_a_cluttered_1080p_table_with_no_board_is_refused_in_words(tmp_path, capsys):
    """Bowls, a keyboard (a crosshatch, looked at closer), the table's edge and strong
    grain, no board: refused, and the reason says the closer look found nothing."""
    path = tmp_path / "table.png"
    cv2.imwrite(str(path), bare_table(1, (1920, 1080), 0.15))
    status = main(["recognize", "--game", "go", str(path), "--json"])
    error = json.loads(capsys.readouterr().out.strip())["error"]
    assert status == 1
    assert error.startswith("no board found: ")
    assert "Seen closer where lines cross" in error

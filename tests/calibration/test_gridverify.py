"""The independent check of a fitted lattice (``calibration.gridverify``): the board's own
lattice passes; a lattice of the wrong size, one line off, or reaching onto wood grain
is refused with a reason."""

from __future__ import annotations

import numpy as np
import pytest

from calibration.gridfind import grid_lines_mm, line_response, working_grey
from calibration.gridverify import verify_lattice
from companion.geometry import load_geometry
from companion.vision.scene import Pose
from tests.helpers.cluttered_scenes import cluttered_scene


def _scene(board: str, grain: float, seed: int):
    """A rendered empty board among clutter: the working picture's line response and
    its true homography working pixels -> board mm."""
    pose = Pose(tilt_deg=25.0, azimuth_deg=30.0, roll_deg=10.0, fill=0.6, offset=(0.05, 0.0))
    picture, to_board = cluttered_scene(seed, board, pose, frame=(1280, 960), pieces={},
                                        grain=grain)
    grey, scale = working_grey(picture)
    return line_response(grey), to_board @ np.diag([1 / scale, 1 / scale, 1.0])


@pytest.fixture(scope="module")
def board_19():
    return _scene("go-19", 0.0, 3)


def test_the_boards_own_lattice_passes(board_19):
    response, to_board = board_19
    xs, ys = grid_lines_mm(load_geometry("go-19"))
    assert verify_lattice(response, to_board, xs, ys) is None


def test_a_smaller_lattice_inside_the_board_is_refused(board_19):
    """A 9-line lattice on nine of a 19-line board's lines: the lines go on beyond it."""
    response, to_board = board_19
    xs, ys = grid_lines_mm(load_geometry("go-19"))
    assert "beyond" in verify_lattice(response, to_board, xs[5:14], ys[5:14])


def test_a_lattice_at_twice_the_pitch_is_refused(board_19):
    """A 9-line lattice on every other line of a 19-line board: its lines stand no
    higher than the lines halfway between them."""
    response, to_board = board_19
    xs, ys = grid_lines_mm(load_geometry("go-19"))
    assert verify_lattice(response, to_board, xs[1::2], ys[1::2]) is not None


@pytest.mark.parametrize("shift", [(1, 0), (0, -1), (1, 1)])
def test_a_lattice_one_line_off_is_refused(board_19, shift):
    """One line over: its end line lies on the board's margin, where no line shows."""
    response, to_board = board_19
    xs, ys = grid_lines_mm(load_geometry("go-19"))
    moved_x = xs + shift[0] * np.diff(xs).mean()
    moved_y = ys + shift[1] * np.diff(ys).mean()
    assert verify_lattice(response, to_board, moved_x, moved_y) is not None


def test_a_lattice_reaching_onto_wood_grain_is_refused():
    """A 13-line lattice over a 9-line board on strongly grained wood, four lines of it
    on the table: those lines show only where a stripe lies along them."""
    response, to_board = _scene("go-9", 0.25, 12)
    xs, ys = grid_lines_mm(load_geometry("go-9"))
    assert verify_lattice(response, to_board, xs, ys) is None
    pitch_x, pitch_y = np.diff(xs).mean(), np.diff(ys).mean()
    wide_x = xs[0] + pitch_x * (np.arange(13) - 4)
    wide_y = ys[0] + pitch_y * (np.arange(13) - 4)
    assert "show only in a few pieces" in verify_lattice(response, to_board, wide_x, wide_y)

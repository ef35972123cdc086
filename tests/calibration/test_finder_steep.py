"""The grid finder at 35-40° from the vertical, never found wrong (issue 14, session 21):
a lattice of lines smaller than a board covered in stones, its lines beyond hidden by
stones, is refused by the rows of stones beyond it (``calibration.gridbeyond``); a board
found by its stones a line off, a row of stones beyond one end and its other end line
on the margin, is moved a line onto them; and a 9 × 9 board whose edge line lies under
a row of stones is found (its pieces between two stones count as shown), where a
lattice a line off it is still refused."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from benchmarks.grid_pasted import pitches_off
from benchmarks.vision_real_variations import seen_from
from calibration.gridbeyond import moved_onto_stones, place_stones, stones_beyond
from calibration.gridfind import grid_lines_mm, line_response, working_grey
from calibration.gridverify import verify_lattice
from calibration.registration import RegistrationError
from companion.geometry import load_geometry
from tests.helpers.steep_boards import crossings_found, steep_render

PHOTOS = Path(__file__).resolve().parent.parent / "data" / "go-more"


def _true_lattice(seed: int, board: str, tilt: float
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A steep render's working grey picture (development look), the true homography
    working pixels -> board mm, and its lines."""
    image, must, _to_board = steep_render(seed, board, "development", tilt)
    grey, scale = working_grey(image)
    xs, ys = grid_lines_mm(load_geometry(board))
    places = np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 2)
    to_board, _ = cv2.findHomography(must.reshape(-1, 2) * scale, places, 0)
    return grey, to_board, xs, ys


@pytest.fixture(scope="module")
def covered_19():
    """Seed 13207's 19 × 19 board at 40°, covered in stones (``_true_lattice``)."""
    return _true_lattice(13207, "go-19", 40)


@pytest.mark.parametrize("seed", [14911, 13204])
def test_an_edge_line_under_a_row_of_stones_is_a_line(seed: int) -> None:
    """A 9 × 9 board at 35° with stones along an edge line: that line shows on few of its
    pieces, and the independent check refused the board's own lattice; its pieces
    between two stones count as shown, and it passes. A lattice a line off any way
    (its end line on the board's margin, where no stone lies) is still refused."""
    grey, to_board, xs, ys = _true_lattice(seed, "go-9", 35)
    response = line_response(grey)
    assert "show only in a few pieces" in verify_lattice(response, to_board, xs, ys)
    assert verify_lattice(response, to_board, xs, ys,
                          stones=lambda: place_stones(grey, to_board, xs, ys)) is None
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        off = np.array([[1, 0, dx * np.diff(xs).mean()], [0, 1, dy * np.diff(ys).mean()],
                        [0, 0, 1]]) @ to_board
        assert verify_lattice(response, off, xs, ys,
                              stones=lambda off=off: place_stones(grey, off, xs, ys))


def test_the_boards_own_lattice_has_no_stones_beyond_it(covered_19):
    grey, to_board, xs, ys = covered_19
    assert stones_beyond(grey, to_board, xs, ys) is None


@pytest.mark.parametrize("first, count", [(5, 9), (3, 13), (0, 9), (10, 9)])
def test_a_lattice_inside_the_board_has_rows_of_stones_beyond_it(covered_19, first, count):
    """A 9 or 13-line lattice over part of the board, at its middle or against one of
    its edges: past an end inside the board lie stones, in rows."""
    grey, to_board, xs, ys = covered_19
    part_x, part_y = xs[first:first + count], ys[first:first + count]
    assert "beyond the lattice" in stones_beyond(grey, to_board, part_x, part_y)


@pytest.mark.parametrize("dx, dy", [(-1, 0), (0, 1)])
def test_a_lattice_of_stones_a_line_off_is_moved_onto_them(covered_19, dx, dy):
    """The lattice a line off (its first line on the board's margin, its last row of
    stones left beyond it) is moved back a line, onto the board's own crossings."""
    grey, to_board, xs, ys = covered_19
    moved = moved_onto_stones(grey, _shifted(to_board, xs, ys, dx, dy), xs, ys)
    assert moved is not None
    corners = np.array([[xs[0], ys[0]], [xs[-1], ys[-1]]]).reshape(-1, 1, 2)
    there = cv2.perspectiveTransform(corners, np.linalg.inv(moved))
    truth = cv2.perspectiveTransform(corners, np.linalg.inv(to_board))
    assert np.abs(there - truth).max() < 0.01
    assert moved_onto_stones(grey, to_board, xs, ys) is to_board


@pytest.mark.parametrize("dx, dy", [(1, 0), (0, -1)])
def test_an_edge_row_of_stones_against_a_dark_table_is_not_seen(covered_19, dx, dy):
    """Seed 13207's right and top edge lines at 40°: their stones stand out past the
    board's rim, the black ones onto a table as dark as they are, the white ones in
    their own shade, so most are no stones by their sign (``calibration.stonesign``: the
    board does not show on their outer diagonals), and the lattice a line off that way
    is left as it is, not moved: what was found of such a board is judged by its other
    checks."""
    grey, to_board, xs, ys = covered_19
    off = _shifted(to_board, xs, ys, dx, dy)
    held = place_stones(grey, off, xs, ys)
    assert (held[1:-1, -1] if dx else held[0, 1:-1]).mean() < 1 / 3
    assert moved_onto_stones(grey, off, xs, ys) is off


def _shifted(to_board: np.ndarray, xs: np.ndarray, ys: np.ndarray, dx: int, dy: int
             ) -> np.ndarray:
    """``to_board`` moved ``dx``, ``dy`` lines."""
    return np.array([[1, 0, dx * np.diff(xs).mean()], [0, 1, dy * np.diff(ys).mean()],
                     [0, 0, 1]]) @ to_board


@pytest.mark.slow
@pytest.mark.parametrize("seed, board, split, tilt", [
    # A 19 × 19 board at 40° covered in stones: a 9-line lattice over its middle passed
    # every check of its lines (those beyond it under stones). Refused by the rows of
    # stones beyond it, the board is found whole.
    (13207, "go-19", "development", 40),
    (13207, "go-19", "held-out", 40),
    # A 13 × 13 at 40°: a 9-line lattice inside it passed; now refused, never found wrong.
    (13210, "go-13", "development", 40),
    # A 19 × 19 at 35° with scattered stones (session 22): found by its stones as a
    # 13-line lattice of spots at another pitch over a corner, a ninth of its places
    # holding a stone by their sign (``calibration.stonesign``); a board found by its
    # stones holds them on a fifth of its places (``gridbeyond.STONES_HELD``).
    (16902, "go-19", "held-out", 35),
])
def test_a_steep_board_covered_in_stones_is_not_found_as_a_smaller_lattice(
        seed: int, board: str, split: str, tilt: float) -> None:
    image, must, _to_board = steep_render(seed, board, split, tilt)
    try:
        found = crossings_found(image)
    except RegistrationError:
        return
    assert found.shape == must.shape
    assert pitches_off(found, must) < 1 / 3


@pytest.mark.slow
def test_a_9x9_board_with_stones_along_its_edges_is_found() -> None:
    """Seed 14911's 9 × 9 board at 35° in 640 × 480, stones along two edge lines: refused
    before (those lines showed on few pieces), found now where it lies."""
    image, must, _to_board = steep_render(14911, "go-9", "development", 35)
    found = crossings_found(image)
    assert found.shape == (9, 9, 2)
    assert pitches_off(found, must) < 1 / 3


@pytest.mark.slow
@pytest.mark.parametrize("degrees", [30, 35])
def test_a_late_game_seen_steeply_is_found_on_its_rows_of_stones(degrees: float) -> None:
    """``gaps`` (a real late game, found by its stones) seen again at 30° and 35°, the
    picture turned a quarter: its lattice of stones was placed a row off (its far edge
    row's stones missed, the margin taken for a line: 1.6-1.7 pitches off). Moved a line
    onto the row of stones beyond it, its crossings are within a third of a pitch."""
    photo = cv2.imread(str(PHOTOS / "gaps.jpg"))
    reference = crossings_found(photo)
    picture, mapping = seen_from(degrees, 90, 90)(photo, reference)
    must = cv2.perspectiveTransform(reference.reshape(-1, 1, 2), mapping).reshape(19, 19, 2)
    found = crossings_found(picture)
    assert found.shape == (19, 19, 2)
    assert pitches_off(found, must) < 1 / 3

"""The grid finder's closer look, session 19: a small board whose crosshatch a keyboard's
outshines is still a region to look at; in a blurred crop its soft lines still give
outlines (the line response's ridges); a late game's lattice of stones in a crop is not
stretched past any board by a few spots beside it; and a bare table is refused as
before."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from calibration.gridfind import find_grid_of, line_response
from calibration.gridoutline import ridge_pieces
from calibration.gridstones import on_held_lines
from calibration.gridzoom import hatch_regions
from calibration.registration import RegistrationError
from companion.geometry import load_geometry
from tests.helpers.cluttered_scenes import bare_table

SIDE = (1200, 675)


def _grid(picture: np.ndarray, corner: tuple[int, int], pitch: int, lines: int,
          shade: int, width: int) -> None:
    x0, y0 = corner
    end = pitch * (lines - 1)
    for k in range(lines):
        cv2.line(picture, (x0 + k * pitch, y0), (x0 + k * pitch, y0 + end), shade, width)
        cv2.line(picture, (x0, y0 + k * pitch), (x0 + end, y0 + k * pitch), shade, width)


def _inside(box: tuple[int, int, int, int], point: tuple[float, float]) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def test_a_fine_board_beside_a_keyboard_is_a_region_of_its_own():
    """A keyboard's bold gaps crosshatch several times as strongly as a small board's
    fine lines: the board is still a region to look at closer (regions are taken in
    rounds, each against the strongest crosshatch left), and the keyboard stays first."""
    picture = np.full((SIDE[1], SIDE[0]), 200, np.uint8)
    _grid(picture, (60, 60), 30, 12, 20, 5)  # the keyboard: black gaps between keys
    _grid(picture, (620, 250), 12, 19, 175, 1)  # the board: faint thin lines
    boxes = hatch_regions(line_response(picture))
    assert len(boxes) >= 2
    assert _inside(boxes[0], (60 + 5.5 * 30, 60 + 5.5 * 30))
    board = [box for box in boxes if _inside(box, (620 + 9 * 12, 250 + 9 * 12))]
    assert len(board) == 1
    assert not _inside(board[0], (60 + 5.5 * 30, 60 + 5.5 * 30))


def test_a_bare_picture_gives_no_region_in_any_round():
    picture = np.full((SIDE[1], SIDE[0]), 200, np.uint8)
    cv2.circle(picture, (400, 300), 120, 40, -1)  # a bowl: one way at each place
    assert hatch_regions(line_response(picture)) == []


def test_soft_lines_enlarged_give_ridges_along_both_ways():
    """A small board's crop enlarged 2.5 times: each line blurred over several pixels (the
    line segment detector's edges are too soft there), yet the line response's ridges
    give long straight pieces along both families of lines."""
    small = np.full((270, 480), 190, np.uint8)
    _grid(small, (150, 50), 9, 19, 110, 1)
    picture = cv2.resize(small, SIDE, interpolation=cv2.INTER_LINEAR)
    pieces = ridge_pieces(line_response(picture))
    assert len(pieces) >= 20
    angles = np.degrees(np.arctan2(pieces[:, 3] - pieces[:, 1], pieces[:, 2] - pieces[:, 0])) % 180
    across = np.minimum(angles, 180 - angles) < 3
    down = np.abs(angles - 90) < 3
    assert across.sum() >= 8 and down.sum() >= 8
    assert (across | down).mean() > 0.9
    lengths = np.hypot(pieces[:, 2] - pieces[:, 0], pieces[:, 3] - pieces[:, 1])
    assert np.median(lengths) > 0.5 * 18 * 9 * 2.5


def test_spots_off_the_board_lie_on_lines_of_their_own_and_are_set_aside():
    board = np.stack(np.meshgrid(np.arange(19.0), np.arange(19.0)), axis=-1).reshape(-1, 2)
    strays = np.array([[30.0, 25.0], [-12.0, 4.0], [5.0, -9.0]])  # a bowl, the sofa, a key
    kept = on_held_lines(np.vstack([board, strays]))
    assert np.ptp(kept, axis=0).tolist() == [18.0, 18.0]
    assert len(kept) == 361
    assert not any((kept == stray).all(axis=1).any() for stray in strays)


@pytest.mark.slow
def test_a_bare_cluttered_table_is_refused_with_the_same_words():
    """Bowls, a keyboard, the table's edge and wood grain, no board: the regions taken
    in rounds, the ridges' pass and the stones' span change nothing there (the message
    is main's before session 19, f72bda0, word for word)."""
    sizes = [load_geometry(n) for n in ("go-19", "go-13", "go-9")]
    with pytest.raises(RegistrationError) as refused:
        find_grid_of(bare_table(3690, (1920, 1080), 0.15), sizes)
    assert str(refused.value) == (
        "Most of the picture's lines run one way (wood grain, stripes) and no board's grid "
        "was found among them: is the board in view, and large enough? (The lines found fit "
        "no board of 13x13, 19x19, 9x9 lines (as 13x13: every other one of the grid's rows "
        "is a weaker line: is it the board named?)) Seen closer where lines cross (1 place), "
        "no board either.")

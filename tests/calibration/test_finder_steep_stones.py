"""A stone's sign for the grid finder's checks (``calibration.stonesign``, issue 14,
session 22): a disc of one shade with the board showing round it on its diagonals.
A bare crossing, wood grain and the table past a board's rim are no stones, so a bare
board on strong grain is not taken for a board going on under stones (session 21's
rule, reverted for it), while the stones of a board covered in them are, and a lattice
inside such a board is refused by the rows of them beyond it."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from calibration.gridbeyond import place_stones, stones_beyond
from calibration.gridfind import find_grid_of, grid_lines_mm, working_grey
from calibration.gridverify import SEGMENT_PX
from calibration.stonesign import stone_discs
from companion.geometry import load_geometry
from companion.vision.scene import Pose
from tests.helpers.cluttered_scenes import ON_GRAIN, cluttered_scene
from tests.helpers.steep_boards import SIZES, crossings_found, steep_render

PHOTOS = Path(__file__).resolve().parent.parent / "data" / "go-more"
BOARD, STONE = 160.0, 30.0


def _flat(draw) -> np.ndarray:
    """A straightened picture four pitches square of bare board, with ``draw`` (a
    function of the uint8 picture) applied."""
    picture = np.full((4 * SEGMENT_PX, 4 * SEGMENT_PX), BOARD, np.uint8)
    draw(picture)
    return picture.astype(np.float32)


def _middle(centres: np.ndarray) -> bool:
    """Whether a stone's centre lies within a fifth of a pitch of the picture's middle."""
    middle = 2 * SEGMENT_PX
    reach = SEGMENT_PX // 5
    return bool(centres[middle - reach:middle + reach + 1,
                        middle - reach:middle + reach + 1].any())


def test_a_stone_on_bare_board_is_one() -> None:
    stone = _flat(lambda p: cv2.circle(p, (2 * SEGMENT_PX,) * 2, int(0.46 * SEGMENT_PX),
                                       STONE, -1))
    assert _middle(stone_discs(stone, BOARD)[0])


def test_a_stone_among_its_four_neighbours_of_its_colour_is_one() -> None:
    """Neighbours on the four lines touching it leave the board showing on its diagonals."""
    def draw(picture: np.ndarray) -> None:
        for dx, dy in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
            cv2.circle(picture, (2 * SEGMENT_PX + dx * SEGMENT_PX,
                                 2 * SEGMENT_PX + dy * SEGMENT_PX),
                       int(0.46 * SEGMENT_PX), STONE, -1)
    assert _middle(stone_discs(_flat(draw), BOARD)[0])


def test_a_bare_crossing_is_no_stone() -> None:
    """Two dark print lines, even blurred to a fifth of a pitch wide, fill no core."""
    def draw(picture: np.ndarray) -> None:
        middle = 2 * SEGMENT_PX
        cv2.line(picture, (0, middle), (4 * SEGMENT_PX, middle), STONE, SEGMENT_PX // 5)
        cv2.line(picture, (middle, 0), (middle, 4 * SEGMENT_PX), STONE, SEGMENT_PX // 5)
    assert not stone_discs(_flat(draw), BOARD)[0].any()


@pytest.mark.parametrize("angle", [0, 30, 45])
def test_a_broad_dark_streak_is_no_stone(angle: float) -> None:
    """A band of the stone's shade as wide as a stone, running on across the picture
    (a dark grain streak, a shadow): its diagonals beyond a core lie on it too."""
    def draw(picture: np.ndarray) -> None:
        middle = 2 * SEGMENT_PX
        step = np.array([np.cos(np.radians(angle)), np.sin(np.radians(angle))]) * 4 * SEGMENT_PX
        start, end = (np.array([middle, middle]) - step), (np.array([middle, middle]) + step)
        cv2.line(picture, tuple(int(v) for v in start), tuple(int(v) for v in end), STONE,
                 int(0.9 * SEGMENT_PX))
    assert not stone_discs(_flat(draw), BOARD)[0].any()


def test_a_dark_table_past_a_straight_rim_is_no_stone() -> None:
    table = _flat(lambda p: p.__setitem__(np.s_[:, 2 * SEGMENT_PX:], STONE))
    assert not stone_discs(table, BOARD)[0].any()


def _true_lattice(picture: np.ndarray, to_board: np.ndarray, board: str
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The working grey picture, the true homography working pixels -> board mm (from the
    picture's, ``to_board``) and the board's lines."""
    grey, scale = working_grey(picture)
    xs, ys = grid_lines_mm(load_geometry(board))
    return grey, to_board @ np.diag([1 / scale, 1 / scale, 1.0]), xs, ys


@pytest.mark.parametrize("case", [1, pytest.param(3, marks=pytest.mark.slow),
                                  pytest.param(4, marks=pytest.mark.slow)])
def test_a_bare_board_on_strong_grain_holds_no_stones(case: int) -> None:
    """The small boards on strong wood grain of ``test_registration_grid`` whose 9 or 13
    lines session 21's round spots refused for a 19 (its bare crossings 'held' stones on
    over half its places, the grain a pitch past its ends on nearly half): on the true
    lattice, no place, its own or past an end, holds a stone, and none lie beyond it."""
    seed, board, frame, tilt, azimuth, roll, fill, offset, clutter = ON_GRAIN[case]
    pose = Pose(tilt_deg=tilt, azimuth_deg=azimuth, roll_deg=roll, fill=fill, offset=offset)
    picture, to_board = cluttered_scene(seed, board, pose, frame=frame, grain=0.25,
                                        clutter=clutter)
    grey, to_work, xs, ys = _true_lattice(picture, to_board, board)
    held = place_stones(grey, to_work, xs, ys)
    assert held.mean() < 0.05
    assert stones_beyond(grey, to_work, xs, ys) is None


def _steep(seed: int, board: str, tilt: float, pieces: dict | None
           ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A rendered board under a development camera look at ``tilt`` in 640 × 480 (``pieces``
    None: a game's stones; {}: bare), as ``_true_lattice``."""
    image, _must, to_board = steep_render(seed, board, "development", tilt, pieces=pieces)
    return _true_lattice(image, to_board, board)


@pytest.mark.parametrize("seed, board, tilt", [(16900, "go-9", 40), (16901, "go-19", 35),
                                              (16908, "go-9", 40)])
def test_a_bare_board_seen_steeply_holds_no_stones(seed: int, board: str, tilt: float
                                                   ) -> None:
    """Bare boards at 35-40°: none of their crossings holds a stone, and no stones lie
    beyond them. (Seed 16908's 9 × 9: the board's side in shadow below its rim, a dark
    band a stone wide, looks like a row of stones merged by the slant past its far end
    line; a lattice with no stones of its own is not judged by stones beyond it.)"""
    grey, to_work, xs, ys = _steep(seed, board, tilt, {})
    assert not place_stones(grey, to_work, xs, ys)[1:-1, 1:-1].any()
    assert stones_beyond(grey, to_work, xs, ys) is None


def test_a_steep_board_covered_in_stones_holds_them_and_a_lattice_inside_is_short() -> None:
    """Seed 13207's 19 × 19 at 40°, covered in stones: its own lattice holds them on
    over a third of its places and has none beyond; a 9-line lattice over its middle
    has rows of them beyond each end."""
    grey, to_work, xs, ys = _steep(13207, "go-19", 40, None)
    held = place_stones(grey, to_work, xs, ys)
    assert held[1:-1, 1:-1].mean() > 1 / 3
    assert stones_beyond(grey, to_work, xs, ys) is None
    assert stones_beyond(grey, to_work, xs[5:14], ys[5:14]) is not None


def test_an_empty_real_board_holds_no_stones() -> None:
    """``emptyreal``, a bare 19 × 19 photographed on a table: on the lattice found, no
    stone anywhere."""
    photo = cv2.imread(str(PHOTOS / "emptyreal.jpg"))
    geometry, registration = find_grid_of(photo, [load_geometry(n) for n in SIZES])
    grey, scale = working_grey(photo)
    xs, ys = grid_lines_mm(geometry)
    to_work = registration.homography @ np.diag([1 / scale, 1 / scale, 1.0])
    assert not place_stones(grey, to_work, xs, ys).any()



@pytest.mark.slow
@pytest.mark.parametrize("frame", [640, 1280])
def test_a_board_whose_side_shows_past_its_rim_is_found(frame: int) -> None:
    """Seed 16904's 9 × 9 at 35° (held-out look): a thick dark board whose side, in
    shadow, shows past its rim as a band a stone wide along its end line. That band
    passed for a row of stones beyond the board's own lattice, which was refused; a
    stone there has a waist along the row (``stonesign.WAIST``), the band none."""
    from benchmarks.grid_pasted import pitches_off

    image, must, _to_board = steep_render(16904, "go-9", "held-out", 35, frame)
    found = crossings_found(image)
    assert found.shape == must.shape
    assert pitches_off(found, must) < 1 / 3

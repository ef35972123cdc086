"""The grid finder's coarse-to-fine pass (``calibration.gridzoom``): a board too small to
be found at the working size is found again closer, in the part of the full picture
around its crosshatch, and mapped back; that pass never keeps a lattice the independent
check refuses, nor one cut by its crop, and a table with no board is still "no board
found"."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

import calibration.gridfind as gridfind
from benchmarks.grid_pasted import _crossings, pasted, pitches_off
from calibration.gridfind import find_grid_of, grid_lines_mm, line_response, working_grey
from calibration.gridverify import verify_lattice
from calibration.gridzoom import MIN_ZOOM, clear_of_edges, crop_box, hatch_regions, over
from calibration.registration import RegistrationError
from companion.cli import main
from companion.geometry import load_geometry
from companion.vision.scene import Pose
from tests.helpers.cluttered_scenes import bare_table, cluttered_scene, lattice_error_pitches

FRAME = (1920, 1080)
DATA = Path(__file__).resolve().parents[1] / "data" / "go-more"
# A 19x19 board a third of a 1080p frame seen from nearly above, among bowls, a keyboard
# and faint grain lines: its lines about 12 pixels apart at the working size.
THIRD_19 = (11, "go-19", Pose(tilt_deg=2.1, azimuth_deg=139.6, roll_deg=-14.6, fill=0.345,
                              offset=(0.08, 0.05)))
QUARTER_13 = (7, "go-13", Pose(tilt_deg=5.05, azimuth_deg=42.44, roll_deg=-2.4, fill=0.25,
                               offset=(0.04, 0.02)))


def _sizes():
    return [load_geometry(n) for n in ("go-19", "go-13", "go-9")]


def _scene(case, pieces=None):
    seed, board, pose = case
    return cluttered_scene(seed, board, pose, frame=FRAME, pieces=pieces)


def _board_corners(board: str, to_board: np.ndarray) -> np.ndarray:
    xs, ys = grid_lines_mm(load_geometry(board))
    corners = np.array([[xs[0], ys[0]], [xs[-1], ys[0]], [xs[-1], ys[-1]], [xs[0], ys[-1]]])
    return cv2.perspectiveTransform(corners.reshape(-1, 1, 2),
                                    np.linalg.inv(to_board)).reshape(-1, 2)


@pytest.mark.slow
def test_the_crosshatch_of_a_small_board_is_a_region_to_search_again():
    """At the working size the small board's lines fade, but their crosshatch shows: the
    strongest regions hold the board's middle, and the crop around one of them holds
    the whole board with room around it, shown closer."""
    picture, to_board = _scene(THIRD_19)
    grey, scale = working_grey(picture)
    corners = _board_corners("go-19", to_board)
    middle = corners.mean(axis=0) * scale
    regions = [r for r in hatch_regions(line_response(grey))
               if r[0] <= middle[0] <= r[2] and r[1] <= middle[1] <= r[3]]
    assert len(regions) == 1
    box = crop_box(regions[0], scale, FRAME, max(grey.shape))
    assert box is not None
    pitch = np.linalg.norm(corners[1] - corners[0]) / 18
    assert (corners.min(axis=0) - 2 * pitch >= box[:2]).all()
    assert (corners.max(axis=0) + 2 * pitch <= box[2:]).all()
    assert max(box[2] - box[0], box[3] - box[1]) * scale * MIN_ZOOM <= max(grey.shape)


def test_a_region_as_large_as_the_picture_is_not_searched_again():
    assert crop_box((100, 50, 1100, 600), 1200 / 1920, FRAME, 1200) is None


def test_a_lattice_cut_by_its_crop_is_not_kept():
    """The lattice and 1.5 pitches around it must lie inside the crop, but where the crop
    is the picture's own edge (judged there as any picture is)."""
    xs = ys = np.arange(19) * 22.0
    to_board = np.array([[0.5, 0, -100.0], [0, 0.5, -100.0], [0, 0, 1]])  # crossings at 200-992
    size = (3000, 3000)
    assert clear_of_edges(to_board, xs, ys, (500, 500, 1700, 1700), size)
    assert not clear_of_edges(to_board, xs, ys, (500, 500, 1500, 1700), size)  # right cut
    assert not clear_of_edges(to_board, xs, ys, (500, 500, 1700, 1530), size)  # bottom cut
    assert clear_of_edges(to_board, xs, ys, (0, 0, 1200, 1200), (1200, 1200))


@pytest.mark.slow
@pytest.mark.parametrize("case,board", [(THIRD_19, "go-19"), (QUARTER_13, "go-13")])
def test_a_small_board_in_a_wide_frame_is_found_closer(case, board):
    """A 19x19 board a third of a 1920x1080 frame and a 13x13 a quarter, among clutter:
    refused at the working size, found in the crop around its crosshatch, its size told
    among 19, 13 and 9, every crossing within a quarter of a pitch."""
    picture, to_board = _scene(case)
    geometry, registration = find_grid_of(picture, _sizes())
    assert geometry.spec["columns"] == load_geometry(board).spec["columns"]
    assert lattice_error_pitches(registration, geometry, to_board) < 0.25


@pytest.mark.slow
def test_the_board_found_closer_passes_the_independent_check_at_full_resolution():
    """The lattice the crop pass found, judged again on the full picture's own pixels
    around it (not shrunk), passes the piece-by-piece check."""
    picture, _ = _scene(THIRD_19)
    geometry, registration = find_grid_of(picture, _sizes())
    xs, ys = grid_lines_mm(geometry)
    corners = registration.to_pixels(np.array([[xs[0], ys[0]], [xs[-1], ys[-1]],
                                               [xs[0], ys[-1]], [xs[-1], ys[0]]]))
    x0, y0 = np.maximum(corners.min(axis=0) - 100, 0).astype(int)
    x1, y1 = np.minimum(corners.max(axis=0) + 100, FRAME).astype(int)
    grey = cv2.cvtColor(picture[y0:y1, x0:x1], cv2.COLOR_BGR2GRAY)
    to_board = registration.homography @ np.array([[1, 0, x0], [0, 1, y0], [0, 0, 1]])
    assert verify_lattice(line_response(grey), to_board, xs, ys) is None


@pytest.mark.slow
def test_the_crop_pass_keeps_no_lattice_the_independent_check_refuses(monkeypatch):
    """With the independent check refusing every lattice, the small board is found
    neither at the working size nor closer: refused, never returned."""
    picture, _ = _scene(THIRD_19)
    monkeypatch.setattr(gridfind, "verify_lattice",
                        lambda *args, **kwargs: "refused by the test")
    with pytest.raises(RegistrationError):
        find_grid_of(picture, _sizes())


@pytest.mark.slow
@pytest.mark.parametrize("grain", [0.0, 0.25])
def test_a_cluttered_table_with_no_board_is_no_board_found(tmp_path, capsys, grain):
    """Bowls, a keyboard (a crosshatch of its own, searched again closer) and the
    table's edge and grain, no board: "no board found: ..." from ``recognize``, never a
    board, never a crash."""
    path = tmp_path / "table.png"
    cv2.imwrite(str(path), bare_table(5, FRAME, grain))
    status = main(["recognize", "--game", "go", str(path), "--json"])
    result = json.loads(capsys.readouterr().out.strip())
    assert status == 1
    assert result["error"].startswith("no board found: ")


def _pasted_small(photo: np.ndarray, share: float, seed: int):
    """``photo``'s board cut out with 1.5 pitches around it, shrunk so its grid spans
    ``share`` of a 1920x1080 frame's height and pasted on a wooden table; and the
    board's crossings where they must land in the frame (the board found in the photo)."""
    from tests.helpers.cluttered_scenes import wood_table

    geometry, registration = find_grid_of(photo, _sizes())
    xs, ys = grid_lines_mm(geometry)
    points = np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 2)
    crossings = registration.to_pixels(points)
    middle = crossings.mean(axis=0)
    shrink = share * FRAME[1] / np.ptp(crossings, axis=0).max()
    move = np.vstack([cv2.getRotationMatrix2D(tuple(middle), 0.0, shrink), [0, 0, 1]])
    move[:2, 2] += np.array(FRAME) / 2 - middle
    margin = 1.5 * np.array([np.diff(xs).mean(), np.diff(ys).mean()])
    rim = np.array([[xs[0], ys[0]] - margin, [xs[-1] + margin[0], ys[0] - margin[1]],
                    [xs[-1], ys[-1]] + margin, [xs[0] - margin[0], ys[-1] + margin[1]]])
    mask = np.zeros(photo.shape[:2], np.uint8)
    cv2.fillConvexPoly(mask, np.rint(registration.to_pixels(rim)).astype(np.int32), 255)
    board = cv2.warpPerspective(photo, move, FRAME, flags=cv2.INTER_AREA)
    keep = cv2.warpPerspective(mask, move, FRAME)[..., None] > 127
    table = wood_table((FRAME[1], FRAME[0], 3), np.random.default_rng(seed), 0.15)
    must = cv2.perspectiveTransform(crossings.reshape(-1, 1, 2), move).reshape(-1, 2)
    return np.where(keep, board, table), geometry, points, must


@pytest.mark.slow
def test_a_thick_board_small_and_at_an_angle_is_not_found_a_line_off():
    """A tournament board (thick, seen at an angle) cut to its board and pasted so its
    grid spans a third of a 1080p frame: its far lines lie 5-6 pixels apart at the
    working size, where its near rim was taken for its last line. Seen again closer, it
    is found where it lies (or refused), never a line off."""
    photo = cv2.imread(str(DATA / "tournament.jpg"))
    picture, geometry, points, must = _pasted_small(photo, 1 / 3, 3)
    try:
        found, registration = find_grid_of(picture, _sizes())
    except RegistrationError:
        return  # refused is allowed; a board a line off is not
    assert found.spec["columns"] == geometry.spec["columns"]
    seen = registration.to_pixels(points).reshape(19, 19, 2)
    truth = must.reshape(19, 19, 2)
    pitch = np.median(np.linalg.norm(np.diff(truth, axis=1), axis=2))
    ways = [np.rot90(seen, k) for k in range(4)] + [np.rot90(seen, k).swapaxes(0, 1)
                                                   for k in range(4)]
    assert min(np.linalg.norm(way - truth, axis=2).max() for way in ways) < pitch / 3


# A 19x19 board a third of a 1080p frame with a keyboard lying against its corner, on a
# grained table: their crosshatch makes one region, too large to look at closer.
AGAINST_KEYBOARD = (0, "go-19", Pose(tilt_deg=10.82, azimuth_deg=315.6, roll_deg=15.36, fill=0.33,
                                     offset=(0.041, 0.151)))


def _against_keyboard():
    seed, board, pose = AGAINST_KEYBOARD
    return cluttered_scene(seed, board, pose, frame=FRAME, pieces={}, grain=0.15,
                           keyboard_against=True)


@pytest.mark.slow
def test_a_board_against_a_keyboard_is_a_region_of_its_own_and_found_closer():
    """The crosshatch of the board and of the keyboard touching it are split at the
    neck between them: one region holds the board's middle and not the keyboard's, and
    the board is found in the crop around it, every crossing within a quarter pitch."""
    picture, to_board = _against_keyboard()
    grey, scale = working_grey(picture)
    middle = _board_corners("go-19", to_board).mean(axis=0) * scale
    regions = [r for r in hatch_regions(line_response(grey))
               if r[0] <= middle[0] <= r[2] and r[1] <= middle[1] <= r[3]]
    assert len(regions) == 1
    assert crop_box(regions[0], scale, FRAME, max(grey.shape)) is not None
    geometry, registration = find_grid_of(picture, _sizes())
    assert geometry.spec["columns"] == 19
    assert lattice_error_pitches(registration, geometry, to_board) < 0.25


def test_in_a_crop_only_the_outlines_over_its_region_are_tried():
    """The board lies in the region of crosshatch the crop is around: an outline
    covering it (even far larger, or a part of it) is tried, one beside it is not."""
    region = np.array([100.0, 100.0, 300.0, 300.0])

    def square(x0: float, y0: float, x1: float, y1: float) -> np.ndarray:
        return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], float)

    assert over(square(110, 120, 290, 280), region)
    assert over(square(0, 0, 600, 600), region)  # the whole crop
    assert over(square(150, 150, 250, 250), region)  # a part of the board
    assert not over(square(310, 100, 500, 300), region)  # the keyboard beside it
    assert not over(square(250, 250, 450, 450), region)  # a quarter over it


@pytest.mark.slow
def test_a_13x13_board_seen_at_35_degrees_among_clutter_is_found():
    """A 13x13 board a third of a 1080p frame seen 35° from vertical, on a grained table
    with bowls, a keyboard and the table's edge: its size told among 19, 13 and 9, every
    crossing within a quarter of a pitch."""
    pose = Pose(tilt_deg=35.0, azimuth_deg=315.6, roll_deg=15.36, fill=0.33,
                offset=(0.041, 0.151))
    picture, to_board = cluttered_scene(0, "go-13", pose, frame=FRAME, pieces={}, grain=0.15)
    geometry, registration = find_grid_of(picture, _sizes())
    assert geometry.spec["columns"] == 13
    assert lattice_error_pitches(registration, geometry, to_board) < 0.25


@pytest.mark.slow
def test_a_late_game_small_on_a_grained_table_is_found_by_its_stones_closer():
    """A late game (``gaps``: its lines under stones) cut to its board and pasted at a
    third of a 1080p frame, turned, on a grained table with a keyboard and bowls (``bench
    grid-pasted``'s scheme): in the crop around its crosshatch only the spots near it
    are taken for stones (the grain's dark spots beside it had carried the lattice of
    stones onto the table: refused), and it is found, every crossing within a third of
    a pitch."""
    from benchmarks.grid_pasted import judge, pasted

    photo = cv2.imread(str(DATA / "gaps.jpg"))
    _, registration = find_grid_of(photo, _sizes())
    xs, ys = grid_lines_mm(load_geometry("go-19"))
    points = np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 2)
    crossings = registration.to_pixels(points).reshape(19, 19, 2)
    picture, must = pasted(photo, crossings, 1 / 3, "cut", 3625)
    outcome, pitches_off, _ = judge(picture, must)
    assert outcome == "found"
    assert pitches_off < 1 / 3


@pytest.mark.slow
def test_a_board_its_crop_cuts_too_close_is_searched_again_around_it():
    """A region of crosshatch may miss a board's far side (its finest lines): the crop
    around it then holds the whole board but cuts the picture less than 1.5 pitches past
    its edge line, where a line beyond could hide. That board is not kept as found, but
    searched again in the part of the picture around it, and found there."""
    picture, to_board = _scene(THIRD_19)
    corners = _board_corners("go-19", to_board)
    pitch = float(np.linalg.norm(corners[1] - corners[0])) / 18
    low, high = corners.min(axis=0), corners.max(axis=0)
    reach = 0.4 * float((high - low).max())
    box = (int(low[0] - reach), int(low[1] - reach), int(high[0] + reach),
           int(high[1] + 0.8 * pitch))  # its bottom a little more than a pitch past the board
    region = (*low, *high)
    assert gridfind._search_in(picture, box, _sizes(), None, region, again=False) is None
    geometry, registration = gridfind._search_in(picture, box, _sizes(), None, region)
    assert geometry.spec["columns"] == 19
    assert lattice_error_pitches(registration, geometry, to_board) < 0.25


@pytest.mark.slow
def test_a_small_board_blurred_in_its_crop_is_outlined_from_the_pieces_at_half_size(
        monkeypatch):
    """A thick tournament board seen at an angle, pasted a quarter of a 1080p frame's
    height on a grained table (the pasted bench's picture): its crop is enlarged about
    2.6 times, and its blurred lines give the segment detector few pieces among the
    grain's. The outlines from the pieces found at half the crop's size hold its web:
    it is found, every crossing within a third of a pitch; without them, refused."""
    photo = cv2.imread(str(DATA / "tournament.jpg"))
    crossings = _crossings(*find_grid_of(photo, _sizes()))
    picture, must = pasted(photo, crossings, 1 / 4, "cut", 3643)
    geometry, registration = find_grid_of(picture, _sizes())
    assert pitches_off(_crossings(geometry, registration), must) < 1 / 3
    monkeypatch.setattr(gridfind, "BLURRED_ZOOM", float("inf"))
    with pytest.raises(RegistrationError):
        find_grid_of(picture, _sizes())

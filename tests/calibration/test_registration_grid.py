"""A plain grid board found by its lines, on rendered views with a known pose."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from calibration.gridfind import find_grid, grid_lines_mm
from calibration.intrinsics import CameraModel
from calibration.registration import RegistrationError
from calibration.synthetic import SyntheticCamera, grid_plan, look_at, project, render
from companion.cli import main
from companion.geometry import load_geometry
from tests.helpers.cluttered_scenes import ON_GRAIN, lattice_error_pitches

CAMERA = SyntheticCamera(width=1024, height=768, focal_px=820.0)
MODEL = CameraModel(CAMERA.matrix, CAMERA.dist, CAMERA.size)


def crossings(geometry) -> np.ndarray:
    xs, ys = grid_lines_mm(geometry)
    return np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 2)


def photograph(geometry, tilt, yaw=0.0, roll=0.0, seed=0):
    plan, origin = grid_plan(geometry, px_per_mm=3.0)
    centre = (geometry.width_mm / 2, geometry.height_mm / 2)
    distance = 1.5 * max(geometry.width_mm, geometry.height_mm)
    pose = look_at(centre, distance, tilt, yaw_deg=yaw, roll_deg=roll)
    return render(plan, origin, 3.0, CAMERA, pose, seed=seed), pose


def error_mm(registration, geometry, pose) -> np.ndarray:
    points = crossings(geometry)
    return np.linalg.norm(registration.to_board(project(points, CAMERA, pose)) - points, axis=1)


@pytest.mark.parametrize("name", ["onslaught", "go-9"])
@pytest.mark.parametrize("tilt,yaw", [pytest.param(0.0, 4.0, marks=pytest.mark.slow),
                                      pytest.param(30.0, 15.0, marks=pytest.mark.slow),
                                      pytest.param(45.0, -20.0, marks=pytest.mark.slow),
                                      (60.0, 20.0)])
def test_grid_found_with_a_calibrated_camera(name, tilt, yaw):
    geometry = load_geometry(name)
    picture, pose = photograph(geometry, tilt, yaw)
    registration = find_grid(picture, geometry, MODEL)
    assert registration.method == "grid"
    assert error_mm(registration, geometry, pose).max() < 1.0
    assert registration.confidence > 0.9


def test_a_board_seen_turned_in_the_picture():
    geometry = load_geometry("onslaught")
    picture, pose = photograph(geometry, 35.0, 10.0, roll=30.0, seed=4)
    registration = find_grid(picture, geometry, MODEL)
    assert error_mm(registration, geometry, pose).max() < 1.0


def test_grid_found_without_a_camera_model_to_a_millimetre_or_two():
    geometry = load_geometry("onslaught")
    picture, pose = photograph(geometry, 30.0, 10.0, seed=3)
    registration = find_grid(picture, geometry)
    errors = error_mm(registration, geometry, pose)
    assert errors.mean() < 1.0 and errors.max() < 2.5


def test_a_board_lying_turned_is_turned_back_with_a_calibrated_camera():
    geometry = load_geometry("go-9")  # 22 mm across, 23.7 mm from player to player
    picture, pose = photograph(geometry, 35.0, 0.0, roll=90.0, seed=5)
    registration = find_grid(picture, geometry, MODEL)
    points = crossings(geometry)
    seen = registration.to_board(project(points, CAMERA, pose))
    # A plain grid looks the same after a half turn: either way round is right.
    half_turn = points.min(axis=0) + points.max(axis=0) - points
    error = min(np.abs(seen - points).max(), np.abs(seen - half_turn).max())
    assert error < 1.0


@pytest.mark.parametrize("name,share", [("go-9", 0.25),
                                        pytest.param("go-19", 0.45, marks=pytest.mark.slow)])
def test_stones_on_the_board_do_not_matter(name, share):
    import cv2

    geometry = load_geometry(name)
    picture, pose = photograph(geometry, 25.0, 5.0, seed=7)
    rng = np.random.default_rng(7)
    points = crossings(geometry)
    pixels = project(points, CAMERA, pose)
    radius = round(0.46 * np.linalg.norm(pixels[1] - pixels[0]))
    for k in rng.choice(len(points), round(share * len(points)), replace=False):
        x, y = pixels[k]
        colour = (20, 20, 20) if k % 2 else (235, 235, 235)
        cv2.circle(picture, (round(x + 2), round(y + 3)), radius, (60, 70, 80), -1)  # shadow
        cv2.circle(picture, (round(x), round(y)), radius, colour, -1)
    registration = find_grid(picture, geometry, MODEL)
    assert error_mm(registration, geometry, pose).max() < 1.0


def test_no_grid_in_the_picture_is_said_in_words():
    with pytest.raises(RegistrationError, match="lines|grid"):
        find_grid(np.full((600, 800, 3), 120, np.uint8), load_geometry("go-9"))


def test_only_grid_boards_can_be_found_by_their_lines():
    with pytest.raises(RegistrationError, match="corner markers"):
        find_grid(np.zeros((10, 10, 3), np.uint8), load_geometry("one-60"))


def test_calibrate_board_grid_command(tmp_path, companion_home, capsys):
    import cv2

    geometry = load_geometry("onslaught")
    picture, _ = photograph(geometry, 20.0, 5.0)
    path = tmp_path / "board.png"
    cv2.imwrite(str(path), picture)
    overlay = tmp_path / "check.png"
    assert main(["calibrate", "board", "onslaught", str(path), "--grid",
                 "--overlay", str(overlay)]) == 0
    assert "Board found (grid" in capsys.readouterr().out
    marked = cv2.imread(str(overlay))
    assert marked.shape == picture.shape and (marked != picture).any()


def test_a_printed_board_with_corner_markers_is_found_by_its_lines_too():
    import cv2

    from calibration.layout import board_layout
    from calibration.markers import marker_image

    geometry = load_geometry("go-9")
    layout = board_layout(geometry)
    plan, origin = grid_plan(geometry, px_per_mm=3.0, border_mm=45.0, wood=(245, 245, 245))
    for marker_id, corners in layout.markers.items():
        side = round(layout.marker_size * 3.0)
        u, v = (round((c - o) * 3.0) for c, o in zip(corners[0], origin, strict=True))
        plan[v:v + side, u:u + side] = cv2.cvtColor(marker_image(marker_id, side),
                                                    cv2.COLOR_GRAY2BGR)
    pose = look_at((geometry.width_mm / 2, geometry.height_mm / 2), 420.0, 40.0, yaw_deg=10)
    picture = render(plan, origin, 3.0, CAMERA, pose, seed=2)
    registration = find_grid(picture, geometry, MODEL)
    assert error_mm(registration, geometry, pose).max() < 1.0


@pytest.mark.parametrize("name", ["go-9", *(pytest.param(n, marks=pytest.mark.slow)
                                         for n in ("go-13", "go-19"))])
def test_the_board_s_size_is_found_among_several(name):
    from calibration.gridfind import find_grid_of

    sizes = [load_geometry(n) for n in ("go-9", "go-13", "go-19")]
    geometry = next(g for g in sizes if g.spec["columns"] == int(name[3:]))
    picture, pose = photograph(geometry, 30.0, 10.0, roll=15.0, seed=2)
    found, registration = find_grid_of(picture, sizes, MODEL)
    assert found is geometry
    assert error_mm(registration, geometry, pose).max() < 1.0


def test_a_lattice_one_line_off_is_refused():
    from calibration.gridfind import (
        lattice_check,
        lattice_diagnostics,
        line_response,
    )

    geometry = load_geometry("go-19")
    picture, _pose = photograph(geometry, 20.0, 5.0, seed=3)
    registration = find_grid(picture, geometry)
    xs, ys = grid_lines_mm(geometry)
    grey = cv2.cvtColor(picture, cv2.COLOR_BGR2GRAY)
    response = line_response(grey)
    assert lattice_check(lattice_diagnostics(response, registration.homography, xs, ys)) is None
    for dx, dy in ((1, 0), (0, -1)):
        shift = np.array([[1, 0, dx * np.diff(xs).mean()], [0, 1, dy * np.diff(ys).mean()],
                          [0, 0, 1]])
        off = shift @ registration.homography
        assert "line" in lattice_check(lattice_diagnostics(response, off, xs, ys))


CLUTTERED = [  # (board, frame, tilt, azimuth, roll, fill, offset, stones)
    ("go-9", (1920, 1080), 30.0, 20.0, 5.0, 0.38, (0.3, -0.2), False),
    ("go-13", (1920, 1080), 25.0, 200.0, -10.0, 0.42, (-0.3, 0.1), True),
    ("go-9", (1280, 960), 40.0, 120.0, 15.0, 0.45, (0.2, 0.3), True),
    ("go-13", (1280, 960), 38.0, 300.0, 0.0, 0.55, (-0.2, -0.2), False),
    ("go-19", (640, 480), 35.0, 10.0, -5.0, 0.8, (0.0, 0.0), True),
    ("go-19", (1280, 960), 20.0, 60.0, 8.0, 0.6, (0.4, 0.2), True),
]


@pytest.mark.parametrize("case", [c if c == 4 else pytest.param(c, marks=pytest.mark.slow)
                                  for c in range(len(CLUTTERED))])
def test_a_board_small_among_clutter_is_found_with_its_size(case):
    """A board a third to a half of the frame, among bowls, a keyboard, the table's edge
    and wood grain, up to 40° from vertical: found, its size told among 9, 13 and 19."""
    from calibration.gridfind import find_grid_of
    from companion.vision.scene import Pose
    from tests.helpers.cluttered_scenes import cluttered_scene

    board, frame, tilt, azimuth, roll, fill, offset, stones = CLUTTERED[case]
    pose = Pose(tilt_deg=tilt, azimuth_deg=azimuth, roll_deg=roll, fill=fill, offset=offset)
    picture, to_board = cluttered_scene(case, board, pose, frame=frame,
                                        pieces=None if stones else {})
    sizes = [load_geometry(n) for n in ("go-19", "go-13", "go-9")]
    found, registration = find_grid_of(picture, sizes)
    assert found.spec["columns"] == load_geometry(board).spec["columns"]
    assert lattice_error_pitches(registration, found, to_board) < 0.2


@pytest.mark.slow
@pytest.mark.parametrize("case", range(len(ON_GRAIN)))
def test_a_small_board_on_strong_wood_grain_is_found_with_its_size(case):
    """A 9x9 or 13x13 board a third to a half of the frame on wood grain as dark and
    dense as its lines, with clutter or without: found (the second search, among the
    pieces outside the grain), its size told among 9, 13 and 19, every crossing
    within a quarter of a pitch."""
    from calibration.gridfind import find_grid_of
    from companion.vision.scene import Pose
    from tests.helpers.cluttered_scenes import cluttered_scene

    seed, board, frame, tilt, azimuth, roll, fill, offset, clutter = ON_GRAIN[case]
    pose = Pose(tilt_deg=tilt, azimuth_deg=azimuth, roll_deg=roll, fill=fill, offset=offset)
    picture, to_board = cluttered_scene(seed, board, pose, frame=frame, grain=0.25,
                                        clutter=clutter)
    sizes = [load_geometry(n) for n in ("go-19", "go-13", "go-9")]
    found, registration = find_grid_of(picture, sizes)
    assert found.spec["columns"] == load_geometry(board).spec["columns"]
    assert lattice_error_pitches(registration, found, to_board) < 0.25


@pytest.mark.parametrize("seed", [0, pytest.param(1, marks=pytest.mark.slow)])
def test_a_table_of_wood_grain_alone_is_no_board_said_in_words(seed):
    """Strong grain all one way, as dark and dense as a board's lines: no board, and
    the answer says the lines run one way, never anything but RegistrationError."""
    from calibration.gridfind import find_grid_of
    from tests.helpers.cluttered_scenes import wood_table

    picture = wood_table((1080, 1920, 3), np.random.default_rng(seed), 0.25)
    sizes = [load_geometry(n) for n in ("go-19", "go-13", "go-9")]
    with pytest.raises(RegistrationError, match="run one way"):
        find_grid_of(picture, sizes)


@pytest.mark.slow
def test_a_photo_of_wood_grain_is_no_board_found_with_the_reason(tmp_path, capsys):
    """``recognize`` on a table of strong grain and no board: "no board found: ..."
    saying the lines run one way, never a board, never a crash."""
    import json

    from tests.helpers.cluttered_scenes import wood_table

    path = tmp_path / "grain.png"
    cv2.imwrite(str(path), wood_table((720, 1280, 3), np.random.default_rng(4), 0.25))
    status = main(["recognize", "--game", "go", str(path), "--json"])
    result = json.loads(capsys.readouterr().out.strip())
    assert status == 1
    assert result["error"].startswith("no board found: most of the picture's lines run one way")


@pytest.mark.slow
def test_a_keyboard_beside_the_board_is_not_taken_for_it():
    """A keyboard's keys are a lattice of dark lines too, with every other line of any
    finer lattice on a key: refused, so the board beside it is found."""
    from calibration.gridfind import find_grid_of
    from companion.vision.scene import Pose
    from tests.helpers.cluttered_scenes import cluttered_scene

    pose = Pose(tilt_deg=33.0, azimuth_deg=40.0, roll_deg=5.0, fill=0.34, offset=(0.1, 0.2))
    picture, to_board = cluttered_scene(32, "go-19", pose, frame=(1920, 1080))
    sizes = [load_geometry(n) for n in ("go-19", "go-13", "go-9")]
    try:
        found, registration = find_grid_of(picture, sizes)
    except RegistrationError:
        return  # not found is allowed; a wrong board is not
    assert found.spec["columns"] == 19
    assert lattice_error_pitches(registration, found, to_board) < 0.2


def _junk_pictures() -> dict[str, np.ndarray]:
    rng = np.random.default_rng(3)
    single = np.full((480, 640, 3), 200, np.uint8)
    cv2.line(single, (20, 240), (620, 250), (0, 0, 0), 2)
    chess = ((np.indices((480, 640)) // 40).sum(axis=0) % 2 * 255).astype(np.uint8)
    lines = np.full((600, 800), 180, np.uint8)
    for _ in range(40):
        a, b = rng.integers(0, 800, 2), rng.integers(0, 600, 2)
        cv2.line(lines, (int(a[0]), int(b[0])), (int(a[1]), int(b[1])), 30, 1)
    ruled = np.full((600, 800), 220, np.uint8)
    ruled[::23] = 40  # ruled paper: one family of lines only
    return {
        "one pixel": np.zeros((1, 1, 3), np.uint8),
        "tiny": rng.integers(0, 255, (12, 9, 3), dtype=np.uint8),
        "a strip": rng.integers(0, 255, (40, 3000, 3), dtype=np.uint8),
        "blank": np.full((480, 640, 3), 128, np.uint8),
        "black": np.zeros((480, 640, 3), np.uint8),
        "noise": rng.integers(0, 255, (480, 640, 3), dtype=np.uint8),
        "grey noise": rng.integers(0, 255, (720, 960), dtype=np.uint8),
        "a single line": single,
        "a chessboard": cv2.cvtColor(chess, cv2.COLOR_GRAY2BGR),
        "random lines": lines,
        "ruled paper": ruled,
        "with alpha": np.dstack([rng.integers(0, 255, (300, 400, 3), dtype=np.uint8),
                                 np.full((300, 400), 255, np.uint8)]),
        "16-bit": rng.integers(0, 65535, (300, 400), dtype=np.uint16),
        "float": rng.random((300, 400, 3)).astype(np.float32),
        "two channels": np.zeros((100, 100, 2), np.uint8),
    }


@pytest.mark.parametrize("name", [
    pytest.param(n, marks=pytest.mark.slow)
    if n in ("a chessboard", "random lines", "16-bit", "grey noise", "float", "noise") else n
    for n in sorted(_junk_pictures())])
def test_junk_never_raises_anything_but_registration_error(name):
    from calibration.gridfind import find_grid_of

    picture = _junk_pictures()[name]
    sizes = [load_geometry(n) for n in ("go-19", "go-13", "go-9")]
    try:
        find_grid_of(picture, sizes)
    except RegistrationError as error:
        assert str(error)
    else:  # a chessboard may pass as some grid; never anything worse than that
        assert name == "a chessboard"

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
@pytest.mark.parametrize("tilt,yaw", [(0.0, 4.0), (30.0, 15.0), (45.0, -20.0), (60.0, 20.0)])
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


@pytest.mark.parametrize("name,share", [("go-9", 0.25), ("go-19", 0.45)])
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


@pytest.mark.parametrize("name", ["go-9", "go-13", "go-19"])
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

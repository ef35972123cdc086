"""``companion recognize``: the JSON it prints for rendered pictures, and a clear
"no board found" for pictures with no board."""

import json

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.vision.scene import Effects, Pose, render_scene

PIECES = {"C3": "black", "G7": "white"}


def _corners(truth):
    return ";".join(f"{x:.1f},{y:.1f}" for x, y in truth["corners_px"])


@pytest.fixture(scope="module")
def go9(tmp_path_factory):
    """A 9×9 board's picture and its truth, rendered once for the tests that read it."""
    pose = Pose(tilt_deg=30.0, azimuth_deg=15.0, roll_deg=-20.0)
    image, truth = render_scene(4, "go-9", PIECES, pose, Effects(noise=3.0, jpeg=85))
    path = tmp_path_factory.mktemp("recognize") / "go9.jpg"
    cv2.imwrite(str(path), image)
    return path, truth


def test_json_names_every_space_and_the_grid_as_the_picture_shows_it(go9, capsys):
    path, truth = go9
    assert main(["recognize", "--game", "go", "--size", "9", "--corners", _corners(truth),
                 str(path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out.strip())
    assert result["image"] == str(path)
    assert result["occluded"] is False and result["unsure"] == []
    assert {c["space"]: c["content"] for c in result["cells"]} == truth["cells"]
    assert all(0.0 <= c["confidence"] <= 1.0 for c in result["cells"])
    assert set(result["ms"]) >= {"registration", "classification", "total"}
    grid = result["grid"]
    assert len(grid) == 9 and all(len(row) == 9 for row in grid)
    assert "".join(grid).count("B") == 1 and "".join(grid).count("W") == 1
    # Rows run down the picture and characters across it, as the picture shows them.
    (row_b, col_b), (row_w, col_w) = (
        next((i, row.index(ch)) for i, row in enumerate(grid) if ch in row) for ch in "BW")
    (xb, yb), (xw, yw) = truth["spaces_px"]["C3"], truth["spaces_px"]["G7"]
    assert (row_b < row_w) == (yb < yw) and (col_b < col_w) == (xb < xw)


def test_one_json_object_per_picture(go9, capsys):
    path, truth = go9
    main(["recognize", "--game", "go", "--size", "9", "--corners", _corners(truth),
          str(path), str(path), "--json"])
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 2 and all(json.loads(line)["grid"] for line in lines)


@pytest.mark.parametrize("kind", ["blank", "black", "noise"])
def test_a_picture_without_a_board_gives_no_board_found(tmp_path, capsys, kind):
    picture = {
        "blank": np.full((960, 1280, 3), 210, np.uint8),
        "black": np.zeros((960, 1280, 3), np.uint8),
        "noise": np.random.default_rng(1).integers(0, 256, (960, 1280, 3), dtype=np.uint8),
    }[kind]
    path = tmp_path / f"{kind}.png"
    cv2.imwrite(str(path), picture)
    status = main(["recognize", "--game", "go", "--size", "9",
                   "--corners", "100,100;1100,120;1080,900;90,880", str(path), "--json"])
    result = json.loads(capsys.readouterr().out.strip())
    assert status == 1
    assert result["error"].startswith("no board found")
    assert "cells" not in result


def test_bad_corners_and_unknown_games_are_explained(go9, capsys):
    path, _ = go9
    assert main(["recognize", "--game", "go", "--corners", "1,2;3", str(path)]) == 1
    assert "four corners" in capsys.readouterr().err
    assert main(["recognize", "--game", "chess", str(path)]) == 1
    assert "cannot read 'chess'" in capsys.readouterr().err


def test_a_go_board_is_found_without_corners_and_read_as_the_picture_shows_it(tmp_path, capsys):
    from companion.geometry import load_geometry
    from companion.vision.grid_text import grid_rows

    board = load_geometry("go-19")
    pieces = {"D4": "black", "Q16": "white", "K10": "black", "C17": "white"}
    image, truth = render_scene(2, board, pieces, Pose(tilt_deg=20.0, azimuth_deg=10.0),
                                Effects(noise=3.0, jpeg=85))
    path = tmp_path / "go19.jpg"
    cv2.imwrite(str(path), image)
    assert main(["recognize", "--game", "go", "--size", "19", str(path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out.strip())
    expected = grid_rows(board, truth["cells"], np.linalg.inv(np.array(truth["homography"])))
    assert result["grid"] == expected
    assert result["registration"] != "corners"


def test_oneworld_counters_are_printed_as_side_face_and_stack(tmp_path, capsys):
    counters = {"C4": {"side": "borg", "face": "stone", "stack": False},
                "G8": {"side": "chez", "face": "fog", "stack": True}}
    image, truth = render_scene(5, "oneworld", counters, Pose(tilt_deg=10.0),
                                Effects(noise=2.0), kind="counters")
    path = tmp_path / "map.png"
    cv2.imwrite(str(path), image)
    main(["recognize", "--game", "oneworld", "--corners", _corners(truth), str(path), "--json"])
    cells = {c["space"]: c["content"] for c in json.loads(capsys.readouterr().out)["cells"]}
    assert {name: cells[name] for name in counters} == counters
    assert sum(1 for content in cells.values() if content != "empty") == 2


def _size_scene(seed, name):
    pose = Pose(tilt_deg=12.0 + 6 * seed, azimuth_deg=35.0 * seed, roll_deg=-20.0 + 15 * seed)
    return render_scene(seed, name, None, pose, Effects(noise=3.0, jpeg=85, light_gradient=0.2))


@pytest.mark.parametrize("size", [9, *(pytest.param(s, marks=pytest.mark.slow) for s in (13, 19))])
def test_a_go_board_s_size_is_found_from_its_lines(tmp_path, capsys, size):
    from companion.geometry import load_geometry
    from companion.vision.grid_text import grid_rows

    board = load_geometry(f"go-{size}")
    wrong = unsure = 0
    for seed in range(3):  # random stones, on a cloth around the board
        image, truth = _size_scene(seed, board)
        path = tmp_path / f"go{size}-{seed}.jpg"
        cv2.imwrite(str(path), image)
        assert main(["recognize", "--game", "go", str(path), "--json"]) == 0
        result = json.loads(capsys.readouterr().out.strip())
        assert result["size"] == size
        expected = grid_rows(board, truth["cells"], np.linalg.inv(np.array(truth["homography"])))
        seen, right = "".join(result["grid"]), "".join(expected)
        unsure += seen.count("?")
        wrong += sum(a != b and a != "?" for a, b in zip(seen, right, strict=True))
    assert wrong == 0 and unsure <= 0.01 * 3 * size * size


@pytest.mark.parametrize("size", [pytest.param(None, marks=pytest.mark.slow), 19])
def test_a_board_with_a_line_cut_off_is_not_read_a_line_off(tmp_path, capsys, size):
    image, truth = render_scene(1, "go-19", {"D4": "black", "Q16": "white"},
                                Pose(tilt_deg=15.0, azimuth_deg=0.0, roll_deg=0.0),
                                Effects(noise=3.0, jpeg=85))
    spaces = truth["spaces_px"]
    left = max(spaces[f"A{row}"][0] for row in range(1, 20))
    pitch = min(spaces[f"B{row}"][0] - spaces[f"A{row}"][0] for row in range(1, 20))
    path = tmp_path / "cut.png"
    cv2.imwrite(str(path), image[:, round(left + 0.5 * pitch):])
    status = main(["recognize", "--game", "go", *(["--size", str(size)] if size else []),
                   str(path), "--json"])
    result = json.loads(capsys.readouterr().out.strip())
    assert status == 1 and result["error"].startswith("no board found")

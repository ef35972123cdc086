"""``companion calibrate camera`` and ``companion calibrate board`` end to end."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from calibration import charuco
from calibration.intrinsics import CameraModel
from calibration.layout import board_layout
from calibration.synthetic import SyntheticCamera, look_at, plan_image, project, render
from companion.cli import main
from companion.geometry import load_geometry
from tests.helpers.paths import TEST_DATA

DATA = TEST_DATA / "chessboard"
CAMERA = SyntheticCamera(width=800, height=600, focal_px=700.0)


def test_calibrate_camera_json_on_the_last_line(companion_home, tmp_path, capsys):
    junk = tmp_path / "notes.jpg"
    junk.write_text("not a picture")
    missing = tmp_path / "left99.jpg"
    images = [str(p) for p in sorted(DATA.glob("left*.jpg"))] + [str(junk), str(missing)]
    assert main(["calibrate", "camera", "--chessboard", "9x6", "--json", *images]) == 0
    out, err = capsys.readouterr()
    result = json.loads(out.strip().splitlines()[-1])
    assert result["rms"] < 0.41 and result["quality"] == "good"
    assert result["rejected"] == [
        {"name": "notes.jpg", "reason": f"{junk} is not a picture that can be read (a JPEG "
                                        "or PNG photo, for example)."},
        {"name": "left99.jpg", "reason": f"There is no file {missing}."}]
    assert "not used: notes.jpg" in err and "WARN" not in err  # not OpenCV's own words
    saved = CameraModel.load(companion_home / "camera.json")
    assert saved.rms == pytest.approx(result["rms"])


def test_calibrate_camera_in_words_and_refusals(companion_home, tmp_path, capsys):
    images = [str(p) for p in sorted(DATA.glob("left*.jpg"))]
    out_file = tmp_path / "cam.json"
    assert main(["calibrate", "camera", "--chessboard", "9x6", "-o", str(out_file),
                 *images]) == 0
    assert "RMS reprojection error" in capsys.readouterr().out and out_file.exists()
    assert main(["calibrate", "camera", "--chessboard", "7x7", *images]) == 1
    assert "Only 0 usable picture(s)" in capsys.readouterr().err
    assert main(["calibrate", "camera", "--chessboard", "nine", *images]) == 1
    assert "e.g. 9x6" in capsys.readouterr().err
    assert main(["calibrate", "camera", "--charuco"]) == 1
    assert "--live SOURCE" in capsys.readouterr().err


def test_charuco_pictures_are_all_taken_as_pictures(companion_home, tmp_path, capsys):
    """`--charuco photos/*.jpg`, as the docs write it: the first photo is a photo, not
    the board's spec (given with --spec)."""
    photos = [tmp_path / "a.jpg", tmp_path / "b.jpg"]
    for photo in photos:
        photo.write_text("not a picture")
    for spec in ([], ["--spec", "5x7:33:25"]):
        assert main(["calibrate", "camera", "--charuco", *spec, *map(str, photos)]) == 1
        err = capsys.readouterr().err
        assert "not used: a.jpg" in err and "not used: b.jpg" in err
    assert main(["calibrate", "camera", "--charuco", "--spec", "seven", str(photos[0])]) == 1
    assert "COLSxROWS" in capsys.readouterr().err


@pytest.mark.slow
def test_calibrate_camera_live_from_a_replayed_camera(companion_home, tmp_path, capsys):
    spec = charuco.parse_spec()
    board = cv2.cvtColor(charuco.render(spec, 4.0), cv2.COLOR_GRAY2BGR)
    plan = cv2.copyMakeBorder(board, 40, 40, 40, 40, cv2.BORDER_CONSTANT, value=(255,) * 3)
    folder = tmp_path / "frames"
    folder.mkdir()
    poses = [((80, 115), 420, 0, 0, 0), ((50, 90), 380, 30, 20, 10), ((110, 150), 400, 35, 200, 0),
             ((80, 120), 440, 40, 90, 5), ((90, 110), 430, 38, 270, 0),
             ((40, 60), 340, 25, 45, 30), ((130, 190), 360, 25, 135, -30)]
    for i, (target, distance, tilt, yaw, roll) in enumerate(poses):
        pose = look_at(target, distance, tilt, yaw_deg=yaw, roll_deg=roll)
        picture = render(plan, (-10, -10), 4.0, CAMERA, pose, seed=i)
        cv2.imwrite(str(folder / f"{i:02d}.png"), picture)
        cv2.imwrite(str(folder / f"{i:02d}b.png"), picture)  # the same view twice
    source = f"replay:{folder}?fps=0&loop=0"
    assert main(["calibrate", "camera", "--charuco", "--live", source, "--json"]) == 0
    out, err = capsys.readouterr()
    result = json.loads(out.strip().splitlines()[-1])
    assert len(result["per_view"]) == len(poses)  # each repeated frame taken once
    assert result["matrix"][0][0] == pytest.approx(CAMERA.focal_px, rel=0.03)
    assert "7 of 10 pictures: keep moving" in err


def test_calibrate_board_from_markers_and_from_corners(companion_home, tmp_path, capsys):
    geometry = load_geometry("onslaught")
    layout = board_layout(geometry)
    pinhole = SyntheticCamera(width=800, height=600, focal_px=700.0, distortion=(0,) * 5)
    pose = look_at((160, 160), 620, 30, yaw_deg=10)
    picture = render(plan_image(layout, geometry, 3.0), layout.extent[:2], 3.0, pinhole, pose)
    image = tmp_path / "table.png"
    cv2.imwrite(str(image), picture)
    assert main(["calibrate", "board", "onslaught", str(image), "--json"]) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["markers"] == [0, 1, 2, 3] and result["confidence"] > 0.9
    homography = np.array(result["homography"])
    centre = project([[160, 160]], pinhole, pose).reshape(1, 1, 2)
    assert cv2.perspectiveTransform(centre, homography).ravel() == pytest.approx([160, 160],
                                                                                abs=0.5)
    saved = json.loads((companion_home / "registration.json").read_text())
    assert saved["method"] == "markers"

    taps = [f"{x:.1f},{y:.1f}" for x, y in project(layout.board_corners(), pinhole, pose)]
    assert main(["calibrate", "board", "onslaught", str(image), "--corners", ";".join(taps)]) == 0
    assert "Board found (corners" in capsys.readouterr().out
    assert main(["calibrate", "board", "onslaught", str(image), "--corners", " ".join(taps)]) == 0
    assert "Board found (corners" in capsys.readouterr().out  # spaces for the semicolons
    assert main(["calibrate", "board", "onslaught", str(image), "--corners", "1;2;3;4"]) == 1
    assert "--corners takes four corners as x,y;x,y;x,y;x,y" in capsys.readouterr().err


def test_calibrate_field_in_inches(companion_home, tmp_path, capsys):
    from calibration.layout import field_layout

    layout = field_layout()
    pinhole = SyntheticCamera(width=960, height=720, focal_px=700.0, distortion=(0,) * 5)
    pose = look_at((12.0, 12.0), 55.0, 35.0, yaw_deg=-10)
    picture = render(plan_image(layout, None, 30.0), layout.extent[:2], 30.0, pinhole, pose)
    image = tmp_path / "lawn.png"
    cv2.imwrite(str(image), picture)
    assert main(["calibrate", "field", str(image), "--json"]) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["units"] == "in" and result["markers"] == [4, 5, 6, 7]
    middle = project([[6.0, 18.0]], pinhole, pose).reshape(1, 1, 2)
    homography = np.array(result["homography"])
    assert cv2.perspectiveTransform(middle, homography).ravel() == pytest.approx([6, 18],
                                                                               abs=0.05)
    assert main(["calibrate", "field", str(image), "--size", "two feet"]) == 1
    assert "WxH" in capsys.readouterr().err

"""``companion cameras`` on a made-up Linux video device tree and a stand-in picamera2."""

import pytest

from companion.cli import main
from hardware import cameras
from hardware.frames.picamera import PiCameraMissing


def video_node(root, number, name, *, usb=True, index=0):
    """A /sys/class/video4linux entry: a link to its device, as Linux makes it."""
    bus = "usb1/1-1/1-1:1.0" if usb else "platform/soc/bcm2835-codec"
    device = root / "devices" / bus / "video4linux" / f"video{number}"
    device.mkdir(parents=True)
    (device / "name").write_text(f"{name}\n")
    (device / "index").write_text(f"{index}\n")
    (root / "class").mkdir(exist_ok=True)
    (root / "class" / f"video{number}").symlink_to(device)


class FakePicamera2:
    @staticmethod
    def global_camera_info():
        return [{"Model": "imx708", "Num": 0, "Id": "/base/soc/i2c0mux/i2c@1/imx708@1a"}]


def no_picamera2():
    raise PiCameraMissing("picamera2 is not installed")


def test_usb_webcams_are_listed_once_each_by_their_source(tmp_path):
    video_node(tmp_path, 2, "HD Pro Webcam C920")
    video_node(tmp_path, 3, "HD Pro Webcam C920", index=1)  # its metadata node
    video_node(tmp_path, 0, "USB Camera")
    video_node(tmp_path, 10, "bcm2835-codec-decode", usb=False)
    found = cameras.usb_cameras(tmp_path / "class")
    assert found == [cameras.Camera("usb:0", "USB Camera", "/dev/video0"),
                     cameras.Camera("usb:2", "HD Pro Webcam C920", "/dev/video2")]


def test_the_command_lists_pi_and_usb_cameras(tmp_path, capsys):
    video_node(tmp_path, 0, "USB Camera")
    code = cameras.run(None, devices=tmp_path / "class", picamera2=lambda: FakePicamera2)
    lines = capsys.readouterr().out.splitlines()
    assert code == 0
    assert lines[0].split()[:2] == ["picamera:0", "imx708"]
    assert lines[1].split() == ["usb:0", "USB", "Camera", "(/dev/video0)"]


def test_no_camera_says_what_to_check(tmp_path, capsys):
    assert cameras.run(None, devices=tmp_path / "none", picamera2=no_picamera2) == 1
    out = capsys.readouterr().out
    assert out.startswith("No camera found.") and "python3-picamera2" in out


def test_cameras_is_a_command(capsys):
    with pytest.raises(SystemExit):
        main(["cameras", "--help"])
    assert "--source" in capsys.readouterr().out

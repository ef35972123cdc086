"""Replays of picture folders and video files, paced by a fake clock."""

import cv2
import numpy as np
import pytest

from hardware.frames import FrameSourceError, ReplayEnded
from hardware.frames.replay import ReplaySource


def write_pictures(folder, count, size=(48, 32)):
    """Write ``count`` pictures whose blue channel holds their index, named out of order
    of creation so the test sees the sort by name."""
    folder.mkdir()
    for index in reversed(range(count)):
        image = np.zeros((size[1], size[0], 3), np.uint8)
        image[:, :, 0] = 40 * index
        cv2.imwrite(str(folder / f"frame-{index:02d}.png"), image)
    return folder


def write_video(path, count, size=(64, 48)):
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10.0, size)
    assert writer.isOpened()
    for index in range(count):
        image = np.full((size[1], size[0], 3), 30 * index, np.uint8)
        writer.write(image)
    writer.release()
    return path


def test_folder_replays_in_name_order_at_the_chosen_rate(tmp_path, fake_clock):
    folder = write_pictures(tmp_path / "pics", 3)
    source = ReplaySource(folder, fps=2, loop=False, clock=fake_clock, sleep=fake_clock.sleep)
    frames = [source.read() for _ in range(3)]
    assert [int(f.image[0, 0, 0]) for f in frames] == [0, 40, 80]
    assert [f.sequence for f in frames] == [0, 1, 2]
    assert [f.timestamp - 1000.0 for f in frames] == [0.0, 0.5, 1.0]
    assert fake_clock.sleeps == [0.5, 0.5]
    assert frames[0].width == 48 and frames[0].height == 32
    assert "pics" in frames[0].source and len(source) == 3


def test_each_picture_is_held_for_its_frames_at_the_chosen_rate(tmp_path, fake_clock):
    folder = write_pictures(tmp_path / "pics", 2)
    source = ReplaySource(folder, fps=2, loop=True, hold=3, clock=fake_clock,
                          sleep=fake_clock.sleep)
    frames = [source.read() for _ in range(7)]
    assert [int(f.image[0, 0, 0]) for f in frames] == [0, 0, 0, 40, 40, 40, 0]
    assert [f.sequence for f in frames] == list(range(7))
    assert fake_clock.sleeps == [0.5] * 6
    assert "each held 3 frames" in source.description
    with pytest.raises(ValueError, match="at least one frame"):
        ReplaySource(folder, hold=0)


def test_a_slow_reader_is_not_made_to_wait_and_no_burst_follows(tmp_path, fake_clock):
    folder = write_pictures(tmp_path / "pics", 3)
    source = ReplaySource(folder, fps=2, clock=fake_clock, sleep=fake_clock.sleep)
    source.read()
    fake_clock.advance(5.0)
    source.read()
    source.read()
    assert fake_clock.sleeps == [0.5]


def test_folder_without_loop_ends_with_a_clear_error(tmp_path, fake_clock):
    folder = write_pictures(tmp_path / "pics", 2)
    source = ReplaySource(folder, fps=0, loop=False, clock=fake_clock, sleep=fake_clock.sleep)
    source.read(), source.read()
    with pytest.raises(ReplayEnded, match="has ended"):
        source.read()
    assert fake_clock.sleeps == []


def test_folder_with_loop_starts_over(tmp_path, fake_clock):
    folder = write_pictures(tmp_path / "pics", 2)
    source = ReplaySource(folder, fps=4, loop=True, clock=fake_clock, sleep=fake_clock.sleep)
    values = [int(source.read().image[0, 0, 0]) for _ in range(5)]
    assert values == [0, 40, 0, 40, 0]
    assert sum(fake_clock.sleeps) == pytest.approx(1.0)


def test_video_file_replays_and_loops(tmp_path, fake_clock):
    video = write_video(tmp_path / "clip.avi", 3)
    source = ReplaySource(video, fps=10, loop=True, clock=fake_clock, sleep=fake_clock.sleep)
    assert len(source) == 3
    levels = [int(source.read().image.mean()) for _ in range(7)]
    assert [round(v / 30) for v in levels] == [0, 1, 2, 0, 1, 2, 0]
    assert fake_clock.sleeps == [pytest.approx(0.1)] * 6
    source.close()
    with pytest.raises(FrameSourceError, match="closed"):
        source.read()


def test_video_without_loop_ends(tmp_path, fake_clock):
    video = write_video(tmp_path / "clip.avi", 2)
    source = ReplaySource(video, fps=0, loop=False, clock=fake_clock)
    source.read(), source.read()
    with pytest.raises(ReplayEnded):
        source.read()


def test_missing_folder_is_named_in_the_error(tmp_path):
    with pytest.raises(FrameSourceError, match=r"no folder or video file at .*nowhere"):
        ReplaySource(tmp_path / "nowhere")


def test_empty_folder_and_unreadable_files_are_explained(tmp_path):
    (tmp_path / "empty").mkdir()
    with pytest.raises(FrameSourceError, match="holds no pictures"):
        ReplaySource(tmp_path / "empty")
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "a.jpg").write_bytes(b"not a picture")
    with pytest.raises(FrameSourceError, match=r"a\.jpg cannot be read"):
        ReplaySource(bad).read()
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    with pytest.raises(FrameSourceError, match="neither a folder nor a video"):
        ReplaySource(text)


def test_frame_source_error_is_also_an_os_error():
    assert issubclass(FrameSourceError, OSError)

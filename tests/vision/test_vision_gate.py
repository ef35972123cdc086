"""The stability gate on rendered sequences: a hand coming and going, a stone placed,
motion blur, and light drifting slowly."""

import numpy as np
import pytest

from companion.geometry import load_geometry
from companion.vision.gate import OCCLUDED, STEADY, StabilityGate
from companion.vision.pipeline import Recogniser
from companion.vision.scene import Effects, Pose
from tests.helpers.scene_cache import render_scene

BOARD = load_geometry("go-9")
POSE = Pose(tilt_deg=25.0, azimuth_deg=30.0, roll_deg=5.0)
CALM = Effects(noise=3.0, blur=0.5, jpeg=85)
BEFORE = {"C3": "black", "G7": "white", "E5": "black"}
AFTER = {**BEFORE, "D4": "white"}
FRAME = (640, 480)  # a webcam's frame: what the gate sees does not depend on the size


def _frame(frame_seed, pieces, effects=CALM):
    image, truth = render_scene(1, BOARD, pieces, POSE, effects, frame=FRAME,
                                frame_seed=frame_seed)
    return image, np.linalg.inv(np.array(truth["homography"]))


def _run(frames):
    recogniser = Recogniser(BOARD, ("black", "white"))
    gate = StabilityGate()
    return [gate.update(recogniser.read(image, h)) for image, h in frames]


def _expected(pieces):
    return {name: pieces.get(name, "empty") for name in BOARD.names}


def test_a_hand_placing_a_stone_gives_occluded_then_the_new_state_once_steady():
    hand = Effects(noise=3.0, blur=0.5, jpeg=85, hand=True)
    frames = [_frame(i, BEFORE) for i in range(3)]
    frames += [_frame(10 + i, BEFORE, hand) for i in range(3)]
    frames += [_frame(20 + i, AFTER) for i in range(4)]
    statuses = _run(frames)
    assert [s.status for s in statuses[:3]] == ["settling", "settling", STEADY]
    assert statuses[2].cells == _expected(BEFORE) and statuses[2].changed
    assert all(s.status == OCCLUDED for s in statuses[3:6])
    after = statuses[6:]
    assert all(s.cells is None for s in after[:2])  # not reported until steady
    first = next(i for i, s in enumerate(after) if s.status == STEADY)
    assert after[first].changed and after[first].cells == _expected(AFTER)
    assert all(s.status == STEADY and not s.changed for s in after[first + 1:])


def test_motion_blur_is_occluded_not_a_move():
    blurred = Effects(noise=3.0, jpeg=85, motion=25)
    frames = [_frame(i, BEFORE) for i in range(3)] + [_frame(5, BEFORE, blurred)]
    statuses = _run(frames)
    assert statuses[2].status == STEADY
    assert statuses[3].status == OCCLUDED and statuses[3].cells is None


@pytest.mark.slow
def test_light_drifting_slowly_keeps_the_board_steady():
    frames = []
    for i in range(12):
        image, h = _frame(i, BEFORE)
        # A cloud passing: the light dims by 4 % a frame, more on one side than the other.
        ramp = np.linspace(1.0 - 0.04 * i, 1.0 - 0.02 * i, image.shape[1], dtype=np.float32)
        drifted = np.clip(image.astype(np.float32) * ramp[None, :, None], 0, 255)
        frames.append((drifted.astype(np.uint8), h))
    statuses = _run(frames)
    assert all(s.status != OCCLUDED for s in statuses)
    assert all(s.status == STEADY for s in statuses[2:])
    assert all(s.cells == _expected(BEFORE) for s in statuses[2:])
    assert sum(s.changed for s in statuses) == 1


def test_the_gate_needs_each_readings_board_view():
    recogniser = Recogniser(BOARD, ("black", "white"))
    image, h = _frame(0, BEFORE)
    reading = recogniser.read(image, h)
    reading.view = None
    try:
        StabilityGate().update(reading)
    except ValueError as error:
        assert "board view" in str(error)
    else:
        raise AssertionError("a reading without its view was accepted")


def _with_unsure(reading, spaces):
    """The same reading with ``spaces`` read as unsure (a glare spot, say)."""
    reading.cells = {n: ("unsure" if n in spaces else c) for n, c in reading.cells.items()}
    reading.unsure = [n for n in reading.cells if n in spaces]
    return reading


def test_an_unsure_space_is_a_wildcard_not_a_reason_to_wait():
    recogniser = Recogniser(BOARD, ("black", "white"))
    gate = StabilityGate()
    readings = [recogniser.read(*_frame(i, BEFORE)) for i in range(4)]
    # G7's stone flickers in and out of a glare spot; E1 is never read at all.
    glare = [{"G7", "E1"}, {"E1"}, {"G7", "E1"}, {"E1"}]
    statuses = [gate.update(_with_unsure(r, g)) for r, g in zip(readings, glare, strict=True)]
    assert [s.status for s in statuses] == ["settling", "settling", STEADY, STEADY]
    assert statuses[2].cells == {**_expected(BEFORE), "E1": "unsure"}
    assert statuses[2].changed and not statuses[3].changed


def test_a_sure_reading_that_disagrees_starts_the_count_again():
    recogniser = Recogniser(BOARD, ("black", "white"))
    gate = StabilityGate()
    first = [recogniser.read(*_frame(i, BEFORE)) for i in range(2)]
    then = [recogniser.read(*_frame(10 + i, AFTER)) for i in range(3)]
    statuses = [gate.update(r) for r in [_with_unsure(first[0], {"D4"}), first[1], *then]]
    assert statuses[2].status != STEADY  # D4 read empty, then white: not the same board
    assert statuses[-1].status == STEADY and statuses[-1].cells == _expected(AFTER)


def test_too_many_unsure_spaces_keep_the_gate_waiting():
    recogniser = Recogniser(BOARD, ("black", "white"))
    gate = StabilityGate()
    many = set(BOARD.names[::4][:13])  # 13 of 81 spaces: more than the 15 % allowed
    statuses = [gate.update(_with_unsure(recogniser.read(*_frame(i, BEFORE)), many))
                for i in range(4)]
    assert all(s.status == "settling" and s.cells is None for s in statuses)
    assert "13 spaces cannot be read" in statuses[-1].reason

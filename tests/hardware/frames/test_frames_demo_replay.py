"""The bundled replays: the game of ONE that ``companion demo`` plays (rendered, seeded,
legal by construction) and the drawn 9×9 Go board the grid finder's tests use; small
pictures, and ``board.json`` beside them saying where the board is."""

import cv2
import numpy as np
import pytest

from companion.games.one import One
from companion.geometry import load_geometry
from hardware.frames import open_source
from hardware.frames.replay import ReplaySource, image_files
from hardware.frames.spec import FOLDER_HOLD
from hardware.replays import DEMO, ONE_GAME, make_demo, make_demo_one, placement

SKIN_LOW, SKIN_HIGH = (105, 140, 185), (140, 180, 235)  # BGR of the drawn Go hand


def skin_pixels(image):
    return cv2.countNonZero(cv2.inRange(image, SKIN_LOW, SKIN_HIGH))


def test_the_game_of_one_is_small_pictures_one_per_move_and_one_with_a_hand():
    files = image_files(ONE_GAME)
    assert len(files) == len(make_demo_one.MOVES) + 2
    assert sum(path.stat().st_size for path in files) < 1_200_000
    for path in files:
        assert path.suffix == ".jpg" and cv2.imread(str(path)).shape == (480, 640, 3)


def test_the_game_of_one_is_legal_and_has_captures():
    steps = make_demo_one.game()
    texts = [step.text for step in steps]
    assert 15 <= len(steps) <= 25 and texts[0] == "Black places on C4."
    assert sum("captures a White stone" in t for t in texts) == 2
    assert sum("captures a Black stone" in t for t in texts) == 1
    # Replayed from the actions alone, the engine agrees with every board the pictures show.
    engine = One()
    state = engine.initial_state(make_demo_one.OPTIONS)
    for step in steps:
        state, _ = engine.apply(state, engine.parse(state, step.move))
        assert {s: c for s, c in state["board"].items() if c} == step.board


def test_the_stones_in_each_picture_are_where_the_game_has_them():
    """Where the board's homography puts each space, the picture is dark under a black
    stone and light under a white one (an empty space may be either: a hash mark is ink)."""
    _, to_board = placement(ONE_GAME)
    geometry = load_geometry(make_demo_one.BOARD)
    names = geometry.names
    points = np.array([geometry.position_mm(n) for n in names]).reshape(-1, 1, 2)
    pixels = cv2.perspectiveTransform(points, np.linalg.inv(to_board)).reshape(-1, 2)
    images = [cv2.imread(str(path), cv2.IMREAD_GRAYSCALE) for path in image_files(ONE_GAME)]
    boards = [{}] + [step.board for step in make_demo_one.game()]
    del images[make_demo_one.HAND_BEFORE + 1]  # the hand hides some of the stones
    for index, (image, board) in enumerate(zip(images, boards, strict=True)):
        for name, (x, y) in zip(names, np.rint(pixels).astype(int), strict=True):
            level = image[y - 2:y + 3, x - 2:x + 3].mean()
            colour = board.get(name)
            if colour == "black":
                assert level < 80, (index, name)
            elif colour == "white":
                assert level > 150, (index, name)


def test_the_table_never_changes_and_one_picture_has_a_hand_reaching_over_the_board():
    images = [cv2.imread(str(path)).astype(np.int16) for path in image_files(ONE_GAME)]
    hand = make_demo_one.HAND_BEFORE + 1
    _, truth = make_demo_one.render({})
    inside = make_demo_one.board_mask(truth["corners_px"])
    _, seen = make_demo_one.render(make_demo_one.game()[hand - 2].board, hand=True)
    assert seen["occluded"] and len(seen["hidden"]) >= 10
    for index, image in enumerate(images[1:], start=1):
        changed = np.abs(image - images[index - 1]).max(axis=2) > 40
        if hand in (index, index - 1):  # the hand comes in over the table, and goes
            assert changed[~inside].sum() > 2_000 and changed[inside].sum() > 4_000
        else:  # one stone, or a capture: a few stones' worth of the board, not the table
            assert changed[~inside].sum() == 0 and 500 < changed[inside].sum() < 4_000


@pytest.mark.slow
def test_the_renderings_are_seeded():
    first, placed = make_demo_one.frames()
    second, _ = make_demo_one.frames()
    assert all(np.array_equal(a, b) for a, b in zip(first, second, strict=True))
    board, homography = placement(ONE_GAME)
    assert board == placed["board"] == "one-60"
    assert np.allclose(homography, placed["homography"])


def test_the_go_drawing_is_seeded_and_its_board_is_known():
    first, second = make_demo.frames(), make_demo.frames()
    assert len(first) == len(image_files(DEMO))
    assert all(np.array_equal(a, b) for a, b in zip(first, second, strict=True))
    assert skin_pixels(first[make_demo.HAND_FRAME]) > 10_000
    board, homography = placement(DEMO)
    assert board == "go-9" and np.allclose(homography, make_demo.placement()["homography"])


def test_the_demo_opens_as_a_folder_source(fake_clock):
    source = open_source(str(ONE_GAME))
    assert source.description == (f"replay of one-game/ ({len(make_demo_one.MOVES) + 2} "
                                  f"pictures), each held {FOLDER_HOLD} frames")
    assert source.read().width == 640
    replay = ReplaySource(ONE_GAME, fps=2, loop=False, clock=fake_clock, sleep=fake_clock.sleep)
    assert len(replay) == len(image_files(ONE_GAME))

"""The grid finder on boards covered in stones, found by their stones
(``calibration.gridstones``): rendered late games seen by realistic cameras, and junk
that must be refused."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from calibration.gridfind import find_grid_of, grid_lines_mm, line_response, working_grey
from calibration.gridstones import find_by_stones
from calibration.registration import RegistrationError
from companion.geometry import load_geometry
from companion.vision.scene import render_scene
from companion.vision.scene.looks import random_look

SIZES = ("go-19", "go-13", "go-9")
CORNER_TOLERANCE = 0.25  # pitches


def dense_scene(board: str, stones: int, seed: int, empty_edges: bool = False):
    """A rendered board with ``stones`` stones of both colours (none on its first row
    and last column with ``empty_edges``), seen through a development camera look; and
    its true homography board mm → pixels."""
    geometry = load_geometry(board)
    rng = np.random.default_rng(seed)
    xs, ys = grid_lines_mm(geometry)
    names = [space.name for space in geometry.spaces()
             if not empty_edges or (space.y_mm != ys[0] and space.x_mm != xs[-1])]
    chosen = rng.choice(len(names), stones, replace=False)
    pieces = {names[k]: ("black" if rng.random() < 0.5 else "white") for k in chosen}
    look = random_look(np.random.default_rng([seed, 5]))
    image, truth = render_scene(seed, board, pieces, None, None, look=look)
    return image, np.array(truth["homography"], dtype=np.float64)


@pytest.mark.parametrize(("board", "stones", "seed", "empty_edges"),
                         [("go-19", 320, 0, False),
                          pytest.param("go-13", 150, 0, False, marks=pytest.mark.slow),
                          pytest.param("go-19", 300, 5, True, marks=pytest.mark.slow)],
                         ids=["19x19", "13x13", "19x19 with an empty edge row and column"])
def test_a_board_covered_in_stones_is_found_by_them(board, stones, seed, empty_edges):
    """An empty edge line is told from the board's margin by the lines crossing it."""
    image, to_picture = dense_scene(board, stones, seed, empty_edges)
    geometry, registration = find_grid_of(image, [load_geometry(n) for n in SIZES])
    assert geometry.spec["columns"] == load_geometry(board).spec["columns"]
    assert registration.method == "stones"
    xs, ys = grid_lines_mm(geometry)
    corners = np.array([[xs[0], ys[0]], [xs[-1], ys[0]], [xs[-1], ys[-1]], [xs[0], ys[-1]]])
    true = cv2.perspectiveTransform(corners.reshape(-1, 1, 2), to_picture).reshape(-1, 2)
    found = registration.to_pixels(corners)
    pitch = float(np.linalg.norm(true[1] - true[0])) / (len(xs) - 1)
    # A plain board's way round cannot be seen: each true corner has a found one near.
    nearest = np.linalg.norm(true[:, None] - found[None], axis=-1).min(axis=1)
    assert nearest.max() < CORNER_TOLERANCE * pitch


def pebbles(seed: int) -> np.ndarray:
    """Round dark and light pebbles strewn at random on a brown cloth."""
    rng = np.random.default_rng(seed)
    image = np.full((750, 1000, 3), (60, 90, 130), np.uint8)
    for _ in range(350):
        centre = (int(rng.integers(0, 1000)), int(rng.integers(0, 750)))
        shade = int(rng.choice([30, 220]))
        cv2.circle(image, centre, int(rng.integers(8, 16)), (shade,) * 3, -1, cv2.LINE_AA)
    return image


def dots_off_lattice(seed: int) -> np.ndarray:
    """Dots in a checker pattern, each pushed off its place by up to half a pitch."""
    rng = np.random.default_rng(seed)
    image = np.full((750, 1000, 3), 200, np.uint8)
    for i in range(25):
        for j in range(18):
            if (i + j) % 2 == 0:
                x, y = 40 + 38 * i + rng.uniform(-19, 19), 40 + 38 * j + rng.uniform(-19, 19)
                cv2.circle(image, (int(x), int(y)), 12, (20, 20, 20), -1, cv2.LINE_AA)
    return image


@pytest.mark.parametrize("picture", [
    np.random.default_rng(3).integers(0, 256, (750, 1000, 3), dtype=np.uint8),
    np.full((750, 1000, 3), 128, np.uint8),
    pytest.param(pebbles(4), marks=pytest.mark.slow),
    pytest.param(dots_off_lattice(5), marks=pytest.mark.slow),
], ids=["noise", "blank", "pebbles", "dots off a lattice"])
def test_junk_is_refused_in_words(picture):
    with pytest.raises(RegistrationError):
        find_grid_of(picture, [load_geometry(n) for n in SIZES])


def test_the_live_locator_holds_a_board_found_by_its_stones(monkeypatch):
    """Its crossings are hidden, so it cannot be followed by them: it is held where it
    was found, and not looked for again at every frame (a search takes seconds), until
    the players ask for it to be found again."""
    from calibration import gridfind
    from calibration.locator import BoardLocator

    image, _ = dense_scene("go-19", 320, 0)
    locator = BoardLocator(load_geometry("go-19"))
    first = locator.locate(image)
    assert first.method == "found by its stones"
    searches = []
    monkeypatch.setattr(gridfind, "find_grid_of", lambda *a, **k: searches.append(a))
    for _ in range(12):
        assert np.array_equal(locator.locate(image).homography, first.homography)
    assert searches == []


def keyboard(rows: int, columns: int, key: int) -> np.ndarray:
    """A keyboard alone on a grey table: a dark slab with rows of lighter keys, a
    lattice of light spots as regular as stones."""
    picture = np.full((600, 800), 140, np.uint8)
    x0, y0 = 400 - columns * key / 2, 300 - rows * key / 2
    cv2.rectangle(picture, (round(x0 - key / 4), round(y0 - key / 4)),
                  (round(x0 + columns * key + key / 4), round(y0 + rows * key + key / 4)), 30, -1)
    for r in range(rows):
        for c in range(columns):
            cv2.rectangle(picture, (round(x0 + c * key + 2), round(y0 + r * key + 2)),
                          (round(x0 + (c + 1) * key - 2), round(y0 + (r + 1) * key - 2)), 75, -1)
    return picture


def test_a_keyboard_is_no_board_covered_in_stones():
    """Nine keys by six (a keyboard half behind a bowl) fill two thirds of a 9x9
    board's points, but only six of its nine rows: a game's stones spread over the
    board, so it is refused (it was found as a 9x9 board by its stones)."""
    grey, scale = working_grey(keyboard(6, 9, 22))
    with pytest.raises(RegistrationError):
        find_by_stones(grey, line_response(grey), scale, [load_geometry(n) for n in SIZES])

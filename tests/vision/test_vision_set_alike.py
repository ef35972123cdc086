"""A stone like the stones of its set around it (docs/recognition.md, "A stone like the
stones of its set"): a space the reader left unsure that hides its print is read as the
colour of the sure stones around it where its core looks like theirs and far from the
sure bare board there; never from one stone alone, never where it lies between."""

import numpy as np
import pytest

from companion.vision.config import load_config
from companion.vision.set_alike import like_its_set

CFG = load_config().stones
EMPTY, BLACK, WHITE, UNREAD = 0, 1, 2, -1
BOARD = (70.0, 120.0, 170.0)  # BGR: a kaya board under a warm lamp
SHELL = (150.0, 185.0, 205.0)  # this set's white stones under that lamp
SLATE = (30.0, 32.0, 36.0)


def _around(n: int) -> np.ndarray:
    """``Samples.around`` of an n × n grid: the eight nearest spaces (itself where fewer)."""
    rows = []
    for y in range(n):
        for x in range(n):
            near = [(y + dy) * n + x + dx for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                    if (dy or dx) and 0 <= y + dy < n and 0 <= x + dx < n]
            rows.append(near + [y * n + x] * (8 - len(near)))
    return np.array(rows)


def _board(classes: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """A 5 × 5 patch: each space's core colour as its class looks, and its sure class."""
    colour = {EMPTY: BOARD, BLACK: SLATE, WHITE: SHELL}
    observed = np.array([colour[max(c, 0)] for c in classes], dtype=np.float64)
    return observed, np.array(classes)


# The middle space (12) is unread; around it: bare board, two black and three white stones.
CLASSES = [EMPTY, EMPTY, EMPTY, EMPTY, EMPTY,
           EMPTY, WHITE, WHITE, BLACK, EMPTY,
           EMPTY, WHITE, UNREAD, BLACK, EMPTY,
           EMPTY, EMPTY, EMPTY, EMPTY, EMPTY,
           EMPTY, EMPTY, EMPTY, EMPTY, EMPTY]
MIDDLE = 12


def _asked() -> np.ndarray:
    asked = np.zeros(25, dtype=bool)
    asked[MIDDLE] = True
    return asked


@pytest.mark.parametrize("core, read", [
    ((146.0, 181.0, 203.0), WHITE),  # a white stone on a paler patch of the board
    ((29.0, 33.0, 35.0), BLACK),
    ((72.0, 118.0, 168.0), EMPTY),  # bare board: no stone's colour
    ((110.0, 152.0, 188.0), EMPTY),  # halfway between board and stone: not told
])
def test_a_space_takes_the_colour_of_its_set_only_where_it_looks_like_it(core, read):
    observed, sure = _board(CLASSES)
    observed[MIDDLE] = core
    found = like_its_set(observed, sure, _around(5), _asked(), 2, CFG)
    assert found[MIDDLE] == read
    assert (np.delete(found, MIDDLE) == 0).all()  # only the spaces asked are read


def test_one_sure_stone_around_is_not_a_set():
    classes = list(CLASSES)
    classes[7] = classes[11] = EMPTY  # one white stone (6) left around the middle
    observed, sure = _board(classes)
    observed[MIDDLE] = SHELL
    assert like_its_set(observed, sure, _around(5), _asked(), 2, CFG)[MIDDLE] == EMPTY


def test_without_bare_board_around_to_compare_nothing_is_told():
    classes = [WHITE if c == EMPTY else c for c in CLASSES]  # a space among stones only
    observed, sure = _board(classes)
    observed[MIDDLE] = SHELL
    assert like_its_set(observed, sure, _around(5), _asked(), 2, CFG)[MIDDLE] == EMPTY

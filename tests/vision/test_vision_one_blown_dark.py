"""ONE's stones a lamp changes: a hued stone whose core it blows out, a black stone it
lifts to a hued stone's lightness.

Session 25's study seeds (57000-57299) left yellow stones "core blown out" for a few
specks of print at their foot (``companion.vision.blown_hue``), and black yunzi stones
"hue of another colour", "not clearly best", read green or blue by their lightness
(``companion.vision.dark_by_set``: named only where the candidates say black by a margin
and the picture's own sure black stones, and not its sure hued ones, look like it). Their
look-alikes are left as they were: a lamp's reflection in bare board, a blue or green
stone, a black-looking stone in a picture whose own blue stones look the same."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from companion.vision.blown_hue import hue_over_blown_core
from companion.vision.config import load_config
from companion.vision.dark_by_set import dark_by_set
from companion.vision.labels import UNSURE
from companion.vision.scene.looks import DEVELOPMENT, HELD_OUT
from tests.helpers.bench_taps import read_as_bench

SIX = ("black", "white", "red", "blue", "green", "yellow")
CFG = load_config().stones
HUED = np.array([False, False, False, True, True, True, True])
# The colours' candidates on tan vinyl under a neutral light (held-out 57019): black,
# white, red, blue, green, yellow, each a log ratio to the board (B, G, R).
PROTOS = np.array([[-1.211, -1.538, -1.685], [0.48, 0.269, 0.117], [-0.799, -1.041, 0.074],
                   [0.356, -0.685, -1.233], [-0.557, -0.135, -1.42], [-1.004, 0.135, 0.147]])
BLACK = PROTOS[0] - PROTOS[0].mean()  # black's colour part: the board's tint turned round
BLUE = PROTOS[3] - PROTOS[3].mean()


def _blown(ratio=(-0.96, 0.10, 0.13), glared=0.0, ink=0.0, foot=0.087, fair=0.33,
           around=0.33, white_rays=0, open_board=True) -> bool:
    """Whether ``hue_over_blown_core`` names one space read surely as a hued stone, its
    core blown out (held-out 57019 C15's figures unless told), with ``white_rays`` of its
    16 rays white at the circle's radius."""
    darkest = np.full(16 * 7, 120, dtype=np.uint8)
    darkest[:white_rays * 7] = 255
    samples = SimpleNamespace(core_glared=np.array([glared]), ink_around=np.array([around]),
                              ink=np.array([ink]), foot_ink=np.array([foot]),
                              darkest=darkest)
    rays = np.arange(16 * 7).reshape(1, 16, 7)
    return bool(hue_over_blown_core(samples, rays, np.array([ratio]), np.array([fair]),
                                    np.array([True]), np.array([open_board]), CFG)[0])


def test_a_yellow_stone_clipped_in_red_and_green_is_read_from_its_blue():
    """57019 C15: yellow glass on tan vinyl, 85 % of its core clipped in red and green,
    its blue far below the board's, its foot showing a few specks of the circle."""
    assert _blown()


def test_a_reflection_in_bare_board_is_not():
    assert not _blown(glared=0.5)                 # white at its heart
    assert not _blown(ratio=(0.1, 0.09, 0.09))    # lighter in every channel: light added
    assert not _blown(ink=0.2)                    # its circle shows
    assert not _blown(foot=0.25)                  # its foot shows the print as bare board
    assert not _blown(around=0.1)                 # no clear marks round it to miss
    assert not _blown(white_rays=10)              # white all round, wider than the circle
    assert not _blown(open_board=False)           # a hand or a glare over the gaps


def _space(ratio, darker=None, ring=-1.3, hidden=True, open_board=True):
    ratio = np.asarray(ratio, dtype=float)
    return dict(ratio=ratio, darker=ratio - 0.2 if darker is None else np.asarray(darker),
                ring=ring, hidden=hidden, open=open_board)


def _named(space, sure: dict[int, list]) -> bool:
    """Whether ``dark_by_set`` names ``space`` black in a picture whose sure stones are
    ``sure`` (candidate index → their log ratios)."""
    rows = [space] + [_space(r) for c in sure for r in sure[c]]
    best = np.array([0] + [c for c in sure for _ in sure[c]])
    surely = np.array([False] + [True] * (len(rows) - 1))
    stack = {k: np.array([r[k] for r in rows]) for k in rows[0]}
    protos = np.repeat(PROTOS[None], len(rows), axis=0)
    return bool(dark_by_set(stack["ratio"], stack["darker"], stack["ring"], protos, HUED, 1,
                            stack["open"], stack["hidden"], surely, best, CFG)[0])


LIFTED = BLACK - 0.7          # a black stone lifted to a green one's lightness
SURE_BLACK = [BLACK - 0.95, BLACK - 0.9]
SURE_BLUE = [BLUE - 0.7, BLUE - 0.8]


def test_a_lifted_black_stone_like_the_pictures_black_stones_is_black():
    assert _named(_space(LIFTED), {1: SURE_BLACK, 4: SURE_BLUE})


def test_a_dark_stone_is_not_named_black_on_one_sign():
    # One sure black stone: nothing to say what black looks like here.
    assert not _named(_space(LIFTED), {1: SURE_BLACK[:1], 4: SURE_BLUE})
    # The candidates say black, the picture's own blue stones look the same (an unseen
    # light that puts blue's candidate off): the two signs disagree.
    assert not _named(_space(LIFTED), {1: SURE_BLACK, 4: [LIFTED, LIFTED - 0.1]})
    # Like the sure black stones, but black's candidate nearer by less than the margin.
    halfway = LIFTED + 0.22 * (BLUE - BLACK)  # 0.05 nearer black's
    assert not _named(_space(halfway), {1: [halfway - 0.2, halfway - 0.1], 4: SURE_BLUE})


def test_a_blue_stone_is_not_black():
    assert not _named(_space(BLUE - 0.7), {1: SURE_BLACK, 4: SURE_BLUE})
    assert not _named(_space(BLUE - 0.7), {1: [BLUE - 0.95, BLUE - 0.9]})


def test_the_other_signs_still_hold():
    assert not _named(_space(LIFTED + 0.5), {1: SURE_BLACK})         # lighter than the set
    assert not _named(_space(LIFTED, ring=-0.3), {1: SURE_BLACK})    # no dark rim
    assert not _named(_space(LIFTED, hidden=False), {1: SURE_BLACK})  # its mark shows
    assert not _named(_space(LIFTED, open_board=False), {1: SURE_BLACK})  # a hand round it


def _wrong(reading, truth) -> list[str]:
    return [s for s, c in reading.cells.items()
            if c != UNSURE and s not in truth["hidden"] and c != truth["cells"][s]]


@pytest.mark.slow
@pytest.mark.parametrize("seed, split, colour, space", [
    (57019, HELD_OUT, "yellow", "C15"),     # tan vinyl, glass, two lamps: blown_hue
    (57032, HELD_OUT, "yellow", "D3"),      # red wood, yunzi, a green-tinted lamp
    (57154, DEVELOPMENT, "yellow", "C8"),   # white paper, plastic
    (57075, HELD_OUT, "black", "C11"),      # tan vinyl, yunzi, read green: dark_by_set
    (57023, HELD_OUT, "black", "A6"),       # white vinyl, yunzi, read green
])
def test_the_stones_are_read_and_nothing_is_read_wrongly(seed, split, colour, space):
    """Each was unsure at main 889b88a; now it is read, and no space is read wrongly."""
    reading, truth = read_as_bench(seed, "one-60", SIX, split)
    assert truth["cells"][space] == colour
    assert reading.cells[space] == colour
    assert _wrong(reading, truth) == []

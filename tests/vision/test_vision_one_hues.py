"""ONE's hued and lifted stones of session 20: black stones a lamp lifts named by three
signs, and the confident errors of the error-hunting seeds made unsure.

Each scene is one of the vision benchmark's (``companion bench vision``), read from its
corners tapped as the benchmark taps them. At main 297961d:

- black yunzi stones on red wood and tan vinyl, lifted by a lamp to a green or blue
  stone's lightness, were unsure ("hue of another colour", or read empty by colour); now
  black (held-out 12334 C8, 12411 C15, 12484 D3), named by their lack of hue, their
  darkness and their rim (``neutral_dark``);
- a pale blue yunzi stone on bamboo lies where a black one does in hue: a first form of
  that rule named it black (held-out 24099 C16); it stays unsure;
- bare spaces beside a hand's shadow, their circles printed plainly while the whole
  board's marks show dimly, were read white (held-out 24005 D14, D15);
- glossy white stones on white vinyl or paper under a highlight, hiding most of their
  circle but not all, were read empty (held-out 24001 B8, 24095 D1; development 24196
  D9).

The unit cases are the readings the rules must leave alone: a hued stone's hue, a
sleeve as dark all over, a light neutral stone, Go's boards."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from companion.vision import stones
from companion.vision.config import load_config
from companion.vision.labels import UNSURE
from companion.vision.neutral_dark import lifted_dark
from companion.vision.pipeline import Reading
from companion.vision.scene.looks import DEVELOPMENT, HELD_OUT
from tests.helpers.bench_taps import read_as_bench

SIX = ("black", "white", "red", "blue", "green", "yellow")
CFG = load_config().stones
PALETTE = load_config().palette
HUED = stones._hued(SIX, PALETTE, CFG)
BLACK = 1


def _wrong(reading: Reading, truth: dict) -> list[str]:
    return [s for s, c in reading.cells.items()
            if c != UNSURE and s not in truth["hidden"] and c != truth["cells"][s]]


@pytest.mark.parametrize("seed, space", [(12334, "C8"), (12411, "C15"), (12484, "D3")])
def test_a_lifted_black_stone_is_named(seed, space):
    """Unsure at main; black now, and nothing in the scene read wrongly."""
    reading, truth = read_as_bench(seed, "one-60", SIX, HELD_OUT)
    assert truth["cells"][space] == "black"
    assert reading.cells[space] == "black"
    assert _wrong(reading, truth) == []


@pytest.mark.parametrize("seed, space, colour, looks", [
    (24099, "C16", "blue", HELD_OUT),
    (24005, "D14", "empty", HELD_OUT),
    (24005, "D15", "empty", HELD_OUT),
    (24001, "B8", "white", HELD_OUT),
    (24095, "D1", "white", HELD_OUT),
    (24196, "D9", "white", DEVELOPMENT),
])
def test_a_confident_error_is_unsure(seed, space, colour, looks):
    """Each was read wrongly and surely (24099 C16 by the first form of the lifted dark
    stone's rule); now it is unsure."""
    reading, truth = read_as_bench(seed, "one-60", SIX, looks)
    assert truth["cells"][space] == colour
    assert reading.cells[space] == UNSURE


# Unit cases of ``lifted_dark``: one space at a time, on an orange board whose tint
# turned round is what the black candidate shows (BGR log ratios).
TURNED = np.array([0.5, -0.05, -0.45])
PROTOS = np.array([[
    TURNED - 1.2,                                   # black: the board's tint turned round
    TURNED + 0.45,                                  # white
    TURNED + np.array([-0.6, -0.5, 0.9]) - 0.5,     # red
    TURNED + np.array([0.7, -0.1, -0.6]) - 0.4,     # blue
    TURNED + np.array([-0.1, 0.55, -0.45]) - 0.45,  # green
    TURNED + np.array([-0.8, 0.35, 0.45]) + 0.05,   # yellow
]])


def _lifted(ratio, darker=None, ring=-0.9, open_board=True, hued=HUED) -> bool:
    ratio = np.asarray(ratio, dtype=float)[None, :]
    darker = ratio - 0.3 if darker is None else np.asarray(darker, dtype=float)[None, :]
    return bool(lifted_dark(ratio, darker, np.array([ring]), PROTOS, hued, BLACK,
                            np.array([open_board]), CFG)[0])


def test_a_black_stone_as_light_as_a_green_one_is_named():
    """Its hue is the black candidate's; its lightness a green stone's."""
    assert _lifted(TURNED - 0.4)


def test_a_stone_that_shows_a_hue_is_not():
    """A green stone's hue, and a pale blue one's, half its way from black's."""
    assert not _lifted(PROTOS[0, 4])
    assert not _lifted(TURNED + 0.5 * np.array([0.7, -0.1, -0.6]) - 0.4)


def test_a_sleeve_as_dark_all_over_is_not():
    """No rim darker than its face by ``dark_rim_margin``; nor one over the board round it."""
    assert not _lifted(TURNED - 0.6, ring=-0.7)
    assert not _lifted(TURNED - 0.4, open_board=False)


def test_a_light_neutral_stone_is_not():
    """A white stone shows no hue either, and is lighter than any dark stone."""
    assert not _lifted(TURNED + 0.4, darker=TURNED + 0.2, ring=-0.2)


def test_go_is_not_touched():
    """No colour with a hue of its own: nothing is named."""
    assert not _lifted(TURNED - 0.4, hued=np.zeros(7, dtype=bool))


def test_a_part_hidden_mark_is_only_asked_of_printed_circles():
    """A grid's lines cross the ring (``ring_seen``): blur and glare thin them, and a
    mark shown less than around says nothing there."""
    ink = np.array([0.1, 0.35, 0.36, 0.34, 0.35])
    around = np.full(5, 0.35)
    fair = np.full(5, 0.35)
    circles = SimpleNamespace(ink=ink, ink_around=around, ring_seen=np.zeros(5))
    grid = SimpleNamespace(ink=ink, ink_around=around, ring_seen=np.ones(5))
    assert stones._part_hidden(circles, fair, CFG).tolist() == [True] + [False] * 4
    assert not stones._part_hidden(grid, fair, CFG).any()

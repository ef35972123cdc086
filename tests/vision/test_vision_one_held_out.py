"""The ONE ring board under held-out looks: stones a lamp lifts to their board's lightness.

Yunzi stones are translucent and glossy; under a lamp on a dark board (red wood, bamboo)
a red stone looks as light as the red-brown wood and a black one as light as a green
one, or as the board itself. Colour read them empty or of another colour's hue, and they
were unsure; what tells them is what a stone does to ONE's board: it hides the circle
printed round its space (while the spaces around show theirs), a dark stone's domed rim
is far darker than its board round that hidden circle, and a dyed stone's hue is its
own whatever its lightness. Each scene is one of the vision benchmark's
(``companion bench vision --looks held-out``), seeds 5400-5599 (session 17's study block);
with the same stones taken away, the same spaces read empty, never a stone."""

from __future__ import annotations

import pytest

from companion.vision.labels import UNSURE
from companion.vision.scene.looks import HELD_OUT
from tests.helpers.one_board import read_bench_scene as _read
from tests.helpers.one_board import wrong_spaces as _wrong

RED_ON_RED_WOOD = (5465, ("B9", "C8", "D11"))
"""Red yunzi stones on dark red wood under daylight: each as light as the wood or
lighter, read empty by its colour ("empty, far from the board's colour, no print")."""

BLACK_UNDER_TINTED_LAMPS = ((5403, ("B1", "C7")), (5416, ("D1",)))
"""Black yunzi stones on bamboo under a warm lamp and a green one (5403), read empty
by their colour, and under a warm lamp and daylight (5416), read green by their
lightness ("hue of another colour")."""


def test_a_red_stone_on_a_dark_red_board_is_read_red():
    """A red yunzi stone on red wood hides the circle printed round its space, and its
    colour part, against the wood's, is red's and nearer red's than empty's or any other
    colour's: it is red, however light the lamp makes it."""
    seed, spaces = RED_ON_RED_WOOD
    reading, truth = _read(seed, HELD_OUT)
    for space in spaces:
        assert truth["cells"][space] == "red"
        assert reading.cells[space] == "red"
    assert _wrong(reading, truth) == []


@pytest.mark.parametrize("seed, spaces", BLACK_UNDER_TINTED_LAMPS)
def test_a_black_stone_a_tinted_lamp_lifts_is_read_black(seed, spaces):
    """A black yunzi stone that a tinted lamp lifts to its board's lightness, or to a
    green stone's, keeps its domed rim far darker than the board round the circle it
    hides, and its colour part is a neutral stone's against that board: black."""
    reading, truth = _read(seed, HELD_OUT)
    for space in spaces:
        assert truth["cells"][space] == "black"
        assert reading.cells[space] == "black"
    assert _wrong(reading, truth) == []


@pytest.mark.parametrize("seed, spaces", [RED_ON_RED_WOOD, *BLACK_UNDER_TINTED_LAMPS])
def test_the_same_spaces_bare_are_never_read_as_stones(seed, spaces):
    """With those stones taken away, the same board under the same light shows the
    circles round those spaces: they read empty (or unsure), never as a stone."""
    reading, truth = _read(seed, HELD_OUT, spaces)
    for space in spaces:
        assert truth["cells"][space] == "empty"
        assert reading.cells[space] in ("empty", UNSURE)
    assert _wrong(reading, truth) == []

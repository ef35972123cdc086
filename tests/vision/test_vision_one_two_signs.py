"""A stone over ONE's hidden circle, named where two readings of its hue agree.

Glossy yunzi and glass stones of the held-out looks that a lamp lifts to about their
board's lightness (black ones on red wood or bamboo as light as green ones, red ones on
bamboo as light as the wood) were unsure on ONE: colour weighs lightness. Where the
circle round the space is hidden and the board round it shows its own tint, a stone
covers it, and its hue, read from the darker part of its core, names it where two
readings agree: under the light the reader found, and against the colour part of the
picture's own white stones (``companion.vision.circle_colour``). A dark one must also
show a domed stone's dark rim. Each scene is one of the vision benchmark's
(``companion bench vision --looks held-out``), seeds 7900-8099; the unit cases below
are the readings the rule must not name: two readings that disagree, a hue between two
colours', no white stones to read against, a neutral space that is not dark."""

from __future__ import annotations

import numpy as np
import pytest

from companion.vision import stones
from companion.vision.circle_colour import named_over_circle, paint_spans
from companion.vision.config import load_config
from companion.vision.labels import UNSURE
from companion.vision.pipeline import Reading
from companion.vision.scene.looks import HELD_OUT
from tests.helpers.bench_taps import read_as_bench

SIX = ("black", "white", "red", "blue", "green", "yellow")
BLACK, WHITE, BLUE, GREEN = 0, 1, 3, 4


def _read(seed: int, board: str = "one-60", colours: tuple[str, ...] = SIX
          ) -> tuple[Reading, dict]:
    """The benchmark's scene ``seed`` of ``board`` under a held-out look, read from its
    corners tapped as the benchmark taps them."""
    return read_as_bench(seed, board, colours, HELD_OUT)


def _wrong(reading: Reading, truth: dict) -> list[str]:
    return [s for s, c in reading.cells.items()
            if c != UNSURE and s not in truth["hidden"] and c != truth["cells"][s]]


@pytest.mark.parametrize("seed, spaces", [
    # bamboo, yunzi stones, two daylight lamps: black ones lifted to a green one's
    # lightness, red, green and yellow ones read as bare board by their lightness
    (7970, {"A6": "black", "B1": "black", "B7": "black", "C1": "black", "A3": "red",
            "D1": "red", "A5": "green", "D2": "green", "B12": "yellow"}),
    # red wood, yunzi stones under two coloured lamps: black ones not read blue
    (8039, {"B9": "black", "C7": "black", "D12": "black", "D3": "red", "D15": "blue"}),
    # white vinyl, yunzi stones, daylight: blue stones "hue of another colour"
    (7951, {"B8": "blue", "C13": "blue", "C17": "blue"}),
])
def test_a_stone_over_its_hidden_circle_is_named_by_two_signs(seed, spaces):
    """Each of these stones was unsure at main 72571b3; its two readings of hue agree,
    and it is read, with no space of the scene read wrongly."""
    reading, truth = _read(seed)
    for space, colour in spaces.items():
        assert truth["cells"][space] == colour
        assert reading.cells[space] == colour, space
    assert _wrong(reading, truth) == []


def test_a_dark_sleeve_over_a_stone_is_not_named_black():
    """A hand's dark sleeve over a green stone (held-out seed 8083) hides its circle and
    leaves some board round it, and its colour part is neutral: without the dark rim a
    domed black stone shows round its lifted face, it was read black. It stays unsure,
    and the hand is flagged."""
    reading, truth = _read(8083)
    assert truth["occluded"] and truth["cells"]["C16"] == "green"
    assert reading.cells["C16"] != "black"
    assert reading.occluded


def test_go_boards_are_not_touched():
    """Go's two colours have no hue of their own: the rule names nothing there."""
    seen: list[np.ndarray] = []
    original = stones._named_over_circle

    def recording(*args, **kwargs):
        seen.append(original(*args, **kwargs))
        return seen[-1]

    stones._named_over_circle = recording
    try:
        _read(7970, "go-9", ("black", "white"))
    finally:
        stones._named_over_circle = original
    assert seen and not any(named.any() for named in seen)


# Unit cases: one space at a time, its darker part's log ratio to the board built from
# the white stones' colour part (``REFERENCE``) and the paints' spans.
CFG = load_config().stones
PALETTE = load_config().palette
SPANS = paint_spans(SIX, PALETTE, WHITE)
HUED = np.array([False, False, False, True, True, True, True])
REFERENCE = np.array([0.25, 0.02, -0.27])  # a red board's tint turned round (BGR)


def _protos(shown: np.ndarray) -> np.ndarray:
    """Candidates under a light found as the white stones show it: each colour's span
    added to the white stones' colour part, at a lightness a typical board gives."""
    protos = REFERENCE[None, :] + 0.8 * SPANS
    return (protos - 0.3)[None, :, :].repeat(len(shown), axis=0)


def _name(shown: np.ndarray, protos: np.ndarray | None = None, dark: bool = False,
          reference: np.ndarray | None = REFERENCE, lighter: np.ndarray | None = None) -> int:
    darker = shown[None, :] - 0.4  # its lightness does not matter, only its colour part
    protos = _protos(darker) if protos is None else protos
    lighter = darker if lighter is None else lighter[None, :]
    return int(named_over_circle(darker, lighter, protos, reference, SPANS, HUED, BLACK,
                                 WHITE, np.array([dark]), CFG)[0])


def test_a_hue_both_readings_agree_on_is_named():
    assert _name(REFERENCE + 0.7 * SPANS[GREEN]) == GREEN + 1
    assert _name(REFERENCE + 0.7 * SPANS[BLUE]) == BLUE + 1


def test_readings_that_disagree_name_nothing():
    """Under a light found wrongly (every candidate's colour part shifted by the
    difference between green's and blue's), the reading names blue where the white
    stones say green: nothing is named."""
    shown = REFERENCE + 0.7 * SPANS[GREEN]
    shifted = _protos(shown[None, :]) + 0.8 * (SPANS[GREEN] - SPANS[BLUE])[None, None, :]
    assert _name(shown, shifted) == 0


def test_a_hue_between_two_colours_names_nothing():
    assert _name(REFERENCE + 0.35 * (SPANS[GREEN] + SPANS[BLUE])) == 0


def test_without_white_stones_to_read_against_nothing_is_named():
    assert _name(REFERENCE + 0.7 * SPANS[GREEN], reference=None) == 0


def test_a_neutral_space_is_black_only_where_dark():
    """Black and white show one colour part against their board: a neutral space is
    named black only where it shows a dark stone's rim and darker part, never white."""
    assert _name(REFERENCE.copy(), dark=True) == BLACK + 1
    assert _name(REFERENCE.copy(), dark=False) == 0


def test_a_stone_paler_than_half_its_paint_is_not_named():
    """A colour part less than ``hue_shown_share`` of its paint's is as near the
    neutral stones as its own colour: nothing is named."""
    assert _name(REFERENCE + 0.25 * SPANS[GREEN]) == 0


def test_a_lighter_part_of_another_hue_names_nothing():
    """A finger's edge over a blue stone (held-out seed 20339, C15, under a hand): the
    darker part the finger's, neutral and dark, the lighter part the stone's blue. A
    black stone's sheen is the lamp's neutral light; a part of another hue is not it."""
    neutral = REFERENCE.copy()
    assert _name(neutral, dark=True, lighter=neutral + 0.1) == BLACK + 1
    assert _name(neutral, dark=True, lighter=REFERENCE + 0.7 * SPANS[BLUE]) == 0
    green = REFERENCE + 0.7 * SPANS[GREEN]
    assert _name(green, lighter=REFERENCE + 0.3 * SPANS[GREEN]) == GREEN + 1
    assert _name(green, lighter=REFERENCE + 0.7 * SPANS[BLUE]) == 0

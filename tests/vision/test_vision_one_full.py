"""Full ONE boards: a space read empty where no bare board shows what bare board looks like.

On a full ONE board (``companion bench vision --full-glare 60``: a stone on each of the
60 spaces, a lamp's glare) no space shows its printed circle, the rules that compare a
space's print with the print round it say nothing, and stones were read empty: white
glass on white vinyl by its colour, hued yunzi stones by the "print" their darker rims
leave, white shell stones lighter than their gaps by their stripes
(``companion.vision.stone_print``). They are unsure now. Plain scenes that came near
the rules' bounds keep their bare spaces read empty: a board whose dark stones leave
almost as much "print" as its bare spaces show (its circles clear there), and bare red
wood under two coloured lamps lighter than its gaps (few stones). A black yunzi stone
on white vinyl, lifted to a green one's lightness, is named black by the dark-stone
signs (``neutral_dark``): on a neutral board empty's colour part is no rival to
black's. Seeds from the session's study block (19200-19399)."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from benchmarks import vision as bench
from companion.vision.config import load_config
from companion.vision.labels import EMPTY, UNSURE
from companion.vision.neutral_dark import hue_clear_of
from companion.vision.pipeline import Reading
from companion.vision.scene.looks import DEVELOPMENT, HELD_OUT
from companion.vision.stone_print import no_more_than_stones, stone_print_level, unlike_bare
from tests.helpers.bench_taps import read_scene

SIX = ("black", "white", "red", "blue", "green", "yellow")
RULE = "empty, no clear marks: no more print than its stones, or a stone's colour"
CFG = load_config().stones


def _read(seed: int, looks: str, full: int = 0) -> tuple[Reading, dict]:
    """The bench's ONE scene ``seed`` (``full`` stones and a glare; 0: a plain scene)."""
    return read_scene(bench.Scenes("one-60", SIX, "stones", looks, full=full), seed)


def _wrong(reading: Reading, truth: dict) -> list[str]:
    return [s for s, c in reading.cells.items()
            if c != UNSURE and s not in truth["hidden"] and c != truth["cells"][s]]


@pytest.mark.slow
@pytest.mark.parametrize("seed, looks, spaces", [
    # white vinyl, white glass stones under a coloured lamp: read empty by their colour
    (19202, HELD_OUT, ("A2", "A3", "A6", "B1", "B10", "D4")),
    # white vinyl, yunzi stones: green, blue and red read empty by their rims' "print"
    (19248, HELD_OUT, ("A1", "B6", "B8", "C1", "C15", "D1", "D12")),
    # white paper, white shell stones lighter than their gaps, stripes taken for print
    (19289, DEVELOPMENT, ("B6", "C8", "D13")),
])
def test_stones_of_a_full_board_are_not_read_empty(seed, looks, spaces):
    """Each of these stones was read empty at main 5c9a92d; it is unsure by the rule,
    and no space of the board is read wrongly."""
    reading, truth = _read(seed, looks, full=60)
    for space in spaces:
        assert truth["cells"][space] != EMPTY
        assert reading.cells[space] == UNSURE, space
        assert RULE in reading.why[space], space
    assert _wrong(reading, truth) == []


@pytest.mark.slow
@pytest.mark.parametrize("seed, looks", [
    # tan paper, plastic stones: the black, blue and green stones leave 0.12-0.15 of
    # "print", the bare spaces show 0.19 (the board's circles clear)
    (19300, DEVELOPMENT),
    # red wood, glass stones, two coloured lamps: bare spaces lighter than their gaps,
    # the circles not clear, a third of the board's spaces holding stones
    (19245, HELD_OUT),
])
def test_bare_spaces_of_a_plain_board_are_left_to_the_other_rules(seed, looks):
    """The rule makes no space unsure on these plain boards."""
    reading, truth = _read(seed, looks)
    bare = [s for s in reading.cells if truth["cells"][s] == EMPTY
            and s not in truth["hidden"]]
    assert len(bare) > 20
    assert not [s for s in bare if RULE in reading.why.get(s, [])]
    assert _wrong(reading, truth) == []


@pytest.mark.slow
def test_a_black_yunzi_stone_on_white_vinyl_is_named_black():
    """Held-out 19287 (white vinyl, yunzi stones, daylight): D12 and D14, black stones
    lifted to a green one's lightness, were unsure ("hue of another colour")."""
    reading, truth = _read(19287, HELD_OUT)
    for space in ("D12", "D14"):
        assert truth["cells"][space] == "black"
        assert reading.cells[space] == "black"
    assert _wrong(reading, truth) == []


def _samples(ink: list[float], ring_seen: float = 0.0) -> SimpleNamespace:
    return SimpleNamespace(ink=np.array(ink), ring_seen=np.full(len(ink), ring_seen))


def test_the_print_a_stone_leaves_is_read_from_enough_sure_stones():
    """The level is the sure stones' percentile, and unknown with too few of them or on
    a grid whose lines cross the spaces."""
    ink = [0.02] * 7 + [0.06] * 3 + [0.3, 0.3]
    sure = np.array([True] * 10 + [False] * 2)
    level = stone_print_level(_samples(ink), sure, CFG)
    assert level == pytest.approx(np.percentile(ink[:10], CFG.stone_ink_percentile))
    few = sure & (np.arange(12) < CFG.stone_ink_min_stones - 1)
    assert stone_print_level(_samples(ink), few, CFG) is None
    assert stone_print_level(_samples(ink, ring_seen=0.5), sure, CFG) is None


def test_a_space_read_empty_must_show_more_print_than_a_stone():
    """A space read empty showing no more than the margin times the stones' print is
    unsure; one showing its circle is not; nothing where the marks show clearly."""
    ink = [0.05] * 10 + [0.06, 0.3]
    sure = np.array([True] * 10 + [False] * 2)
    empty = np.array([False] * 10 + [True] * 2)
    flagged = no_more_than_stones(_samples(ink), empty, sure, False, CFG)
    assert flagged.tolist() == [False] * 10 + [True, False]
    assert not no_more_than_stones(_samples(ink), empty, sure, True, CFG).any()


def test_a_stone_colour_read_empty_is_unsure_where_no_mark_shows_clearly():
    """A stone's tint far from the board's is unsure wherever the marks are not clear;
    a core lighter than its gaps only where sure stones hold most spaces."""
    n = 10
    empty = np.array([False] * 6 + [True] * 4)
    tint = np.array([False] * 6 + [True, False, False, False])
    light = np.array([-1.0] * 6 + [0.0, 0.3, 0.0, 0.05])
    few = np.zeros(n, dtype=bool)
    many = ~empty
    assert unlike_bare(_samples([0.0] * n), empty, tint, light, few, False, CFG).tolist() \
        == [False] * 6 + [True, False, False, False]
    full = many.mean() >= CFG.full_board_share
    assert unlike_bare(_samples([0.0] * n), empty, tint, light, many, False, CFG).tolist() \
        == [False] * 6 + [True, full, False, False]
    assert not unlike_bare(_samples([0.0] * n), empty, tint, light, many, True, CFG).any()
    assert not unlike_bare(_samples([0.0] * n, ring_seen=0.5), empty, tint, light, many,
                           False, CFG).any()


def test_empty_is_no_rival_to_a_dark_piece_on_a_neutral_board():
    """On a neutral board black's candidate shows no colour part, as empty does: a
    neutral core clears the hued colours and is not held back by empty's. On a tinted
    board (black's candidate the tint turned round) empty's colour part still counts."""
    hued = np.array([False, False, False, True])  # empty, black, white, a hue
    neutral = np.array([[[-1.4, -1.4, -1.4], [0.3, 0.3, 0.3], [-1.0, 0.0, -1.0]]])
    shown = np.array([[-0.8, -0.8, -0.8]])
    clear = hue_clear_of(shown, neutral, hued, 1, CFG.hue_shown_share, CFG.cover_fit_chroma)
    assert clear[0] >= CFG.cover_fit_chroma
    tinted = np.array([[[-1.0, -1.4, -1.8], [0.3, 0.3, 0.3], [-1.0, 0.0, -1.0]]])
    shown = np.array([[-0.8, -0.8, -0.8]])  # the board's own tint: empty's
    clear = hue_clear_of(shown, tinted, hued, 1, CFG.hue_shown_share, CFG.cover_fit_chroma)
    assert clear[0] < 0.0

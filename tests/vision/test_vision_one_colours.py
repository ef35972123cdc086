"""ONE's six colours under held-out lights: the light's colour weighed by how well it
explains the stones, how light the board is from the white stones, another light only
where it explains them about as well, a stone whose hue is another colour's unsure,
and another reading whose hue is another colour's saying nothing; light stones that may
be yellow ones, each of them a reading where none agree, and of a group's readings the
less coloured light (white stones alone still read white).
Each scene is a held-out look of the vision benchmark (``companion bench vision --looks
real``) that one of these rules mended: read right or unsure, never confidently wrong."""

import numpy as np
import pytest

import benchmarks.vision as bench
from calibration.registration import from_corners
from companion.geometry import load_geometry
from companion.vision.labels import UNSURE
from companion.vision.pipeline import Recogniser
from companion.vision.scene import render_scene
from companion.vision.scene.looks import random_look

SIX = ("black", "white", "red", "blue", "green", "yellow")


def _read(seed: int):
    """The benchmark's held-out scene ``seed`` of the ONE board, read from its corners
    tapped as the benchmark taps them."""
    geometry = load_geometry("one-60")
    effects = bench.random_effects(np.random.default_rng([seed, 1]), hands=bench.HANDS,
                                   glare=bench.GLARE)
    look = random_look(np.random.default_rng([seed, 3]), held_out=True)
    image, truth = render_scene(seed, geometry, colours=SIX, effects=effects, look=look)
    taps = np.array(truth["corners_px"]) \
        + np.random.default_rng([seed, 2]).normal(0, bench.CORNER_NOISE_PX, (4, 2))
    homography = from_corners(taps, geometry.width_mm, geometry.height_mm).homography
    return Recogniser(geometry, SIX).read(image, homography), truth, look


def _wrong(reading, truth) -> list[str]:
    return [s for s, c in reading.cells.items()
            if c != UNSURE and s not in truth["hidden"] and c != truth["cells"][s]]


def _read_as(reading, truth, colour: str) -> float:
    """The share of the stones of ``colour`` read as that colour."""
    stones = [s for s, c in truth["cells"].items() if c == colour and s not in truth["hidden"]]
    return sum(reading.cells[s] == colour for s in stones) / len(stones)


@pytest.mark.parametrize("seed, lamp, board, stones", [
    (62, "coloured", "red wood", "glass"),  # yellow stones had been taken for white ones
    (58, "daylight", "red wood", "yunzi"),  # no clean white stone: the yellow ones only
])
def test_yellow_stones_taken_for_white_ones_do_not_tint_the_light(seed, lamp, board, stones):
    """Glass and yunzi stones on dark red wood: the yellow stones are nearly as light
    against the board as the white ones. Read as the light's colour they made every
    yellow stone white and every black one blue (12 and 4 confident errors); the
    light that explains the stones best is the white stones' own, or a white one."""
    reading, truth, look = _read(seed)
    assert (look.lamps[0].colour, look.board, look.stones) == (lamp, board, stones)
    assert _wrong(reading, truth) == []
    assert _read_as(reading, truth, "yellow") >= 0.5


def test_coloured_stones_on_dark_wood_are_foreseen_lighter():
    """Yunzi stones on red wood under daylight and a green lamp: against a dark board
    every stone looks lighter than against a typical one, and the green stones, lit
    as white ones would be on a pale board, read white (5 confident errors). How light
    the board is comes from the white stones."""
    reading, truth, look = _read(72)
    assert look.board == "red wood"
    assert _wrong(reading, truth) == []
    assert _read_as(reading, truth, "green") >= 0.5


def test_black_stones_do_not_depend_on_an_implausible_light():
    """Yunzi stones on bamboo under daylight and a tinted lamp: the board's tint taken
    as the light's read its black stones blue (all 12 unsure, "another light reads
    otherwise"); that light explains the stones far worse than the white stones' and
    reads nothing now (two black stones on the edge are unsure by other rules)."""
    reading, truth, look = _read(101)
    assert look.board == "bamboo"
    assert _wrong(reading, truth) == []
    assert _read_as(reading, truth, "black") >= 0.75
    assert not any("another light reads otherwise" in rules
                   for space, rules in reading.why.items() if truth["cells"][space] == "black")


@pytest.mark.parametrize("seed, truth_colour", [
    (19, "black"),  # a black glass stone on red wood, as light as a green one
])
def test_a_stone_whose_hue_is_another_colours_is_unsure(seed, truth_colour):
    """A stone told from another colour by its lightness alone, against its hue: it
    had been read confidently as that other colour; now it is unsure. (Held-out scene
    67's blue yunzi stones on tan vinyl, as light as white ones, were unsure so too;
    since session 16 the darker part of their core, which their sheen leaves least,
    reads them blue: ``tests/vision/test_vision_one_board.py``.)"""
    reading, truth, _ = _read(seed)
    assert _wrong(reading, truth) == []
    flagged = [s for s, rules in reading.why.items() if "hue of another colour" in rules]
    assert any(truth["cells"][s] == truth_colour for s in flagged)


def test_a_darker_share_of_the_gaps_whose_hue_is_another_colours_reads_nothing():
    """Glass stones on white vinyl in daylight: against the darker share of the gaps
    around them, black stones looked as light as green ones, and green ones as white
    ones, and were unsure ("another light reads otherwise", 6 stones); that reading's
    hue is another colour's, and it says nothing now."""
    reading, truth, look = _read(117)
    assert (look.board, look.stones) == ("white vinyl", "glass")
    assert _wrong(reading, truth) == []
    for space in ("B10", "C8", "D8", "D11", "C6", "C7"):
        assert reading.cells[space] == truth["cells"][space]


@pytest.mark.parametrize("seed, lamps, board", [
    (636, ("daylight",), "red wood"),  # no white stone at all: the yellow ones only
    (899, ("daylight", "daylight"), "bamboo"),  # two lamps, a white stone among yellow
    (781, ("coloured",), "red wood"),  # a green-tinted lamp: green and yellow groups
])
def test_light_stones_that_are_yellow_are_read_as_yellow(seed, lamps, board):
    """Yunzi stones on a dark board: the stones lighter than their board by a light
    stone's lightness were yellow, and taken for white they made the light yellow:
    every yellow stone read white, every black and green one blue (11 to 24 confident
    errors each, on fresh seeds of the held-out looks). Each group of light stones is
    weighed as the next lightest colour too; taken for yellow, they show a light that
    explains the stones far better."""
    reading, truth, look = _read(seed)
    assert (tuple(lamp.colour for lamp in look.lamps), look.board) == (lamps, board)
    assert _wrong(reading, truth) == []
    assert _read_as(reading, truth, "yellow") >= 0.5
    blacks = [s for s, c in truth["cells"].items() if c == "black"]
    assert not any(reading.cells[s] == "blue" for s in blacks)


@pytest.mark.parametrize("seed, tint", [
    (403, (0.85, 1.0, 0.86)),  # a green lamp and daylight; a white and two yellow stones
    (511, (1.0, 0.82, 1.12)),  # a magenta lamp and daylight; three white, ten yellow
])
def test_yellow_stones_under_two_lamps_one_tinted_are_not_read_white(seed, tint):
    """Yunzi stones on tan vinyl under two lamps, one of them tinted: yellow stones were
    read white (2 in 403, where no two light stones agreed in colour and the light was
    the median of a white and a yellow one, now each a reading of its own; 9 in 511,
    with a black and a green one read blue, where the yellow stones' group as white
    stones explained the picture better than the white ones'). The yellow and black
    stones are read right or unsure now. (A blue stone of 511 whose colour lies between
    white's and blue's is still read white, docs/benchmarks.md.)"""
    reading, truth, look = _read(seed)
    assert [lamp.tint for lamp in look.lamps] == [tint, (1.0, 1.0, 1.0)]
    assert look.board == "tan vinyl"
    for space in _wrong(reading, truth):
        assert truth["cells"][space] not in ("yellow", "black", "green")
    yellows = [s for s, c in truth["cells"].items() if c == "yellow"]
    assert all(reading.cells[s] in ("yellow", UNSURE) for s in yellows)
    assert _read_as(reading, truth, "yellow") >= 0.5


@pytest.mark.parametrize("seed", [None, 14, 16])
def test_white_stones_are_not_taken_for_yellow_ones(seed):
    """White and black stones only on the ONE board, plain (``None``) and under one or
    two warm lamps of development looks (white and tan paper): the white stones are
    weighed as yellow ones too, and under a blue light that reading explains them as
    well as the white stones' own (a first form read 7 of 13 white stones of the plain
    board yellow); the less coloured light is kept, and the white stones read white
    (one of look 16 is unsure, its core blown out by a lamp, as before)."""
    geometry = load_geometry("one-60")
    spaces = Recogniser(geometry, SIX).layout.names
    pieces = {name: ("white" if i % 3 else "black") for i, name in enumerate(spaces[::3])}
    look = None if seed is None else random_look(np.random.default_rng([seed, 3]))
    image, truth = render_scene(seed or 0, geometry, pieces, colours=SIX, look=look)
    homography = from_corners(np.array(truth["corners_px"]), geometry.width_mm,
                              geometry.height_mm).homography
    reading = Recogniser(geometry, SIX).read(image, homography)
    whites = [s for s, c in truth["cells"].items() if c == "white"]
    assert len(whites) >= 10
    assert all(reading.cells[s] in ("white", UNSURE) for s in whites)
    assert _read_as(reading, truth, "white") >= 0.9
    assert _wrong(reading, truth) == []

"""Occluded means a hand (issue 14, point 5), session 26: a hand's skin read as stones
(``companion.vision.hands_as_stones``). A space read as a white (or hued) stone where
one thing lies over the space and its gaps, off the board's colour, and whose core is
unlike the other stones read that colour, counts for the hand rule as an unsure space.
Scenes of ``companion bench vision --hands all`` (``--looks real``) and boards without a
hand, corners tapped as the bench taps them."""

import pytest

import benchmarks.vision as bench
from companion.vision.config import load_config
from companion.vision.hands_as_stones import light_paints, skin_over_stones, unlike_their_set
from companion.vision.pipeline import Reading
from companion.vision.scene.looks import DEVELOPMENT, HELD_OUT
from tests.helpers.bench_taps import read_scene

GO = ("black", "white")


def _skin(reading: Reading, colours) -> list[str]:
    """The spaces of ``reading`` the rule takes for skin read as stones."""
    samples = reading.samples
    lit = (samples.gap_blown == 0) & (samples.core_blown == 0)
    labels = list(reading.cells.values())
    cfg = load_config()
    skin = skin_over_stones(labels, colours, samples, lit, cfg)
    found = unlike_their_set(labels, skin, samples, cfg)
    return [name for name, skin in zip(reading.cells, found, strict=True) if skin]


def test_black_is_no_light_paint():
    """A black stone's dark core says little about its paint: only the other colours are
    judged, on Go and on ONE."""
    cfg = load_config()
    least = cfg.occlusion.hand_skin_paint
    assert light_paints(GO, cfg.palette, least) == ["white"]
    assert light_paints(bench.SIX, cfg.palette, least) == [c for c in bench.SIX if c != "black"]


@pytest.mark.parametrize("looks, seed, read_white", [
    (DEVELOPMENT, 19559, ["H5", "J5"]),
    (HELD_OUT, 59037, ["F3", "G3", "H3"]),
    (DEVELOPMENT, 19539, ["B8"]),
])
def test_skin_read_as_white_stones_is_a_hand(looks, seed, read_white):
    """Go 9 × 9, a hand forced in: 19559, a dark hand from the board's edge whose palm
    over two spaces reads white and whose fingers read black; 59037, a pale palm over a
    black stone and two bare points, read white (its gaps 0.23–0.27 off the board's
    colour, under ``hand_cover_tint``); 19539, a dark hand over a corner, one space read
    white. Each space read white under the hand is skin read as a stone, and the hand is
    flagged. Missed before."""
    scenes = bench.Scenes("go-9", GO, "stones", looks, hands=1.0)
    reading, truth = read_scene(scenes, seed)
    assert truth["occluded"]
    assert all(reading.cells[space] == "white" for space in read_white)
    assert _skin(reading, GO) == read_white
    assert set(read_white) <= set(truth["hidden"])
    assert reading.occluded


def test_a_fingertip_read_as_the_only_white_stone_is_a_hand():
    """ONE, development looks, a hand forced in (seed 65067): a dark fingertip over the
    outermost space D1 reads white, the board's only white stone, so there is no set to
    judge its core by; one thing lies over the space and its gaps, off the board's colour,
    and the margin outside it shows that thing too (``fingertips``): the margin is the
    second sign. Missed before."""
    scenes = bench.Scenes("one-60", bench.SIX, "stones", DEVELOPMENT, hands=1.0)
    reading, truth = read_scene(scenes, 65067)
    assert truth["occluded"]
    assert reading.cells["D1"] == "white"
    assert "D1" in truth["hidden"]
    assert _skin(reading, bench.SIX) == []
    assert reading.occluded
    assert reading.reason.startswith("board occluded: fingers over the board's edge")


@pytest.mark.parametrize("scenes, seed", [
    (bench.Scenes("go-19", GO, "stones", DEVELOPMENT, steep=True), 65002),
    (bench.Scenes("go-19", GO, "stones", HELD_OUT, steep=True), 65011),
    (bench.Scenes("go-19", GO, "stones", HELD_OUT, full=300), 65007),
])
def test_white_stones_of_a_steep_or_full_board_are_no_skin(scenes, seed):
    """No hand: Go 19 × 19 seen at 35° by a 640 × 480 webcam, and a board of 300 stones
    under a glare. White stones at the far edge whose gaps are 0.14–0.15 off the board's
    colour (their neighbours' edges) are of their set's colour (0.02–0.04 off it), and
    a white stone whose gaps show a stone's colour keeps its set's: none is skin."""
    reading, truth = read_scene(scenes, seed)
    assert not truth["occluded"]
    assert _skin(reading, GO) == []
    assert not reading.occluded, reading.reason

"""Session 22: white stones near their board's colour in real photos seen from low
(``print_at_stone``: less print than bare board, a tint off its board's, lines cut
short). ``go-more/basic.jpg`` seen from 35° (K2) and from 40° on its far side (S10)
read those white stones empty; they are unsure now. Rendered bare points with the
same tint, lightness and thin print, whose lines run on past the core, stay empty."""

import pytest

import benchmarks.vision as bench
from companion.vision.scene.looks import HELD_OUT
from tests.helpers.bench_taps import read_scene
from tests.helpers.real_photos import label, read_photo, varied

RULE = "empty, a tint off its board's, less print, its lines not running past the core"


@pytest.mark.slow
@pytest.mark.parametrize("variation", ["seen at 35deg", "40deg far side"])
def test_a_white_stone_near_its_boards_colour_seen_from_low_is_not_read_empty(variation):
    """``basic.jpg`` seen from low: a white stone in the board's pale reflection of the
    lamp (K2; S10 on the far side) is a little lighter than its board and of a tint off
    the board's, its shading leaves specks where print is looked for, and its face
    hides the lines past the core. It was read empty; nothing is read wrongly now. (Seen
    from 40° this smaller copy of the photo still shows K2's lines past the core, and
    K2 is still read empty there; the photo itself no longer is.)"""
    counts, wrong = read_photo(varied("basic", variation), label("basic"))
    assert wrong == {}
    assert counts["right"] >= 361 - 12


@pytest.mark.parametrize("steep", [False, True])
def test_bare_points_whose_lines_run_on_stay_empty(steep):
    """Go 19 × 19, a held-out look (seed 17206, from 640 × 480 and steep too): bare
    points beside stones, lighter than their board, a tint 0.15 or more off the board's,
    showing less print than the points around; their lines run on past the core, and
    the rule leaves them empty. No space is read wrongly."""
    scenes = bench.Scenes("go-19", ("black", "white"), "stones", HELD_OUT, steep=steep)
    reading, truth = read_scene(scenes, 17206)
    assert not any(RULE in rules for rules in reading.why.values())
    wrong = [n for n, c in reading.cells.items()
             if c not in ("unsure", truth["cells"][n]) and n not in truth.get("hidden", [])]
    assert wrong == []

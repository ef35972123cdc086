"""White stones on a pale board, and bare spaces on the board's edge (docs/recognition.md,
"A white stone told by the shade it casts" and "Bare board on the board's edge").

A white stone in a white paper board's own colour is told by the print it hides and by
the shade it casts. On white paper that shade, the stone's contact shadow, may be as
dark as a black stone's rim beside it, on the side away from the lamp: such a stone is
read white, while a dark rim all round (a black stone's, round a lamp's reflection over
its face) still is not. Bare board on the board's edge prints a T or, in a corner, an L:
it is asked for that share of the print shown round it, and read empty."""

from types import SimpleNamespace

import numpy as np
import pytest

import benchmarks.vision as bench
from calibration.registration import from_corners
from companion.geometry import load_geometry
from companion.vision.config import load_config
from companion.vision.pipeline import Recogniser
from companion.vision.print_arms import printed_arms
from companion.vision.sampling import RAYS
from companion.vision.scene.looks import DEVELOPMENT, random_look_of
from companion.vision.stones import UNSURE, _one_sided, _shaded_edge
from tests.helpers.scene_cache import render_scene

RAYS_OFF_LINES = 12  # the rays of ``Layout.rays`` that keep off a grid's lines


def _read(seed: int, pieces: dict[str, str] | None = None, glare: bool = False):
    """The benchmark's development-look Go 19 × 19 scene ``seed`` (its own stones where
    ``pieces`` is ``None``; with ``glare``, a lamp's glare and no hand), read through its
    corners tapped as the benchmark taps them, and its truth."""
    geometry = load_geometry("go-19")
    effects = bench.random_effects(np.random.default_rng([seed, 1]), hands=0.0, glare=1.0) \
        if glare else bench.random_effects(np.random.default_rng([seed, 1]), hands=bench.HANDS,
                                           glare=bench.GLARE)
    look = random_look_of(np.random.default_rng([seed, 3]), DEVELOPMENT)
    image, truth = render_scene(seed, geometry, pieces, colours=("black", "white"),
                                effects=effects, look=look)
    taps = np.array(truth["corners_px"]) + np.random.default_rng([seed, 2]).normal(
        0, bench.CORNER_NOISE_PX, (4, 2))
    homography = from_corners(taps, geometry.width_mm, geometry.height_mm).homography
    return Recogniser(geometry, ("black", "white")).read(image, homography), truth


def test_a_shadow_on_one_side_is_no_dark_rim():
    """Darkness as deep as a dark stone's rim beside a space is a stone's shadow where it
    lies on one side (at most half the rays, none opposite another); a rim dark all
    round, or on two opposite sides, is not."""
    cfg = load_config().stones
    one_side = np.zeros(RAYS_OFF_LINES, dtype=bool)
    one_side[2:6] = True
    all_round = np.ones(RAYS_OFF_LINES, dtype=bool)
    opposite = np.zeros(RAYS_OFF_LINES, dtype=bool)
    opposite[[1, 1 + RAYS_OFF_LINES // 2]] = True
    wide = np.zeros(RAYS_OFF_LINES, dtype=bool)
    wide[:RAYS_OFF_LINES // 2 + 1] = True
    none = np.zeros(RAYS_OFF_LINES, dtype=bool)
    assert _one_sided(np.stack([one_side, all_round, opposite, wide, none]), cfg).tolist() \
        == [True, False, False, False, True]


def test_white_stones_on_white_paper_casting_a_dark_shadow_are_read_white():
    """Development scene 7785: slate-and-shell white stones on white paper, seen by a
    640×480 webcam, their contact shadows on the paper half as light as the board on
    the side away from the lamp. All 22 white stones were unsure ("stone colour like the
    board's": that shadow is as dark as a black stone's rim); the board is now read
    whole."""
    reading, truth = _read(7785)
    whites = [n for n, c in truth["cells"].items() if c == "white"]
    assert len(whites) >= 20
    assert not reading.occluded
    assert reading.cells == truth["cells"]


def test_white_stones_on_white_paper_on_the_rim_are_read_white():
    """Development scene 7768 (white paper, a 640×480 webcam, a lamp's glare): white
    stones on the board's edge (A14, T14, O1, Q1, R1, K19) hide the T printed there and
    shade the board beside them as those inside do: white. The one in a corner (A1)
    stays unsure: a bare L there has the margin on two sides, whose shade may pass for a
    stone's (a bare far corner of a steep view was read white so). No space of the
    board is read wrongly."""
    reading, truth = _read(7768)
    wrong = [n for n, c in reading.cells.items() if c not in (UNSURE, truth["cells"][n])]
    assert wrong == []
    for name in ("A14", "T14", "O1", "Q1", "R1", "K19"):
        assert truth["cells"][name] == "white"
        assert reading.cells[name] == "white"
    assert truth["cells"]["A1"] == "white" and reading.cells["A1"] == UNSURE


@pytest.mark.parametrize("seed", [7600, 7637, 7740, 7768, 7785])
def test_a_bare_white_paper_board_under_a_lamps_glare_is_read_empty(seed):
    """The same white paper boards, lamps and cameras with no stone on them, under a
    lamp's glare: no space is read as a stone, and at most a few are unsure."""
    reading, truth = _read(seed, pieces={}, glare=True)
    assert set(truth["cells"].values()) == {"empty"}
    assert {c for c in reading.cells.values()} <= {"empty", UNSURE}
    assert sum(c == UNSURE for c in reading.cells.values()) <= 3


def test_a_grid_prints_a_cross_inside_a_t_on_the_edge_and_an_l_in_a_corner():
    """Each space's share of a cross's arms: 1 inside, 3/4 on the edge, 1/2 at the four
    corners."""
    recogniser = Recogniser(load_geometry("go-19"), ("black", "white"))
    arms = dict(zip(recogniser.layout.names, printed_arms(recogniser.layout), strict=True))
    assert arms["K10"] == 1.0 and arms["B2"] == 1.0
    assert arms["A10"] == 0.75 and arms["K19"] == 0.75
    assert [arms[n] for n in ("A1", "A19", "T1", "T19")] == [0.5] * 4
    assert sum(a == 0.75 for a in arms.values()) == 4 * 17


@pytest.mark.parametrize(("seed", "edge"), [(7622, "T1"), (7657, "T16"), (7673, "T14"),
                                            (7681, "T5"), (7681, "T2")])
def test_bare_board_on_the_edge_showing_its_t_or_l_is_read_empty(seed, edge):
    """Bare points on the board's edge of development scenes (kaya and white paper; a
    lamp blowing out part of the core in 7657, 7673 and 7681) showed most of the T or L
    printed there, less than the crosses round them, and were unsure ("empty, far from
    the board's colour, no print", "empty, blown out in part and in shade"): read empty
    now."""
    reading, truth = _read(seed)
    assert truth["cells"][edge] == "empty"
    assert reading.cells[edge] == "empty"


def _rays_beside(own_dark: float, beyond: float) -> tuple[SimpleNamespace, np.ndarray]:
    """One space on a board of lightness 200 whose rays (16, of 10 samples; the inner 7
    within the stone's rim) are lit but for four beside each other, off the printed
    lines: ``own_dark`` within the rim and ``beyond`` past it."""
    values = np.full((RAYS, 10), 200.0)
    angles = np.arange(RAYS) * (2.0 * np.pi / RAYS)
    off_lines = np.flatnonzero(np.abs(np.sin(2.0 * angles)) > 0.5)
    for k in off_lines[2:6]:
        values[k, 5:7] = own_dark
        values[k, 7:] = beyond
    samples = SimpleNamespace(board=np.array([[200.0, 200.0, 200.0]]),
                              darkest=values.ravel())
    return samples, np.arange(values.size).reshape(1, RAYS, 10)


def test_a_shadow_fades_past_the_rim_and_a_dark_stone_beside_does_not():
    """Beside a white stone on white paper its contact shadow is as dark as a dark
    stone's rim at its foot and fades past it: the board there is shaded as a standing
    stone shades it. Beside a bare point the same darkness that grows far darker past
    the rim is a black stone's body next to it: no shade of this space's."""
    cfg = load_config().stones
    chosen = np.array([True])
    shadow = _rays_beside(own_dark=100.0, beyond=95.0)
    neighbour = _rays_beside(own_dark=100.0, beyond=40.0)
    assert _shaded_edge(*shadow, chosen, cfg, one_sided=True).tolist() == [True]
    assert _shaded_edge(*neighbour, chosen, cfg, one_sided=True).tolist() == [False]
    assert _shaded_edge(*shadow, chosen, cfg).tolist() == [False]

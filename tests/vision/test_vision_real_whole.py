"""Session 23: white stones in shade (``shaded_white``). ``go-more/basic.jpg``'s white
stones of its first rows lie in the shade of the board's far side: a little lighter than
their board, a share of the way to the white stones in full light, their print hidden and
the board beside them shaded. They were unsure; they are read white now. Bare board, a
hand's skin off that way, print that shows, a board beside that is not shaded: not."""

import numpy as np
import pytest

import benchmarks.vision as bench
from calibration.recognize import PictureReader
from companion.vision.config import load_config
from companion.vision.games import game_vision
from companion.vision.scene.looks import HELD_OUT
from companion.vision.shaded_white import white_in_shade, white_share
from tests.helpers.bench_taps import read_scene
from tests.helpers.real_photos import label, read_photo, varied

CFG = load_config().stones
WHITE = np.array([0.62, 0.45, 0.20])
"""A white stone's log ratio to a wooden board (lighter in every channel, most in blue:
the wood's tint turned round), as ``basic.jpg``'s white stones in full light show it."""


def _ask(ratio, ink=0.0, fair=0.2, shaded=True):
    n = len(ratio)
    return white_in_shade(np.array(ratio, dtype=float), np.tile(WHITE, (n, 1)), np.ones(n, bool),
                          np.full(n, ink), np.full(n, fair), np.full(n, shaded), CFG)


def test_the_share_of_the_way_to_white():
    share, off = white_share(np.array([0.3 * WHITE, [0.3, 0.0, -0.2]]), np.tile(WHITE, (2, 1)))
    assert share[0] == pytest.approx(0.3)
    assert off[0] == pytest.approx(0.0, abs=1e-9)
    assert off[1] > CFG.max_covered_distance


def test_a_white_stone_in_shade_is_named():
    """A core a fifth to half of the way to white, print hidden, the board beside shaded."""
    assert _ask([0.2 * WHITE, 0.5 * WHITE, 0.3 * WHITE + [0.02, -0.03, 0.01]]).all()


@pytest.mark.parametrize("case", ["bare", "printed", "unshaded", "off the way", "print unclear",
                                  "lighter than white"])
def test_what_is_not_a_white_stone_in_shade(case):
    """Bare board (its own colour), print shown where a piece would sit, a board beside
    it not shaded, a colour off the way to white (a hand's pink skin), a board whose
    print does not show clearly, a core lighter than the white stones themselves."""
    ratio, ink, fair, shaded = [0.3 * WHITE], 0.0, 0.2, True
    if case == "bare":
        ratio = [0.05 * WHITE]
    elif case == "printed":
        ink = 0.1
    elif case == "unshaded":
        shaded = False
    elif case == "off the way":
        ratio = [0.3 * WHITE + np.array([0.15, -0.05, -0.15])]
    elif case == "print unclear":
        fair = 0.1
    else:
        ratio = [1.3 * WHITE]
    assert not _ask(ratio, ink, fair, shaded).any()


def _read(name, variation):
    """``go-more/NAME.jpg`` (the project's copy) as the bench's ``variation`` changes it:
    the counts and wrong points of ``read_photo``, and each point's content."""
    image = varied(name, variation)
    counts, wrong = read_photo(image, label(name))
    result, _ = PictureReader(game_vision("go"), find_size=True).read(image)
    return counts, wrong, {c["space"]: c["content"] for c in result["cells"]}


@pytest.mark.slow
@pytest.mark.parametrize(("name", "variation", "white", "unsure"), [
    ("basic", "original", ("N4", "G3", "J3", "H2", "K2", "L2"), 2),
    ("basic", "640x480", ("H2", "L2"), 1),
    ("basic", "small 40%", ("G3", "J3", "H2", "K2", "L2"), 4),
    ("cornersnumbered", "small 40%", ("C16",), 2),
])
def test_white_stones_in_shade_are_read_white(name, variation, white, unsure):
    """The project's copies of ``basic.jpg`` (as taken, 640 × 480, 40 % as large: 8, 3
    and 9 points unsure before) and ``cornersnumbered.jpg`` 40 % as large (3): the white
    stones of ``basic``'s first rows in the shade of the board's far side, and C16, were
    unsure; they are white now. Left unsure: N2 (a quarter of its print shows), J1 (the
    first line), M17 (its lit face blown out beside its shaded side), N17, C17 and H16.
    Nothing is read wrongly, and no more points are left unsure than that (fewer since
    the readers merged beside this one)."""
    counts, wrong, cells = _read(name, variation)
    assert wrong == {}
    assert all(cells[point] == "white" for point in white)
    assert counts["unsure"] <= unsure


def test_a_hand_it_would_name_is_still_flagged():
    """Go 19 × 19, a held-out look, a hand over the board (seed 18935): some spaces under
    the hand's pale skin, hiding the print and shading the board at the hand's edge, lie
    on the way to white and are named white; the hand rule counts them as the unsure
    spaces they were, and the board is still flagged occluded."""
    scenes = bench.Scenes("go-19", ("black", "white"), "stones", HELD_OUT)
    reading, truth = read_scene(scenes, 18935)
    named = [n for n in truth["hidden"]
             if reading.cells[n] == "white" and truth["cells"][n] != "white"]
    assert truth["occluded"] and named
    assert reading.occluded

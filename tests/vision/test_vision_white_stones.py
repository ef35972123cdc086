"""White stones that colour alone does not tell from bare board, read by what a stone
standing on the board does to it: a glossy white stone whose core a lamp blows out past
the ring round it, and a white stone in a pale board's own colour, are read white where
they hide the print shown round them and shade the board beside them; bare board under
the same lamp, and under a lamp's reflection clipped white over a disc as wide as a
stone's face, is never read as a stone (docs/recognition.md, "A white stone told by the
shade it casts")."""

import numpy as np
import pytest

from companion.geometry import load_geometry
from companion.vision.pipeline import Recogniser
from companion.vision.scene import random_effects
from companion.vision.scene.looks import DEVELOPMENT, random_look_of
from companion.vision.stones import UNSURE
from tests.helpers.scene_cache import render_scene
from tests.helpers.vision_highlights import whites_read_under_discs


def _bench_scene(seed: int, board):
    """Scene ``seed`` of ``companion bench vision --looks development`` (its effects and
    look drawn as the benchmark draws them) and its truth."""
    effects = random_effects(np.random.default_rng([seed, 1]), hands=0.1, glare=0.1)
    look = random_look_of(np.random.default_rng([seed, 3]), DEVELOPMENT)
    return render_scene(seed, board, colours=("black", "white"), effects=effects, look=look)


@pytest.mark.parametrize(("seed", "lit"), [(1197, ("A3", "B1")), (1136, ("S2",))])
def test_a_glossy_white_stone_blown_out_past_its_ring_is_read_white(seed, lit):
    """Under a development look's lamp, a glossy white stone's core is clipped whole and
    the clipping runs over the ring round it (0.37 pitch), where nothing of the stone's
    face is left to see; but the board beside it is shaded where a stone stands, and the
    print shown round it is hidden. Both stones were unsure ("core blown out"); each
    board is now read whole, its bare points under the same lamp read empty."""
    board = load_geometry("go-19")
    recogniser = Recogniser(board, ("black", "white"))
    image, truth = _bench_scene(seed, board)
    reading = recogniser.read(image, np.linalg.inv(np.array(truth["homography"])))
    index = {name: i for i, name in enumerate(recogniser.layout.names)}
    for name in lit:
        assert reading.samples.core_blown[index[name]] == 1.0
        assert reading.samples.ring_seen[index[name]] < recogniser.cfg.stones.ring_min_seen
    assert not reading.occluded
    assert reading.cells == truth["cells"]


def test_white_stones_in_a_pale_boards_colour_are_read_white():
    """White shell stones on a pale board (development scene 1191, a 640×480 webcam)
    are hardly lighter than the board: all 26 were unsure ("stone colour like the
    board's"). Each hides the lines where they cross the ring round its core, and shades
    the board beside it: white. No space is read wrongly; the five on the board's rim
    (left to the print alone, weaker there than round them) and three whose ring shows a
    few specks of print stay unsure."""
    board = load_geometry("go-19")
    recogniser = Recogniser(board, ("black", "white"))
    image, truth = _bench_scene(1191, board)
    reading = recogniser.read(image, np.linalg.inv(np.array(truth["homography"])))
    wrong = [n for n, c in reading.cells.items() if c not in (UNSURE, truth["cells"][n])]
    assert wrong == []
    assert not reading.occluded
    whites = [n for n, c in truth["cells"].items() if c == "white"]
    assert len(whites) == 26
    assert sum(reading.cells[n] == UNSURE for n in whites) <= 8


@pytest.mark.slow
def test_a_reflection_as_wide_as_a_stones_face_on_bare_board_is_never_a_stone():
    """A lamp's reflection clipped white over a disc of 1.3 and 1.5 cores (0.39 and 0.45
    pitch: past the ring, as wide as a small stone) on 40 bare points of each of 4
    boards: the clipped disc hides the print as a stone would, but leaves the board
    beside it unshaded, so no bare point is read as a stone; under the same discs no
    black stone is read white (its black rim round the disc is no shade a stone casts),
    and some white stones are read white by the shade they cast."""
    board = load_geometry("go-19")
    whites, white_read = whites_read_under_discs(Recogniser(board, ("black", "white")),
                                                 board, (1.3, 1.5))
    assert whites > 0 and white_read > 0

"""White stones left in doubt where few white stones are read surely, or on the board's
edge (session 27, ``light_set.light_refs`` and the edge's ask).

Held-out study scenes of white glass on white vinyl: Go 19 × 19 69032 (a 640 × 480
webcam), whose white stones are read white by the shade they cast
(``_glass_in_board_colour``, at ``min_confidence``), none by their colour surely, so
``light_set`` had no set to hold a doubted stone against: T12, on the edge, read white
best, not clearly. Go 13 × 13 69150: E13, on the top edge, the print round it 0.24
(under ``edge_print_clear``, over ``ink_clear``), five white stones read surely. Each is
read white now; the same point bare, among the same stones, is read empty."""

import numpy as np
import pytest

from benchmarks.vision import Scenes
from companion.vision.labels import EMPTY, UNSURE
from companion.vision.pipeline import Reading
from companion.vision.scene.looks import HELD_OUT
from tests.helpers.bench_taps import read_with_pieces, shown

COLOURS = ("black", "white")
DOUBTED = (("go-19", 69032, "T12"), ("go-13", 69150, "E13"))


def _held_out(board: str, seed: int, pieces: dict[str, str] | None
              ) -> tuple[Reading, dict]:
    """The bench's held-out scene ``seed`` of ``board`` (its own stones where ``pieces``
    is ``None``), read from its corners tapped as the bench taps them; with its truth."""
    return read_with_pieces(Scenes(board, COLOURS, "stones", HELD_OUT), seed, pieces)


@pytest.mark.slow
@pytest.mark.parametrize(("board", "seed", "space"), DOUBTED)
def test_a_doubted_white_glass_stone_is_read_white(board: str, seed: int, space: str):
    reading, truth = _held_out(board, seed, None)
    assert not truth["occluded"] and truth["cells"][space] == "white"
    assert reading.cells[space] == "white"
    assert all(reading.cells[s] in (c, UNSURE) for s, c in shown(truth).items())


@pytest.mark.slow
@pytest.mark.parametrize(("board", "seed", "space"), DOUBTED)
def test_the_same_point_bare_among_the_same_stones_is_not_read_white(board: str, seed: int,
                                                                       space: str):
    _, truth = _held_out(board, seed, None)
    pieces = {s: c for s, c in truth["cells"].items() if c != EMPTY and s != space}
    reading, truth = _held_out(board, seed, pieces)
    assert reading.cells[space] == EMPTY
    assert all(reading.cells[s] in (c, UNSURE) for s, c in shown(truth).items())
    assert not np.any([reading.cells[s] == "white" for s, c in truth["cells"].items()
                       if c != "white"])

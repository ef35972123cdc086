"""White stones at a lamp's glare's edge read empty on a full board (session 27,
``glare_edge``).

Development full-glare scene 70307 (Go 9 × 9, 80 stones: slate and shell on white paper,
one neutral lamp, 1280 × 960): five white shell stones stand where the lamp's reflection
reaches their gaps (blown out over 0.21–0.56 of them); their cores, hardly blown, are
0.18–0.46 lighter than the board their gaps still show, and their stripes pass for print
(``ink`` 0.11–0.23), so the reader read them empty, surely: one bare point of 81 shows
nothing of what bare board looks like. Unsure now. The same points bare, among the same
stones under the same lamp, lie in the glare (it hides all five): none is read as a stone,
four are no lighter than their board and stay empty (the corner J1, its core lifted by
the reflection's halo 0.19 over the board its far gaps show, is unsure, as a space a
glare hides may be)."""

import pytest

import benchmarks.vision as bench
from companion.vision.labels import EMPTY, UNSURE
from companion.vision.pipeline import Reading
from companion.vision.scene.looks import DEVELOPMENT
from tests.helpers.bench_taps import read_with_pieces, shown

COLOURS = ("black", "white")
SEED = 70307
EDGE = ("G3", "H3", "J3", "G2", "J1")  # white stones at the glare's edge, read empty before


def _scenes() -> bench.Scenes:
    return bench.Scenes("go-9", COLOURS, "stones", DEVELOPMENT, full=80)


def _read(pieces: dict[str, str]) -> tuple[Reading, dict]:
    """Scene ``SEED`` as ``--full-glare 80`` draws it, with ``pieces``, read as the bench
    reads it; with its truth."""
    return read_with_pieces(_scenes(), SEED, pieces)


@pytest.mark.slow
def test_white_stones_at_a_glares_edge_are_not_read_empty():
    reading, truth = _read(_scenes().pieces(SEED))
    seen = shown(truth)
    assert all(seen[s] == "white" and reading.cells[s] == UNSURE for s in EDGE)
    assert all(reading.cells[s] in (c, UNSURE) for s, c in seen.items())
    assert not reading.occluded


@pytest.mark.slow
def test_the_same_points_bare_at_the_glares_edge_are_never_stones():
    pieces = {s: c for s, c in _scenes().pieces(SEED).items() if s not in EDGE}
    reading, truth = _read(pieces)
    assert all(truth["cells"][s] == EMPTY for s in EDGE)
    assert [s for s in EDGE if reading.cells[s] != EMPTY] == ["J1"]
    assert reading.cells["J1"] == UNSURE

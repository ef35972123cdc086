"""A phone's sharpening lights a bare point's core along its printed lines
(``companion.vision.sharpened_lines``): read as the bare board it is, not left unsure as
a lit stone face; a white stone's lit face is never taken for it."""

import numpy as np
import pytest

from benchmarks.vision import Scenes
from companion.geometry import load_geometry
from companion.vision.config import load_config
from companion.vision.labels import UNSURE
from companion.vision.pipeline import Recogniser
from companion.vision.scene.looks import DEVELOPMENT
from companion.vision.sharpened_lines import halo_lit, off_lines
from tests.helpers.bench_taps import tapped

GO = ("black", "white")
LIT_FACE = "empty, a lit face lighter than its board"
WITHOUT = load_config(stones={"halo_min_spaces": 10**6})  # the rule never holds


def _read_both(scenes: Scenes, seed: int):
    """The bench's scene read with the rule and without it, and its truth."""
    board = load_geometry(scenes.board_name)
    image, truth, _ = scenes.render(seed)
    homography = tapped(seed, board, truth)
    return (Recogniser(board, GO).read(image, homography),
            Recogniser(board, GO, cfg=WITHOUT).read(image, homography), truth)


def test_a_grid_marks_its_cores_pixels_off_the_lines_and_rings_mark_none():
    cfg = load_config()
    layout = Recogniser(load_geometry("go-9"), GO).layout
    off = off_lines(layout, cfg.stones)
    assert off.shape == layout.core.shape
    assert 0.1 < off.mean() < 0.5  # the four corners between the arms
    ring = Recogniser(load_geometry("one-60"), ("black", "white", "red", "blue", "green",
                                                "yellow")).layout
    assert off_lines(ring, cfg.stones) is None


def test_no_space_is_a_halo_where_fewer_than_the_least_show_one():
    cfg = load_config()
    layout = Recogniser(load_geometry("go-9"), GO).layout
    n, k = layout.core.shape

    class Lit:  # the numbers halo_lit reads: every line shown, a core lit along its lines
        core_seen = np.ones((n, k), dtype=bool)
        ring_seen = np.ones(n)
        ring_ink = np.ones(n)
        ink = np.full(n, 0.3)
        ink_around = np.full(n, 0.3)

    off = off_lines(layout, cfg.stones)
    least = int(cfg.stones.halo_min_spaces)
    few = np.zeros(n, dtype=bool)
    few[:least - 1] = True
    assert not halo_lit(Lit, few, off, cfg.stones).any()
    enough = np.zeros(n, dtype=bool)
    enough[:least] = True
    assert (halo_lit(Lit, enough, off, cfg.stones) == enough).all()
    Lit.core_seen = ~off  # every corner blown out: a lamp's patch, no halo
    assert not halo_lit(Lit, enough, off, cfg.stones).any()


@pytest.mark.slow
def test_a_sharpened_pale_board_reads_its_bare_points_empty():
    # Development look: pale wood, slate and shell stones, two lamps, 1280 x 960; every
    # bare point's lines haloed by the phone's sharpening.
    scenes = Scenes("go-19", GO, "stones", DEVELOPMENT, sharpen=True)
    reading, before, truth = _read_both(scenes, 63001)
    lit = [s for s in before.unsure if before.why.get(s) == [LIT_FACE]]
    assert len(lit) >= 30 and all(truth["cells"][s] == "empty" for s in lit)
    read = [s for s in lit if reading.cells[s] == "empty"]
    assert len(read) >= 25
    for space, content in reading.cells.items():  # nothing else changed
        assert content == before.cells[space] or space in read


@pytest.mark.slow
def test_no_white_stone_of_a_sharpened_full_board_is_read_empty():
    # Development look: tan paper, slate and shell stones, 1280 x 960, 80 stones under a
    # lamp's glare: the sharpening's dark seams round the crowded white stones pass for
    # print through their rings, and several of their lit faces lie along their lines.
    scenes = Scenes("go-9", GO, "stones", DEVELOPMENT, full=80, sharpen=True)
    reading, _, truth = _read_both(scenes, 63019)
    whites = [s for s, c in truth["cells"].items() if c == "white"]
    assert len(whites) == 40
    assert all(reading.cells[s] in ("white", UNSURE) for s in whites)

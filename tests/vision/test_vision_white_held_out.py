"""White glass stones on the board's rim, held-out looks: colour only leans to a
translucent white stone on white vinyl ("not clearly best"), and the rule that reads it
by the print it hides and the shade it casts (``stones._light_stone_unclear``) now reads
it on the rim too, looking for its shade only along the rays that stay over the grid
(``board_rays.rays_over_grid``): past the outermost line lie the margin and the table.
The same spaces bare, bare under a lamp's glare, or holding black stones are never read
white."""

import numpy as np
import pytest

import benchmarks.vision as bench
from calibration.registration import from_corners
from companion.geometry import load_geometry
from companion.vision.board_rays import rays_over_grid
from companion.vision.labels import EMPTY, UNSURE
from companion.vision.pipeline import Reading, Recogniser
from companion.vision.scene import render_scene

# Go 9 x 9 bench scenes of held-out looks (white vinyl, glass stones, no hand), and white
# stones on their rim that were unsure ("not clearly best") before the rule and are read
# white now, read through the scene's exact corners.
RIM_WHITES = {7317: ("D1",), 7363: ("H1",), 7414: ("J8",)}


def _read(seed: int, pieces: dict[str, str] | None, glare: bool = False
          ) -> tuple[Reading, dict[str, str]]:
    scenes = bench.Scenes("go-9", ("black", "white"), "stones", "held-out")
    look = scenes.look(seed)
    assert (look.board, look.stones) == ("white vinyl", "glass")
    effects = bench.random_effects(np.random.default_rng([seed, 1]), hands=0.0,
                                   glare=1.0) if glare else scenes.effects(seed)
    image, truth = render_scene(seed, scenes.geometry, pieces, colours=scenes.colours,
                                effects=effects, look=look)
    homography = from_corners(np.array(truth["corners_px"]), scenes.geometry.width_mm,
                              scenes.geometry.height_mm).homography
    reading = Recogniser(scenes.geometry, scenes.colours).read(image, homography)
    return reading, truth["cells"]


def _stones(seed: int) -> dict[str, str]:
    _, truth = _read(seed, None)
    return {s: c for s, c in truth.items() if c != EMPTY}


@pytest.mark.parametrize("seed", sorted(RIM_WHITES))
def test_white_glass_on_the_rim_is_read_white(seed):
    reading, truth = _read(seed, None)
    assert all(truth[s] == "white" and reading.cells[s] == "white" for s in RIM_WHITES[seed])
    read = [s for s, c in reading.cells.items() if c != UNSURE]
    assert sum(reading.cells[s] != truth[s] for s in read) == 0


@pytest.mark.parametrize("seed", sorted(RIM_WHITES))
@pytest.mark.parametrize("glare", [False, True])
def test_the_same_spaces_bare_are_not_read_white(seed, glare):
    stones = _stones(seed)
    blacks = {s: c for s, c in stones.items() if c == "black"}
    reading, truth = _read(seed, blacks, glare)
    bare = [s for s, c in truth.items() if c == EMPTY]
    assert set(RIM_WHITES[seed]) <= set(bare)
    assert all(reading.cells[s] in (EMPTY, UNSURE) for s in bare)


@pytest.mark.parametrize("seed", sorted(RIM_WHITES))
def test_black_stones_in_their_place_are_not_read_white(seed):
    stones = {s: "black" for s in _stones(seed)}
    reading, truth = _read(seed, stones)
    assert all(truth[s] == "black" for s in stones)
    assert all(reading.cells[s] in ("black", UNSURE) for s in stones)


@pytest.mark.parametrize("board", ["go-9", "go-19"])
def test_only_a_rim_space_has_rays_leaving_the_grid(board):
    geometry = load_geometry(board)
    layout = Recogniser(geometry, ("black", "white")).layout
    over = rays_over_grid(layout.rays, layout.size[0])
    size = int(board.split("-")[1])
    columns = sorted({n[0] for n in layout.names})
    inner = [i for i, n in enumerate(layout.names)
             if n[0] not in (columns[0], columns[-1]) and int(n[1:]) not in (1, size)]
    assert over[inner].all()
    # A space on a side keeps the rays along its line and those inwards (9 of 16), a
    # corner the quarter between its two lines (5 of 16).
    counts = np.sort(over.sum(axis=1))
    assert list(np.unique(counts)) == [5, 9, 16]
    assert (counts == 5).sum() == 4 and (counts == 9).sum() == 4 * (size - 2)
    assert (counts == 16).sum() == len(inner)

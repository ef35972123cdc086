"""White stones a lamp blows out whose gaps a warm board clips in one channel (session 27:
docs/recognition.md, "Gaps a warm board clips").

Under a bright lamp a warm board clips in its red by itself, in the gaps round the white
stones nearest the lamp too: development Go 19 × 19 study scene 69633 (pale wood, slate and
shell, 640 × 480) shows T13 and T17 on the rim so, held-out 69619 (red wood, glass,
640 × 480) O4 and P4. Their gaps are blown out in a channel and white in none: no lamp's
reflection runs into them, and the face past the core reads them white."""

import numpy as np
import pytest

from benchmarks.vision import Scenes
from companion.geometry import load_geometry
from companion.vision.clipped_gaps import no_lamp_in_gaps
from companion.vision.config import load_config
from companion.vision.labels import EMPTY, UNSURE
from companion.vision.pipeline import Recogniser
from companion.vision.scene.looks import DEVELOPMENT, HELD_OUT
from tests.helpers.bench_taps import tapped
from tests.helpers.scene_cache import render_scene

COLOURS = ("black", "white")


def test_gaps_clipped_in_a_channel_show_no_lamp_but_white_gaps_do():
    cfg = load_config().stones
    blown = np.array([0.0, 0.03, 0.29, 0.29, 0.6, 0.29])
    white = np.array([0.0, 0.03, 0.0, 0.2, 0.0, 0.05])
    assert no_lamp_in_gaps(blown, white, cfg).tolist() == [True, True, True, False, False,
                                                           False]
    # Where the gaps' white was not looked at, their blown-out share alone says.
    assert no_lamp_in_gaps(blown, None, cfg).tolist() == [True, True, False, False, False,
                                                          False]


def _read(seed: int, split: str):
    geometry = load_geometry("go-19")
    scenes = Scenes("go-19", COLOURS, "stones", split)
    image, truth = render_scene(seed, geometry, colours=COLOURS, effects=scenes.effects(seed),
                                look=scenes.look(seed))
    return Recogniser(geometry, COLOURS).read(image, tapped(seed, geometry, truth)), truth


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "split", "whites"), [
    (69633, DEVELOPMENT, ("T13", "T17")),
    (69619, HELD_OUT, ("O4", "P4")),
])
def test_white_stones_in_gaps_a_warm_board_clips_are_read_white(seed, split, whites):
    reading, truth = _read(seed, split)
    assert all(truth["cells"][s] == "white" and reading.cells[s] == "white" for s in whites)
    hidden = set(truth["hidden"])
    seen = {s: c for s, c in truth["cells"].items() if s not in hidden}
    assert all(reading.cells[s] in (c, UNSURE) for s, c in seen.items() if c != EMPTY)
    assert all(reading.cells[s] in (EMPTY, UNSURE) for s, c in seen.items() if c == EMPTY)

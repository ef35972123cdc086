"""The corners of a rendered board as ``companion bench vision`` taps them, and the
bench's scenes read from them."""

from collections.abc import Sequence

import numpy as np

from benchmarks.vision import CORNER_NOISE_PX, GLARE, HANDS, Scenes
from calibration.registration import from_corners
from companion.geometry import Geometry, load_geometry
from companion.vision.pipeline import Reading, Recogniser
from companion.vision.scene import random_effects
from companion.vision.scene.looks import HELD_OUT, random_look_of
from tests.helpers.scene_cache import render_scene


def tapped(seed: int, board: Geometry, truth: dict) -> np.ndarray:
    """The homography from the board's corners as the vision bench taps them for
    ``seed`` (each corner off by a fraction of a pixel, from ``[seed, 2]``)."""
    noise = np.random.default_rng([seed, 2]).normal(0, CORNER_NOISE_PX, (4, 2))
    taps = np.array(truth["corners_px"]) + noise
    return from_corners(taps, board.width_mm, board.height_mm).homography


def read_as_bench(seed: int, board: str, colours: Sequence[str], split: str
                  ) -> tuple[Reading, dict]:
    """The vision bench's scene ``seed`` of ``board`` under a look of ``split`` (its
    hand and glare drawn as the bench draws them), read from its corners tapped as the
    bench taps them; with the scene's truth."""
    geometry = load_geometry(board)
    effects = random_effects(np.random.default_rng([seed, 1]), hands=HANDS, glare=GLARE)
    look = random_look_of(np.random.default_rng([seed, 3]), split)
    image, truth = render_scene(seed, geometry, colours=colours, effects=effects, look=look)
    return Recogniser(geometry, colours).read(image, tapped(seed, geometry, truth)), truth


def read_scene(scenes: Scenes, seed: int) -> tuple[Reading, dict]:
    """The bench's scene ``seed`` of ``scenes`` (``--hands all``, ``--full-glare``,
    ``--steep`` as those scenes are drawn), read from its corners tapped as the bench
    taps them; with the scene's truth."""
    board = load_geometry(scenes.board_name)
    image, truth, _ = scenes.render(seed)
    return Recogniser(board, scenes.colours).read(image, tapped(seed, board, truth)), truth


def read_with_pieces(scenes: Scenes, seed: int, pieces: dict[str, str] | None
                     ) -> tuple[Reading, dict]:
    """The bench's scene ``seed`` of ``scenes`` (its effects and look as the bench draws
    them) with ``pieces`` on the board (``None``: the stones the renderer draws for
    ``seed``), read from its corners tapped as the bench taps them; with its truth."""
    geometry = load_geometry(scenes.board_name)
    image, truth = render_scene(seed, geometry, pieces, colours=scenes.colours,
                                effects=scenes.effects(seed), look=scenes.look(seed))
    return Recogniser(geometry, scenes.colours).read(image, tapped(seed, geometry, truth)), truth


def shown(truth: dict) -> dict[str, str]:
    """What lies on each space the bench counts: not those a hand or a glare hides."""
    hidden = set(truth["hidden"])
    return {s: c for s, c in truth["cells"].items() if s not in hidden}


def held_out_go19(seed: int, pieces: dict[str, str] | None, hands: float = HANDS
                  ) -> tuple[np.ndarray, dict, np.ndarray]:
    """The bench's held-out Go 19 × 19 scene ``seed`` (its own stones where ``pieces`` is
    ``None``; a hand with chance ``hands``), its truth and the homography from its
    corners tapped as the bench taps them."""
    geometry = load_geometry("go-19")
    scenes = Scenes("go-19", ("black", "white"), "stones", HELD_OUT, hands=hands)
    image, truth = render_scene(seed, geometry, pieces, colours=scenes.colours,
                                effects=scenes.effects(seed), look=scenes.look(seed))
    return image, truth, tapped(seed, geometry, truth)

"""Rendered Go boards seen steeply (35-40° from the vertical) for the grid finder's
tests: a camera look of ``bench vision`` with its tilt set, and the board found in a
picture without its size."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from calibration.gridfind import find_grid_of, grid_lines_mm
from companion.geometry import load_geometry
from companion.vision.scene import random_effects, render_scene
from companion.vision.scene.looks import random_look_of

SIZES = ("go-19", "go-13", "go-9")


def steep_render(seed: int, board: str, split: str, tilt: float, frame: int = 640,
                 pieces: dict | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A rendered board under a camera look of ``split`` at ``tilt`` from the vertical in
    a ``frame`` × 3/4 frame (no hand; ``pieces`` None: a game's stones, {}: bare), its
    crossings (rows × columns × 2) and its homography picture -> board mm."""
    geometry = load_geometry(board)
    look = random_look_of(np.random.default_rng([seed, 3]), split)
    look = replace(look, frame=(frame, frame * 3 // 4), pose=replace(look.pose, tilt_deg=tilt))
    effects = random_effects(np.random.default_rng([seed, 1]), hands=0.0, glare=0.1)
    image, truth = render_scene(seed, geometry, pieces, effects=effects, look=look)
    size = round(len(geometry.names) ** 0.5)
    must = np.array([truth["spaces_px"][n] for n in geometry.names]).reshape(size, size, 2)
    return image, must, np.linalg.inv(np.array(truth["homography"], np.float64))


def crossings_found(picture: np.ndarray) -> np.ndarray:
    """The crossings (rows × columns × 2) of the board found in ``picture``, any size."""
    geometry, registration = find_grid_of(picture, [load_geometry(n) for n in SIZES])
    xs, ys = grid_lines_mm(geometry)
    places = np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 2)
    return registration.to_pixels(places).reshape(len(ys), len(xs), 2)

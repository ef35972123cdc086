"""Shared by the vision tests: what a room lamp and a webcam add to a rendered scene of
stones. A glossy stone carries the lamp's specular highlight, a small white spot that
clips the sensor; a webcam sees the board at 640×480 through JPEG.

    image = with_highlights(image, truth, colours=("black",), seed=3)
    image, homography = as_webcam(image, truth, quality=70)

These paint on the renderer's output (each stone's pixel centre is in the scene's
truth), so the tests do not depend on how the renderer itself draws a stone's gloss.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from companion.vision.labels import UNSURE
from companion.vision.scene import Effects, Pose
from tests.helpers.scene_cache import render_scene

CORE = 0.30  # the core a stone is read from, in pitches (sampling.core_radius)


def with_highlights(image: np.ndarray, truth: dict, *, colours: Sequence[str] = ("black",),
                    seed: int = 0, lamps: int = 1, share: tuple[float, float] = (0.04, 0.2),
                    strength: tuple[float, float] = (0.8, 1.0)) -> np.ndarray:
    """``image`` with a lamp's highlight on every stone of ``colours``: a blurred white
    ellipse of ``share`` of the stone's core in area, for each of ``lamps`` lamps; each
    lamp puts it on the same side of every stone (it is the lamp's reflection), at a
    random distance from the centre up to the core's edge (all lamps together cover
    ``share``). ``strength`` is how far towards white it goes (1: clipped)."""
    rng = np.random.default_rng(seed)
    pitch = float(truth["pitch_px"])
    core = CORE * pitch
    layer = np.zeros(image.shape[:2], np.float32)
    sides = [rng.uniform(0, 2 * np.pi) for _ in range(lamps)]
    for name, content in truth["cells"].items():
        if content not in colours:
            continue
        x, y = truth["spaces_px"][name]
        for side in sides:
            area = rng.uniform(*share) / lamps * np.pi * core**2
            ratio = rng.uniform(0.5, 1.0)  # an ellipse's short axis to its long one
            a = np.sqrt(area / (np.pi * ratio))
            reach = rng.uniform(0.0, core)
            centre = (x + reach * np.cos(side), y + reach * np.sin(side))
            level = rng.uniform(*strength)
            spot = np.zeros_like(layer)
            cv2.ellipse(spot, (int(round(centre[0] * 8)), int(round(centre[1] * 8))),
                        (max(int(a * 8), 1), max(int(a * ratio * 8), 1)),
                        float(np.degrees(side)) + 90.0, 0, 360, level, -1, cv2.LINE_AA, 3)
            np.maximum(layer, spot, out=layer)
    layer = cv2.GaussianBlur(layer, (0, 0), 0.7)
    painted = image.astype(np.float32) * (1.0 - layer[:, :, None]) + 255.0 * layer[:, :, None]
    return np.clip(painted, 0, 255).astype(np.uint8)


def as_webcam(image: np.ndarray, truth: dict, *, size: tuple[int, int] = (640, 480),
              quality: int = 70) -> tuple[np.ndarray, np.ndarray]:
    """``image`` as a webcam of ``size`` sends it (resized, JPEG at ``quality``), and
    the homography pixels → board mm of the smaller picture."""
    h, w = image.shape[:2]
    small = cv2.resize(image, size, interpolation=cv2.INTER_AREA)
    ok, data = cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    scale = np.diag([size[0] / w, size[1] / h, 1.0])
    to_pixels = scale @ np.array(truth["homography"])
    return cv2.imdecode(data, cv2.IMREAD_COLOR), np.linalg.inv(to_pixels)


def clipped_discs(image: np.ndarray, truth: dict, names: Sequence[str], *,
                  radius: float) -> np.ndarray:
    """``image`` with a lamp's reflection clipped to white over a disc of ``radius``
    cores at each of ``names``' spaces: on a white stone, a lamp that blows out most of
    its core; on bare board, a reflection as small as a stone."""
    pitch = float(truth["pitch_px"])
    layer = np.zeros(image.shape[:2], np.float32)
    for name in names:
        x, y = truth["spaces_px"][name]
        cv2.circle(layer, (int(round(x * 8)), int(round(y * 8))),
                   int(radius * CORE * pitch * 8), 1.0, -1, cv2.LINE_AA, 3)
    layer = cv2.GaussianBlur(layer, (0, 0), 0.7)
    painted = image.astype(np.float32) * (1.0 - layer[:, :, None]) + 255.0 * layer[:, :, None]
    return np.clip(painted, 0, 255).astype(np.uint8)


def half_filled_boards(board):
    """Four seeded boards of 120 stones, black and white in turn on shuffled spaces, seen
    from 0 to 30 degrees: each board's shuffled names (stones first), its stones, the
    picture and its truth."""
    for seed in range(4):
        names = list(board.names)
        np.random.default_rng(seed).shuffle(names)
        pieces = {name: ("black", "white")[i % 2] for i, name in enumerate(names[:120])}
        image, truth = render_scene(seed, board, pieces, Pose(tilt_deg=10.0 * seed),
                                    Effects(noise=3.0, blur=0.6, jpeg=80))
        yield names, pieces, image, truth


def whites_read_under_discs(recogniser, board, radii: Sequence[float]) -> tuple[int, int]:
    """Clip a disc of each of ``radii`` cores white over the first 160 shuffled spaces of
    every half-filled board (120 stones, 40 bare points) and read it: no space may be
    read as anything but unsure or what lies there. Returns the white stones lit and
    how many of them were read white."""
    whites = white_read = 0
    for names, _, image, truth in half_filled_boards(board):
        for radius in radii:
            painted = clipped_discs(image, truth, names[:160], radius=radius)
            reading = recogniser.read(painted, np.linalg.inv(np.array(truth["homography"])))
            for name in names[:160]:
                assert reading.cells[name] in (UNSURE, truth["cells"][name]), name
                if truth["cells"][name] == "white":
                    whites += 1
                    white_read += reading.cells[name] == "white"
    return whites, white_read


def small_reflections(image: np.ndarray, truth: dict, bare: Sequence[str], *,
                      sigma: float = 0.2, peak: float = 400.0, count: int = 12
                      ) -> tuple[np.ndarray, list[str]]:
    """``image`` with a lamp's small reflection in bare board over ``count`` of the ``bare``
    points, spread evenly through the list: a Gaussian of ``sigma`` pitch and ``peak`` grey
    levels added as light adds (white at its heart, a halo round it), and the points lit."""
    lit = list(bare[::max(len(bare) // count, 1)][:count])
    pitch = float(truth["pitch_px"])
    ys, xs = np.mgrid[0:image.shape[0], 0:image.shape[1]]
    light = np.zeros(image.shape[:2], np.float32)
    for name in lit:
        x, y = truth["spaces_px"][name]
        light += peak * np.exp(-((xs - x) ** 2 + (ys - y) ** 2) / (2 * (sigma * pitch) ** 2))
    return np.clip(image + light[:, :, None], 0, 255).astype(np.uint8), lit

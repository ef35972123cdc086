"""Rendered boards among the clutter of a real table, for the grid finder's tests.

``companion.vision.scene`` renders a board on a plain table; real tables have stone
bowls, a keyboard, the table's own edge and its wood grain around the board. This
helper draws those around the rendered board (never over it), seeded, so the finder
is tested on boards small in a cluttered frame:

    image, to_board = cluttered_scene(3, "go-9", Pose(tilt_deg=30, fill=0.35),
                                      frame=(1920, 1080))

With ``grain`` the table is a wooden top with strong grain instead (streaks and
stripes as dark as the board's lines, a few pixels apart, all one way), with or
without the other ``clutter``; ``wood_table`` alone is such a top with no board, and
``bare_table`` a table with its clutter and no board. ``lattice_error_pitches`` says how
far a lattice found lies from the scene's truth.
"""

from __future__ import annotations

from collections.abc import Mapping

import cv2
import numpy as np

from calibration.gridfind import grid_lines_mm
from calibration.registration import Registration
from companion.geometry import Geometry, load_geometry
from companion.vision.scene import Effects, Pose
from tests.helpers.scene_cache import render_scene

CLEAN = Effects(noise=2.0, blur=0.4, jpeg=85)


def cluttered_scene(seed: int, board: str, pose: Pose, *, frame: tuple[int, int],
                    pieces: Mapping[str, str] | None = None, effects: Effects = CLEAN,
                    frame_seed: int = 0, grain: float = 0.0, clutter: bool = True,
                    keyboard_against: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """The rendered board with clutter around it, and its true homography pixels →
    board mm. ``grain`` > 0: on a wooden top of that grain contrast (``wood_table``).
    ``keyboard_against``: the keyboard lies against the board's upper left corner, its
    keys' lattice touching the board's."""
    image, truth = render_scene(seed, board, dict(pieces or {}), pose, effects, frame=frame,
                                frame_seed=frame_seed)
    to_picture = np.array(truth["homography"], dtype=np.float64)
    geometry = load_geometry(board)
    rng = np.random.default_rng([seed, 99])
    layer = wood_table(image.shape, rng, grain) if grain > 0 else image.copy()
    height, width = image.shape[:2]
    unit = max(width, height) / 100.0  # clutter sizes as shares of the frame
    if grain <= 0:
        _wood_grain(layer, rng, unit)
    outline = np.array([[0, 0], [geometry.width_mm, 0], [geometry.width_mm, geometry.height_mm],
                        [0, geometry.height_mm]], dtype=np.float64)
    corners = cv2.perspectiveTransform(outline.reshape(-1, 1, 2), to_picture).reshape(-1, 2)
    if clutter:
        _table_edge(layer, rng)
        corner = tuple(corners[np.argmin(corners.sum(axis=1))]) if keyboard_against else None
        _keyboard(layer, rng, unit, corner)
        for _ in range(2):
            _bowl(layer, rng, unit)
    board_mask = np.zeros((height, width), np.uint8)
    cv2.fillConvexPoly(board_mask, np.rint(corners).astype(np.int32), 255)
    board_mask = cv2.dilate(board_mask, np.ones((5, 5), np.uint8))
    keep = board_mask[..., None] > 0
    return np.where(keep, image, layer), np.linalg.inv(to_picture)


def bare_table(seed: int, frame: tuple[int, int], grain: float = 0.0) -> np.ndarray:
    """A table with bowls, a keyboard and its edge but no board (BGR, ``frame`` is
    (width, height)): faint grain lines on a plain top, or ``grain`` > 0 a wooden top
    of that grain contrast (``wood_table``)."""
    rng = np.random.default_rng([seed, 98])
    width, height = frame
    unit = max(width, height) / 100.0
    if grain > 0:
        table = wood_table((height, width, 3), rng, grain)
    else:
        table = np.empty((height, width, 3), np.uint8)
        table[:] = rng.uniform(0.8, 1.2) * np.array([70, 85, 60])
        _wood_grain(table, rng, unit)
    _table_edge(table, rng)
    _keyboard(table, rng, unit)
    for _ in range(2):
        _bowl(table, rng, unit)
    return table


def wood_table(shape: tuple[int, ...], rng: np.random.Generator, contrast: float
               ) -> np.ndarray:
    """A wooden table top (BGR) with strong grain all one way, at a random angle: long
    streaks (noise stretched along the grain), fine stripes a few pixels apart, wavy
    as real grain is, each ``contrast`` deep around a wood colour."""
    height, width = shape[:2]
    reach = int(np.hypot(width, height)) + 2
    across = cv2.resize(rng.normal(0, 1, (reach // 6, 1)).astype(np.float32), (1, reach),
                        interpolation=cv2.INTER_CUBIC)
    streaks = cv2.resize(rng.normal(0, 1, (reach, 6)).astype(np.float32), (reach, reach),
                         interpolation=cv2.INTER_CUBIC)
    v, u = np.mgrid[0:reach, 0:reach].astype(np.float32)
    period = rng.uniform(4.0, 9.0)
    stripes = np.sin((v + 10 * np.sin(u / 140)) * 2 * np.pi / period) \
        + 0.6 * np.sin(v * 2 * np.pi / (0.45 * period) + u / 300)
    texture = 0.8 * streaks + 0.6 * stripes + 0.5 * across
    texture /= texture.std() + 1e-6
    turn = cv2.getRotationMatrix2D((reach / 2, reach / 2), rng.uniform(0, 180), 1.0)
    turn[:, 2] += (np.array([width, height]) - reach) / 2
    texture = cv2.warpAffine(texture, turn, (width, height), borderMode=cv2.BORDER_REFLECT)
    tone = rng.uniform(0.8, 1.2) * np.array([50, 95, 150], np.float32)  # B, G, R
    return np.clip(tone * (1 + contrast * texture[..., None]), 0, 255).astype(np.uint8)


def _wood_grain(image: np.ndarray, rng: np.random.Generator, unit: float) -> None:
    """Faint dark lines, nearly parallel, across the whole table."""
    height, width = image.shape[:2]
    angle = rng.uniform(0, np.pi)
    direction = np.array([np.cos(angle), np.sin(angle)])
    normal = np.array([-direction[1], direction[0]])
    centre = np.array([width / 2, height / 2])
    reach = float(np.hypot(width, height))
    offset = -reach / 2
    while offset < reach / 2:
        middle = centre + offset * normal
        turn = rng.normal(0, 0.01)
        along = direction + turn * normal
        a, b = middle - reach * along, middle + reach * along
        shade = tuple(int(v) for v in rng.uniform(0.6, 0.85) * np.median(image, axis=(0, 1)))
        cv2.line(image, tuple(np.rint(a).astype(int)), tuple(np.rint(b).astype(int)), shade,
                 1, cv2.LINE_AA)
        offset += rng.uniform(0.6, 2.5) * unit


def _table_edge(image: np.ndarray, rng: np.random.Generator) -> None:
    """The table's edge: a long straight dark band near a side of the frame."""
    height, width = image.shape[:2]
    y0, y1 = (rng.uniform(0.85, 0.95) * height for _ in range(2))
    polygon = np.array([[0, y0], [width, y1], [width, height], [0, height]])
    cv2.fillPoly(image, [np.rint(polygon).astype(np.int32)], (35, 30, 30))


def _keyboard(image: np.ndarray, rng: np.random.Generator, unit: float,
              against: tuple[float, float] | None = None) -> None:
    """A keyboard: a dark slab with rows of light keys (a small lattice of its own),
    with its lower right corner at ``against`` if given."""
    height, width = image.shape[:2]
    key = rng.uniform(1.2, 2.0) * unit
    columns, rows = 14, 5
    x0 = rng.uniform(0.02, 0.3) * width
    y0 = rng.uniform(0.02, 0.15) * height
    if against is not None:
        x0, y0 = against[0] - columns * key - key / 2, against[1] - rows * key - key / 2
    cv2.rectangle(image, (round(x0), round(y0)),
                  (round(x0 + columns * key + key / 2), round(y0 + rows * key + key / 2)),
                  (30, 30, 32), -1)
    for r in range(rows):
        for c in range(columns):
            a = (round(x0 + key / 4 + c * key + 2), round(y0 + key / 4 + r * key + 2))
            b = (round(x0 + key / 4 + (c + 1) * key - 2), round(y0 + key / 4 + (r + 1) * key - 2))
            cv2.rectangle(image, a, b, (70, 70, 75), -1)


def _bowl(image: np.ndarray, rng: np.random.Generator, unit: float) -> None:
    """A stone bowl: a dark disc with a lighter rim and a few stones showing."""
    height, width = image.shape[:2]
    radius = rng.uniform(5, 9) * unit
    centre = (round(rng.uniform(0.05, 0.95) * width), round(rng.uniform(0.1, 0.95) * height))
    cv2.circle(image, centre, round(radius), (25, 35, 55), -1, cv2.LINE_AA)
    cv2.circle(image, centre, round(radius), (60, 80, 110), max(2, round(unit / 2)),
               cv2.LINE_AA)
    for _ in range(6):
        spot = (centre[0] + round(rng.uniform(-0.5, 0.5) * radius),
                centre[1] + round(rng.uniform(-0.5, 0.5) * radius))
        cv2.circle(image, spot, round(radius / 5), (230, 230, 225), -1, cv2.LINE_AA)


def lattice_error_pitches(registration: Registration, geometry: Geometry,
                          to_board: np.ndarray) -> float:
    """How far (in pitches) the lattice found lies from the true one, the board taken
    any way round (a plain grid shows no way up): the worst crossing."""
    xs, ys = grid_lines_mm(geometry)
    points = np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 2)
    pixels = cv2.perspectiveTransform(points.reshape(-1, 1, 2), np.linalg.inv(to_board))
    seen = registration.to_board(pixels.reshape(-1, 2))
    pitch = np.array([np.diff(xs).mean(), np.diff(ys).mean()])
    found = (seen - [xs[0], ys[0]]) / pitch
    truth = (points - [xs[0], ys[0]]) / pitch
    n = len(xs) - 1
    errors = []
    for turns in range(4):
        turned = truth.copy()
        for _ in range(turns):
            turned = np.column_stack([n - turned[:, 1], turned[:, 0]])
        for mirrored in (turned, np.column_stack([n - turned[:, 0], turned[:, 1]])):
            errors.append(float(np.abs(found - mirrored).max()))
    return min(errors)


ON_GRAIN = [  # (seed, board, frame, tilt, azimuth, roll, fill, offset, clutter): small
    # boards on a strongly grained table (grain as dark and dense as the board's lines),
    # with or without bowls, a keyboard and the table's edge
    (31, "go-13", (1280, 960), 15.3, 164.7, -24.7, 0.34, (0.23, 0.15), False),
    (27, "go-9", (1920, 1080), 0.3, 13.7, -0.3, 0.31, (-0.11, -0.05), False),
    (1, "go-13", (1920, 1080), 36.7, 313.0, -5.7, 0.53, (0.04, -0.27), False),
    (27, "go-9", (1920, 1080), 0.3, 13.7, -0.3, 0.31, (-0.11, -0.05), True),
    (19, "go-13", (1920, 1080), 19.2, 345.9, 15.6, 0.41, (-0.22, 0.1), True),
]

"""Render a board with stones as a camera sees it, with exact ground truth.

``render_scene(seed, board, pieces, pose, effects)`` returns ``(image, truth)``: a BGR
picture (1280×960 by default) and a plain-JSON dict saying what is on every space, where
the board and every space are in the picture, and which spaces a hand or a glare hides.
The same seed always gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import cv2
import numpy as np

from companion.geometry import Geometry, load_geometry, pitch_mm
from companion.vision.config import load_config
from companion.vision.scene import camera
from companion.vision.scene import effects as fx
from companion.vision.scene.board import STYLES, BoardStyle, render_board
from companion.vision.scene.counters import draw_pile, random_counters
from companion.vision.scene.looks import CameraLook
from companion.vision.scene.onslaught import draw_square, random_onslaught
from companion.vision.scene.phone import Sharpening
from companion.vision.scene.pieces import StoneSprite, draw_glare, stone_radius
from companion.vision.scene.realistic import render_with_look
from companion.vision.scene.truth import (
    STONE_RADIUS,
    glare_hidden,
    pitch_in_picture,
    scene_truth,
    spaces_in,
)

_TABLE_COLOURS = ((110, 60, 30), (60, 60, 60), (40, 80, 120), (90, 110, 90), (30, 30, 30))


def random_pieces(geometry: Geometry, colours: Sequence[str],
                  rng: np.random.Generator) -> dict[str, str]:
    """Stones of ``colours`` on a random share (5–60 %) of the spaces."""
    density = rng.uniform(0.05, 0.6)
    pieces = {}
    for name in geometry.names:
        if rng.random() < density:
            pieces[name] = colours[int(rng.integers(len(colours)))]
    return pieces


def render_scene(
    seed: int,
    board: Geometry | str,
    pieces: Mapping[str, str] | None = None,
    pose: camera.Pose | None = None,
    effects: fx.Effects | None = None,
    *,
    colours: Sequence[str] = ("black", "white"),
    style: BoardStyle | None = None,
    frame: tuple[int, int] = (1280, 960),
    frame_seed: int = 0,
    kind: str = "stones",
    look: CameraLook | None = None,
    sharpening: Sharpening | None = None,
) -> tuple[np.ndarray, dict[str, Any]]:
    """Render ``board`` with ``pieces`` (space → colour name; random if ``None``) seen
    at ``pose`` (random if ``None``) with ``effects`` (random if ``None``).

    A piece is a stone (its colour's name), a OneWorld counter (``{"side": "borg",
    "face": "blade", "stack": false}``) or what stands on an ONSLAUGHT square
    (``{"pieces": ["red1"], "orbs": [], "token": "blue"}``); ``kind`` ("stones",
    "counters" or "onslaught") says which to scatter when ``pieces`` is ``None``.
    ``seed`` fixes the scene (pieces, pose, board, stones);
    ``frame_seed`` the moment (where the hand is, the light, the noise), so a sequence
    of frames of one scene is the same ``seed`` with successive ``frame_seed``.

    With a ``look`` (``looks.random_look``) the scene is drawn as a real camera at a
    real table sees it (``realistic.render_with_look``): the look gives the frame, the
    pose (unless ``pose`` is given), the materials and the light, and ``effects`` says
    only whether a hand or a glare is in the picture (neither when ``None``); a
    ``sharpening`` (``phone.random_sharpening``, with a look only) sharpens the picture
    and saves it as a strong JPEG, as a phone does."""
    rng = np.random.default_rng(seed)
    moment = np.random.default_rng([seed, frame_seed])
    geometry = load_geometry(board) if isinstance(board, str) else board
    palette = load_config().palette
    if pieces is None and kind == "counters":
        pieces = random_counters(geometry.names, rng)
    elif pieces is None and kind == "onslaught":
        pieces = random_onslaught(geometry.names, rng)
    elif pieces is None:
        pieces = random_pieces(geometry, colours, rng)
    unknown = set(pieces) - set(geometry.names)
    if unknown:
        raise ValueError(f"Pieces on spaces the board does not have: {sorted(unknown)}.")
    if look is not None:
        return render_with_look(seed, geometry, pieces, pose, effects, look, frame_seed,
                                sharpening)
    if sharpening is not None:
        raise ValueError("A phone's sharpening is drawn with a camera look only.")
    pose = pose if pose is not None else camera.random_pose(rng)
    effects = effects if effects is not None else fx.random_effects(rng)
    if style is None and kind == "counters":  # the map as the companion prints it
        paper = load_config().counters.board_nominal
        style = BoardStyle("map", (paper[2], paper[1], paper[0]), (60, 60, 60), 2.0)
    style = style if style is not None else STYLES[int(rng.integers(len(STYLES)))]

    # The flat board with its stones, at about 1.1 board pixels per picture pixel.
    scale = 1.1 * max(frame) / max(geometry.width_mm, geometry.height_mm)
    flat = render_board(geometry, scale, style, rng)
    pitch = pitch_mm(geometry)
    light = rng.normal(size=2)
    light = tuple(light / (np.linalg.norm(light) + 1e-9) * 0.7)
    sprite = StoneSprite(stone_radius(seed) * pitch * scale, light, effects.gloss)
    stones = np.zeros(flat.shape[:2], dtype=np.float32)  # where stones hide the board
    for name, content in pieces.items():
        space = geometry.space(name)
        centre = (space.x_mm * scale, space.y_mm * scale)
        if isinstance(content, Mapping) and "pieces" in content:
            draw_square(flat, centre, pitch * scale, content, palette, rng)
            continue
        if isinstance(content, Mapping):
            draw_pile(flat, centre, content, scale, rng)
            continue
        rgb = np.array(palette[content], dtype=np.float32) + rng.normal(0, 6, size=3)
        sprite.draw(flat, centre, tuple(np.clip(rgb, 0, 255)[::-1]), stones)

    # The camera: perspective, lens distortion, the table around the board.
    h_mm = camera.board_to_image(pose, geometry.width_mm, geometry.height_mm, frame)
    to_flat = np.diag([scale, scale, 1.0])
    mx, my = camera.remap_grids(h_mm @ np.linalg.inv(to_flat), pose.k1, frame)
    cloth = rng.standard_normal(size=(frame[1] // 4, frame[0] // 4, 3), dtype=np.float32) * 6
    cloth += np.array(_TABLE_COLOURS[int(rng.integers(len(_TABLE_COLOURS)))], dtype=np.float32)
    table = cv2.resize(np.clip(cloth, 0, 255).astype(np.uint8), frame,
                       interpolation=cv2.INTER_NEAREST)
    picture = cv2.remap(flat, mx, my, cv2.INTER_LINEAR, dst=table,
                        borderMode=cv2.BORDER_TRANSPARENT)
    image = picture.astype(np.float32)

    names = geometry.names
    centres_mm = np.array([geometry.position_mm(n) for n in names])
    centres_px = camera.project(h_mm, centres_mm, pose.k1, frame)
    corners_mm = np.array([[0, 0], [geometry.width_mm, 0],
                           [geometry.width_mm, geometry.height_mm], [0, geometry.height_mm]])
    corners_px = camera.project(h_mm, corners_mm, pose.k1, frame)
    pitch_px = pitch_in_picture(h_mm, geometry, pitch)
    hidden: set[str] = set()

    if effects.hand:
        target = centres_px[int(moment.integers(len(names)))]
        mask = fx.hand_mask(image.shape[:2], tuple(target), moment)
        fx.apply_hand(image, mask, moment)
        reach = int(STONE_RADIUS * pitch_px) * 2 + 1
        covered = cv2.dilate((mask > 0.05).astype(np.uint8), np.ones((reach, reach), np.uint8))
        hidden |= spaces_in(covered, names, centres_px)
    fx.lighting(image, effects, moment)
    if effects.shadow:
        image *= (1.0 - effects.shadow * fx.shadow_mask(image.shape[:2], moment))[:, :, None]
    fx.expose(image, corners_px, moment)
    if effects.glare:
        spot = centres_px[int(moment.integers(len(names)))]
        radius = moment.uniform(0.5, 1.0) * pitch_px
        stones_seen = cv2.remap(stones, mx, my, cv2.INTER_LINEAR, borderValue=0.0)
        draw_glare(image, tuple(spot), radius, 1.0 - stones_seen)
        hidden |= glare_hidden(names, centres_px, spot, radius, pitch_px, pieces)
    out = fx.finish(image, effects, moment)

    truth = scene_truth(seed, frame_seed, geometry, frame, pieces, h_mm, pose, corners_px,
                        centres_px, pitch_px, effects, hidden, style.name)
    return out, truth

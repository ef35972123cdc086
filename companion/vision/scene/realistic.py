"""Render a board as a real camera at a real table sees it, under a ``CameraLook``.

The same scene as ``render_scene`` (same pieces, same truth keys), drawn with the look's
materials and light: the board's material and lines, a soft contact shadow beside every
stone (away from each lamp), stones of the look's material with each lamp's highlight
(toward the lamp, and clipped white on glossy black stones), the table around the board
with the board's side and shadow and perhaps stone bowls, a hand in a sleeve when
``effects.hand``, the lamps' pools of light, vignetting, white balance, exposure, a
lamp's glare when ``effects.glare``, then lens and motion blur, noise and JPEG.

Every random choice comes from its own stream of ``seed`` (the board's texture, the
table, the bowls, each space's stone) or of ``(seed, frame_seed)`` (the hand, the glare,
the noise), so frames of one game keep one table and one set of stones.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import cv2
import numpy as np

from companion.geometry import Geometry, pitch_mm
from companion.vision.config import load_config
from companion.vision.scene import camera
from companion.vision.scene.board import draw_layout
from companion.vision.scene.board_looks import BOARD_LOOKS, render_surface
from companion.vision.scene.counters import draw_pile
from companion.vision.scene.effects import Effects
from companion.vision.scene.hands import arm_masks, paint_arm
from companion.vision.scene.looks import CameraLook, Lamp
from companion.vision.scene.onslaught import draw_square
from companion.vision.scene.phone import Sharpening
from companion.vision.scene.pieces import draw_glare, stone_radius
from companion.vision.scene.sensor import develop, kelvin_rgb, vignette, white_balance_gains
from companion.vision.scene.stone_looks import STONE_LOOKS, LampAt, StoneDrawer
from companion.vision.scene.surroundings import draw_board_side, draw_bowls, render_table
from companion.vision.scene.truth import (
    EMPTY,
    STONE_RADIUS,
    glare_hidden,
    pitch_in_picture,
    scene_truth,
    spaces_in,
)

FLAT_OVERSAMPLE = 1.5  # flat board pixels per picture pixel where the board is nearest
STONE_HEIGHT = 0.8  # a stone's height over its radius, for the shadows it casts
STONE_RIM = 0.4  # a stone's widest rim over the board, over its radius (half its height)
STONE_JITTER = 0.06  # of the pitch: how far off its point a player puts a stone
EXPOSURE_SPARE = 2.0  # per cent of the board auto-exposure lets clip
EXPOSURE_CEILING = 245.0  # where it puts the rest's brightest
HAND_HEIGHT_MM = 90.0  # how high over the board a reaching hand is, for its shadow
_STREAM = 1414  # the look's streams of a seed, apart from the plain renderer's


def render_with_look(seed: int, geometry: Geometry, pieces: Mapping[str, Any],
                     pose: camera.Pose | None, effects: Effects | None, look: CameraLook,
                     frame_seed: int = 0, sharpening: Sharpening | None = None
                     ) -> tuple[np.ndarray, dict[str, Any]]:
    """Render ``pieces`` on ``geometry`` under ``look`` (its pose unless ``pose`` is
    given; ``effects`` says only whether a hand or a glare is in the picture), sharpened
    and saved as a phone does when ``sharpening`` is given (``phone``)."""
    effects = effects if effects is not None else Effects()
    pose = pose if pose is not None else look.pose
    frame = look.frame
    moment = np.random.default_rng([seed, frame_seed, _STREAM])
    width, height = geometry.width_mm, geometry.height_mm
    size = max(width, height)
    board_look = BOARD_LOOKS[look.board]
    names = geometry.names
    h_mm = camera.board_to_image(pose, width, height, frame)
    corners_mm = np.array([[0, 0], [width, 0], [width, height], [0, height]], dtype=np.float64)
    corners_px = camera.project(h_mm, corners_mm, pose.k1, frame)
    sides_px = np.linalg.norm(corners_px - np.roll(corners_px, -1, axis=0), axis=1)
    scale = FLAT_OVERSAMPLE * float(max(sides_px / np.array([width, height] * 2)))

    flat_shape = (int(np.ceil(height * scale)), int(np.ceil(width * scale)))
    flat = render_surface(board_look, flat_shape, scale, np.random.default_rng([seed, _STREAM, 1]))
    draw_layout(flat, geometry, scale, board_look.ink, max(1, int(round(look.line_mm * scale))))

    lamps_mm = [_lamp_mm(lamp, width, height, size) for lamp in look.lamps]
    colours_rgb = [kelvin_rgb(lamp.kelvin) * np.array(lamp.tint) for lamp in look.lamps]
    strength = sum(lamp.strength for lamp in look.lamps)
    mean_rgb = sum(lamp.strength * c for lamp, c in zip(look.lamps, colours_rgb, strict=True)) \
        / strength
    cam = camera.camera_centre_mm(pose, width, height)
    pitch = pitch_mm(geometry)
    radius_mm = stone_radius(seed) * pitch
    stones = np.zeros(flat_shape, dtype=np.float32)
    _draw_pieces(flat, stones, geometry, pieces, look, seed, scale, pitch, radius_mm, lamps_mm,
                 [(c / mean_rgb)[::-1] for c in colours_rgb], cam)

    mx, my = camera.remap_grids(h_mm @ np.linalg.inv(np.diag([scale, scale, 1.0])), pose.k1,
                                frame)
    xs_mm, ys_mm = mx / scale, my / scale
    table = render_table(look.surround, xs_mm, ys_mm, (width, height),
                         np.random.default_rng([seed, _STREAM, 2]))
    key = lamps_mm[0]
    away = _unit(np.array([width / 2, height / 2]) - key[:2])
    draw_board_side(table, pose, (width, height), board_look.thickness_mm,
                    np.array(board_look.surface, dtype=np.float32), look.contact_shadow,
                    tuple(away), frame)
    if look.clutter:
        draw_bowls(table, pose, (width, height), board_look.thickness_mm, frame,
                   np.random.default_rng([seed, _STREAM, 3]))
    image = cv2.remap(flat, mx, my, cv2.INTER_LINEAR, dst=table,
                      borderMode=cv2.BORDER_TRANSPARENT)

    centres_mm = np.array([geometry.position_mm(n) for n in names])
    centres_px = camera.project(h_mm, centres_mm, pose.k1, frame)
    pitch_px = pitch_in_picture(h_mm, geometry, pitch)
    hidden: set[str] = set()
    if effects.hand:
        target = centres_px[int(moment.integers(len(names)))]
        skin, sleeve = arm_masks(image.shape[:2], tuple(target), moment)
        # The hand's shadow falls away from the key lamp, the further the lower it hangs.
        middle = np.array([width / 2, height / 2])
        reach = max(HAND_HEIGHT_MM * float(np.linalg.norm(middle - key[:2])) / key[2],
                    HAND_HEIGHT_MM * 0.2)
        ends = camera.project(h_mm, np.array([middle, middle + away * reach]), pose.k1, frame)
        paint_arm(image, skin, sleeve, tuple(ends[1] - ends[0]), moment)
        cover = ((skin + sleeve) > 0.05).astype(np.uint8)
        span = int(STONE_RADIUS * pitch_px) * 2 + 1
        hidden |= spaces_in(cv2.dilate(cover, np.ones((span, span), np.uint8)), names,
                            centres_px)
    _light(image, xs_mm, ys_mm, look, lamps_mm, colours_rgb, (width, height))
    vignette(image, look.vignetting)
    image *= white_balance_gains(look.lamps[0].kelvin, look.white_balance_k)[None, None, :]
    _expose(image, corners_px, look.exposure)
    if effects.glare:
        spot = centres_px[int(moment.integers(len(names)))]
        glare_radius = moment.uniform(0.5, 1.0) * pitch_px
        stones_seen = cv2.remap(stones, mx, my, cv2.INTER_LINEAR, borderValue=0.0)
        draw_glare(image, tuple(spot), glare_radius, 1.0 - stones_seen)
        hidden |= glare_hidden(names, centres_px, spot, glare_radius, pitch_px, pieces)
    sharpness = frame[0] / 1280
    out = develop(image, look.blur * sharpness, look.motion * sharpness, look.noise,
                  look.jpeg, moment, sharpening)
    truth = scene_truth(seed, frame_seed, geometry, frame, pieces, h_mm, pose, corners_px,
                        centres_px, pitch_px, effects, hidden, look.board)
    truth["look"] = look.to_json()
    if sharpening is not None:
        truth["sharpening"] = sharpening.to_json()
    return out, truth


def _lamp_mm(lamp: Lamp, width: float, height: float, size: float) -> np.ndarray:
    """The lamp's place: board millimetres and its height over the board."""
    return np.array([width / 2 + lamp.foot[0] * size, height / 2 + lamp.foot[1] * size,
                     lamp.height * size])


def _unit(v: np.ndarray) -> np.ndarray:
    return v / (float(np.linalg.norm(v)) + 1e-9)


def _draw_pieces(flat: np.ndarray, stones: np.ndarray, geometry: Geometry,
                 pieces: Mapping[str, Any], look: CameraLook, seed: int, scale: float,
                 pitch: float, radius_mm: float, lamps_mm: list[np.ndarray],
                 lamp_gains: list[np.ndarray], cam: np.ndarray) -> None:
    """Contact shadows, then every piece: stones of the look's material, lit by its lamps."""
    stone_look = STONE_LOOKS[look.stones]
    palette = load_config().palette
    drawer = StoneDrawer(radius_mm * scale, stone_look)
    lift = STONE_HEIGHT * radius_mm
    shade = np.zeros(flat.shape[:2], dtype=np.float32)
    placed: list[tuple[str, np.ndarray, Any, np.random.Generator]] = []
    for index, name in enumerate(geometry.names):
        content = pieces.get(name)
        if content is None or content == EMPTY:
            continue
        own = np.random.default_rng([seed, _STREAM, 4, index])
        at = np.array(geometry.position_mm(name)) + own.normal(0, STONE_JITTER / 2, 2) * pitch
        placed.append((name, at, content, own))
        if not isinstance(content, str):
            continue
        for lamp, mm in zip(look.lamps, lamps_mm, strict=True):
            off = (at - mm[:2]) * lift / max(mm[2] - lift, 1.0)
            centre = (at + off) * scale
            cv2.circle(shade, (int(centre[0] * 16), int(centre[1] * 16)), int(radius_mm * scale
                       * 16), lamp.strength / (1 - look.ambient), -1, cv2.LINE_AA, 4)
    sigma = max(0.3 * radius_mm * scale, 1.0)
    shade = cv2.GaussianBlur(np.minimum(shade, 1.0), (0, 0), sigma)
    flat *= (1.0 - look.contact_shadow * shade)[:, :, None]
    for _name, at, content, own in placed:
        # The stone's rim stands STONE_RIM above the board: seen at an angle it shows
        # where the camera's ray through the rim meets the board, further from the camera.
        rim = STONE_RIM * radius_mm if isinstance(content, str) else 0.0
        seen = at + (at - cam[:2]) * rim / (cam[2] - rim)
        centre = (seen[0] * scale, seen[1] * scale)
        if isinstance(content, Mapping) and "pieces" in content:
            draw_square(flat, centre, pitch * scale, content, palette, own)
            continue
        if isinstance(content, Mapping):
            draw_pile(flat, centre, content, scale, own)
            continue
        rgb = np.array(getattr(stone_look, content, palette[content]), dtype=np.float32)
        rgb = np.clip(rgb + own.normal(0, 3, size=3), 0, 255)
        point = np.array([at[0], at[1], radius_mm * 0.5])
        view = _unit(cam - point)
        lamps = []
        for lamp, mm, gain in zip(look.lamps, lamps_mm, lamp_gains, strict=True):
            toward = _unit(mm - point)
            lamps.append(LampAt(tuple(toward), tuple(_unit(toward + view)), lamp.strength,
                                lamp.size, tuple(gain)))
        drawer.draw(flat, centre, rgb, lamps, look.ambient, own, stones,
                    white=content == "white")


def _light(image: np.ndarray, xs_mm: np.ndarray, ys_mm: np.ndarray, look: CameraLook,
           lamps_mm: list[np.ndarray], colours_rgb: list[np.ndarray],
           board_mm: tuple[float, float]) -> None:
    """Multiply by the light the table gets: the room's ambient light and each lamp's
    pool (a point lamp's cos/d² fall-off, 1 at the board's centre), in the lamps' colours."""
    step = 8
    xs, ys = xs_mm[::step, ::step], ys_mm[::step, ::step]
    mean_rgb = sum(lamp.strength * c for lamp, c in zip(look.lamps, colours_rgb, strict=True)) \
        / sum(lamp.strength for lamp in look.lamps)
    light = np.zeros(xs.shape + (3,), dtype=np.float32)
    light += (look.ambient * mean_rgb[::-1]).astype(np.float32)
    centre = np.array(board_mm) / 2
    for lamp, mm, rgb in zip(look.lamps, lamps_mm, colours_rgb, strict=True):
        at_centre = (mm[2] / np.sqrt(np.sum((mm[:2] - centre) ** 2) + mm[2] ** 2)) ** 3
        pool = (mm[2] / np.sqrt((xs - mm[0]) ** 2 + (ys - mm[1]) ** 2 + mm[2] ** 2)) ** 3
        light += (lamp.strength * pool / at_centre)[:, :, None] * rgb[::-1].astype(np.float32)
    h, w = image.shape[:2]
    image *= cv2.resize(light, (w, h), interpolation=cv2.INTER_LINEAR)


def _expose(image: np.ndarray, corners_px: np.ndarray, target: float) -> None:
    """Auto-exposure: the board's median grey to ``target``, unless that would blow out
    more than the brightest ``EXPOSURE_SPARE`` of the board (the stones' highlights
    clip, a white stone's face mostly does not)."""
    mask = np.zeros(image.shape[:2], dtype=np.uint8)
    cv2.fillConvexPoly(mask, np.rint(corners_px).astype(np.int32), 1)
    inside = image[mask > 0]
    if inside.size:
        median = max(float(np.median(inside.mean(axis=1))), 1.0)
        bright = max(float(np.percentile(inside.max(axis=1), 100 - EXPOSURE_SPARE)), 1.0)
        image *= min(target / median, EXPOSURE_CEILING / bright)

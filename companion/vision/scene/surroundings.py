"""What lies around the board in a camera look: the table (wooden planks, a cloth, or a
table whose edge is in view with the dark room beyond), the board's own side and its
shadow when it is a slab, and stone bowls beside it.

The table is textured where the camera sees it: every pixel's place on the table plane
(millimetres, from the renderer's remap grids), so its grain and weave shrink with
distance as the board does. Bowls are never over the board: the board's truth stays
exact.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from companion.vision.scene.camera import Pose, project_3d

WOODS = ((45, 70, 112), (80, 125, 172), (32, 42, 62), (150, 170, 190))  # BGR table woods
CLOTHS = ((120, 58, 28), (52, 105, 45), (105, 105, 108), (42, 40, 118), (36, 34, 38))
BEYOND = (38, 36, 40)  # the dark room past a table's edge
BOWL_RADIUS_MM = 65.0
BOWL_HEIGHT_MM = 75.0


def render_table(surround: str, xs_mm: np.ndarray, ys_mm: np.ndarray,
                 board_mm: tuple[float, float], rng: np.random.Generator) -> np.ndarray:
    """The table for every picture pixel whose place on the table is (``xs_mm``,
    ``ys_mm``), as float BGR; ``board_mm`` is the board's width and height."""
    angle = rng.uniform(0, np.pi)
    pixel_mm = np.hypot(np.gradient(xs_mm, axis=1), np.gradient(ys_mm, axis=1)) + 1e-6
    along = xs_mm * math.cos(angle) + ys_mm * math.sin(angle)
    across = -xs_mm * math.sin(angle) + ys_mm * math.cos(angle)
    if surround == "cloth":
        colour = np.array(CLOTHS[int(rng.integers(len(CLOTHS)))], dtype=np.float32)
        period = rng.uniform(1.2, 3.0)
        weave = np.sin(along * (2 * np.pi / period)) * np.sin(across * (2 * np.pi / period))
        folds = _smooth(xs_mm, ys_mm, rng.uniform(150, 400), rng)
        tone = 1.0 + 0.06 * weave * _resolved(period, pixel_mm) + 0.12 * folds
    else:
        colour = np.array(WOODS[int(rng.integers(len(WOODS)))], dtype=np.float32)
        tone = _planks(along, across, pixel_mm, rng)
    table = np.clip(tone, 0.2, 2.0)[:, :, None] * colour[None, None, :]
    if surround == "table edge":
        side = int(rng.integers(4))
        width, height = board_mm
        gap = rng.uniform(40.0, 250.0)
        beyond = [ys_mm < -gap, xs_mm > width + gap, ys_mm > height + gap, xs_mm < -gap][side]
        room = np.array(BEYOND, dtype=np.float32) * (1.0 + 0.15 * _smooth(xs_mm, ys_mm, 300,
                                                                             rng))[:, :, None]
        table = np.where(beyond[:, :, None], room, table)
    return table.astype(np.float32)


def _smooth(xs_mm: np.ndarray, ys_mm: np.ndarray, scale_mm: float,
            rng: np.random.Generator) -> np.ndarray:
    """Smooth noise of unit spread over the table, changing over ``scale_mm``."""
    waves = np.zeros(xs_mm.shape, dtype=np.float32)
    for _ in range(4):
        a = rng.uniform(0, 2 * np.pi)
        k = 2 * np.pi / (scale_mm * rng.uniform(0.7, 1.5))
        waves += np.sin((xs_mm * math.cos(a) + ys_mm * math.sin(a)) * k + rng.uniform(0, 6.3))
    return waves / 2.0


def _resolved(period_mm: float, pixel_mm: np.ndarray) -> np.ndarray:
    """How much of a pattern of ``period_mm`` a camera whose pixels cover ``pixel_mm``
    resolves: all of it from four pixels a period, none below two (where drawing it
    would only make moiré)."""
    return np.clip((period_mm / pixel_mm - 2.0) / 2.0, 0.0, 1.0)


def _planks(along: np.ndarray, across: np.ndarray, pixel_mm: np.ndarray,
            rng: np.random.Generator) -> np.ndarray:
    """Planks 90–160 mm wide, each its own tone, with grain along them and dark seams."""
    width = rng.uniform(90.0, 160.0)
    plank = np.floor(across / width)
    tones = 1.0 + 0.12 * np.sin(plank * 12.9898 + rng.uniform(0, 6.3))
    period = rng.uniform(2.5, 5)
    phase = (across + 6.0 * np.sin(along / rng.uniform(60, 150) + plank)) / period
    grain = np.sin(phase * 2 * np.pi) ** 3 * _resolved(period, pixel_mm)
    seam = np.abs(across - (plank + 0.5) * width) > width / 2 - 1.2
    return (tones + 0.06 * grain - 0.35 * seam).astype(np.float32)


def draw_board_side(image: np.ndarray, pose: Pose, board_mm: tuple[float, float],
                    thickness_mm: float, colour: np.ndarray, shadow: float,
                    away: tuple[float, float], frame: tuple[int, int]) -> None:
    """A slab board's soft shadow on the table (cast ``away`` from the lamp, a unit vector
    in the board's plane) and its sides, drawn where the board's top will not cover them."""
    width, height = board_mm
    top = np.array([[0, 0], [width, 0], [width, height], [0, height]], dtype=np.float64)
    fall = np.array(away) * thickness_mm * 0.8
    cast = np.column_stack([top + fall, np.full(4, thickness_mm)])
    mask = np.zeros(image.shape[:2], dtype=np.float32)
    cv2.fillConvexPoly(mask, np.rint(project_3d(pose, width, height, frame, cast)).astype(
        np.int32), 1.0, cv2.LINE_AA)
    k = int(0.03 * max(frame)) | 1
    image *= (1.0 - shadow * cv2.GaussianBlur(mask, (k, k), 0))[:, :, None]
    if thickness_mm <= 0:
        return
    corners = np.vstack([np.column_stack([top, np.zeros(4)]),
                         np.column_stack([top, np.full(4, thickness_mm)])])
    hull = cv2.convexHull(np.rint(project_3d(pose, width, height, frame, corners)).astype(
        np.int32))
    cv2.fillConvexPoly(image, hull, tuple(float(c) for c in colour * 0.62), cv2.LINE_AA)


def draw_bowls(image: np.ndarray, pose: Pose, board_mm: tuple[float, float],
               depth_mm: float, frame: tuple[int, int], rng: np.random.Generator) -> None:
    """One or two stone bowls on the table beside the board (a table ``depth_mm`` below
    the board's top): a wooden or lacquered bowl, full of black or of white stones."""
    width, height = board_mm
    for contents in (30.0, 225.0)[:int(rng.integers(1, 3))]:
        side = int(rng.integers(4))
        gap = BOWL_RADIUS_MM + rng.uniform(15.0, 80.0)
        along = rng.uniform(0.1, 0.9)
        x, y = [(along * width, -gap), (width + gap, along * height),
                (along * width, height + gap), (-gap, along * height)][side]
        wood = np.array(WOODS[int(rng.integers(len(WOODS)))], dtype=np.float32) * 0.8
        rim_depth = depth_mm - BOWL_HEIGHT_MM

        def outline(cx: float, cy: float, radius: float, depth: float) -> np.ndarray:
            return _circle(pose, board_mm, frame, (cx, cy), radius, depth)

        body = np.vstack([outline(x, y, BOWL_RADIUS_MM * 0.8, depth_mm),
                          outline(x, y, BOWL_RADIUS_MM, rim_depth)])
        cv2.fillConvexPoly(image, cv2.convexHull(body), tuple(float(c) for c in wood * 0.7),
                           cv2.LINE_AA)
        cv2.fillConvexPoly(image, outline(x, y, BOWL_RADIUS_MM, rim_depth),
                           tuple(float(c) for c in wood), cv2.LINE_AA)
        cv2.fillConvexPoly(image, outline(x, y, BOWL_RADIUS_MM * 0.82, rim_depth + 8.0),
                           (contents,) * 3, cv2.LINE_AA)
        for _ in range(14):  # the tops of the stones inside, each with a glint
            r, a = BOWL_RADIUS_MM * 0.65 * math.sqrt(rng.random()), rng.uniform(0, 2 * np.pi)
            stone = outline(x + r * math.cos(a), y + r * math.sin(a), 10.0, rim_depth + 8.0)
            shade = contents * rng.uniform(0.8, 1.1)
            cv2.fillConvexPoly(image, stone, (shade,) * 3, cv2.LINE_AA)
            glint = stone.mean(axis=0) + rng.uniform(-2, 2, size=2)
            cv2.circle(image, tuple(int(v) for v in glint), 1, (contents + 120.0,) * 3, -1,
                       cv2.LINE_AA)


def _circle(pose: Pose, board_mm: tuple[float, float], frame: tuple[int, int],
            centre: tuple[float, float], radius: float, depth: float) -> np.ndarray:
    """The picture's outline (pixels) of a level circle at ``depth`` below the board's top."""
    angles = np.linspace(0, 2 * np.pi, 48, endpoint=False)
    points = np.column_stack([centre[0] + radius * np.cos(angles),
                              centre[1] + radius * np.sin(angles), np.full(48, depth)])
    return np.rint(project_3d(pose, board_mm[0], board_mm[1], frame, points)).astype(np.int32)

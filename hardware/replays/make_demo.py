"""Draw the bundled demo replay: a 9×9 Go board seen straight from above, with stones
placed one by one, a little sensor noise and changing light, and one frame where a
hand reaches over the board. Seeded, so running it again gives the same pictures.
Beside them, ``board.json`` says where the board is: pixels → board mm, from the corner
intersections as drawn.

    python -m hardware.replays.make_demo [OUTPUT_FOLDER]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from calibration.registration import fit_homography
from companion.geometry import load_geometry
from hardware.replays import BOARD_FILE, DEMO

BOARD_NAME = "go-9"

WIDTH, HEIGHT = 640, 480
LINES = 9
PITCH = 44                      # pixels between lines
ORIGIN = (144, 64)              # pixel of the top-left intersection
BOARD = (108, 28, 532, 452)     # the wooden board: left, top, right, bottom
STONE_RADIUS = 20
HOSHI = [(2, 2), (6, 2), (4, 4), (2, 6), (6, 6)]
# (column, row) from the top-left; black plays first.
MOVES = [(2, 6), (6, 2), (6, 6), (2, 2), (4, 6), (5, 4), (3, 4), (6, 4),
         (4, 2), (2, 4), (3, 3), (7, 5), (5, 5), (6, 5)]
HAND_FRAME = 8                  # in this frame a hand places the next stone
SEED = 20261122
JPEG_QUALITY = 72


def intersection(column: int, row: int) -> tuple[int, int]:
    return ORIGIN[0] + column * PITCH, ORIGIN[1] + row * PITCH


def draw_board(rng: np.random.Generator) -> np.ndarray:
    """The table cloth and the empty wooden board with its lines and star points."""
    image = np.empty((HEIGHT, WIDTH, 3), np.float32)
    image[:] = (62, 84, 58)     # green baize, BGR
    left, top, right, bottom = BOARD
    ys, xs = np.mgrid[top:bottom, left:right].astype(np.float32)
    grain = (np.sin(xs * 0.045 + 3.0 * np.sin(ys * 0.011)) * 0.5 + 0.5) * 22
    grain += rng.normal(0, 4, grain.shape).astype(np.float32)
    wood = np.stack([80 + grain * 0.35, 160 + grain * 0.6, 212 + grain * 0.4], axis=-1)
    image[top:bottom, left:right] = wood
    cv2.rectangle(image, (left, top), (right - 1, bottom - 1), (40, 90, 130), 2)
    last = (LINES - 1) * PITCH
    for i in range(LINES):
        x, y = ORIGIN[0] + i * PITCH, ORIGIN[1] + i * PITCH
        width = 2 if i in (0, LINES - 1) else 1
        cv2.line(image, (x, ORIGIN[1]), (x, ORIGIN[1] + last), (25, 30, 35), width, cv2.LINE_AA)
        cv2.line(image, (ORIGIN[0], y), (ORIGIN[0] + last, y), (25, 30, 35), width, cv2.LINE_AA)
    for point in HOSHI:
        cv2.circle(image, intersection(*point), 4, (25, 30, 35), -1, cv2.LINE_AA)
    return image


def draw_stone(image: np.ndarray, at: tuple[int, int], black: bool) -> None:
    """A stone with a soft shadow and a highlight, as a lamp above the table shows it."""
    x, y = at
    cv2.circle(image, (x + 3, y + 4), STONE_RADIUS, (45, 90, 120), -1, cv2.LINE_AA)
    base = (28, 28, 30) if black else (226, 230, 232)
    cv2.circle(image, (x, y), STONE_RADIUS, base, -1, cv2.LINE_AA)
    shine = (85, 85, 90) if black else (252, 252, 252)
    cv2.circle(image, (x - 6, y - 7), 6, shine, -1, cv2.LINE_AA)
    if not black:
        cv2.circle(image, (x, y), STONE_RADIUS, (170, 175, 180), 1, cv2.LINE_AA)


def draw_hand(image: np.ndarray, reaching_to: tuple[int, int]) -> None:
    """A skin-coloured palm and fingers reaching in from the bottom-right edge."""
    skin = (120, 160, 210)
    x, y = reaching_to
    cv2.ellipse(image, (x + 95, y + 110), (95, 70), -35, 0, 360, skin, -1, cv2.LINE_AA)
    cv2.line(image, (x + 150, y + 160), (WIDTH + 40, HEIGHT + 60), skin, 110, cv2.LINE_AA)
    for dx, dy, length in ((-10, 30, 80), (15, 5, 90), (45, -5, 85), (75, 5, 70)):
        tip = (x + dx, y + dy)
        cv2.line(image, tip, (tip[0] + length // 2, tip[1] + length), skin, 24, cv2.LINE_AA)
    cv2.ellipse(image, (x + 140, y + 140), (60, 40), -35, 0, 360, (105, 145, 195), -1, cv2.LINE_AA)


def finish(image: np.ndarray, rng: np.random.Generator, index: int) -> np.ndarray:
    """Light that drifts from frame to frame, a gentle vignette and sensor noise."""
    ys, xs = np.mgrid[0:HEIGHT, 0:WIDTH].astype(np.float32)
    angle = 0.7 * index
    gradient = 1.0 + 0.08 * (np.cos(angle) * (xs / WIDTH - 0.5)
                             + np.sin(angle) * (ys / HEIGHT - 0.5))
    radius = np.hypot(xs - WIDTH / 2, ys - HEIGHT / 2) / np.hypot(WIDTH / 2, HEIGHT / 2)
    light = gradient * (1.0 - 0.18 * radius**2) * rng.uniform(0.94, 1.04)
    image = image * light[..., None] + rng.normal(0, 2.5, image.shape)
    return cv2.GaussianBlur(np.clip(image, 0, 255).astype(np.uint8), (3, 3), 0)


def frames() -> list[np.ndarray]:
    """Every picture of the replay, in order."""
    rng = np.random.default_rng(SEED)
    board = draw_board(rng)
    pictures = []
    placed: list[tuple[tuple[int, int], bool]] = []
    for index in range(len(MOVES) + 2):
        image = board.copy()
        for at, black in placed:
            draw_stone(image, intersection(*at), black)
        if index == HAND_FRAME:
            draw_hand(image, intersection(*MOVES[len(placed)]))
        else:
            if index > 0 and len(placed) < len(MOVES):
                move = MOVES[len(placed)]
                placed.append((move, len(placed) % 2 == 0))
                draw_stone(image, intersection(*move), placed[-1][1])
        pictures.append(finish(image, rng, index))
    return pictures


def placement() -> dict[str, Any]:
    """The board the pictures show and where: pixels → board mm, fitted to the corner
    intersections A9, J9, J1 and A1 where they were drawn."""
    last = (LINES - 1) * PITCH
    x0, y0 = ORIGIN
    pixels = np.array([[x0, y0], [x0 + last, y0], [x0 + last, y0 + last], [x0, y0 + last]],
                      dtype=np.float64)
    geometry = load_geometry(BOARD_NAME)
    board = np.array([geometry.position_mm(name) for name in ("A9", "J9", "J1", "A1")],
                     dtype=np.float64)
    homography, _ = fit_homography(pixels, board)
    return {"board": BOARD_NAME, "homography": homography.tolist()}


def main(folder: Path = DEMO) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("frame-*.jpg"):
        old.unlink()
    for index, image in enumerate(frames()):
        path = folder / f"frame-{index:02d}.jpg"
        cv2.imwrite(str(path), image, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
        print(f"{path}  {path.stat().st_size // 1024} KB")
    (folder / BOARD_FILE).write_text(json.dumps(placement(), indent=1) + "\n")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else DEMO)

"""Render the bundled demo replay: a whole game of ONE on the 60-space board (nine
stones each, so it ends within 20 moves: White wins 9 to 8), seen by a camera a little
off straight above, one picture per move, and once a hand reaching over the board.
Seeded, so running it again gives the same pictures.

    python -m hardware.replays.make_demo_one [OUTPUT_FOLDER]

The moves are played through the ONE rules engine as the pictures are made, so the
replay is a legal game by construction (an illegal move here stops the script with the
rule's reason). Each picture is ``companion.vision.scene.render_scene`` of the board as
the game has it after the move. Two things are held fixed across the pictures, as they
would be at a real table: the moment (light, exposure and noise come from
``FRAME_SEED``), and the table cloth around the board. The renderer draws the cloth
from the same random stream as the stones, so its colour would change with every stone:
every picture takes the table outside the board from the first one (but the hand's:
see ``HAND_BEFORE``). Beside the
pictures, ``board.json`` says which board they show and where (pixels → board mm, from
the renderer's truth), so the demo registers the board from it instead of searching.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from companion.games.one import One
from companion.vision.scene import STYLES, Effects, Pose, render_scene
from hardware.replays import BOARD_FILE, ONE_GAME

BOARD = "one-60"
OPTIONS: dict[str, Any] = {"players": 2, "stones": 9}
MOVES = [
    "C4", "C13", "B3", "B9", "C5", "D16", "D6", "C12", "C6", "B8", "D7",
    "B4",               # White plays too close to Black's stones ...
    "jump B3 B5",       # ... and Black captures it
    "B3", "C3",
    "jump B3 D5",       # White captures back,
    "jump D6 D4",       # and Black again
    "C14", "B10", "D18",  # White's last stone: the game is over, White wins 9 to 8
]
"""The game, as a player would type it (``companion.games.stones.parse_notation``)."""
HAND_BEFORE = 10
"""The hand reaches over the board after this many moves, before the next one. Its arm
lies over the table too, so that picture keeps the table the renderer drew: after 10
moves (10 stones down) the cloth comes out the same colour as in the first picture."""
SEED = 3
"""The scene: the board's print and grain, each stone's shade."""
FRAME_SEED = 0
"""The moment of every picture without the hand: light, exposure, sensor noise."""
HAND_FRAME_SEED = 5
"""The moment of the hand's picture: where the hand reaches, its skin, the exposure."""
POSE = Pose(tilt_deg=14.0, azimuth_deg=6.0, roll_deg=-3.0, fill=0.86)
STYLE = next(style for style in STYLES if style.name == "wood")
EFFECTS = Effects(noise=2.0)
FRAME = (640, 480)
JPEG_QUALITY = 78


@dataclass(frozen=True)
class Step:
    """One move of the replay: what was typed, the engine's words, the board after."""

    move: str
    text: str
    board: dict[str, str]


def game() -> list[Step]:
    """Play ``MOVES`` through the ONE engine; every step with the board after it."""
    engine = One()
    state = engine.initial_state(OPTIONS)
    steps = []
    board: dict[str, str] = {}
    for move in MOVES:
        state, events = engine.apply(state, engine.parse(state, move))  # or IllegalAction
        board = _in_order(board, state["board"])
        steps.append(Step(move, " ".join(event["text"] for event in events), board))
    return steps


def _in_order(before: dict[str, str], after: dict[str, str | None]) -> dict[str, str]:
    """The stones of ``after``, those already down first in the order they were placed:
    the renderer shades each stone from the scene's random stream in the order given,
    so a stone keeps its shade from picture to picture."""
    kept = {space: colour for space, colour in before.items() if after[space] == colour}
    return {**kept, **{s: c for s, c in after.items() if c and s not in kept}}


def render(board: dict[str, str], *, hand: bool = False) -> tuple[np.ndarray, dict[str, Any]]:
    """The board with ``board``'s stones under the camera (and a hand over it)."""
    effects = replace(EFFECTS, hand=hand)
    return render_scene(SEED, BOARD, board, POSE, effects, style=STYLE, frame=FRAME,
                        frame_seed=HAND_FRAME_SEED if hand else FRAME_SEED)


def board_mask(corners_px: list[list[float]]) -> np.ndarray:
    """Where the board is in the picture, two pixels in from its edges."""
    mask = np.zeros((FRAME[1], FRAME[0]), np.uint8)
    cv2.fillConvexPoly(mask, np.rint(np.array(corners_px)).astype(np.int32), 255)
    return cv2.erode(mask, np.ones((5, 5), np.uint8)) > 0


def frames() -> tuple[list[np.ndarray], dict[str, Any]]:
    """Every picture of the replay in order, and the board's ``board.json``."""
    empty, truth = render({})
    inside = board_mask(truth["corners_px"])
    boards = [step.board for step in game()]
    pictures = [empty]
    for index, board in enumerate(boards):
        if index == HAND_BEFORE:
            pictures.append(render(boards[index - 1], hand=True)[0])
        image = render(board)[0]
        pictures.append(np.where(inside[:, :, None], image, empty))
    to_board = np.linalg.inv(np.array(truth["homography"]))
    placement = {"game": "one", "board": BOARD, "options": OPTIONS,
                 "homography": (to_board / to_board[2, 2]).tolist()}
    return pictures, placement


def main(folder: Path = ONE_GAME) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("frame-*.jpg"):
        old.unlink()
    pictures, placement = frames()
    for index, image in enumerate(pictures):
        path = folder / f"frame-{index:02d}.jpg"
        cv2.imwrite(str(path), image, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
        print(f"{path}  {path.stat().st_size // 1024} KB")
    (folder / BOARD_FILE).write_text(json.dumps(placement, indent=1) + "\n")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ONE_GAME)

"""Recorded games to replay where there is no camera: ``companion demo`` and the tests.

``ONE_GAME`` is the game of ONE that ``companion demo`` plays: rendered by
``make_demo_one.py`` (seeded), one picture per move and one with a hand over the board.
``DEMO`` is a 9×9 Go game drawn from above by ``make_demo.py`` (seeded), one stone placed
per frame, with one frame where a hand covers part of the board: the tests use it as a
plain grid board to find by its lines and as a camera's pictures. Beside its pictures,
each replay's ``board.json`` says which board they show and where (``placement``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
ONE_GAME = HERE / "one-game"
"""The folder of the bundled game of ONE (JPEGs, sorted by name)."""
DEMO = HERE / "demo"
"""The folder of the drawn 9×9 Go replay (JPEGs, sorted by name)."""
BOARD_FILE = "board.json"


def game_options(folder: Path) -> tuple[str, dict[str, Any]]:
    """The game a replay's pictures show and its options, the board among them, as
    ``board.json`` beside them has it (the game the demo starts to referee them)."""
    data: dict[str, Any] = json.loads((folder / BOARD_FILE).read_text())
    return data["game"], {"board": data["board"], **data.get("options", {})}


def placement(folder: Path) -> tuple[str, np.ndarray]:
    """The board a replay's pictures show (such as ``one-60``) and where: the homography
    from the pictures' pixels to board millimetres, as ``board.json`` beside them has it."""
    data: dict[str, Any] = json.loads((folder / BOARD_FILE).read_text())
    return data["board"], np.array(data["homography"], dtype=np.float64)

"""A whole game rendered as a camera at one table films it: one frame per position.

``render_game_frames(positions, look, seed, board)`` renders every position (space →
colour, e.g. the game's board after each move) with one look: the same board, stones,
table, camera and lamps in every frame, and a fresh moment (the sensor's noise, a hand)
in each. The light may drift slowly (``drift_k`` kelvin of white balance and
``drift_exposure`` grey levels a frame: daylight through an afternoon) and may change at
once at frame ``relight_at`` (a lamp switched on, a cloud): from then on the frames are
lit by another light of the look's own set (``looks.relit``). A hand reaches over the
board in the frames listed in ``hands``. With a ``sharpening`` (``phone.py``) every frame
is sharpened and saved as a phone does.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

import numpy as np

from companion.geometry import Geometry
from companion.vision.scene.effects import Effects
from companion.vision.scene.looks import CameraLook, drifted, relit
from companion.vision.scene.phone import Sharpening
from companion.vision.scene.render import render_scene

_RELIGHT_STREAM = 5


def render_game_frames(
    positions: Sequence[Mapping[str, Any]],
    look: CameraLook,
    seed: int,
    board: Geometry | str,
    *,
    colours: Sequence[str] = ("black", "white"),
    drift_k: float = 0.0,
    drift_exposure: float = 0.0,
    relight_at: int | None = None,
    hands: Collection[int] = (),
    sharpening: Sharpening | None = None,
) -> list[tuple[np.ndarray, dict[str, Any]]]:
    """One ``(image, truth)`` per position, as ``render_scene`` returns them; frame ``i``
    has ``frame_seed`` ``i`` and its look (after drift and relighting) in its truth."""
    after = relit(look, np.random.default_rng([seed, _RELIGHT_STREAM]))
    frames = []
    for index, position in enumerate(positions):
        base = after if relight_at is not None and index >= relight_at else look
        seen = drifted(base, drift_k * index, drift_exposure * index)
        frames.append(render_scene(seed, board, dict(position), effects=Effects(
            hand=index in hands), colours=colours, frame_seed=index, look=seen,
                                   sharpening=sharpening))
    return frames

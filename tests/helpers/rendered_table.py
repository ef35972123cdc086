"""The live referee on rendered frames, shared by the end-to-end tests of the table.

Every frame the camera gives is rendered by ``companion.vision.scene`` from what the
players have laid on the board, and read by the game's real recogniser through the
referee loop (``RefereeFeed``: stability gate, table session, rules, journal). The board
is registered once, from the rendered truth, as the corner markers would register it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from calibration.locator import BoardLocator
from companion.vision.scene import Effects, Pose
from hardware.referee_feed import RefereeFeed
from tests.helpers.scene_cache import render_scene

CLEAN = Effects(noise=2.0, blur=0.4, jpeg=85)
HAND = Effects(noise=2.0, blur=0.4, jpeg=85, hand=True)
FRAME = (960, 720)
STEADY_FRAMES = 4  # the first frame of a new board is motion to the gate, then 3 steady


@dataclass
class RenderedTable:
    """A camera over ``board`` (rendered with ``kind``'s pieces) feeding ``feed``.

    ``see(pieces)`` shows the board with ``pieces`` (space → what the renderer draws
    there) for a few steady frames; with ``hand=True`` a hand moves over it, somewhere
    else in every frame. Every status the loop reports is kept in ``statuses``."""

    board: str
    kind: str
    seed: int
    pose: Pose
    feed: RefereeFeed | None = None
    statuses: list[dict[str, Any]] = field(default_factory=list)

    def picture(self, pieces: Mapping[str, Any], effects: Effects = CLEAN,
                frame_seed: int = 0) -> np.ndarray:
        image, _ = render_scene(self.seed, self.board, dict(pieces), self.pose, effects,
                                frame=FRAME, frame_seed=frame_seed, kind=self.kind)
        return image

    def to_board(self) -> np.ndarray:
        """Picture pixels → board millimetres, from the rendered truth."""
        _, truth = render_scene(self.seed, self.board, {}, self.pose, CLEAN, frame=FRAME,
                                kind=self.kind)
        return np.linalg.inv(np.array(truth["homography"]))

    def see(self, pieces: Mapping[str, Any], *, hand: bool = False,
            count: int = STEADY_FRAMES) -> dict[str, Any]:
        assert self.feed is not None
        if hand:
            for moment in range(count):
                status = self.feed.process(self.picture(pieces, HAND, frame_seed=moment))
            return status
        image = self.picture(pieces)
        for _ in range(count):
            status = self.feed.process(image)
        return status


def rendered_table(table, board: str, kind: str, *, seed: int, pose: Pose) -> RenderedTable:
    """A ``RenderedTable`` whose loop feeds ``table`` (the app's ``TableSession``)."""
    camera = RenderedTable(board, kind, seed, pose)
    homography = camera.to_board()

    def known(geometry):
        locator = BoardLocator(geometry)
        locator.fix(homography, "rendered (known)")
        return locator

    camera.feed = RefereeFeed(table, locator_for=known, on_status=camera.statuses.append)
    return camera

"""Shared by the vision tests: render a scene, read it with the recogniser through its
true homography, and count what was read right, wrongly or as unsure.

    from tests.helpers.vision_scenes import read_scene, read_scenes

    reading, truth = read_scene(board, 4, pieces, pose, effects, kind="onslaught")
    tally = read_scenes(board, range(100, 108), colours=SIX, effects=HARDEST)
    assert tally.error <= 0.001 and tally.unsure <= 0.01 and tally.whole >= 0.9
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from companion.geometry import Geometry
from companion.vision.pipeline import Reading, Recogniser
from companion.vision.scene import Effects, Pose
from companion.vision.stones import UNSURE
from tests.helpers.scene_cache import render_scene


def read_scene(board: Geometry, seed: int, pieces: Mapping[str, Any] | None = None,
               pose: Pose | None = None, effects: Effects | None = None, *,
               colours: Sequence[str] = ("black", "white"), kind: str = "stones",
               recogniser: Recogniser | None = None) -> tuple[Reading, dict]:
    """Render scene ``seed`` of ``board`` (random pieces, pose and effects where
    ``None``) and read it through its true homography; returns the reading and the
    truth."""
    image, truth = render_scene(seed, board, pieces, pose, effects, colours=colours,
                                kind=kind)
    recogniser = recogniser or Recogniser(board, colours if kind == "stones" else (),
                                          kind=kind)
    return recogniser.read(image, np.linalg.inv(np.array(truth["homography"]))), truth


@dataclass
class Tally:
    """Spaces no hand or glare hides, and of those the ones read wrongly or unsure;
    scenes, and those read whole (every space read and right, hidden ones included)."""

    spaces: int = 0
    wrong: int = 0
    unsure_spaces: int = 0
    scenes: int = 0
    whole_scenes: int = 0

    @property
    def error(self) -> float:
        return self.wrong / max(self.spaces, 1)

    @property
    def unsure(self) -> float:
        return self.unsure_spaces / max(self.spaces, 1)

    @property
    def whole(self) -> float:
        return self.whole_scenes / max(self.scenes, 1)


def read_scenes(board: Geometry, seeds: Iterable[int], *,
                colours: Sequence[str] = ("black", "white"), kind: str = "stones",
                effects: Effects | None = None) -> Tally:
    """Read the scenes ``seeds`` of ``board`` (random pieces and pose; ``effects`` for
    all, random where ``None``) and tally what was read."""
    recogniser = Recogniser(board, colours if kind == "stones" else (), kind=kind)
    tally = Tally()
    for seed in seeds:
        reading, truth = read_scene(board, seed, effects=effects, colours=colours,
                                    kind=kind, recogniser=recogniser)
        whole = True
        for name, content in reading.cells.items():
            unsure = isinstance(content, str) and content == UNSURE
            right = content == truth["cells"][name]
            whole &= right
            if name in truth["hidden"]:
                continue
            tally.spaces += 1
            tally.unsure_spaces += unsure
            tally.wrong += not unsure and not right
        tally.scenes += 1
        tally.whole_scenes += whole
    return tally

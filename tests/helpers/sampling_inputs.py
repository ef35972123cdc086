"""Shared by the sampling tests: what ``Recogniser.read`` hands the sampler for a frame
seen from aside, so a test can call ``sample`` itself and compare its paths."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from companion.geometry import Geometry
from companion.vision.config import Section
from companion.vision.pipeline import Recogniser
from companion.vision.sampling import Layout, ViewMaps, board_view, view_maps


@dataclass(frozen=True)
class SamplingInputs:
    """A board's layout and sampling settings, the leaning layout a tilted frame gives,
    the frame's board view and its maps."""

    layout: Layout
    cfg: Section
    leaned: Layout
    view: np.ndarray
    maps: ViewMaps


def sampling_inputs(board: Geometry, colours: tuple[str, ...], image: np.ndarray,
                    homography: np.ndarray) -> SamplingInputs:
    """The sampler's inputs for ``image`` of ``board`` (``homography``: picture pixels →
    board mm), as a recogniser of ``colours`` makes them; the frame must be tilted
    enough for the stones to lean."""
    recogniser = Recogniser(board, colours)
    layout, cfg = recogniser.layout, recogniser.sampling
    leaned = recogniser._leaning(homography, image.shape[1::-1])
    assert leaned is not None, "the frame is not tilted enough for the stones to lean"
    view = board_view(image, homography, layout)
    return SamplingInputs(layout, cfg, leaned, view, view_maps(view, cfg))

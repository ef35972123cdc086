"""A stone read as white whose hue is a hued stone's, against the picture's own white stones.

ONE's reader weighs a stone's lightness with its hue, and a glossy yunzi stone that a
lamp lifts (a green or a blue one on red wood or bamboo under daylight) may come out as
light as a white one; where the light found is itself drawn from such stones (a group of
green stones taken for white ones tints the light green), the white candidate moves to
them and they are read white surely. Yet white is white paint: every white stone on one
board under one light shows one colour part against the board beside it (the lamp
cancels in that ratio), and a stone of colour *c* shows, against the white stones, *c*'s
paint's colour part less white paint's (``circle_colour.paint_spans``) or, translucent
or sheened, a share of it. So a space read as the light neutral colour is doubtful where
two signs say it is not white: its colour part lies off the median of the lightest
stones the picture reads as white (white is the lightest paint) by more than
``cover_fit_chroma``, and it
lies within ``cover_fit_chroma`` of a hued colour's span, from nought to all of it
(where a stone of that colour would). Nothing is named: the space is unsure, and a white
stone among stones read white of a hued colour is made unsure with them.
"""

from __future__ import annotations

import numpy as np

from companion.vision.circle_colour import span_distance
from companion.vision.config import Section
from companion.vision.sampling import colour_part


def hued_white(ratio: np.ndarray, read_white: np.ndarray, reference: np.ndarray | None,
               spans: np.ndarray, hued: np.ndarray, cfg: Section) -> np.ndarray:
    """The spaces (N) of ``read_white`` (read as the light neutral colour) whose log ratio
    to the board (``ratio``, N×3) shows a colour part off ``reference`` (3: the median
    colour part of the lightest stones read white; ``None``: nothing is asked) by more
    than ``cover_fit_chroma`` and within ``cover_fit_chroma`` of a hued colour's span
    (``spans``, C×3, ``circle_colour.paint_spans``; ``hued`` the candidates with a hue of
    their own, empty first), from nought to all of it."""
    off = np.zeros(len(ratio), dtype=bool)
    at = np.flatnonzero(read_white)
    if reference is None or not len(at):
        return off
    shown = colour_part(ratio[at]) - reference[None, :]
    within = span_distance(shown, spans, 0.0) <= cfg.cover_fit_chroma
    off[at] = (np.linalg.norm(shown, axis=1) > cfg.cover_fit_chroma) \
        & (within & hued[None, 1:]).any(axis=1)
    return off

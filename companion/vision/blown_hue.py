"""A stone of a hue of its own whose core a lamp blows out, read from what the lamp leaves.

ONE's yellow stones under a lamp clip in red and green over most of their core, and their
blue, far darker, clips nowhere: the reader reads them surely as yellow from the core's
unclipped rest, and "core blown out" left them unsure all the same where their foot
showed a few specks of the circle the stone hides (``_face_over_mark`` asks at most
``ink_faint_share`` of the print around there, the first rule for a light stone at most a
fifth of ``ink_present``). On session 25's study seeds (57000–57299) that was the only
doubt on 6 yellow stones of the held-out looks and 6 of the development looks. Three
signs of different kinds say a stone of that hue stands there rather than a lamp's
reflection in bare board:

- *Its hue, where the lamp left it*: read surely as that stone (``closed_light``: sure,
  fitting, no glare running over its rim) and *not white at its heart*: at most
  ``clipped_max_white`` of the core clipped in every channel. A reflection strong enough
  to blow out a core is white at its heart (0.65–0.97 of the core under the painted
  reflections of ``tests/vision/test_vision_white_clipped.py``); a yellow face clips in
  the channels its paint is bright in. And a reflection only adds light, in every
  channel: some channel of the core's unclipped rest no lighter than its board (the
  colour part a reflection cannot give) is asked too.
- *The mark hidden, under a face*: none of the circle shows where a piece would sit (at
  most ``ink_faint_share`` of the print around, the spaces around showing theirs clearly,
  ``ink_clear``), its foot shows less than bare board shows (under ``ink_fair_share`` of
  it: the board in front of a stone seen from low), and at the circle's radius at least
  ``face_rays`` of the rays are not white in every channel (a reflection wider than the
  circle blows it out all round; a stone's face is white at most on its lamp's side).
- *Nothing over the board round it*: its gaps show the board's own tint and no glare
  (``open_board``).
"""

from __future__ import annotations

import numpy as np

from companion.vision.config import Section
from companion.vision.sampling import Samples


def hue_over_blown_core(samples: Samples, rays: np.ndarray, ratio: np.ndarray,
                        fair_print: np.ndarray, chosen: np.ndarray, open_board: np.ndarray,
                        cfg: Section) -> np.ndarray:
    """The ``chosen`` spaces (N bool: read surely as a stone of a hue of its own, its core
    blown out) that show that stone by the signs of the module docstring: ``ratio`` (N×3)
    the core's unclipped rest against its board (log), ``fair_print`` the print a bare
    space shows here, ``rays`` the layout's rays (N×R×S flat view indices), ``open_board``
    the spaces with nothing over the board round them."""
    named = np.zeros(len(chosen), dtype=bool)
    at = np.flatnonzero(chosen & open_board
                        & (samples.core_glared <= cfg.clipped_max_white)
                        & (ratio.min(axis=1) <= 0.0)
                        & (samples.ink_around >= cfg.ink_clear)
                        & (samples.ink <= cfg.ink_faint_share * fair_print)
                        & (samples.foot_ink < cfg.ink_fair_share * fair_print))
    if not len(at):
        return named
    inner = rays[at][:, :, :max(int(round(cfg.face_share * rays.shape[2])), 1)]
    white = (np.take(samples.darkest, inner) >= cfg.white_level).any(axis=2)
    named[at] = (~white).mean(axis=1) >= cfg.face_rays
    return named

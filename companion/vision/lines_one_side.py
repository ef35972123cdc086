"""Lines seen past a leaning white stone's face on one side only (session 24).

``_face_past_core`` (companion/vision/stones.py) reads a light stone whose core a lamp
blows out from its face: lighter than the board past the core, ending at a rim. It
refuses a space whose printed lines show across that face (``_lines_across``: on two of
the four rays along the space's lines, darker than the rays beside them), as a lamp's
small reflection in bare board lifts the print with the board and its lines still show
across it. But a stone seen at an angle stands off its point in the board view: its face
ends early on the side it leans from, and the line beyond it shows there, on one arm or
on two neighbouring arms, never on two opposite ones. A line through a bare point runs
out on both sides; where the lines show on two opposite arms, or on three or four, the
face is no stone's.

That alone is not enough (a reflection of 0.2 pitch over a bare point showed its lines on
two neighbouring arms only: ``tests/vision/test_vision_white_clipped.py``), so a second,
independent sign is asked: the core is white in every channel over at most
``lean_face_max_white`` of it. A lamp's reflection strong enough to blow out a core is
white at its heart (each channel clipped over two thirds of the core and more in those
reflections); a white stone's face under a warm or tinted light clips in one or two
channels and is white only in its own highlight. Not on the board's rim, whose T or L
shows its lines on two or three arms whatever lies there."""

from __future__ import annotations

import numpy as np

from companion.vision.config import Section
from companion.vision.sampling import RAYS


def line_dips(seen: np.ndarray, print_mark: float, cfg: Section) -> np.ndarray:
    """Of the spaces whose rays show ``seen`` (N×RAYS, the view's darkest channel just
    past the core's edge), on which of the four rays along the space's lines (0°, 90°,
    180°, 270°: ``edge_line_clearance``) it is darker than the rays either side by the
    print's mark (``print_mark``, a share of their lightness): N×4 bool, in turn."""
    angles = np.arange(RAYS) * (2.0 * np.pi / RAYS)
    on_lines = np.flatnonzero(np.abs(np.sin(2.0 * angles)) <= cfg.edge_line_clearance)
    values = seen.astype(np.float64)
    beside = (values[:, (on_lines - 1) % RAYS] + values[:, (on_lines + 1) % RAYS]) / 2.0
    return values[:, on_lines] < (1.0 - print_mark) * beside


def one_side(dips: np.ndarray) -> np.ndarray:
    """The spaces (N bool) whose lines show (``dips``, N×4 in turn round the space) on
    one side only: on one arm, or on two neighbouring arms; never on two opposite ones."""
    opposite = (dips & np.roll(dips, 2, axis=1)).any(axis=1)
    return (dips.sum(axis=1) <= 2) & ~opposite


def leaning_face(dips: np.ndarray, glared: np.ndarray, on_rim: np.ndarray,
                 cfg: Section) -> np.ndarray:
    """The spaces (N bool) whose lines across the face (``dips``, N×4) are the line
    beyond a leaning stone: shown on one side only (``one_side``), the core white in
    every channel over at most ``lean_face_max_white`` of it (``glared``, N), and not on
    the rim (``on_rim``, N bool)."""
    return one_side(dips) & (glared <= cfg.lean_face_max_white) & ~on_rim

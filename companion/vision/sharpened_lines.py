"""A core lit only along its printed lines is lit by a phone's sharpening, not a stone.

A phone (or a webcam's firmware) sharpens every picture before it saves it: each dark
printed line gets a light halo along both its flanks, lighter than the board a little
way off, and on a pale board clipped in a channel or two. A bare point's core is its
two lines crossing and their flanks, so it shows part blown out and, the print closed
away, lighter than its board: the numbers a glossy light stone's lit face shows
(``stones._lit_face``), and most bare points of a pale board were unsure by that rule
in the real photos sharpened and saved as a strong JPEG (``vision-real-variations``,
"sharpened q12") and in the renderer's sharpened pictures (``bench vision --sharpen``).

Two signs, each of its own, tell the halo from a stone's face:

- where the lit pixels lie: a halo lies along the lines, so the core's pixels well off
  them (more than ``halo_off_lines`` of a pitch: the four corners between the arms)
  are not blown out (at most ``halo_off_blown`` of them); a lamp's highlight on a
  stone is a round patch wherever the lamp sits, over the arms and the corners alike;
- whether the lines are there: the space's printed lines run on through the ring
  round its core (where they are not blown out over half the ring, ``halo_ring_seen``)
  and show at its foot about as much as at the spaces around (``ink`` at least
  ``halo_print_share`` of ``ink_around``); a stone hides both, and a shell stone's
  stripes pass for a little print at most. The ring shows its lines where at least
  ``halo_ring_ink`` of its pixels on them are print (``Samples.ring_ink``: a line as
  wide as the band looked at, a rendered one), or where at least ``halo_ring_sections``
  of its cross-sections of its four arms hold a pixel at most ``halo_line_dark`` of its
  board's darkest channel (``lines_across``): a real board's line, about 1 mm on a
  22 mm pitch, is a pixel wide in the board view, a third of the band, and found
  without its corners the board's lines lie a pixel off where the view puts them; what
  the cross-sections ask is only that each holds a line somewhere across it. A
  sharpened line is dark ink (its darkest channel 0.2 of its board's, the median on the
  real photos' sharpened bare points; 0.08 on renders); a white stone's face is lighter
  than its board (1.5, the median), a shell stone's stripe or a sharpened seam dark in
  a section or two. That sign is the stronger (of 10,030 white stones' lit faces in
  rendered study scenes one showed six sections lined, its foot hiding the print; 19
  half or more), and with it the foot need show only ``halo_print_share_crossed`` of
  the print around (those 19 show 0.12 of it at most; the real sharpened bare points
  0.5 and more, the strong JPEG's blocks thinning the foot's print).

And, the picture being sharpened as a whole: at least ``halo_min_spaces`` of its
spaces show both. Sharpening lights every bare point of a pale board alike; a stone's
face passes for both signs at one space at most (on a full board the dark seams the
sharpening draws round crowded white stones pass for print through their rings).

Where all hold, the space is no lit face: it is read by its print and colour as the
bare board it is. Anywhere else the lit-face rule stands. A board that prints no lines
through its spaces (ONE's rings) has no lines to light: nothing is changed there.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from companion.vision.config import Section
from companion.vision.sampling import Layout, Samples

ARMS = ((1, 0), (-1, 0), (0, 1), (0, -1))  # a grid's four half-lines out of a space, in the view


@dataclass(frozen=True)
class LinePixels:
    """Where a grid's printed lines lie round each space of a board view."""

    off: np.ndarray  # N×K bool: core pixels more than ``halo_off_lines`` of a pitch off them
    across: np.ndarray  # N×S×C flat view indices: the ring's cross-sections of the four
    # arms, one a pixel out from ``halo_ring_inner`` to ``halo_ring_outer`` of a pitch,
    # each ``halo_across_px`` pixels either side of where the line should lie


def off_lines(layout: Layout, cfg: Section) -> LinePixels | None:
    """Each space's core pixels well off its printed lines and its ring's cross-sections
    of them (``LinePixels``); ``None`` where no grid's lines run through the spaces (the
    view is the board warped square: a space's lines run along its row and column)."""
    if not np.isfinite(layout.core_lines).all():
        return None
    pitch = layout.pitch_px
    radii = np.arange(int(np.ceil(cfg.halo_ring_inner * pitch)),
                      int(np.floor(cfg.halo_ring_outer * pitch)) + 1)
    offsets = np.arange(-int(cfg.halo_across_px), int(cfg.halo_across_px) + 1)
    arms = np.array(ARMS, dtype=np.float64)
    # (arm, radius, offset): out along the arm, across it by the offset.
    dx = arms[:, 0, None, None] * radii[None, :, None] - arms[:, 1, None, None] * offsets
    dy = arms[:, 1, None, None] * radii[None, :, None] + arms[:, 0, None, None] * offsets
    w, h = layout.size
    n = len(layout.centres)
    xs = np.rint(layout.centres[:, 0, None, None, None] + dx[None]).astype(np.intp)
    ys = np.rint(layout.centres[:, 1, None, None, None] + dy[None]).astype(np.intp)
    across = np.clip(ys, 0, h - 1) * w + np.clip(xs, 0, w - 1)
    return LinePixels(off=layout.core_lines > cfg.halo_off_lines * pitch,
                      across=across.reshape(n, len(ARMS) * len(radii), len(offsets)))


def lines_across(samples: Samples, at: np.ndarray, lines: LinePixels, cfg: Section
                 ) -> np.ndarray:
    """Of the spaces ``at`` (indices), the share of their ring's cross-sections of their
    lines (``LinePixels.across``) that hold a pixel whose darkest channel is at most
    ``halo_line_dark`` of the board's there: a line crossing the ring, wherever across
    the section it lies. (A glare's pixels are white in ``Samples.darkest``: no line.)"""
    darkest = np.take(samples.darkest, lines.across[at]).min(axis=2)
    level = samples.board[at].min(axis=1)
    return (darkest <= cfg.halo_line_dark * level[:, None]).mean(axis=1)


def halo_lit(samples: Samples, lit: np.ndarray, lines: LinePixels | None, cfg: Section
             ) -> np.ndarray:
    """Of the spaces ``lit`` (N bool: read empty, a lit face by ``stones._lit_face``),
    those whose lit pixels lie along their lines only (``lines``: ``off_lines``) while
    the lines show through the ring and at the foot, where ``halo_min_spaces`` show so at
    least: the halo of a phone's sharpening."""
    if lines is None or lines.off.shape != samples.core_seen.shape or not lit.any():
        return np.zeros(len(lit), dtype=bool)
    at = np.flatnonzero(lit)
    corners = lines.off[at]
    blown = corners & ~samples.core_seen[at]
    counted = np.maximum(corners.sum(axis=1), 1)
    along = corners.any(axis=1) & (blown.sum(axis=1) <= cfg.halo_off_blown * counted)
    # The foot's print is asked less where the ring's every arm shows its line.
    ink, around = samples.ink[at], samples.ink_around[at]
    banded = (samples.ring_ink[at] >= cfg.halo_ring_ink) & (ink >= cfg.halo_print_share * around)
    crossed = (lines_across(samples, at, lines, cfg) >= cfg.halo_ring_sections) \
        & (ink >= cfg.halo_print_share_crossed * around)
    lined = (samples.ring_seen[at] >= cfg.halo_ring_seen) & (banded | crossed)
    haloed = np.zeros(len(lit), dtype=bool)
    if int((along & lined).sum()) >= cfg.halo_min_spaces:
        haloed[at] = along & lined
    return haloed

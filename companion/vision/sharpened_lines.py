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
  round its core (``Samples.ring_ink`` at least ``halo_ring_ink``, where they are not
  blown out over half the ring, ``halo_ring_seen``) and show at its foot about as
  much as at the spaces around (``ink`` at least ``halo_print_share`` of
  ``ink_around``); a stone hides both, and a shell stone's stripes pass for a little
  print at most.

And, the picture being sharpened as a whole: at least ``halo_min_spaces`` of its
spaces show both. Sharpening lights every bare point of a pale board alike; a stone's
face passes for both signs at one space at most (on a full board the dark seams the
sharpening draws round crowded white stones pass for print through their rings).

Where all hold, the space is no lit face: it is read by its print and colour as the
bare board it is. Anywhere else the lit-face rule stands. A board that prints no lines
through its spaces (ONE's rings) has no lines to light: nothing is changed there.
"""

from __future__ import annotations

import numpy as np

from companion.vision.config import Section
from companion.vision.sampling import Layout, Samples


def off_lines(layout: Layout, cfg: Section) -> np.ndarray | None:
    """Each space's core pixels more than ``halo_off_lines`` of a pitch from its printed
    lines (N×K bool, in ``Layout.core``'s order); ``None`` where no grid's lines run
    through the spaces."""
    if not np.isfinite(layout.core_lines).all():
        return None
    return layout.core_lines > cfg.halo_off_lines * layout.pitch_px


def halo_lit(samples: Samples, lit: np.ndarray, off: np.ndarray | None, cfg: Section
             ) -> np.ndarray:
    """Of the spaces ``lit`` (N bool: read empty, a lit face by ``stones._lit_face``),
    those whose lit pixels lie along their lines only (``off``: ``off_lines``) while the
    lines show through the ring and at the foot, where ``halo_min_spaces`` show so at
    least: the halo of a phone's sharpening."""
    if off is None or off.shape != samples.core_seen.shape or not lit.any():
        return np.zeros(len(lit), dtype=bool)
    at = np.flatnonzero(lit)
    corners = off[at]
    blown = corners & ~samples.core_seen[at]
    counted = np.maximum(corners.sum(axis=1), 1)
    along = corners.any(axis=1) & (blown.sum(axis=1) <= cfg.halo_off_blown * counted)
    lined = (samples.ring_seen[at] >= cfg.halo_ring_seen) \
        & (samples.ring_ink[at] >= cfg.halo_ring_ink) \
        & (samples.ink[at] >= cfg.halo_print_share * samples.ink_around[at])
    haloed = np.zeros(len(lit), dtype=bool)
    if int((along & lined).sum()) >= cfg.halo_min_spaces:
        haloed[at] = along & lined
    return haloed

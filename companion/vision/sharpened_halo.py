"""A core lit by the halo a phone's sharpening draws along the printed lines is bare.

A phone (or a webcam's firmware) sharpens every picture: each dark line gets a light
halo along both its flanks, lighter than the board a few pixels off it, and on a pale
board clipped in a channel or two. A bare point's core is mostly such flanks (its two
lines cross there), so it reads lighter than the board in its gaps and part blown out:
the numbers a glossy light stone's lit face shows (``stones._lit_face``), and every
bare point of the board was unsure by that rule (the real photos of ``go-more`` and
``go-boards`` sharpened and saved as a strong JPEG: 349 and 200 points unsure).

Two signs, each of its own, tell the halo from a stone's face:

- at the space: its printed lines show at its foot as they do around it (at least
  ``halo_print_share`` of the most print a space around shows); a stone hides them, and
  a light stone whose face a lamp lights shows none (a shell stone's stripes pass for a
  little);
- over the picture: sharpening lights the printed bare points alike wherever the
  board is pale enough, so many of the spaces read empty that show their print as
  around show such a lit core too (at least ``halo_min_spaces`` of them, and
  ``halo_lit_share`` of those spaces). A lamp's reflection in bare board no larger
  than a core lies at a point or two (a larger one spills into the gaps), and a lamp's
  highlight on a glossy stone lies on a stone, which hides its print.

Where both hold, the space is read by its print and its colour as bare board.
"""

from __future__ import annotations

import numpy as np

from companion.vision.config import Section
from companion.vision.sampling import Samples


def halo_lit(samples: Samples, empty: np.ndarray, lit: np.ndarray, cfg: Section
             ) -> np.ndarray:
    """Of the spaces read ``empty`` (N bool) whose core shows a lit face (``lit``, N
    bool: ``stones._lit_face``), those a sharpening halo lights: their print shown as
    around, on a picture where most spaces read empty that show their print so are lit
    the same way. None where the picture is not lit so."""
    printed = empty & (samples.ink >= cfg.ink_present) \
        & (samples.ink >= cfg.halo_print_share * samples.ink_around)
    haloed = printed & lit
    count = int(haloed.sum())
    if count < cfg.halo_min_spaces or count < cfg.halo_lit_share * int(printed.sum()):
        return np.zeros(len(empty), dtype=bool)
    return haloed

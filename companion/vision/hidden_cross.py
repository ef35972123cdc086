"""A space read empty whose printed cross is hidden at its foot and on its ring is covered.

Bare board prints a cross at every point of a grid: its two lines run through the disc
where a piece would sit and on over the ring round the core (between the core and
``ring_radius``, still on the smallest stone). A stone of the board's own colour (white
glass on white vinyl, white shell on white paper) hides both, and its colour reads it as
bare board, often surely: on a crowded board (``--full-glare`` scenes, 300 stones on a
Go 19 × 19) the rendered white stones on white boards were the commonest confident
error, read *empty* at 0.9 to 1.0.

Where the print shows clearly at the spaces around (``ink_clear``), two signs each of
their own say the print is covered here: none of it where a piece would sit (at most
``ink_faint_share`` of the print the board shows round it, a few specks of JPEG or of a
stone's edge), and none where the space's two lines cross the ring (at least
``ring_min_seen`` of those pixels seen, at most ``ring_max_ink`` of them print), the
ring not dark (``ring_min_lift``: a black stone's rim is read by other rules). That is
``stones._light_face_around``, the sign a light stone's face gives round a blown-out core.
A third sign, of colour: the core is lighter than its board. A white stone is, unless a
shade lies over it; bare board's core, the print closed away, is its board's colour or
darker where the lines' blurred remains stay in it. Blur, a webcam's JPEG and wood grain
thin the lines at some bare points while the points around show them (a blurred red
wood or bamboo board at 640 × 480): those bare points hide their cross at the foot and on
the ring too, but their cores lay up to 0.18 darker than their boards on the study
seeds (one, 0.005 lighter, is still caught), where the white stones caught lay 0.01 to
0.10 lighter. The foot and the ring are read with the same mark of print, so they fail
together where the print is thin: the colour is the sign that stands apart. A lamp's glare blows the
ring's line pixels out (then they are not seen). The picture does not say what covers
the cross (a board-coloured stone, a hand, a sleeve): the space is unsure, not a
colour.
"""

from __future__ import annotations

import numpy as np

from companion.vision.config import Section
from companion.vision.sampling import Samples


def cross_hidden(samples: Samples, empty: np.ndarray, face_around: np.ndarray,
                 lightness: np.ndarray, arms: np.ndarray | None, cfg: Section) -> np.ndarray:
    """Of the ``empty`` spaces (read empty by colour, not by a reflection), those whose
    cross is hidden at the foot and on the ring (``face_around``,
    ``stones._light_face_around``) while the print shows clearly at the spaces around
    (``ink_clear``), and whose core is lighter than its board (``lightness``, the mean
    log ratio of the core's colour to the board's, above nought). Not in a corner
    (``arms``, ``print_arms.printed_arms``, half a cross or less; ``None``: a cross
    everywhere): a bare L prints two short arms, and the margin's thick line beside it
    darkens its ring's lines least (two bare corners of blurred 640 × 480 views, their
    cores 0.001 and 0.011 lighter than their boards, were caught on the study seeds)."""
    covered = empty & face_around & (samples.ink_around >= cfg.ink_clear) & (lightness > 0.0)
    return covered if arms is None else covered & (arms > 0.5)

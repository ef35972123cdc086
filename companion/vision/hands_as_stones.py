"""A hand's skin read as stones: spaces the stone reader names a stone that a hand covers.

Pale skin over a pale board, or a dark hand, can be read as white stones (or, on ONE,
as stones of a hued colour): each such space then counts for nothing in the hand rule
(``occlusion.hidden_by_hand``, ``fingertips.fingertips``), and a hand over a few spaces
read so goes unflagged, its "stones" taken as moves nobody made. Two signs, each from
its own pixels, tell skin from a stone:

- *the gaps*: one thing lies over the space and the board around it alike (the core of
  the gaps' colour, ``occlusion.one_colour``, and the gaps not a stone's edges leaning
  the board's colour towards the core, ``occlusion.stone_in_gaps`` fails), and that
  thing is not the board (the gaps ``hand_skin_gap_tint`` off its colour, brightness
  divided out). A stone stands out from the board that shows between it and the next;
- *the core*: its colour (brightness divided out) lies ``hand_skin_set_tint`` or more
  from the median of the other stones read that colour on the board (at least
  ``hand_skin_set_refs`` of them, a glossy stone's highlight set aside): stones of one
  set are one paint under one light, and white balance or a lamp's colour shifts them
  all alike. Skin is another paint.

Only stones of a light paint are judged (the palette's mean channel at least
``hand_skin_paint``): the colour of a black stone's dark core is mostly the sensor's
noise and its lamp's reflection, and on a steep or crowded board such cores stray from
their set as far as skin does. Such spaces keep their reading; they count for the hand
rule as the unsure spaces they would be, as ``SpaceReadings.hand_like`` does. At the
board's edge the margin is a second sign of its own (``fingertips``: the margin outside
the space shows what covers its gaps), so there the first sign alone
(``skin_over_stones``) lets a space be a fingertip, whatever its set: on ONE most
colours have a stone or two, no set to judge by.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from companion.vision.config import Section
from companion.vision.occlusion import one_colour, stone_in_gaps
from companion.vision.sampling import Samples, board_tint_off, column_median, core_colour, log_tint


def light_paints(colours: Sequence[str], palette: Section, least: float) -> list[str]:
    """The colours of ``colours`` whose paint (``palette``) is light enough for a core's
    colour to say which paint it is: a mean channel of at least ``least``."""
    return [c for c in colours if float(np.mean(palette[c])) >= least]


def skin_over_stones(labels: Sequence[str], colours: Sequence[str], samples: Samples,
                     lit: np.ndarray, cfg: Section) -> np.ndarray:
    """The spaces read as a stone of a light paint where one thing lies over the space and
    its gaps alike, off the board's colour (N bool): the first sign (see the module).
    ``lit``: the spaces where nothing is blown out (a glare changes a core's colour and
    the gaps' alike)."""
    occlusion = cfg.occlusion
    light = np.isin(np.asarray(labels, dtype=object),
                    light_paints(colours, cfg.palette, occlusion.hand_skin_paint))
    asked = light & lit & (board_tint_off(samples) >= occlusion.hand_skin_gap_tint)
    if not asked.any():
        return asked
    return asked & one_colour(samples, cfg.stones, occlusion.hand_same_tint) \
        & ~stone_in_gaps(samples, cfg.stones, occlusion)


def unlike_their_set(labels: Sequence[str], asked: np.ndarray, samples: Samples,
                     cfg: Section) -> np.ndarray:
    """Of the spaces ``asked``, those whose core is unlike the other stones read that
    colour (N bool): the second sign (see the module). The other stones are those read
    that colour and not asked, at least ``hand_skin_set_refs`` of them; with fewer there
    is no set to judge by."""
    occlusion = cfg.occlusion
    found = np.zeros(len(labels), dtype=bool)
    if not asked.any():
        return found
    names = np.asarray(labels, dtype=object)
    tint = log_tint(core_colour(samples, samples.core_kept, cfg.stones.core_percentile))
    for colour in set(names[asked]):
        refs = (names == colour) & ~asked
        if refs.sum() < occlusion.hand_skin_set_refs:
            continue
        these = asked & (names == colour)
        off = np.linalg.norm(tint[these] - column_median(tint[refs]), axis=1)
        found[np.flatnonzero(these)[off >= occlusion.hand_skin_set_tint]] = True
    return found


def dark_fingers(labels: Sequence[str], colours: Sequence[str], hidden: np.ndarray,
                 samples: Samples, lit: np.ndarray, neighbours: Sequence[Sequence[int]],
                 cfg: Section) -> np.ndarray:
    """Spaces read as a stone of a dark paint that are a dark hand's fingers (N bool).

    A dark hand's palm over a space and its gaps hides it (``hidden``: unsure with
    nothing blown out, or read empty with its print gone) and shows its skin in the gaps,
    off the board's colour (``hand_skin_gap_tint``) and one colour with the core
    (``occlusion.one_colour``); its fingers, thinner than a pitch, cover a neighbouring
    space's core and leave its gaps the board's, and read as black stones. Two signs, each
    from its own pixels: the neighbour shows skin so, and this space's core has that
    skin's colour, its lightness included (every channel, in log, within
    ``hand_finger_like`` of the neighbour's gaps): a stone of the set is its own paint
    and stands out from skin beside it, unless both are dark and of one tint. Such spaces
    keep their reading and count for the hand rule as the unsure spaces they would be.
    Judged only where some space shows skin so: on most pictures, nowhere."""
    occlusion = cfg.occlusion
    found = np.zeros(len(labels), dtype=bool)
    skin = hidden & lit & (board_tint_off(samples) >= occlusion.hand_skin_gap_tint)
    if not skin.any():
        return found
    skin &= one_colour(samples, cfg.stones, occlusion.hand_same_tint)
    dark = [c for c in colours if c not in light_paints(colours, cfg.palette,
                                                         occlusion.hand_skin_paint)]
    asked = np.isin(np.asarray(labels, dtype=object), dark) & lit
    if not skin.any() or not asked.any():
        return found
    floor = cfg.stones.dark_floor
    core = np.log(core_colour(samples, samples.core_kept, cfg.stones.core_percentile) + floor)
    gaps = np.log(samples.board + floor)
    for palm in np.flatnonzero(skin):
        for space in neighbours[palm]:
            if asked[space] and float(np.abs(gaps[palm] - core[space]).max()) \
                    < occlusion.hand_finger_like:
                found[space] = True
    return found

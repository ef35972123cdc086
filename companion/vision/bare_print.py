"""The print a picture's bare board shows, judged where the board is bare.

Whether a space shows print is told by a mark (``sampling.print_marks``): a share of
the print the picture shows. That print was taken at the spaces showing it most (a
percentile of all the spaces), which lie on bare board while a fifth of the board or
more is bare. On a crowded board (a game's end, 300 stones on a Go 19 × 19, every point
but one of a 9 × 9) that percentile lies on stones, the print it finds is a stone's grain
and shading, the mark falls to the noise floor, and a white stone of its board's colour
(glass on white vinyl, shell on white paper) shows "print" and reads empty surely.

Two places show the print whatever covers the points:

- the lines between the spaces (``sampling.print_closing``'s depth, half a pitch out,
  where the board beside the line on both sides is the board's own colour): a stone on
  either space does not reach over the line's whole width there, so the lines show as
  deep on a crowded board as on a sparse one of the same look;
- the points that are bare, wherever they lie: at them the print shows a good share of
  that depth (the study seeds' bare points showed at least ``bare_print_least`` of it at
  their ``ink_line_percentile``, sharp or blurred), while a stone's grain shows a small
  share of it where the lines are sharp.

So the print is read at the spaces showing at least ``bare_print_least`` of the lines'
depth between the spaces (their median), and never taken below that share of the depth:
on a crowded board that is what the bare points show; on a sparse one the percentile of
all the spaces lies among them already and stays.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from companion.vision.config import Section

if TYPE_CHECKING:  # sampling reads this module's measure
    from companion.vision.sampling import Samples


def lines_between(contrast: np.ndarray) -> float:
    """The depth of the lines between the spaces over the board's lightness: the median
    of the spaces' (``print_closing``'s ``contrast``; NaN where too few lines show, or
    on a board printed otherwise than a grid, where no line runs between its spaces)."""
    seen = contrast[np.isfinite(contrast)]
    return float(np.median(seen)) if seen.size else float("nan")


def bare_shown(shown: np.ndarray, between: float, cfg: Section) -> np.ndarray:
    """The spaces (N bool) showing the print a bare point shows: at least
    ``bare_print_least`` of the lines' depth ``between`` the spaces, at their
    ``ink_line_percentile`` (the ``shown`` of ``bare_print``); none where no lines show
    between the spaces."""
    if not np.isfinite(between):
        return np.zeros(len(shown), bool)
    return shown >= cfg.bare_print_least * between


def bare_print(shown: np.ndarray, between: float, cfg: Section) -> float:
    """The print the board's bare points show (over its lightness), from ``shown`` (each
    space's ``ink_line_percentile`` of its mark disc's print) and ``between`` (the lines'
    depth between the spaces, ``lines_between``): the median of the spaces showing at
    least ``bare_print_least`` of ``between``, and never less than that share of it.
    Nought where no lines show between the spaces (the mark is then the percentile of
    all the spaces' print, as before)."""
    if not np.isfinite(between):
        return 0.0
    least = cfg.bare_print_least * between
    bare = shown[bare_shown(shown, between, cfg)]
    return max(float(np.median(bare)), least) if bare.size else least


def print_at_spaces(samples: Samples, cfg: Section) -> bool:
    """Whether a share of the picture's spaces (``ink_board_share``) show print
    (``ink_present``): the board shows its print at its spaces, so a space missing it
    where the spaces round it show theirs is covered, by a stone or by a hand. This is
    the sign the hand rule was built on (``SpaceReadings.covered``): a board far from
    the camera, or full, whose print shows at few spaces, says nothing by a space
    missing it, however clearly its lines show between the stones."""
    return bool((samples.ink > cfg.ink_present).mean() >= cfg.ink_board_share)


def print_shown(samples: Samples, cfg: Section) -> bool:
    """Whether the picture shows its print clearly enough that a space missing it says
    something of a stone: a share of its spaces show print (``print_at_spaces``), or its
    lines show between the spaces at least ``ink_between_clear`` darker than the board.
    A crowded board's bare points are fewer than that share, while its lines still show
    between the stones; a board washed out or blurred shows neither."""
    return print_at_spaces(samples, cfg) or bool(samples.print_between >= cfg.ink_between_clear)


UNCONFIRMED = "empty, no print where few spaces show the print its lines do"
"""The unsure rule ``unconfirmed`` names (in ``stones.UNSURE_RULES``)."""


def unconfirmed(samples: Samples, empty: np.ndarray, cfg: Section) -> np.ndarray:
    """The spaces read ``empty`` (N bool) that nothing but their colour reads as bare: no
    print shows there (``ink_present``), nor the print a bare point shows
    (``bare_shown``), on a board whose lines show clearly between the spaces
    (``ink_between_clear``) while fewer than ``ink_board_share`` of all its spaces, and
    fewer than ``bare_confirmed_share`` of those read empty, show that print. Bare board
    shows its print where the lines show between the spaces: most bare points of a board
    show it, blurred webcams' too. A crowded or full board whose spaces read empty mostly
    do not is a board of stones its colour cannot tell, white ones of the board's own
    colour, its mark of print set by its few bare points or by the lines between the
    stones alone (``bare_print``), the print round no stone (docs/recognition.md,
    session 23)."""
    shows = samples.print_bare
    none = np.zeros(len(samples.ink), bool)
    if shows is None or not empty.any() or not samples.print_between >= cfg.ink_between_clear:
        return none
    if shows.mean() >= cfg.ink_board_share or shows[empty].mean() >= cfg.bare_confirmed_share:
        return none
    return empty & ~shows & (samples.ink < cfg.ink_present)

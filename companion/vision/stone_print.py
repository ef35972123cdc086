"""Bare board told from a stone by more print than the picture's stones show.

On ONE's board a circle is printed round every space, narrower than any stone: a stone
standing there hides it whole. The reader reads a space empty by its colour against the
board in its gaps, and by the print its mark shows. Yet a stone's own edges leave dark
specks in its mark disc too: its shaded rim, its contact shadow, a yunzi stone's
darker edge, a glossy stone's reflection of the lines beside it. The print measure
(``Samples.ink``) counts them, a little on every stone.

Where bare board shows what its mark looks like (most boards: the benchmark's plain
scenes leave 30 to 60 spaces bare), the rules that compare a space's print with the
print round it (``ink_around``, ``_marks_clear``) work. On a full board there is no bare
board to learn from: every "mark" round a space is a stone's edge, the board's typical
space shows no mark clearly, and those rules say nothing. A white glass stone on white
vinyl, a white plastic stone on white paper, then reads empty by its colour (its face
in the board's colour, lit as its gaps are), and a hued stone whose darker edge passes
for print reads empty by that print.

The picture's own stones tell what a stone leaves in its mark disc: the stones read
surely (a colour of their own, one colour over the core) show the print a stone's
edges leave, here, under this light, at this distance. A bare space shows its whole
printed circle, several times more (on the plain study scenes at least 2.8 times the
90th percentile of the sure stones'). So a space read empty that shows no more than
``stone_ink_margin`` times that percentile (``stone_ink_percentile``) of at least
``stone_ink_min_stones`` sure stones' print shows no sign of bare board but its colour,
and its colour is a board-coloured stone's as well: the space is unsure. Nothing is
named here. Not on a grid's lines (``ring_seen`` at any space): blur, glare and a
webcam's JPEG thin those at bare points, and they cross every space anyway.
"""

from __future__ import annotations

import numpy as np

from companion.vision.config import Section
from companion.vision.sampling import Samples


def stone_print_level(samples: Samples, sure_stone: np.ndarray, cfg: Section) -> float | None:
    """The print a stone's own edges leave in its mark disc in this picture: the
    ``stone_ink_percentile`` of ``Samples.ink`` over the ``sure_stone`` spaces (N bool),
    where there are at least ``stone_ink_min_stones`` of them and the board prints a mark
    round every space (no ``ring_seen`` anywhere: ONE's circles). ``None``: not known."""
    if (samples.ring_seen > 0.0).any() or int(sure_stone.sum()) < cfg.stone_ink_min_stones:
        return None
    return float(np.percentile(samples.ink[sure_stone], cfg.stone_ink_percentile))


def no_more_than_stones(samples: Samples, read_empty: np.ndarray, sure_stone: np.ndarray,
                        marks_clear: bool, cfg: Section) -> np.ndarray:
    """Of the ``read_empty`` spaces (N bool), those whose mark shows no more print than
    ``stone_ink_margin`` times what the picture's ``sure_stone`` spaces leave
    (``stone_print_level``): read empty by their colour alone, the print that would tell
    bare board missing. Only where the board's typical space does not show its mark
    clearly (not ``marks_clear``, ``stones._marks_clear``): where it does, bare board is
    there to compare with, and the rules on the print round a space decide."""
    level = None if marks_clear else stone_print_level(samples, sure_stone, cfg)
    if level is None:
        return np.zeros(len(read_empty), dtype=bool)
    return read_empty & (samples.ink <= cfg.stone_ink_margin * level)


def unlike_bare(samples: Samples, read_empty: np.ndarray, stone_tint: np.ndarray,
                lightness: np.ndarray, sure_stone: np.ndarray, marks_clear: bool,
                cfg: Section) -> np.ndarray:
    """Of the ``read_empty`` spaces (N bool), on a board that prints a mark round every
    space (no ``ring_seen`` anywhere: ONE's circles) whose typical space does not show
    that mark clearly (not ``marks_clear``), those whose colour is not bare board's:
    a stone's tint far from the board's (``stone_tint``), or, where stones read surely
    (``sure_stone``) hold at least ``full_board_share`` of the spaces, a core lighter
    than the gaps round it by a light stone's least (``lightness``, the mean log ratio,
    over ``light_min_lum``). Read empty by the print its mark disc shows, such a space
    shows a stone's edge as often on a full board (a yunzi stone's darker rim, a shell
    stone's stripes): two signs disagree. (Among many stones the gaps lie in their
    contact shadows, and bare board there may read lighter than its gaps too: then the
    space is unsure rather than wrong.)"""
    if marks_clear or (samples.ring_seen > 0.0).any():
        return np.zeros(len(read_empty), dtype=bool)
    full = sure_stone.mean() >= cfg.full_board_share
    return read_empty & (stone_tint | (full & (lightness > cfg.light_min_lum)))

"""Print in a light core whose lines do not run on past it.

A space read empty because print shows where a piece would sit is bare board only if
that print is the board's lines. A grid's lines run through the space and on past the
core in the directions they are printed; a lamp's reflection lifts them with the board
and they still show across it. A stone seen at an angle stands a little off its point:
its dark outline and the shadow at its foot fall inside the disc print is looked for in,
and pass for print there, while its face hides the lines just past the core. Such a
core is lighter than its board and far from its colour (a white stone's face).

So a space read empty that shows its print, whose core is lighter than its board and
farther from its colour than bare board lies (``max_empty_distance``), and whose lines
do not run on just past the core (``lines_across`` false: the caller's reading of the
rays along the printed lines), is unsure: two signs that something other than bare
board lies there (the colour and the lines hidden past the core), and the picture
does not say which stone. Only on a board whose lines run through its spaces.
"""

from __future__ import annotations

import numpy as np


def lines_cut_short(light_far: np.ndarray, lines_across: np.ndarray,
                    gridded: bool) -> np.ndarray:
    """The spaces of ``light_far`` (read empty by the print they show, their core lighter
    than their board and far from its colour) whose printed lines do not run on past
    the core (``lines_across`` false), on a board whose lines run through its spaces
    (``gridded``); elsewhere none."""
    if not gridded:
        return np.zeros(len(light_far), dtype=bool)
    return light_far & ~lines_across

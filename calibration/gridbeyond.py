"""Does the board go on past a lattice of lines? Its stones say so (``stones_beyond``).

A board covered in stones hides most of its lines. Seen at an angle in a small frame,
a lattice smaller than the board (a 9-line lattice over the middle of a 19-line board,
a 9 inside a 13) can then pass every check of its lines
(``calibration.gridverify``): the lines beyond it lie under stones as much as its own,
so the line a pitch past its end shows on too few pieces to say "the board goes on".
The stones do say it. A stone sits on a crossing, and there is no crossing past the
board's last line: a pitch beyond it lies the board's margin, its rim or the table.
So where the places a pitch past an end line of the lattice hold stones as its own
places do, the lattice is short of its board.

In the picture straightened by the lattice (``gridverify.SEGMENT_PX`` pixels a pitch,
where every stone is about as large), a stone is a disc of one shade, darker or
lighter than the board, with the board showing round it on the diagonals
(``calibration.stonesign``: a bare crossing's lines, wood grain and the table past the
board's rim are not; past an end, only stones with a waist along the end line, which
the board's side seen past its rim has not). A place *holds a stone* when a stone's
centre lies within ``ON_PLACE`` of a pitch of it (a stone's top stands above its
crossing: seen at 40° from the vertical it lies up to about a third of a pitch off it
in the board's plane). The lattice is short when, along one end, the places a pitch
beyond hold stones on at least ``MIN_BEYOND`` of them (a row of stones, not a bowl's
or the rim's few) and on more than ``BEYOND_STONES`` of the share of the lattice's own
places that do. A lattice with stones on under ``MIN_OWN`` of its own places is not
judged so: its lines are not hidden under stones, and where the board goes on past it
they show (``gridverify``).

Every threshold is a named constant here.
"""

from __future__ import annotations

import cv2
import numpy as np

from calibration.gridverify import SEGMENT_PX, straightened_by
from calibration.stonesign import board_shade, stone_discs

PAD = 2.5  # the straightened picture reaches this many pitches past the end lines
ON_PLACE = 0.35  # a stone's centre this share of a pitch from a place is a stone on it
MIN_BEYOND = 1 / 3  # a row of stones beyond: on at least this share of its places,
BEYOND_STONES = 0.5  # and on more than this share of the share of the lattice's own
MIN_OWN = 0.1  # only a lattice holding stones on this share of its own places is judged
STONES_HELD = 0.2  # a board found by its stones holds them on this share of its places
_REACH = int(round(ON_PLACE * SEGMENT_PX))  # pixels of the straightened picture


def place_stones(grey: np.ndarray, to_board: np.ndarray, xs: np.ndarray,
                 ys: np.ndarray, waists: bool = True) -> np.ndarray:
    """Which places of the lattice (picture -> board ``to_board``, lines at ``xs`` and
    ``ys``), extended by a line each way, hold a stone: (rows + 2) × (columns + 2).
    With ``waists``, a place past an end holds one only with a waist along the end line
    (``stonesign.WAIST``)."""
    flat, to_flat = straightened_by(grey, to_board, xs, ys, PAD * SEGMENT_PX,
                                    cv2.BORDER_REPLICATE)
    extended_x = np.concatenate([[2 * xs[0] - xs[1]], xs, [2 * xs[-1] - xs[-2]]])
    extended_y = np.concatenate([[2 * ys[0] - ys[1]], ys, [2 * ys[-1] - ys[-2]]])
    places = np.stack(np.meshgrid(extended_x, extended_y), axis=-1).reshape(-1, 1, 2)
    at = cv2.perspectiveTransform(places, to_flat).reshape(len(extended_y),
                                                           len(extended_x), 2)
    gaps = (at[1:-2, 1:-2] + at[2:-1, 2:-1]) / 2  # the middles of the lattice's own cells
    centres, waist_x, waist_y = stone_discs(flat, board_shade(flat, gaps))
    cols = np.clip(np.round(at[..., 0]).astype(int), 0, flat.shape[1] - 1)
    rows = np.clip(np.round(at[..., 1]).astype(int), 0, flat.shape[0] - 1)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * _REACH + 1, 2 * _REACH + 1))
    held, along_x, along_y = (cv2.dilate(m.astype(np.uint8), disc)[rows, cols] > 0
                              for m in (centres, waist_x, waist_y))
    # Past an end, a row of stones runs along the end line: a stone there has a waist
    # along it (the board's side seen past its rim is a band along it, and has none).
    if waists:
        held[[0, -1], 1:-1] = along_x[[0, -1], 1:-1]
        held[1:-1, [0, -1]] = along_y[1:-1, [0, -1]]
    return held


# The ends of a lattice extended by a line each way: (which places, the step a line
# over towards it in lines (x, y), the lattice's own end line on the other side).
_ENDS = (((0, slice(1, -1)), (0, -1), (-2, slice(1, -1))),
         ((-1, slice(1, -1)), (0, 1), (1, slice(1, -1))),
         ((slice(1, -1), 0), (-1, 0), (slice(1, -1), -2)),
         ((slice(1, -1), -1), (1, 0), (slice(1, -1), 1)))
SHORT = ("Stones lie in rows beyond the lattice found: the board goes on past it. Is the "
         "whole board in the picture, and is it the board named?")


def _rows_of_stones(held: np.ndarray) -> list[bool]:
    """For each end of the lattice (``_ENDS``), whether the places a line beyond it
    (``place_stones``' ``held``) make a row of stones (the module docstring)."""
    own = held[1:-1, 1:-1].mean()
    if own < MIN_OWN:
        return [False] * len(_ENDS)
    return [bool(held[beyond].mean() >= MIN_BEYOND
                 and held[beyond].mean() > BEYOND_STONES * own)
            for beyond, _step, _other in _ENDS]


def stones_beyond(grey: np.ndarray, to_board: np.ndarray, xs: np.ndarray,
                  ys: np.ndarray) -> str | None:
    """Why the lattice is short of its board by its stones (the module docstring), or
    None."""
    return SHORT if any(_rows_of_stones(place_stones(grey, to_board, xs, ys))) else None


def moved_onto_stones(grey: np.ndarray, to_board: np.ndarray, xs: np.ndarray,
                      ys: np.ndarray) -> np.ndarray | None:
    """A lattice of stones (``gridstones``) placed a line off: a row of stones beyond
    one end, and the end line on the other side holding no row of them (the board's
    margin or the table taken for its edge line, where the stones of the far edge row
    were missed). Returns picture -> board of the lattice moved a line towards the
    stones when that one has no row of stones beyond any end, ``to_board`` itself when
    no end has one, and None when the stones say the lattice is not the board's: rows
    of them beyond it that no line over mends, or stones on under ``STONES_HELD`` of
    its own places (a lattice of spots at another pitch than the stones'). Past its
    ends a stone needs no waist here (on a board covered in stones seen at an angle,
    the stones of a row past an end merge along it) unless the end line on the other
    side holds a row of stones too: then the row past the end must show waists
    (``stonesign.WAIST``) to refuse the lattice, and without them it is the board's side
    seen past its rim, the lattice taken as it is."""
    held = place_stones(grey, to_board, xs, ys, waists=False)
    own = held[1:-1, 1:-1].mean()
    if own < STONES_HELD:
        return None
    rows = _rows_of_stones(held)
    if not any(rows):
        return to_board
    if sum(rows) > 1:
        return None
    _beyond, (dx, dy), other = _ENDS[rows.index(True)]
    if held[other].mean() >= MIN_BEYOND and held[other].mean() > BEYOND_STONES * own:
        # A row of stones on both sides: no line over mends it. That row past the end
        # must then be stones indeed, with a waist along the end line: the board's side
        # seen past its rim, a band of one shade along it, has none.
        waisted = _rows_of_stones(place_stones(grey, to_board, xs, ys))
        return None if any(waisted) else to_board
    move = np.array([[1, 0, -dx * np.diff(xs).mean()], [0, 1, -dy * np.diff(ys).mean()],
                     [0, 0, 1]])
    moved = move @ to_board
    return None if any(_rows_of_stones(place_stones(grey, moved, xs, ys, waists=False))
                       ) else moved

"""Where a stone lies in a picture straightened by a board's lattice (``stone_discs``).

A stone is a disc about nine tenths of a pitch across, one shade all over, black
(darker than the board) or white (lighter), and round: what lies round it is the board,
or a neighbouring stone touching it on a line, never a larger patch of its shade. The
board's print and a table's wood grain give other marks, and none of them all three:

- a bare crossing is two thin lines: a disc of a stone's core round it is dark only
  where the lines run, well under ``FILLED`` of it;
- grain is streaks: long, narrow, in stripes, so a core's disc on them is of mixed
  shade, and where a dark streak is broad, it runs on past the disc;
- the table beyond the board, a shadow or the board's rim is a patch of one shade
  with a straight edge: past a disc on it, the patch goes on.

So a core of a stone (the square inside a disc of radius ``CORE`` of a pitch), at least
``FILLED`` of it beyond the board's shade (darker than ``DARK`` of it, or lighter by
``LIGHT`` of the way to white), is a stone's only when, ``RING`` of a pitch from its
centre along each of the four diagonal ways of the lattice, a patch ``GAP`` of a pitch
across is mostly not of its shade (under ``GAP_SHARE``). Along a diagonal no
neighbouring stone reaches so near a stone (the nearest, on a diagonal crossing, lies
1.41 pitches off, and its edge 0.95): the gap between four stones shows the board there
even on a board full of stones, where a patch or a streak of the stone's shade goes on
across it. The board's shade is read in the gaps between the lattice's own crossings,
place by place (``board_shade``). A stone on a board's edge line, standing out past its rim
onto a table of its own shade, is not seen by this sign: two of its diagonal ways lie
on the table.

Two stones touching on a line are two discs: half a pitch from a stone's centre along
that line, a tenth of a pitch either side of it, the board shows (``WAIST``). The side
of a thick board, seen in shadow past its rim at an angle, is a band a stone wide along
its edge, with the board on one side and the table on the other: it gives a core and
diagonal ways as a stone does, but runs on along the edge with no waist.
``stone_discs`` says which stones have a waist along each axis; a row of stones past the
end of a lattice of lines (``gridbeyond``) counts only those with one along the row.

Every threshold is a named constant here.
"""

from __future__ import annotations

import itertools

import cv2
import numpy as np

from calibration.gridverify import SEGMENT_PX

CORE = 0.3  # a stone's core: inside a disc of this share of a pitch in radius (a stone's
# is ~0.46)
FILLED = 0.8  # at least this share of the core beyond the board's shade,
CORNER = 0.2  # and of each of its corners (squares a quarter of a pitch across, this share
CORNER_FILLED = 0.4  # of a pitch along each diagonal from its centre)
DARK = 0.65  # a black stone's pixels: darker than this share of the board's shade
LIGHT = 0.25  # a white stone's: lighter than the board by this share of its way to white
RING = 0.62  # the board round a stone is looked for this share of a pitch from its centre
GAP = 0.25  # in a patch this share of a pitch across on each diagonal way,
GAP_SHARE = 0.3  # which must hold under this share of the stone's shade
WAIST = (0.5, 0.1)  # a stone's waist: half a pitch along a line from its centre, this
# share of a pitch either side of it, not all of its shade (two stones touching on a line
# are two discs; the board's side seen past its rim, a band, runs on)
GAP_BLUR = 1.0  # pixels: the gaps' shade read off the picture blurred this much,
LOCAL = 5  # the board's shade at a place: the median of this many gaps each way round it


_CORE_SIDE = 2 * int(round(CORE * SEGMENT_PX / np.sqrt(2))) + 1  # pixels: the square
# inscribed in the core's disc
_CORNER = int(round(CORNER * SEGMENT_PX))  # pixels each way to a corner of the core
_CORNER_SIDE = 2 * int(round(SEGMENT_PX / 12)) + 1  # pixels
_GAP_SIDE = 2 * int(round(GAP * SEGMENT_PX / 2)) + 1  # pixels
_DIAGONAL = int(round(RING * SEGMENT_PX / np.sqrt(2)))  # pixels each way to a diagonal
_ALONG = int(round(WAIST[0] * SEGMENT_PX))  # pixels
_ACROSS = int(round(WAIST[1] * SEGMENT_PX))  # pixels
_PAD = max(_DIAGONAL + _GAP_SIDE, _ALONG + _CORNER_SIDE)


def board_shade(flat: np.ndarray, gaps: np.ndarray) -> np.ndarray:
    """The board's shade at every pixel of the straightened picture ``flat``, read at
    ``gaps`` (rows × columns × 2 pixels, the middles of the lattice's own cells, a pitch
    apart: the board shows there between four stones): at each, the median over
    ``LOCAL`` × ``LOCAL`` of them round it (a lamp lights a board unevenly; a gap
    covered by a stone's side is outvoted), spread between them."""
    smooth = cv2.GaussianBlur(flat, (0, 0), GAP_BLUR)
    cols = np.clip(np.round(gaps[..., 0]).astype(int), 0, flat.shape[1] - 1)
    rows = np.clip(np.round(gaps[..., 1]).astype(int), 0, flat.shape[0] - 1)
    shades = np.ascontiguousarray(smooth[rows, cols], dtype=np.float32)
    if min(shades.shape) >= LOCAL:
        shades = cv2.medianBlur(shades, LOCAL)
    map_x = np.broadcast_to((np.arange(flat.shape[1], dtype=np.float32) - gaps[0, 0, 0])
                            / SEGMENT_PX, flat.shape)
    map_y = np.broadcast_to(((np.arange(flat.shape[0], dtype=np.float32) - gaps[0, 0, 1])
                             / SEGMENT_PX)[:, None], flat.shape)
    return cv2.remap(shades, np.ascontiguousarray(map_x, dtype=np.float32),
                     np.ascontiguousarray(map_y, dtype=np.float32), cv2.INTER_LINEAR,
                     borderMode=cv2.BORDER_REPLICATE)


def _shifted(padded: np.ndarray, dy: int, dx: int, shape: tuple[int, int]) -> np.ndarray:
    """``padded`` (by ``_PAD`` all round) read ``dy``, ``dx`` pixels off, at ``shape``."""
    return padded[_PAD + dy:_PAD + dy + shape[0], _PAD + dx:_PAD + dx + shape[1]]


def stone_discs(flat: np.ndarray, board: np.ndarray | float
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Which pixels of ``flat`` (float32, a pitch ``SEGMENT_PX`` pixels) are the centre of
    a stone on a board of shade ``board`` (at each pixel, ``board_shade``, or one for
    all; the module docstring): box filters, a few milliseconds a picture. Also, of
    those, the stones with a waist along x and along y (``WAIST``)."""
    centres = np.zeros(flat.shape, bool)
    waisted = [np.zeros(flat.shape, bool), np.zeros(flat.shape, bool)]
    for shaded in (flat < DARK * board, flat > board + LIGHT * (255.0 - board)):
        share = shaded.astype(np.float32)
        disc = cv2.boxFilter(share, -1, (_CORE_SIDE, _CORE_SIDE)) >= FILLED
        corners = np.pad(cv2.boxFilter(share, -1, (_CORNER_SIDE, _CORNER_SIDE)), _PAD,
                         mode="edge")
        gaps = np.pad(cv2.boxFilter(share, -1, (_GAP_SIDE, _GAP_SIDE)), _PAD, mode="edge")
        for dy, dx in itertools.product((-1, 1), (-1, 1)):
            disc &= _shifted(corners, dy * _CORNER, dx * _CORNER, flat.shape) >= CORNER_FILLED
            disc &= _shifted(gaps, dy * _DIAGONAL, dx * _DIAGONAL, flat.shape) < GAP_SHARE
        centres |= disc
        for axis, waist in enumerate(waisted):
            runs_on = np.ones(flat.shape, bool)
            for along, across in itertools.product((-_ALONG, _ALONG), (-_ACROSS, _ACROSS)):
                dy, dx = (across, along) if axis == 0 else (along, across)
                runs_on &= _shifted(corners, dy, dx, flat.shape) >= CORNER_FILLED
            waist |= disc & ~runs_on
    return centres, waisted[0], waisted[1]

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

So a disc of radius ``CORE`` of a pitch, at least ``FILLED`` of it beyond the board's
shade (darker than ``DARK`` of it, or lighter by ``LIGHT`` of the way to white), is a
stone's only when, at ``RING`` of a pitch from its centre, each of the four diagonal
ways of the lattice (``SECTOR`` degrees either side) is mostly not of its shade
(under ``SECTOR_SHARE``). Along a diagonal no neighbouring stone reaches a stone's
ring (the nearest, on a diagonal crossing, lies 1.41 pitches off and is 0.46 across):
the gap between four stones shows the board there even on a board full of stones,
where a patch or a streak of the stone's shade goes on across it. The board's shade
is the median of the gaps between the lattice's own crossings (``board_shade``).

Every threshold is a named constant here.
"""

from __future__ import annotations

import cv2
import numpy as np

from calibration.gridverify import SEGMENT_PX

CORE = 0.3  # a stone's core: a disc of this share of a pitch in radius (a stone's is ~0.46)
FILLED = 0.8  # at least this share of the core beyond the board's shade
DARK = 0.65  # a black stone's pixels: darker than this share of the board's shade
LIGHT = 0.25  # a white stone's: lighter than the board by this share of its way to white
RING = 0.62  # the ring round a stone, this share of a pitch from its centre
SECTOR = 20.0  # each diagonal way of the ring: this many degrees either side
SECTOR_SHARE = 0.3  # a diagonal way holding this share of the stone's shade goes on past it
GAP_BLUR = 1.0  # pixels: the gaps' shade read off the picture blurred this much


def _disc(radius: float) -> np.ndarray:
    """A disc of ``radius`` pixels as a kernel summing to one."""
    side = int(np.ceil(radius))
    y, x = np.mgrid[-side:side + 1, -side:side + 1]
    disc = (x ** 2 + y ** 2 <= radius ** 2).astype(np.float32)
    return disc / disc.sum()


def _sectors(radius: float) -> list[np.ndarray]:
    """The ring of ``radius`` pixels (a pixel wide) in the four diagonal ways, ``SECTOR``
    degrees either side of each, as four kernels each summing to one."""
    side = int(np.ceil(radius)) + 1
    y, x = np.mgrid[-side:side + 1, -side:side + 1].astype(np.float32)
    on_ring = np.abs(np.hypot(x, y) - radius) <= 0.75
    angle = np.degrees(np.arctan2(y, x))
    kernels = []
    for way in (45.0, 135.0, -135.0, -45.0):
        near = np.abs((angle - way + 180.0) % 360.0 - 180.0) <= SECTOR
        kernel = (on_ring & near).astype(np.float32)
        kernels.append(kernel / kernel.sum())
    return kernels


_CORE_KERNEL = _disc(CORE * SEGMENT_PX)
_SECTOR_KERNELS = _sectors(RING * SEGMENT_PX)


def board_shade(flat: np.ndarray, gaps: np.ndarray) -> float:
    """The board's shade in the straightened picture ``flat``: the median at ``gaps``
    (N × 2 pixels, the middles of the lattice's own cells: the board shows there between
    four stones)."""
    smooth = cv2.GaussianBlur(flat, (0, 0), GAP_BLUR)
    cols = np.clip(np.round(gaps[:, 0]).astype(int), 0, flat.shape[1] - 1)
    rows = np.clip(np.round(gaps[:, 1]).astype(int), 0, flat.shape[0] - 1)
    return float(np.median(smooth[rows, cols]))


def stone_discs(flat: np.ndarray, board: float) -> np.ndarray:
    """Which pixels of ``flat`` (float32, a pitch ``SEGMENT_PX`` pixels) are the centre of
    a stone's disc on a board of shade ``board`` (the module docstring)."""
    centres = np.zeros(flat.shape, bool)
    for shaded in (flat < DARK * board, flat > board + LIGHT * (255.0 - board)):
        share = shaded.astype(np.float32)
        disc = cv2.filter2D(share, -1, _CORE_KERNEL, borderType=cv2.BORDER_REPLICATE) >= FILLED
        for kernel in _SECTOR_KERNELS:
            disc &= cv2.filter2D(share, -1, kernel,
                                 borderType=cv2.BORDER_REPLICATE) < SECTOR_SHARE
        centres |= disc
    return centres

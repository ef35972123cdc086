"""Something coming in over the board's edge: an arm, a sleeve or a hand crossing the
plain margin between the outermost spaces and the board's edge.

A hand over a board of six stone colours (ONE) can hide few spaces, and those it hides
may read as stones (pale skin as a white stone, a dark hand as a black one), so the
spaces alone do not always say "hand". But whatever reaches in over the board crosses
its margin, where no piece ever lies: along a thin strip inside the board's edge, clear
of every space, a run of the strip the colour of something else than the board (or far
darker than any shadow) as wide as a finger or more is an arm. A lamp's glare is left
out (blown-out pixels say nothing), light changes the margin's brightness smoothly and
its colour not at all, and the margin's own print is thin (a median over the strip's
depth passes over it).

Only boards with such a margin are watched: on a Go board the outer line lies close to
the edge, and where the strip holds too few pixels nothing is judged.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.vision.config import Section
from companion.vision.sampling import Layout


@dataclass(frozen=True)
class EdgeStrip:
    """The board view's pixels along its edge, clear of every space (flat indices), the
    stretch of the edge each lies beside (``bins``, in order round the board) and the
    number of stretches (``count``)."""

    pixels: np.ndarray
    bins: np.ndarray
    count: int


def edge_strip(layout: Layout, cfg: Section) -> EdgeStrip:
    """The strip ``edge_inset`` to ``edge_inset + edge_depth`` pitches inside the board
    view's edge, at least ``edge_clear`` pitches from every space's centre, cut into
    stretches of ``edge_bin`` pitches round the board."""
    w, h = layout.size
    pitch = layout.pitch_px
    ys, xs = np.mgrid[0:h, 0:w]
    border = np.minimum(np.minimum(xs, w - 1 - xs), np.minimum(ys, h - 1 - ys))
    nearest = space_distance(layout)
    mask = (border >= cfg.edge_inset * pitch) \
        & (border < (cfg.edge_inset + cfg.edge_depth) * pitch) \
        & (nearest >= cfg.edge_clear * pitch)
    # Each pixel's place round the edge: top left to right, then down the right side,
    # the bottom right to left, up the left side.
    side = np.argmin(np.stack([ys, w - 1 - xs, h - 1 - ys, xs]), axis=0)
    along = np.choose(side, [xs, w + ys, w + h + (w - 1 - xs), 2 * w + h + (h - 1 - ys)])
    perimeter = 2 * (w + h)
    count = max(int(np.ceil(perimeter / (cfg.edge_bin * pitch))), 1)
    pixels = np.flatnonzero(mask)
    bins = (along.ravel()[pixels] * count // perimeter).astype(np.int64)
    return EdgeStrip(pixels, bins, count)


def space_distance(layout: Layout) -> np.ndarray:
    """Each board-view pixel's distance to the nearest space's centre (pixels)."""
    w, h = layout.size
    seeds = np.full((h, w), 255, dtype=np.uint8)
    centres = np.rint(layout.centres).astype(int)
    inside = (centres[:, 0] >= 0) & (centres[:, 0] < w) & (centres[:, 1] >= 0) \
        & (centres[:, 1] < h)
    seeds[centres[inside, 1], centres[inside, 0]] = 0
    return cv2.distanceTransform(seeds, cv2.DIST_L2, cv2.DIST_MASK_PRECISE)


def crossing(view: np.ndarray, strip: EdgeStrip, cfg: Section) -> int:
    """How many stretches in a row of the board's margin show something else than the
    board: a colour apart from the margin's own (``edge_chroma``, in log chroma, and
    ``edge_scatter`` times the median stretch's own stray where that is more), or far
    darker than it (``edge_dark``, in log brightness). 0 where too little of the strip
    can be seen (a board without a margin, or one a glare washes out); a stretch a
    glare lies on is not judged (``glared``).

    Under a dim lamp of a strong colour one of the camera's channels lies near its
    floor, and the margin's colour then follows its light: the stretches all round the
    board stray from their median, in the lamp's light as in its fall-off (a ONE board
    under a dim yellow lamp: the median stretch 0.15–0.17 off, a tenth of them past
    ``edge_chroma``). An arm is one thing across the margin, apart from it by more than
    the margin strays from itself; a margin that strays that much all round says
    nothing of an arm."""
    if len(strip.pixels) == 0:
        return 0
    values = view.reshape(-1, 3)[strip.pixels].astype(np.float32)
    seen = values.max(axis=1) < cfg.edge_blown
    logs = np.log(values[seen] + 8.0)
    bins = strip.bins[seen]
    counts = np.bincount(bins, minlength=strip.count)
    have = (counts >= cfg.edge_min_pixels) & ~glared(strip, seen, cfg)
    if have.mean() < cfg.edge_min_seen:
        return 0
    medians = np.stack([_medians(logs[:, c], bins, counts) for c in range(3)], axis=1)[have]
    apart = medians - np.median(medians, axis=0)
    brightness = apart.mean(axis=1)
    chroma = np.linalg.norm(apart - brightness[:, None], axis=1)
    bar = max(cfg.edge_chroma, cfg.edge_scatter * float(np.median(chroma)))
    off = np.zeros(strip.count, dtype=bool)
    off[have] = (chroma > bar) | (brightness < cfg.edge_dark)
    return _longest_run(off)


def glared(strip: EdgeStrip, seen: np.ndarray, cfg: Section) -> np.ndarray:
    """The stretches a lamp's glare lies on: more than ``edge_glare_share`` of its
    pixels blown out there or in a stretch beside it. What the glare leaves unblown
    round its blown core is its fringe, lighter than the margin and of the lamp's
    colour, not the margin's: it says nothing of what lies over the board."""
    blown = np.bincount(strip.bins[~seen], minlength=strip.count)
    total = np.maximum(np.bincount(strip.bins, minlength=strip.count), 1)
    lit = blown > cfg.edge_glare_share * total
    return lit | np.roll(lit, 1) | np.roll(lit, -1)


def _medians(values: np.ndarray, bins: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """The median of ``values`` in each bin (the upper middle of an even count; any
    value where a bin is empty)."""
    order = np.lexsort((values, bins))
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    middle = np.minimum(starts + counts // 2, len(values) - 1)
    return values[order][middle]


def _longest_run(flags: np.ndarray) -> int:
    """The longest run of ``True`` round a circle."""
    if flags.all():
        return len(flags)
    best = run = 0
    for flag in np.concatenate([flags, flags]):
        run = run + 1 if flag else 0
        best = max(best, run)
    return best

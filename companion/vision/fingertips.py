"""Fingertips over the board's edge: a hand that reaches in over one or two of the
outermost spaces, too few for a patch (``occlusion.hidden_by_hand``).

A hand comes in over the board's edge: whatever covers an outermost space also covers
the board's margin outside it, between the outer line and the board's edge, where no
piece lies. Two signs, each from its own pixels: the space (its print hidden, its gaps
off the board's colour, one thing over the space and its gaps, the board round it bare)
and the margin outside it (the colour of the space's gaps, and not the colour the margin
shows along that side). A fingertip is narrow: it crosses the margin in one place. A
shadow changes the margin's lightness, not its colour; blur, a badly registered side or
a lamp's colour change the margin along the whole side; a stone at the edge covers its
space with a disc and leaves the margin beyond its rim the board's colour, and the
gaps of a stone seen poorly show the board or its own edges, not the margin's colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from companion.vision.config import Section
from companion.vision.edge_crossing import space_distance
from companion.vision.occlusion import groups, hand_tint_bar, one_colour, round_group, stone_in_gaps
from companion.vision.sampling import (
    Layout,
    Samples,
    board_tint_off,
    colour_part,
    column_median,
    log_tint,
)
from companion.vision.stones import EMPTY, SpaceReadings


@dataclass(frozen=True)
class Margins:
    """The board view's pixels of the margin outside each outermost space (flat
    indices, ``pixels``), which space each lies outside (``owner``, an index into the
    layout's spaces) and the sides of the board (``sides``: the outermost spaces of each,
    as ``occlusion.rim_sides`` splits them)."""

    pixels: np.ndarray
    owner: np.ndarray
    sides: tuple[np.ndarray, ...]


def margins(layout: Layout, sides: Sequence[np.ndarray], cfg: Section) -> Margins:
    """The margin outside each outermost space: the pixels of the board view nearer to it
    than to any other space, at least ``finger_clear`` pitches from its centre (past a
    stone's rim, which a stone leaning out in a steep view may still reach) and
    ``finger_inset`` pitches inside the view's edge, and beyond the outer line (less than
    the outermost space's own distance from the view's edge)."""
    w, h = layout.size
    pitch = layout.pitch_px
    ys, xs = np.mgrid[0:h, 0:w]
    border = np.minimum(np.minimum(xs, w - 1 - xs), np.minimum(ys, h - 1 - ys)).ravel()
    rim = np.flatnonzero(layout.rim)
    cx, cy = layout.centres[:, 0], layout.centres[:, 1]
    centre_border = np.minimum(np.minimum(cx, w - 1 - cx), np.minimum(cy, h - 1 - cy))
    near = np.flatnonzero((border < centre_border[rim].max())
                          & (border >= cfg.finger_inset * pitch))
    px, py = xs.ravel()[near].astype(np.float64), ys.ravel()[near].astype(np.float64)
    distance = np.hypot(px[:, None] - cx[None, rim], py[:, None] - cy[None, rim])
    nearest = rim[distance.argmin(axis=1)]
    own = distance.min(axis=1)
    # Nearer to that outermost space than to any other space (within a pixel).
    any_space = space_distance(layout).ravel()[near]
    keep = (own >= cfg.finger_clear * pitch) & (border[near] < centre_border[nearest]) \
        & (own <= any_space + 1.0)
    return Margins(near[keep], nearest[keep], tuple(sides))


def margin_crossed(view: np.ndarray, found: Margins, gaps: np.ndarray,
                   cfg: Section, bare: np.ndarray | None = None
                   ) -> tuple[np.ndarray, np.ndarray]:
    """Whether the margin outside each outermost space stands apart from the margin
    along its side (``apart``: its colour, brightness divided out, off the median of
    that side's margins by ``hand_reach_tint`` in log chroma, a shadow darkening the
    margin without changing its colour, or far darker than it, ``edge_dark`` in log
    brightness) and whether it shows, so apart, what covers that space's gaps
    (``crossed``: its colour within ``hand_tint`` of the gaps', ``gaps``: one thing over
    both). A lamp's blown pixels are left out; a space with fewer than
    ``edge_min_pixels`` seen is not judged, nor a side with fewer than two judged.

    With ``bare`` (the spaces read empty), a margin is ``crossed`` only where it stands
    as far apart from the margins outside that side's bare spaces as well, where at
    least ``finger_bare_refs`` of them are judged: on a crowded side the stones at the
    edge outnumber the bare points, and their contact shadows and rims reach the margin
    beyond them, so the side's median is a stone's margin and the board's own margin
    outside a bare point stands apart from it (Go 19 × 19 72097, development)."""
    count = len(gaps)
    apart = np.zeros(count, dtype=bool)
    values = view.reshape(-1, 3)[found.pixels].astype(np.float32)
    seen = values.max(axis=1) < cfg.edge_blown
    logs = np.log(values[seen] + 4.0)
    owner = found.owner[seen]
    have = np.bincount(owner, minlength=count) >= cfg.edge_min_pixels
    colour = np.zeros((count, 3))
    for space in np.flatnonzero(have):
        colour[space] = column_median(logs[owner == space])
    tint = colour_part(colour)
    like = np.linalg.norm(tint - log_tint(gaps), axis=1) < cfg.hand_tint
    from_bare = np.ones(count, dtype=bool)
    for side in found.sides:
        shown = side[have[side]]
        if len(shown) < 2:
            continue
        apart[shown] = _apart(colour[shown], colour[shown], cfg)
        if bare is not None and bare[shown].sum() >= cfg.finger_bare_refs:
            from_bare[shown] = _apart(colour[shown], colour[shown[bare[shown]]], cfg)
    return apart, like & apart & from_bare


def _apart(colour: np.ndarray, reference: np.ndarray, cfg: Section) -> np.ndarray:
    """Whether each margin's ``colour`` (log) stands apart from the median of
    ``reference``: off it by ``hand_reach_tint`` in log chroma, or darker by
    ``edge_dark`` in log brightness."""
    off = colour - column_median(reference)
    brightness = off.mean(axis=1)
    chroma = np.linalg.norm(off - brightness[:, None], axis=1)
    return (chroma >= cfg.hand_reach_tint) | (brightness <= cfg.edge_dark)


def along_the_edge(group: np.ndarray, apart: np.ndarray, layout: Layout,
                   neighbours: Sequence[Sequence[int]]) -> bool:
    """Whether the margin stands apart from its side on both sides of ``group`` as well:
    at every outermost space beside it along the rim (two or more, each ``apart``). A
    fingertip crosses the margin in one place, its own shadow or the next finger
    reaching the margin on one side at most; what runs on along the board's edge past
    the group both ways (the table beyond a board's edge that the view overshoots at a
    corner, a shadow along the edge) is no finger."""
    members = set(group.tolist())
    beside = sorted({other for space in group for other in neighbours[space]
                     if layout.rim[other] and other not in members})
    return len(beside) >= 2 and bool(apart[beside].all())


def fingertips(result: SpaceReadings, unreadable: np.ndarray, samples: Samples,
               layout: Layout, neighbours: Sequence[Sequence[int]], view: np.ndarray,
               found: Margins, cfg: Section) -> int:
    """The size of the largest group of spaces fingertips hide at the board's edge (0:
    none). The spaces: neighbouring spaces joined to the outermost ones, one or more,
    each with its print hidden (read unsure with nothing blown out, or empty with its
    print gone: ``covered`` or ``blank``), one thing over the space and its gaps (the
    core of the gaps' colour, ``one_colour``, or the gaps not as a stone's edges put
    them, ``stone_in_gaps``), the gaps off the board's colour (``hand_tint``, or
    ``hand_tint_scatter`` times what the board's colour strays over the picture where
    that is more), lying on bare board (the median of the gaps round the group under
    that bar: round a late game's edge stones the gaps show stones too). The margin: at
    an outermost space of the group, the margin outside shows what covers its gaps and
    not the margin along that side (``margin_crossed`` of ``view`` at the margins
    ``found``, and not the margin outside that side's spaces read empty either, where a
    crowded side's median is a stone's margin; worked out only where some space may lie
    under a fingertip): the finger comes
    in over the board's edge there, in one place (not ``along_the_edge``: the margin
    beside the group on both sides apart from its side as well). A stone stands on its
    space and leaves the margin beyond its rim the board's; a blurred or badly registered
    far row changes the margin along the whole side; the table beyond the board's edge,
    where the view overshoots a corner, darkens the margin there along both sides."""
    occlusion = cfg.occlusion
    blank = result.blank if result.blank is not None else result.covered
    printed = samples.ink > cfg.stones.ink_present
    lit = (samples.gap_blown == 0) & (samples.core_blown == 0)
    tint = board_tint_off(samples)
    bar = hand_tint_bar(samples, occlusion)
    tip = (result.covered | unreadable | blank) & lit & ~printed & (tint >= bar)
    if not (tip & layout.rim).any():
        return 0
    tip &= one_colour(samples, cfg.stones, occlusion.hand_same_tint) \
        | ~stone_in_gaps(samples, cfg.stones, occlusion)
    empty = np.array([label == EMPTY for label in result.labels])
    apart, crossed = margin_crossed(view, found, samples.board, occlusion, empty)
    largest = 0
    for group in groups(tip, neighbours, layout.rim):
        if crossed[group].any() and float(np.median(tint[round_group(group, layout)])) < bar \
                and not along_the_edge(group, apart, layout, neighbours):
            largest = max(largest, len(group))
    return largest

"""Sample every space of a registered frame: the board seen from straight above.

A frame and its homography (pixels → board millimetres) give a small *board view*: the
board warped to ``pitch_px`` pixels between neighbouring spaces, whatever its size in the
picture. Thin dark print (grid lines, spots, star points) is closed away so it does not
disturb the statistics. For each space we take the pixels of its *core* (a disc at its
centre, where a piece sits) and its *board colour*: the median of the nearby *gaps*,
points far from every space centre, where no piece ever lies. Comparing a core with its
own gaps makes the reading independent of light, shadow and white balance. Where the
board prints a mark at each space (grid lines crossing, a ring board's circles), the
share of that print still visible (``ink``) tells an empty space from a pale stone that
happens to match the board's colour.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from companion.geometry import Geometry, pitch_mm
from companion.vision.bare_print import bare_print, bare_shown, lines_between
from companion.vision.config import Section


@dataclass(frozen=True)
class Layout:
    """Where to look on the board view of one geometry (computed once per board)."""

    names: tuple[str, ...]
    size: tuple[int, int]  # board view width, height in pixels
    px_per_mm: float
    pitch_px: float
    centres: np.ndarray  # N×2 pixels in the board view
    core: np.ndarray  # N×K flat indices of each space's core disc
    mark: np.ndarray  # N×M flat indices of the disc a piece would cover
    ring: np.ndarray  # N×Q flat indices of the ring from each core out to ``ring_radius``
    gaps: np.ndarray  # N×G flat indices of the gap pixels near each space
    gap_mask: np.ndarray  # bool image: pixels far from every space
    around: np.ndarray  # N×8 the nearest other spaces (within 1.5 pitch; else itself)
    rays: np.ndarray  # N×R×S flat indices along rays from each core's edge past any rim
    rim: np.ndarray  # N bool: the outermost spaces (within ``rim_rows`` pitch of the edge)
    core_lines: np.ndarray  # N×K pixels from each core pixel to the printed lines through
    # its space (a grid's two lines; infinite on boards printed otherwise)
    ring_lines: np.ndarray  # N×Q the same from each ring pixel
    mark_inner: int  # how many of each mark disc's pixels, listed nearest its centre
    # first, lie within ``wide_inner`` of a pitch of it
    profiles: np.ndarray  # N×2×A×C flat indices across the half-lines out of each space
    # (``print_widths``; none, N×0×A×C, on a board printed otherwise than a grid)

    def to_view(self, pixels_to_mm: np.ndarray) -> np.ndarray:
        """The homography from frame pixels to board-view pixels."""
        scale = np.diag([self.px_per_mm, self.px_per_mm, 1.0])
        return scale @ np.asarray(pixels_to_mm, dtype=np.float64)


def make_layout(geometry: Geometry, cfg: Section) -> Layout:
    """Precompute the core and gap pixels of every space of ``geometry``."""
    pitch = pitch_mm(geometry)
    scale = cfg.pitch_px / pitch
    w = int(np.ceil(geometry.width_mm * scale))
    h = int(np.ceil(geometry.height_mm * scale))
    names = tuple(geometry.names)
    centres = np.array([geometry.position_mm(n) for n in names], dtype=np.float64) * scale

    core = _discs(centres, cfg.core_radius * cfg.pitch_px, (w, h))
    mark = _discs(centres, cfg.mark_radius * cfg.pitch_px, (w, h), centre_first=True)
    ring = _discs(centres, cfg.ring_radius * cfg.pitch_px, (w, h),
                  inner=cfg.core_radius * cfg.pitch_px)

    # Distance from every board-view pixel to its nearest space centre.
    ys, xs = np.mgrid[0:h, 0:w]
    seeds = np.full((h, w), 255, dtype=np.uint8)
    inside = (centres[:, 0] < w) & (centres[:, 1] < h) & (centres.min(axis=1) >= 0)
    seeds[np.rint(centres[inside, 1]).astype(int).clip(0, h - 1),
          np.rint(centres[inside, 0]).astype(int).clip(0, w - 1)] = 0
    nearest = cv2.distanceTransform(seeds, cv2.DIST_L2, cv2.DIST_MASK_PRECISE)
    gap_mask = nearest >= cfg.gap_min_distance * cfg.pitch_px
    # Keep to the playing area (the spaces' extent, half a pitch wider): a board's rim,
    # its frame lines and the table beyond are not the colour pieces sit on.
    reach = cfg.edge_margin * cfg.pitch_px
    lo = np.floor(centres.min(axis=0) - reach).astype(int).clip(0)
    hi = np.ceil(centres.max(axis=0) + reach).astype(int)
    inside = np.zeros_like(gap_mask)
    inside[lo[1]:hi[1] + 1, lo[0]:hi[0] + 1] = True
    gap_mask &= inside
    gap_index = np.flatnonzero(gap_mask)
    gap_xy = np.column_stack([xs.ravel()[gap_index], ys.ravel()[gap_index]])
    window = cfg.board_window * cfg.pitch_px
    samples = 48
    gaps = np.empty((len(names), samples), dtype=np.int64)
    for i, (x, y) in enumerate(centres):
        d = np.hypot(gap_xy[:, 0] - x, gap_xy[:, 1] - y)
        near = gap_index[d <= window]
        if len(near) < 8:  # a lone space far from others: take the nearest gap pixels
            near = gap_index[np.argsort(d)[:samples]]
        gaps[i] = near[np.linspace(0, len(near) - 1, samples).astype(int)]
    d = np.linalg.norm(centres[:, None, :] - centres[None, :, :], axis=2)
    np.fill_diagonal(d, np.inf)
    order = np.argsort(d, axis=1)[:, :8]
    around = np.where(np.take_along_axis(d, order, axis=1) <= 1.5 * cfg.pitch_px, order,
                      np.arange(len(names))[:, None])
    rays = _rays(centres, cfg.core_radius * cfg.pitch_px, cfg.rim_reach * cfg.pitch_px, (w, h))
    hull = cv2.convexHull(centres.astype(np.float32))
    inset = np.array([cv2.pointPolygonTest(hull, (float(x), float(y)), True)
                      for x, y in centres])
    rim = inset < cfg.rim_rows * cfg.pitch_px
    grid = geometry.kind == "grid"
    return Layout(names, (w, h), scale, cfg.pitch_px, centres, core, mark, ring, gaps,
                  gap_mask, around, rays, rim, _to_lines(core % w, core // w, centres, grid),
                  _to_lines(ring % w, ring // w, centres, grid),
                  int((np.hypot(*_disc_offsets(cfg.mark_radius * cfg.pitch_px).T)
                       <= cfg.wide_inner * cfg.pitch_px).sum()),
                  _profiles(centres, cfg, (w, h)) if grid else
                  np.zeros((len(names), 0, int(cfg.width_along), 1), dtype=np.intp))


def _profiles(centres: np.ndarray, cfg: Section, size: tuple[int, int]) -> np.ndarray:
    """Flat indices of the pixels across the two half-lines from every space towards
    its next neighbours on a grid, along its row and down its column (N×2×A×C; the
    other two are those neighbours' own), at their middle, half a pitch out:
    ``width_along`` pixels along the line by ``width_reach`` of a pitch either side of
    it. A half-line over the board's margin (beyond the outermost spaces, to the
    board's edge, often printed thicker) is -1 throughout."""
    w, h = size
    half = int(np.ceil(cfg.width_reach * cfg.pitch_px))
    across = np.arange(-half, half + 1)
    along = np.arange(int(cfg.width_along)) - (int(cfg.width_along) - 1) // 2
    mid = cfg.pitch_px / 2.0
    x, y = centres[:, 0], centres[:, 1]
    sides = []
    for dx, dy in ((mid, 0.0), (0.0, mid)):
        on_row = dx != 0.0  # a horizontal half-line, crossed vertically
        xs = np.rint(x + dx).astype(np.intp)[:, None, None] \
            + (along[None, :, None] if on_row else across[None, None, :])
        ys = np.rint(y + dy).astype(np.intp)[:, None, None] \
            + (across[None, None, :] if on_row else along[None, :, None])
        index = np.clip(ys, 0, h - 1) * w + np.clip(xs, 0, w - 1)
        inside = (x + dx >= x.min()) & (x + dx <= x.max()) & (y + dy >= y.min()) \
            & (y + dy <= y.max())
        sides.append(np.where(inside[:, None, None], index, -1))
    return np.stack(sides, axis=1)


def _to_lines(xs: np.ndarray, ys: np.ndarray, centres: np.ndarray, grid: bool) -> np.ndarray:
    """Each pixel at ``xs``, ``ys`` (N×K, each row about its space's centre) in pixels
    from the two printed lines through that centre on a grid; infinite on other boards."""
    if not grid:
        return np.full(xs.shape, np.inf)
    return np.minimum(np.abs(xs - centres[:, 0:1]), np.abs(ys - centres[:, 1:2]))


RAYS = 16  # directions looked along from each space: one every 22.5°


def _rays(centres: np.ndarray, start: float, end: float, size: tuple[int, int]) -> np.ndarray:
    """Flat indices of the pixels along ``RAYS`` rays from ``start`` to ``end`` pixels
    out of every centre, one sample a pixel (N×R×S): over the ring a stone's rim would
    lie on (the largest stones reach half a pitch) to the board beyond it."""
    w, h = size
    angles = np.arange(RAYS) * (2.0 * np.pi / RAYS)
    radii = np.linspace(start, end, max(int(np.ceil(end - start)) + 1, 2))
    dx = np.cos(angles)[:, None] * radii[None, :]
    dy = np.sin(angles)[:, None] * radii[None, :]
    cx = np.clip(np.rint(centres[:, 0, None, None] + dx[None]).astype(int), 0, w - 1)
    cy = np.clip(np.rint(centres[:, 1, None, None] + dy[None]).astype(int), 0, h - 1)
    return cy * w + cx


def _disc_offsets(radius: float, inner: float = 0.0, centre_first: bool = False
                  ) -> np.ndarray:
    """The offsets (K×2, x then y) of the pixels of a disc of ``radius`` pixels, less
    the disc of ``inner`` pixels (a ring, where ``inner`` is given), row by row, or
    nearest the centre first (``centre_first``)."""
    span = int(np.ceil(radius))
    dy, dx = np.mgrid[-span:span + 1, -span:span + 1]
    square = dx * dx + dy * dy
    disc = (square <= radius * radius) & ((square > inner * inner) | (inner <= 0.0))
    order = np.argsort(square[disc], kind="stable") if centre_first else slice(None)
    return np.column_stack([dx[disc], dy[disc]])[order]


def _discs(centres: np.ndarray, radius: float, size: tuple[int, int], inner: float = 0.0,
           centre_first: bool = False) -> np.ndarray:
    """Flat indices of a disc of ``radius`` pixels around every centre (N×K), less the
    disc of ``inner`` pixels (a ring, where ``inner`` is given); ``_disc_offsets``."""
    w, h = size
    offsets = _disc_offsets(radius, inner, centre_first)
    cx = np.clip(np.rint(centres[:, 0:1]).astype(int) + offsets[None, :, 0], 0, w - 1)
    cy = np.clip(np.rint(centres[:, 1:2]).astype(int) + offsets[None, :, 1], 0, h - 1)
    return cy * w + cx


def board_view(image: np.ndarray, pixels_to_mm: np.ndarray, layout: Layout) -> np.ndarray:
    """Warp ``image`` to the board view of ``layout`` (BGR, uint8). A colour picture is
    warped with a fourth channel added and dropped again: OpenCV's warp of four channels
    is twice as fast as of three, and each channel is interpolated on its own, so the
    three are the same figures."""
    four = image.ndim == 3 and image.shape[2] == 3
    warped = cv2.warpPerspective(cv2.cvtColor(image, cv2.COLOR_BGR2BGRA) if four else image,
                                 layout.to_view(pixels_to_mm), layout.size,
                                 flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)
    return cv2.cvtColor(warped, cv2.COLOR_BGRA2BGR) if four else warped


@dataclass(frozen=True)
class Samples:
    """Per-space pixels from the board view with thin dark print closed away (BGR,
    float): ``core`` N×K×3, the gap pixels ``gaps`` N×G×3 and the local board colour
    ``board`` N×3 read from the gap pixels that are not blown out. ``core_seen`` (N×K)
    marks the core pixels that are not blown out either; ``core_blown`` and
    ``gap_blown`` are the blown-out shares (glare, overexposure). ``core_glared`` is the
    share of the core blown out white, every channel clipped, as a lamp's reflection is;
    ``open_rays`` the share of directions in which such pixels run unbroken from the
    core's edge over the ring where a stone's rim would be (to ``rim_reach``): a lamp's
    reflection in the board does, while a stone standing there hides it along its rim.
    ``ring_seen``, ``ring_ink`` and ``ring_lift`` describe the ring between the core and
    ``ring_radius`` (still on the smallest stone): how much of it is not blown out where
    the space's printed lines cross it, how much of that shows print, and how much
    lighter than its board the ring is. Where a lamp blows a white stone's core out, the
    ring still shows the stone hiding the lines; a reflection in bare board no larger
    than that leaves the lines running through it, and a black stone a dark ring.
    ``ring_fringe`` marks a ring whose pixels seen off the lines all hug them (within
    ``ring_fringe_px``): the lines' blurred flank, no stone's rim (``lit_fringe``)."""

    core: np.ndarray
    board: np.ndarray
    gaps: np.ndarray
    ink: np.ndarray  # N: share of a space's mark disc covered by visible dark print
    ink_around: np.ndarray  # N: the most print visible at the nearest spaces around
    around: np.ndarray  # N×8 those nearest spaces (``Layout.around``: itself where fewer)
    board_range: np.ndarray  # N×2×3 a darker and a lighter percentile of the gaps
    core_seen: np.ndarray
    core_kept: np.ndarray  # N×K core pixels a piece's colour is read from: seen, off the print
    core_blown: np.ndarray
    gap_blown: np.ndarray
    core_sheen: np.ndarray  # N×K core pixels of a glossy stone's highlight, set aside
    core_glared: np.ndarray  # N: share of the core blown out white (every channel)
    open_rays: np.ndarray  # N: share of rays blown out white all along
    spread: np.ndarray  # N: how uneven the core is, its highlight set aside (core_spread)
    darkest: np.ndarray  # H×W each view pixel's darkest channel (white there: a glare)
    print_mark: float  # how much darker than its board print is here (the most of
    # ``print_marks``: each space's own is lower where its lines are faint)
    foot_ink: np.ndarray  # N: the print seen at each space's foot (``ink`` unless leaning
    # samples were taken too: see ``upright_or_leaning``)
    ring_seen: np.ndarray  # N: share of the ring's pixels on the space's lines not blown out
    ring_ink: np.ndarray  # N: share of those seen that show print
    ring_lift: np.ndarray  # N: log lightness of the ring's seen pixels off the lines (median)
    ring_fringe: np.ndarray  # N bool: no pixel of the ring off the lines seen past their fringe
    gap_glared: np.ndarray | None = None  # N: share of the gaps blown out white (every
    # channel): a lamp's reflection in the board beside the space (``None``: not looked at)
    print_between: float = float("nan")  # the depth of the lines between the spaces over
    # the board's lightness (``bare_print.lines_between``; NaN: no lines show between them)
    print_bare: np.ndarray | None = None  # N bool: the spaces showing the print a bare
    # point shows (``bare_print.bare_shown``; ``None``: not looked at)
    memo: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    """What is worked out from these samples once and read by several (``core_colour``):
    a fresh one for every ``Samples``, ``replace``'s too."""


def last_sum(values: np.ndarray) -> np.ndarray:
    """``values.sum(axis=-1)`` over a short last axis (fewer than eight: a colour's
    channels, a feature vector), bit for bit, several times faster: numpy adds so few
    in order, to nought, and so does this, without its reduction's cost per row."""
    total = values[..., 0] + 0.0
    for i in range(1, values.shape[-1]):
        total = total + values[..., i]
    return total


def last_min(values: np.ndarray) -> np.ndarray:
    """``values.min(axis=-1)`` over a short last axis (a colour's channels), exactly, and
    tens of times faster: numpy's reduction pays a cost per row."""
    least = values[..., 0]
    for i in range(1, values.shape[-1]):
        least = np.minimum(least, values[..., i])
    return least


def last_mean(values: np.ndarray) -> np.ndarray:
    """``values.mean(axis=-1)`` over a short last axis, bit for bit (``last_sum``)."""
    return last_sum(values) / values.dtype.type(values.shape[-1])


def masked_percentile(values: np.ndarray, keep: np.ndarray, q: float) -> np.ndarray:
    """The ``q`` percentile along axis 1 of ``values`` (N×K or N×K×C) over the entries
    ``keep`` (N×K) marks; a row that keeps nothing uses all of its entries."""
    return masked_percentiles(values, keep, (q,))[0]


def core_colour(samples: Samples, keep: np.ndarray, q: float) -> np.ndarray:
    """``masked_percentile(samples.core, keep, q)``: each space's core colour (N×3) over
    the pixels ``keep`` marks, ``core_kept`` or fewer (a glossy stone's highlight set
    aside too). The colour over ``core_kept`` is worked out once per ``Samples`` (the
    stone reader, the hand check, the board check, the learned look and the last seen
    picture all read it) and kept, read-only; a row that ``keep`` marks otherwise is
    worked out apart (each row's percentile is its own: the same figures)."""
    kept = samples.memo.get(("core_colour", q))
    if kept is None:
        kept = masked_percentile(samples.core, samples.core_kept, q)
        kept.flags.writeable = False
        samples.memo[("core_colour", q)] = kept
    if keep is samples.core_kept:
        return kept
    other = np.flatnonzero((keep != samples.core_kept).any(axis=1))
    if not len(other):
        return kept
    colour = kept.copy()
    colour[other] = masked_percentile(samples.core[other], keep[other], q)
    return colour


def remembered(samples: Samples, key: str, make: Callable[[], np.ndarray]) -> np.ndarray:
    """What ``make`` works out from ``samples``, worked out once per ``Samples`` and kept
    in its ``memo`` under ``key``, read-only (several rules and the hand checks ask the
    same of one picture). A stand-in that keeps no ``memo`` (a test's few arrays) has it
    worked out each time."""
    memo = getattr(samples, "memo", None)
    if memo is None:
        return make()
    value = memo.get(key)
    if value is None:
        value = make()
        value.flags.writeable = False
        memo[key] = value
    return value


def board_median(samples: Samples) -> np.ndarray:
    """``column_median(samples.board)``: the board's typical colour (3), remembered."""
    return remembered(samples, "board_median", lambda: column_median(samples.board))


def board_tint(samples: Samples) -> np.ndarray:
    """``log_tint(samples.board)``: each space's board colour as its tint alone (N×3),
    remembered."""
    return remembered(samples, "board_tint", lambda: log_tint(samples.board))


def board_usual_tint(samples: Samples) -> np.ndarray:
    """The board's usual tint (3): the median of ``board_tint``, remembered."""
    return remembered(samples, "board_usual_tint", lambda: column_median(board_tint(samples)))


def board_tint_off(samples: Samples) -> np.ndarray:
    """How far each space's board colour lies from the board's usual tint, in colour
    alone (N: brightness divided out, as light changes it smoothly over the board),
    remembered."""
    return remembered(samples, "board_tint_off", lambda: np.linalg.norm(
        board_tint(samples) - board_usual_tint(samples), axis=1))


def row_count(mask: np.ndarray) -> np.ndarray:
    """``mask.sum(axis=1)`` of a boolean N×K mask (64-bit integers), by OpenCV's row
    reduction: several times faster than numpy's sum of booleans."""
    if mask.size == 0:
        return mask.sum(axis=1)
    rows = cv2.reduce(np.ascontiguousarray(mask).view(np.uint8), 1, cv2.REDUCE_SUM,
                      dtype=cv2.CV_32S)
    return rows[:, 0].astype(np.int64)


def row_share(mask: np.ndarray) -> np.ndarray:
    """``mask.mean(axis=1)`` of a boolean N×K mask, bit for bit (``row_count``)."""
    return row_count(mask) / mask.shape[1]


def masked_percentiles(values: np.ndarray, keep: np.ndarray, qs: Sequence[float]
                       ) -> list[np.ndarray]:
    """``masked_percentile`` for each of ``qs``, the entries sorted once (``values``
    hold no NaN). The entries set aside sort last (as infinity); each channel is sorted
    along its own contiguous row, several times faster than along axis 1 of an N×K×C
    array."""
    count = row_count(keep)
    # Most often every row keeps all its entries: nothing is then set aside.
    least = int(count.min()) if len(count) else keep.shape[1]
    some = least < keep.shape[1]
    if least == 0:
        keep = keep | (count == 0)[:, None]
        count = np.where(count == 0, keep.shape[1], count)
    channels = values.shape[2] if values.ndim == 3 else 1
    if values.ndim == 3:  # a fresh copy, each channel's row contiguous
        ordered = np.array(values.transpose(0, 2, 1), order="C")
        if some:  # raised to infinity where set aside, to itself (at least minus
            # infinity) where kept: a quarter faster than ``putmask`` over the channels,
            # the same figures where no entry is NaN (colours never are)
            infinity = ordered.dtype.type(np.inf)
            lift = np.where(keep, -infinity, infinity)
            np.maximum(ordered, lift[:, None, :], out=ordered)
    else:
        ordered = np.where(keep, values, np.inf) if some else \
            values.astype(np.result_type(values, np.inf))
    ordered.sort(axis=-1)
    ordered = ordered.ravel()
    # Where each row (each channel of each space) starts in ``ordered``.
    starts = np.arange(len(values) * channels).reshape(len(values), channels) * keep.shape[1]
    # Every percentile at once (a row each), each entry worked out as for one alone.
    position = np.array([q / 100.0 for q in qs])[:, None] * (count - 1)
    low = np.floor(position).astype(int)
    high = np.minimum(low + 1, count - 1)
    frac = position - low
    lower = np.take(ordered, starts + low[:, :, None])
    upper = np.take(ordered, starts + high[:, :, None])
    if values.ndim == 2:
        lower, upper = lower[..., 0], upper[..., 0]
    else:
        frac = frac[..., None]
    return list(lower * (1.0 - frac) + upper * frac)


def row_percentile(values: np.ndarray, q: float, over: np.ndarray | None = None
                   ) -> np.ndarray:
    """``np.percentile(values, q, axis=1)`` of an N×K array, bit for bit (numpy's
    linear method and its own interpolation), from one sort of the rows: numpy
    partitions each row apart, several times slower on a board's spaces. With ``over``
    (N×1, positive: each row's lightness), the percentile of ``values / over``, bit for
    bit, sorted before the division: a row divided by one positive figure keeps its
    order, so the two entries read are the same ones, divided alike (32-bit ``values``
    sort faster than their 64-bit quotients)."""
    ordered = np.sort(values, axis=1)
    low, high, t = _percentile_place(values.shape[1], q)
    if over is None:
        return _lerp(ordered[:, low], ordered[:, high], t)
    return _lerp(ordered[:, low] / over[:, 0], ordered[:, high] / over[:, 0], t)


def flat_percentile(values: np.ndarray, q: float) -> float:
    """``np.percentile(values, q)`` of a non-empty 1-D array, bit for bit (numpy's
    linear method and its own interpolation), from a partition at the two entries it
    reads alone: numpy's own setting up costs more than the partition."""
    low, high, t = _percentile_place(values.size, q)
    ordered = np.partition(values, [low, high] if high != low else low)
    return float(_lerp(ordered[low], ordered[high], t))


def column_median(values: np.ndarray) -> np.ndarray:
    """``np.median(values, axis=0)`` of a non-empty float array (K or K×C), bit for bit:
    its middle entry, or the two middle ones' mean, from one partition at them (and at
    the last, where numpy looks for NaN: a column holding one is NaN). numpy's own
    setting up costs several times the partition on a board's few hundred spaces."""
    n = len(values)
    half = n // 2
    middle = [half] if n % 2 else [half - 1, half]
    part = np.partition(values, sorted({*middle, n - 1}), axis=0)
    # Added to nought first, as numpy's mean adds them (a lone -0.0 comes out 0.0).
    found = part[half] + 0.0 if n % 2 else (part[half - 1] + 0.0 + part[half]) / 2
    nan = np.isnan(part[-1])
    if not nan.any():
        return found
    return np.where(nan, np.nan, found).astype(found.dtype)[()]


def _percentile_place(count: int, q: float) -> tuple[int, int, float]:
    """Where numpy's linear percentile ``q`` of ``count`` sorted entries lies: the
    entries below and above it and its fraction of the way between them."""
    position = (count - 1) * np.true_divide(q, 100)
    low = min(max(int(np.floor(position)), 0), count - 1)
    return low, min(low + 1, count - 1), float(position - low)


def _lerp(a: np.ndarray, b: np.ndarray, t: float) -> np.ndarray:
    """numpy's percentile interpolation ``t`` of the way from ``a`` to ``b``."""
    difference = b - a
    return b - difference * (1 - t) if t >= 0.5 else a + difference * t


def channel_max(view: np.ndarray) -> np.ndarray:
    """Each pixel's brightest channel (numpy's reduction over a last axis of three is
    some twenty times slower than OpenCV's per-element maximum of the split planes)."""
    b, g, r = cv2.split(view)
    return cv2.max(cv2.max(b, g), r)


def _channel_total(b: np.ndarray, g: np.ndarray, r: np.ndarray) -> np.ndarray:
    """Each pixel's three channels (split planes) added, as one flat row of 16-bit
    integers (at most 765): exact, and half the bytes of floats to add and subtract.
    (Added in place by numpy: three times faster than OpenCV's sums to a wider type.)"""
    total = b.astype(np.int16)
    total += g
    total += r
    return total.ravel()


def sheen(core: np.ndarray, seen: np.ndarray, board: np.ndarray, mask_shape: tuple[int, int],
          core_index: np.ndarray, cfg: Section, grey: np.ndarray | None = None,
          blocks: int = 1) -> np.ndarray:
    """The core pixels (N×K) of a lamp's highlight on a glossy stone: a small share of
    the core (at most ``max_sheen``) that is near-clipped white (``sheen_clip`` grey
    levels or more: a lamp's reflection, even where it does not quite clip) or, in a
    core mostly far darker than its board (below ``sheen_dark`` of the board's
    lightness), far brighter than the rest (by ``sheen_contrast`` of the board's
    lightness) and about as bright as the board or more (``sheen_level``); with the
    pixel around each (the highlight's blurred and JPEG-smeared edge). A light stone's
    shading, bright on the lamp's side, is the stone's own and stays. A stone half on
    its space, a hand's edge or a glare on bare board show more than that share in
    another colour, and are left whole, to be told by the core's spread. ``grey`` is
    the core's ``grey_level``, where it is already worked out; the rows are ``blocks``
    samplings of the board one after the other (``sample``), each a picture of
    its own, whose spots are grown apart."""
    grey = grey_level(core) if grey is None else grey
    board_grey = last_mean(board)[:, None]
    bright = seen & (grey >= cfg.sheen_clip)
    # Mostly dark (half the core below the mark, the median's test without a sort).
    seen_count = row_count(seen)
    dark = np.flatnonzero(2 * row_count(seen & (grey < cfg.sheen_dark * board_grey))
                          > seen_count)
    if len(dark):
        dark_grey, dark_seen, dark_board = grey[dark], seen[dark], board_grey[dark]
        level = masked_percentile(dark_grey, dark_seen, 50)[:, None]
        bright[dark] |= dark_seen & (dark_grey > level + cfg.sheen_contrast * dark_board) \
            & (dark_grey >= cfg.sheen_level * dark_board)
    share = row_count(bright) / np.maximum(seen_count, 1)
    bright &= ((share > 0) & (share <= cfg.max_sheen))[:, None]
    if not bright.any():
        return bright
    # The blocks' pictures one under the other, a row of nothing between them, grown in
    # one step: what one grows never reaches the next, as if grown apart. Only the
    # rows with a highlight are read back: the others have none.
    h, w = mask_shape
    lit = np.flatnonzero(bright.any(axis=1))
    index = core_index[lit]
    if blocks > 1:
        index = index + (lit // (len(bright) // blocks) * ((h + 1) * w))[:, None]
    spots = np.zeros(blocks * (h + 1) * w, np.uint8)
    spots[index[bright[lit]]] = 1
    grown = np.zeros_like(bright)
    grown[lit] = np.take(cv2.dilate(spots.reshape(-1, w), np.ones((3, 3), np.uint8)
                                    ).ravel().view(bool), index)
    return grown


def print_marks(shown: np.ndarray, gaps: np.ndarray, gap_seen: np.ndarray,
                contrast: np.ndarray, between: float, cfg: Section) -> np.ndarray:
    """How much darker than its board a pixel must be to count as print at each space
    (N). Crisp print is far darker than the board (``ink_contrast`` of its lightness);
    blur, a low resolution or a dim exposure thin it, and a fixed mark would lose it
    all. So the mark follows the print this picture shows: a share (``ink_line_share``)
    of the contrast of the print at the spaces where it shows most
    (``ink_spaces_percentile`` of ``shown``: each space's ``ink_line_percentile`` of
    the print at its mark disc),
    or at the bare points where a crowded board leaves that percentile on its stones
    (``bare_print.bare_print``, from the lines' depth ``between`` the spaces), never
    below what the sensor's noise and the board's grain make of bare board in the gaps
    (``print_noise``) nor above ``ink_contrast``; and lower round a space whose
    lines are fainter than that (``contrast``, their depth measured there:
    ``ink_line_share`` of it, never below the noise nor below ``ink_local_least`` of the
    picture's mark: a stone's grain or shading would pass a mark set by lines that only
    just show). Light, focus and a webcam's JPEG thin the lines unevenly over a photo
    (the far side soft, a lamp's pool): a mark set by the crisp lines misses the faint
    ones, where a stone is then read from missing print."""
    noise = print_noise(gaps, gap_seen, cfg)
    lines = max(flat_percentile(shown, cfg.ink_spaces_percentile),
                bare_print(shown, between, cfg))
    found = min(max(lines * cfg.ink_line_share, noise), cfg.ink_contrast)
    local = np.maximum(contrast * cfg.ink_line_share, max(noise, found * cfg.ink_local_least))
    return np.where(np.isfinite(contrast), np.minimum(found, local), found)


def print_noise(gaps: np.ndarray, gap_seen: np.ndarray, cfg: Section) -> float:
    """What the sensor's noise and the board's grain make of bare board in the gaps
    (``ink_noise_percentile`` of their darkness, times ``ink_noise_margin``): no mark
    of print lies below it."""
    seen = gaps[gap_seen]
    noise = flat_percentile(seen, cfg.ink_noise_percentile) if seen.size else 0.0
    return noise * cfg.ink_noise_margin


@dataclass(frozen=True)
class DiscPlaces:
    """Where the pixels of each space's core, ring and mark discs of ``layout`` lie (in
    that order, N×(K+Q+M)): what ``leaning`` moves, worked out once by whoever keeps the
    layout (``Recogniser``), not for every homography. Their flat indices (``index``),
    x and y in 32-bit integers, each row's least and most x and y (``low``, ``high``,
    N×2: a disc moved by less than keeps inside the view), and the core's and ring's
    pixels' offsets from their space's centre in x and y (``apart_x``, ``apart_y``,
    N×(K+Q), 64-bit floats; ``None`` on a board printed otherwise than a grid)."""

    layout: Layout
    index: np.ndarray
    xs: np.ndarray
    ys: np.ndarray
    low: np.ndarray
    high: np.ndarray
    apart_x: np.ndarray | None
    apart_y: np.ndarray | None


def disc_places(layout: Layout) -> DiscPlaces:
    """``layout``'s ``DiscPlaces``."""
    index = np.concatenate([layout.core, layout.ring, layout.mark], axis=1)
    # The remainder from the quotient: numpy's remainder costs several times more.
    ys = index.astype(np.int32) // layout.size[0]
    xs = index.astype(np.int32) - ys * layout.size[0]
    apart = layout.core.shape[1] + layout.ring.shape[1]
    grid = bool(np.isfinite(layout.core_lines).all())
    return DiscPlaces(layout, index, xs, ys,
                      np.column_stack([xs.min(axis=1), ys.min(axis=1)]),
                      np.column_stack([xs.max(axis=1), ys.max(axis=1)]),
                      xs[:, :apart] - layout.centres[:, 0:1] if grid else None,
                      ys[:, :apart] - layout.centres[:, 1:2] if grid else None)


def leaning(layout: Layout, shift_px: np.ndarray, places: DiscPlaces | None = None) -> Layout:
    """``layout`` with each space's core and mark disc moved by ``shift_px`` (N×2
    board-view pixels): where a standing piece's body shows when the camera sees it at
    an angle (``companion.vision.parallax``), its near rim leaning off the board in front
    of its foot. An empty space's print runs through the moved disc as through the
    first. The gaps and the rays stay where they are on the board; the core's distance
    to the printed lines is measured from the moved pixels. ``places``: the layout's
    ``DiscPlaces``, where its owner keeps them. (``leaned_stack``'s ``leaned``: it says
    how; its stack is kept as ``last_leaned``, which ``stack_layouts`` hands out again.)"""
    global last_leaned
    stack = leaned_stack(layout, shift_px, places)
    last_leaned = stack
    assert stack.leaned is not None
    return stack.leaned


def _picked(foot: np.ndarray, leaned: np.ndarray, cfg: Section) -> np.ndarray:
    """The spaces (N bool) whose core where its piece leans is clearly the more even
    (``leaned``, its spread, below ``lean_evener`` of the ``foot``'s)."""
    return leaned < cfg.lean_evener * foot


def grey_level(core: np.ndarray) -> np.ndarray:
    """Each pixel's mean channel (N×K of N×K×3; a product with a third each, some twenty
    times faster than numpy's mean over a last axis of three)."""
    return core @ np.full(3, 1.0 / 3.0, np.float32)


def core_spread(core: np.ndarray, kept: np.ndarray, board: np.ndarray,
                grey: np.ndarray | None = None) -> np.ndarray:
    """How unevenly lit each space's core is (N): the spread of the middle half of its
    ``kept`` pixels over the board's lightness. A stone's face is even; a core half on
    a stone and half on the board is not. ``grey`` is the core's ``grey_level``, where
    it is already worked out."""
    grey = grey_level(core) if grey is None else grey
    q25, q75 = masked_percentiles(grey, kept, (25, 75))
    return (q75 - q25) / (last_mean(board) + 4.0)


def upright_or_leaning(foot: Samples, leaned: Samples, layout: Layout, cfg: Section
                       ) -> Samples:
    """Per space, the samples taken at its foot, or where a standing piece's body
    shows (``leaning``) where that core is clearly the more even (its spread below
    ``lean_evener`` of the foot's): a stone's face is one colour where the camera sees
    it, and a flat piece (a printed counter, a drawn stone) is where it lies, whatever
    the camera's place over the board is worked out to be."""
    pick = np.flatnonzero(_picked(foot.spread, leaned.spread, cfg))

    def choose(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        # The foot's rows, the picked ones copied over: few are, and a copy costs less
        # than choosing every entry.
        chosen = a.copy()
        chosen[pick] = b[pick]
        return chosen

    # A standing stone hides the print where its body shows; at its foot, seen from
    # low, the board in front of it may show. Bare board shows its print at both.
    ink = np.minimum(foot.ink, leaned.ink)
    return replace(foot, core=choose(foot.core, leaned.core), ink=ink, foot_ink=foot.ink,
                   ink_around=ink[layout.around].max(axis=1),
                   core_seen=choose(foot.core_seen, leaned.core_seen),
                   core_kept=choose(foot.core_kept, leaned.core_kept),
                   core_blown=choose(foot.core_blown, leaned.core_blown),
                   core_sheen=choose(foot.core_sheen, leaned.core_sheen),
                   core_glared=choose(foot.core_glared, leaned.core_glared),
                   spread=choose(foot.spread, leaned.spread),
                   ring_seen=choose(foot.ring_seen, leaned.ring_seen),
                   ring_lift=choose(foot.ring_lift, leaned.ring_lift),
                   ring_ink=choose(foot.ring_ink, leaned.ring_ink),
                   ring_fringe=choose(foot.ring_fringe, leaned.ring_fringe))


def colour_part(log_colours: np.ndarray) -> np.ndarray:
    """The colour part of log colours (…×3): what is left of each once its mean is gone,
    so that light and shade, which scale all three channels alike, leave it as it is."""
    return log_colours - last_mean(log_colours)[..., None]


def log_tint(bgr: np.ndarray) -> np.ndarray:
    """Colours (…×3) as their tint alone: the colour part of their logarithms."""
    return colour_part(np.log(bgr + 4.0))


def bare_board(gaps: np.ndarray, board: np.ndarray, cfg: Section) -> np.ndarray:
    """The gap pixels (N×G) in the board's own colour, lit or shaded: within
    ``bare_chroma`` of its tint, whatever their lightness. Between the stones of a
    crowded board the gaps show stones' edges too, and those are no shade of the board.
    (``log_tint`` of the gaps less the board's, worked out channel by channel: numpy
    broadcasts a last axis of three slowly; the same sums in the same order.)"""
    log = np.log(gaps + 4.0)
    planes = [log[..., c] for c in range(3)]
    mean = (planes[0] + 0.0 + planes[1] + planes[2]) / log.dtype.type(3)
    board_tint = log_tint(board)
    squared = 0.0
    for c, plane in enumerate(planes):
        apart = (plane - mean) - board_tint[:, c:c + 1]
        squared = squared + apart * apart
    return np.sqrt(squared) <= cfg.bare_chroma


def magnification(layout: Layout, pixels_to_mm: np.ndarray, image_size: tuple[int, int]
                  ) -> float:
    """How many board-view pixels one picture pixel becomes at the board's middle:
    above 1 where the board is small in the picture and the view enlarges it."""
    to_view = layout.to_view(pixels_to_mm)
    middle = np.linalg.inv(to_view) @ np.array([layout.size[0] / 2, layout.size[1] / 2, 1.0])
    x, y = middle[:2] / middle[2]
    if not (0 <= x < image_size[0] and 0 <= y < image_size[1]):
        x, y = image_size[0] / 2, image_size[1] / 2
    points = np.array([[x, y], [x + 1, y], [x, y + 1]], np.float64).reshape(-1, 1, 2)
    mapped = cv2.perspectiveTransform(points, to_view).reshape(-1, 2)
    a, b = mapped[1] - mapped[0], mapped[2] - mapped[0]
    return float(np.sqrt(abs(a[0] * b[1] - a[1] * b[0])))


@dataclass(frozen=True)
class ViewMaps:
    """What ``sample`` reads from a whole board view, whichever pixels it then takes:
    ``pixels``, each pixel one 32-bit word: the view with thin dark print closed away
    (its three bytes, BGR) and a fourth byte of marks, ``BLOWN`` where the pixel is at
    or beside a blown-out one and ``GLARED`` where it is at or beside a white (every
    channel) clipped one (``gather`` takes a space's colours and marks in one step, ten
    times faster than three-byte pixels and the marks apart); the ``blown`` pixels
    again, apart; the solid white ones; each pixel's darkest channel; how much darker
    than the closed view each pixel is (the print, summed over the channels), and each
    pixel's own channels summed (the view as it is, print left in)."""

    pixels: np.ndarray
    blown: np.ndarray
    solid: np.ndarray
    darkest: np.ndarray
    lightness: np.ndarray
    summed: np.ndarray
    clipped: bool  # whether any pixel is blown out (else no pixel is ``blown``)


BLOWN, GLARED = 1, 2  # the marks in the fourth byte of ``ViewMaps.pixels``


def view_maps(view: np.ndarray, cfg: Section) -> ViewMaps:
    """The maps of ``view`` that ``sample`` takes its pixels from."""
    k = max(int(cfg.closing_px), 1)
    closed = cv2.morphologyEx(view, cv2.MORPH_CLOSE, np.ones((k, k), np.uint8))
    # The planes split once for the brightest and darkest channels and the totals (as
    # ``channel_max``); the masks are 0 and 1 in bytes: read as booleans, not copied.
    b, g, r = cv2.split(view)
    brightest = cv2.max(cv2.max(b, g), r)
    clipped = (brightest >= cfg.saturated_level).view(np.uint8)
    # A lamp's reflection is white: every channel clips (a yellow stone clips in red alone).
    darkest = cv2.min(cv2.min(b, g), r)
    any_clipped = cv2.countNonZero(clipped) > 0
    if any_clipped:
        blown = cv2.dilate(clipped, np.ones((3, 3), np.uint8))
        white = (darkest >= cfg.saturated_level).view(np.uint8)
        glared = cv2.dilate(white, np.ones((3, 3), np.uint8))
        # Specks of noise inside a reflection are filled; a stone's rim two pixels wide
        # is not.
        solid = cv2.medianBlur(white, 3)
        marks = cv2.add(blown, glared * np.uint8(GLARED))
    else:  # nothing clipped (no white one either): no mark grows from nothing
        blown = solid = marks = np.zeros_like(clipped)
    closed_planes = cv2.split(closed)
    total = _channel_total(b, g, r)
    summed = total.astype(np.float32)
    lightness = (_channel_total(*closed_planes) - total).astype(np.float32)
    pixels = cv2.merge([*closed_planes, marks]).reshape(-1).view(np.uint32)
    return ViewMaps(pixels, blown.ravel().view(bool), solid.ravel().view(bool), darkest,
                    lightness, summed, any_clipped)


def gather(maps: ViewMaps, index: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The closed view's colours (N×K×3, float) at the flat indices ``index`` (N×K), and
    which of those pixels are blown and which glared (N×K each): ``ViewMaps.pixels``
    taken there, one word a pixel, and unpacked."""
    words = np.take(maps.pixels, index).view(np.uint8).reshape(*index.shape, 4)
    colours = cv2.cvtColor(words, cv2.COLOR_BGRA2BGR).astype(np.float32)
    marks = cv2.extractChannel(words, 3)
    return colours, (marks & BLOWN).view(bool), (marks >> 1).view(bool)  # GLARED: bit 1


def print_widths(summed: np.ndarray, layout: Layout, level: np.ndarray, cfg: Section
                 ) -> tuple[np.ndarray, np.ndarray]:
    """How wide and how dark each space's printed lines are in the view (N×2 pixels,
    and N×2 depths below the board over its lightness; NaN where a line does not
    show): across the two half-lines from the space to its next neighbours, at
    their middle (``Layout.profiles``: half a pitch out, where no stone standing on
    either space reaches over the line's whole width), the pixels darker than halfway
    between the board beside the line and the line's darkest, the profile averaged
    along the line. Counted only where the half-line runs to another space, the board
    beside the line on both sides is the space's own board colour (``level``, its
    lightness, within ``width_board`` of it: not a stone's face or a seam between two
    stones) and the line is at least ``width_depth`` of it darker. None on a board
    printed otherwise than a grid: no line runs between its spaces."""
    n, sides = layout.profiles.shape[:2]
    if sides == 0:
        return np.full((n, 2), np.nan), np.full((n, 2), np.nan)
    inside = layout.profiles[:, :, 0, 0] >= 0
    pixels = np.take(summed, layout.profiles)  # N×2×A×C; -1 (off the grid) reads a pixel, unused
    profile = pixels[:, :, 0]
    for row in range(1, pixels.shape[2]):
        profile = profile + pixels[:, :, row]
    profile /= np.float32(3 * pixels.shape[2])
    ends = _sorted_four(profile[..., 0], profile[..., 1], profile[..., -2], profile[..., -1])
    base = (ends[1] + ends[2]) / 2.0
    depth = base - profile.min(axis=2)
    board = level[:, None]
    shown = inside & (depth >= cfg.width_depth * board) \
        & (np.abs(ends[0] / board - 1.0) <= cfg.width_board) \
        & (np.abs(ends[3] / board - 1.0) <= cfg.width_board)
    below = profile < (base - depth / 2.0)[..., None]
    counted = row_count(below.reshape(-1, below.shape[-1])).reshape(below.shape[:-1])
    return np.where(shown, counted, np.nan), np.where(shown, depth / board, np.nan)


def _sorted_four(a: np.ndarray, b: np.ndarray, c: np.ndarray, d: np.ndarray
                 ) -> tuple[np.ndarray, ...]:
    """Four arrays of numbers (no NaN) sorted entry by entry, least first: the entries
    themselves, as a sort along a last axis of four gives them, by five exchanges (a
    sort of so short rows costs numpy far more)."""
    a, b = np.minimum(a, b), np.maximum(a, b)
    c, d = np.minimum(c, d), np.maximum(c, d)
    a, c = np.minimum(a, c), np.maximum(a, c)
    b, d = np.minimum(b, d), np.maximum(b, d)
    b, c = np.minimum(b, c), np.maximum(b, c)
    return a, b, c, d


def print_closing(summed: np.ndarray, layout: Layout, level: np.ndarray, cfg: Section
                  ) -> tuple[np.ndarray, np.ndarray]:
    """How wide a closing takes the print away round each space (N, odd pixels), and
    how dark the lines are there (N, their depth below the board over its lightness;
    NaN where too few lines show): the median of the ``print_widths`` (and depths)
    shown at the space and at the spaces around it (``width_min_lines`` of them at
    least). A closing takes away dark print narrower than itself: ``closing_px``
    where the lines are sharp, two pixels wider than the lines' core where a webcam's
    soft focus, a small board's enlarged view or JPEG blur them wider, up to
    ``wide_closing`` of a pitch (a stone is far wider). Print the closing leaves in
    the view is neither seen as print (``ink``) nor kept off an empty space's colour.
    The picture's own lines say how wide they are, and blur varies over a photo (its
    far side out of focus): it is measured where it is read."""
    widths, depths = print_widths(summed, layout, level, cfg)
    n = len(widths)
    least = max(int(cfg.closing_px), 1)
    if not np.isfinite(widths).any():
        return np.full(n, least), np.full(n, np.nan)
    both = np.stack([widths, depths])  # shown (finite) at the same half-lines
    near = np.take(both, np.column_stack([np.arange(n), layout.around]), axis=1).reshape(2, n, -1)
    shown = np.isfinite(near[0])
    counted = row_count(shown)
    ordered = np.sort(np.where(shown, near, np.inf), axis=2)
    found = ordered[:, np.arange(n), np.maximum(counted - 1, 0) // 2]
    enough = counted >= cfg.width_min_lines
    core = np.where(enough, found[0], 0.0).astype(int)
    size = np.maximum(core + 2, least) | 1  # odd: centred on each pixel
    most = max(int(cfg.wide_closing * layout.pitch_px) | 1, least)
    return np.minimum(size, most), np.where(enough, found[1], np.nan)


def wider_print(maps: ViewMaps, layout: Layout, sizes: np.ndarray, index: np.ndarray,
                cfg: Section, seen: np.ndarray | None = None) -> np.ndarray:
    """How much darker than the view closed wider the view's pixels at the flat
    indices ``index`` are (their channels summed, as ``ViewMaps.lightness``): the print
    a closing of the ``sizes`` of the spaces that need one wider than ``closing_px``
    (``print_closing``: their median) takes away. Closed over the view's rows round
    those pixels alone, ``k - 1`` rows more on either side (a closing of ``k`` reads
    pixels ``k // 2`` away, twice): the same figures as closing the whole view, as a
    closing's minima and maxima are exact, at a fraction of the pixels. ``seen``: the
    view's summed channels at ``index``, where they are already taken."""
    w, h = layout.size
    k = int(column_median(sizes[sizes > max(int(cfg.closing_px), 1)].astype(np.float64))) | 1
    top = max(int(index.min()) // w - (k - 1), 0)
    bottom = min(int(index.max()) // w + k, h)
    # The channels' totals are whole numbers (at most 765): closed in 16 bits, faster
    # than in floats, to the same figures.
    rows = maps.summed[top * w:bottom * w].reshape(-1, w).astype(np.uint16)
    closed = cv2.morphologyEx(rows, cv2.MORPH_CLOSE, np.ones((k, k), np.uint8))
    seen = np.take(maps.summed, index) if seen is None else seen
    return np.take(closed, index - top * w).astype(np.float32) - seen


def blurred_darker(darker: np.ndarray, maps: ViewMaps, layout: Layout, mark: np.ndarray,
                   sizes: np.ndarray, contrast: np.ndarray, levels: np.ndarray,
                   cfg: Section) -> np.ndarray:
    """``darker`` (each space's mark-disc pixels' print over its board's lightness,
    ``mark`` their indices, as many rows as ``layout`` has spaces or twice as many;
    changed in place) where the spaces' print is blurred wider than ``closing_px``
    (``sizes``, ``print_closing``): at the pixels near the space's centre
    (``Layout.mark_inner``: ``wide_inner`` of a pitch), the print the wider closing
    takes away (``wider_print``) where it is more. Only there: a stone covers its
    centre, and its shaded rim, which a wide closing takes for print as readily as a
    blurred line, lies further out; bare board's lines cross there.
    Nor where a pixel is darker than its board by more than ``wide_depth`` times the
    depth of the lines round it (``contrast``), nor by more than ``wide_darkest`` of its
    lightness however dark the lines are (print that dark is crisp, and the 3-pixel
    closing sees it): no print, however blurred, is that dark; a dark stone round its
    highlight is. Nor where it is not darker than its board at all: a light stone's
    face round its highlight is darker than the highlight, and no print."""
    wider = np.flatnonzero(np.resize(sizes > max(int(cfg.closing_px), 1), len(darker)))
    if not len(wider):
        return darker
    rows = slice(None) if len(wider) == len(darker) else wider  # a slice is cheaper
    inner = layout.mark_inner  # the mark discs list their pixels centre first
    index = mark[rows, :inner]
    level = levels[rows]
    ratio = np.nan_to_num(np.resize(contrast, len(darker)))[rows]
    floor = 3.0 * level[:, 0] * np.maximum(1.0 - cfg.wide_depth * ratio, cfg.wide_darkest)
    seen = np.take(maps.summed, index)
    wide = wider_print(maps, layout, sizes, index, cfg, seen) / np.float32(3.0) / level
    np.putmask(wide, (seen < floor[:, None]) | (seen >= np.float32(3.0) * level), 0.0)
    if isinstance(rows, slice):  # in place
        np.maximum(darker[rows, :inner], wide, out=darker[rows, :inner])
    else:
        darker[rows, :inner] = np.maximum(darker[rows, :inner], wide)
    return darker


@dataclass(frozen=True)
class Stacked:
    """The per-space pixel lists ``sample`` reads (core, ring, their distances to the
    printed lines, mark) of ``layout`` with those of ``leaned`` below (``layout``'s own
    where it is ``None``): stacked once by whoever keeps the pair of layouts
    (``Recogniser`` keeps its leaning layout while the homography stays, and the live
    loop samples the same layouts frame after frame: stacking them anew costs some
    0.4 ms a frame). It holds the two layouts it was made of, so that ``sample`` uses it
    for those alone."""

    layout: Layout
    leaned: Layout | None
    core: np.ndarray
    ring: np.ndarray
    core_lines: np.ndarray
    ring_lines: np.ndarray
    mark: np.ndarray

    def holds(self, layout: Layout, leaned: Layout | None) -> bool:
        """Whether this stacks ``layout`` and ``leaned`` (those very layouts)."""
        return self.layout is layout and self.leaned is leaned


last_leaned: Stacked | None = None
"""The stack ``leaning`` made last (``leaned_stack``): the layout it leaned and its
leaning layout, their lists already stacked."""


def stack_layouts(layout: Layout, leaned: Layout | None) -> Stacked:
    """``layout``'s pixel lists with ``leaned``'s below (``Stacked``): ``last_leaned``
    where it holds those very layouts (``leaning`` worked them out stacked), else
    stacked here."""
    kept = last_leaned  # read once: another thread may keep another meanwhile
    if leaned is not None and kept is not None and kept.holds(layout, leaned):
        return kept
    names = ("core", "ring", "core_lines", "ring_lines", "mark")
    return Stacked(layout, leaned, *(getattr(layout, name) if leaned is None else
                                     np.concatenate([getattr(layout, name),
                                                     getattr(leaned, name)])
                                     for name in names))


def stacked_for(lists: Stacked | None, layout: Layout, leaned: Layout | None) -> Stacked:
    """``lists`` where it stacks ``layout`` and ``leaned``, else those two stacked anew:
    the one check of whether a kept stack still serves."""
    if lists is not None and lists.holds(layout, leaned):
        return lists
    return stack_layouts(layout, leaned)


def leaned_stack(layout: Layout, shift_px: np.ndarray, places: DiscPlaces | None = None
                 ) -> Stacked:
    """``layout``'s pixel lists with those of ``leaning(layout, shift_px)`` below them:
    the ``Stacked`` whose ``leaned`` is that layout, its lists worked out straight into
    the lower half of the stacked arrays (views of it), not apart and stacked after.

    A disc that stays inside the view moves by one step of its flat indices and of its
    pixels' offsets from the lines (whole pixels added to offsets that are whole pixels
    less the centre: the same figures as worked out from the moved pixels); only the
    discs moved past the view's edge are clipped to it pixel by pixel."""
    w, h = layout.size
    n = len(layout.names)
    if places is None or places.layout is not layout:
        places = disc_places(layout)
    step = np.rint(shift_px).astype(np.int32)
    k, q = layout.core.shape[1], layout.ring.shape[1]

    def stacked(top: np.ndarray) -> np.ndarray:
        both = np.empty((2 * n, *top.shape[1:]), dtype=top.dtype)
        both[:n] = top
        return both

    core, ring, mark = stacked(layout.core), stacked(layout.ring), stacked(layout.mark)
    core_lines, ring_lines = stacked(layout.core_lines), stacked(layout.ring_lines)
    # Each in one type, in place: numpy adds mixed types and fresh arrays more slowly.
    moved_index = (step[:, 1] * w + step[:, 0]).astype(places.index.dtype)[:, None]
    for both, columns in ((core, slice(0, k)), (ring, slice(k, k + q)),
                          (mark, slice(k + q, None))):
        np.add(places.index[:, columns], moved_index, out=both[n:])
    if places.apart_x is None:
        core_lines[n:] = np.inf
        ring_lines[n:] = np.inf
    else:
        moved = step.astype(np.float64)
        for both, columns in ((core_lines, slice(0, k)), (ring_lines, slice(k, k + q))):
            lines = both[n:]
            np.add(places.apart_x[:, columns], moved[:, 0:1], out=lines)
            np.abs(lines, out=lines)
            down = places.apart_y[:, columns] + moved[:, 1:2]
            np.abs(down, out=down)
            np.minimum(lines, down, out=lines)
    edge = np.flatnonzero(((places.low + step) < 0).any(axis=1)
                          | ((places.high + step) > np.array([w - 1, h - 1])).any(axis=1))
    if len(edge):  # clipped to the view, as the discs were made
        xs = np.clip(places.xs[edge] + step[edge, 0:1], 0, w - 1)
        ys = np.clip(places.ys[edge] + step[edge, 1:2], 0, h - 1)
        index = ys * w + xs
        lines = _to_lines(xs[:, :k + q], ys[:, :k + q], layout.centres[edge],
                          places.apart_x is not None)
        below = n + edge
        core[below], ring[below], mark[below] = np.split(index, [k, k + q], axis=1)
        core_lines[below], ring_lines[below] = lines[:, :k], lines[:, k:]
    leaned = replace(layout, core=core[n:], mark=mark[n:], ring=ring[n:],
                     core_lines=core_lines[n:], ring_lines=ring_lines[n:])
    return Stacked(layout, leaned, core, ring, core_lines, ring_lines, mark)


def sample(view: np.ndarray, layout: Layout, cfg: Section, enlarged: float = 1.0,
           maps: ViewMaps | None = None, leaned: Layout | None = None,
           lists: Stacked | None = None) -> tuple[Samples, Samples | None]:
    """Take every space's core pixels, its local board colour and how much of the
    board's own print (lines, spots) shows where a piece would sit (from ``maps`` of
    the view, when they are already made): at each space's foot (``layout``) and, where
    ``leaned`` is given (``leaning``'s layout of the same board), where each piece's
    body shows, as a second ``Samples`` (else ``None``). The board's colour and its
    print are read once, from the gaps and the feet, and the spaces of both layouts in
    one pass over them stacked (``lists``, where its owner keeps them for these
    layouts; else stacked here): every figure of a space is its own row's, the same
    as sampling each layout apart, in half the steps. (``_sampled`` says how.)"""
    rows = _sampled(view, layout, cfg, enlarged, maps, leaned, lists, choose=False)
    return rows(0), None if leaned is None else rows(1)


def sample_chosen(view: np.ndarray, layout: Layout, cfg: Section, enlarged: float = 1.0,
                  maps: ViewMaps | None = None, leaned: Layout | None = None,
                  lists: Stacked | None = None) -> Samples:
    """The one ``Samples`` that ``upright_or_leaning`` makes of ``sample``'s two (the
    foot's alone where ``leaned`` is ``None``): the same arrays, the leaning layout's
    ring read only at the spaces where it is picked (some one in eight on a tilted
    board), the only ones where it counts. What the recogniser reads."""
    rows = _sampled(view, layout, cfg, enlarged, maps, leaned, lists, choose=True)
    return rows(0) if leaned is None else upright_or_leaning(rows(0), rows(1), layout, cfg)


def _sampled(view: np.ndarray, layout: Layout, cfg: Section, enlarged: float,
             maps: ViewMaps | None, leaned: Layout | None, lists: Stacked | None,
             choose: bool) -> Callable[[int], Samples]:
    """``sample``'s work: the samples of ``layout`` (row block 0) and ``leaned`` (1), as
    a function of the block. With ``choose`` the leaning layout's ring is read only
    where ``upright_or_leaning`` will pick it (``sample_chosen``).

    Pixels at or next to a blown-out one (glare, overexposure: the sensor clipped, and
    its bloom brightens the pixel beside it) carry no colour and are set aside: the
    board's colour comes from the gap pixels that remain. So are the core's pixels on
    a grid's printed lines: thin print is closed away, but where the view ``enlarged``
    the picture (a board small in a webcam's frame) its lines are several pixels wide
    and would darken an empty space's core."""
    maps = maps if maps is not None else view_maps(view, cfg)
    lightness = maps.lightness
    layouts = [layout] if leaned is None else [layout, leaned]
    n = len(layout.names)
    lists = stacked_for(lists, layout, leaned)
    core_index, ring_index = lists.core, lists.ring
    # Only the pixels looked at are turned to float: the whole view would cost more
    # than everything else here.
    gaps, gap_blown_at, _ = gather(maps, layout.gaps)
    gap_seen = ~gap_blown_at
    board, lighter = masked_percentiles(gaps, gap_seen, (cfg.board_percentile, cfg.board_range[1]))
    # How wide and how dark this picture's lines are round each space, beside the
    # board's colour (read from the gaps, where no print lies): where a webcam's soft
    # focus or JPEG blurs them wider than the closing takes away, the print is looked
    # for closed away wider too (``blurred_darker``, below).
    sizes, contrast = print_closing(maps.summed, layout, np.maximum(last_mean(board), 1.0), cfg)
    core, core_blown_at, core_glared_at = gather(maps, core_index)
    core_seen = ~core_blown_at
    if enlarged > 1.0:
        off_print = lists.core_lines > cfg.print_band_px * enlarged
        enough = row_count(off_print)[:, None] >= cfg.min_off_print * off_print.shape[1]
        core_kept = core_seen & (off_print | ~enough)
    else:  # no band: every pixel is off it (the distances are never negative)
        core_kept = core_seen.copy()
    # The darker share is taken from the gaps in the board's own colour (a shadow's
    # edge, not the dark stones crowding round); the lighter from them all.
    shaded = gap_seen & bare_board(gaps, board, cfg)
    board_range = np.stack([masked_percentile(gaps, shaded, cfg.board_range[0]), lighter], axis=1)
    open_rays = _open_rays(maps, layout.rays)
    level = np.maximum(last_mean(board)[:, None], 1.0)
    boards, levels = (board, level) if leaned is None else \
        (np.concatenate([board, board]), np.concatenate([level, level]))
    mark_index = lists.mark
    thirds = np.take(lightness, mark_index)
    darker = _over_level(thirds, levels)
    # The mark is set by the print the 3-pixel closing shows (lowered where the lines
    # are faint); the print closed away wider only adds to what passes it.
    between = lines_between(contrast)
    shown = row_percentile(thirds[:n], cfg.ink_line_percentile, level)
    marks = print_marks(shown, _over_level(np.take(lightness, layout.gaps), level),
                        gap_seen, contrast, between, cfg)
    mark = float(marks.max())
    bare_print_shown = bare_shown(shown, between, cfg)
    darker = blurred_darker(darker, maps, layout, mark_index, sizes, contrast, levels, cfg)
    marks = (marks if leaned is None else np.concatenate([marks, marks]))[:, None]
    ink = row_share(darker > marks)
    grey = grey_level(core)
    glossy = sheen(core, core_seen, boards, view.shape[:2], core_index, cfg, grey, len(layouts))
    spread = core_spread(core, core_kept & ~glossy, boards, grey)
    if choose and leaned is not None:
        # Each row's ring is its own: read at every foot and the leaning spaces picked,
        # the others given their foot's (never picked, never read).
        picked = np.flatnonzero(_picked(spread[:n], spread[n:], cfg))
        read = np.concatenate([np.arange(n), n + picked])
        parts = _ring(maps, ring_index[read], lists.ring_lines[read], levels[read], marks[read],
                      cfg)
        ring_seen, ring_ink, ring_lift, ring_fringe = \
            (np.concatenate([part[:n], part[:n]]) for part in parts)
        for full, part in zip((ring_seen, ring_ink, ring_lift, ring_fringe), parts, strict=True):
            full[n + picked] = part[n:]
    else:
        ring_seen, ring_ink, ring_lift, ring_fringe = _ring(maps, ring_index, lists.ring_lines,
                                                            levels, marks, cfg)
    core_blown = 1.0 - row_share(core_seen)
    core_glared = row_share(core_glared_at)
    gap_blown = 1.0 - row_share(gap_seen)
    # White in every channel where it lies, not grown by a pixel as the marks are: a
    # white stone's clipped face beside the gaps is no glare in them.
    gap_glared = row_share(last_min(gaps) >= cfg.saturated_level)

    def rows(i: int) -> Samples:
        at = slice(i * n, (i + 1) * n)
        own_ink = ink[at]
        return Samples(core=core[at], board=board, gaps=gaps, ink=own_ink,
                       ink_around=own_ink[layout.around].max(axis=1), around=layout.around,
                       board_range=board_range,
                       core_seen=core_seen[at], core_kept=core_kept[at],
                       core_blown=core_blown[at], gap_blown=gap_blown, gap_glared=gap_glared,
                       core_sheen=glossy[at],
                       core_glared=core_glared[at], open_rays=open_rays, spread=spread[at],
                       darkest=maps.darkest, print_mark=mark, foot_ink=own_ink,
                       ring_seen=ring_seen[at], ring_lift=ring_lift[at], ring_ink=ring_ink[at],
                       ring_fringe=ring_fringe[at], print_between=between,
                       print_bare=bare_print_shown)

    return rows


def _open_rays(maps: ViewMaps, rays: np.ndarray) -> np.ndarray:
    """Each space's share of its rays (``Layout.rays``, N×R×S) that run solid white
    (``ViewMaps.solid``) every pixel along (``Samples.open_rays``). A ray is looked along
    only where its first pixel is solid, and none where no pixel is clipped: the same
    shares, at a fraction of the pixels."""
    n, count, steps = rays.shape
    if not maps.clipped:  # nothing solid: no ray is open
        return np.zeros(n)
    open_ = np.take(maps.solid, rays[:, :, 0])
    begun = np.flatnonzero(open_)
    if len(begun):
        along = np.take(maps.solid, rays.reshape(-1, steps)[begun])
        open_.ravel()[begun] = row_count(along) == steps
    return row_share(open_)


def _over_level(summed: np.ndarray, level: np.ndarray) -> np.ndarray:
    """``summed / 3 / level``: channel totals (32-bit floats, a fresh array, divided by
    3 in place) over a board's lightness (64-bit), in the same steps and types."""
    summed /= np.float32(3.0)
    return summed / level


def _ring(maps: ViewMaps, ring: np.ndarray, ring_lines: np.ndarray, level: np.ndarray,
          mark: np.ndarray, cfg: Section) -> tuple[np.ndarray, ...]:
    """Of each space's ring (``Layout.ring``, ``ring_lines`` its pixels' distances to
    the space's printed lines): the share of its pixels on the printed
    lines through the space (within ``ring_line_band``) that are not blown out, the
    share of those that show print, and the log of the median lightness of its pixels
    off those lines and not blown out (in the view as it is: a thin dark ring is no
    print to be closed away) over the board's ``level``. No line runs through a space
    printed otherwise: nothing is seen on them there. (Under a glare the lines are what
    is left unclipped: taken in, they would make bare board's ring dark.) Fourth, whether
    none of its pixels seen off the lines lies past their fringe (``ring_fringe_px``): on
    a board blown out round a space, what is left of its ring may be no more than the
    blurred flank of its lines, as dark as a stone's rim (``Samples.ring_fringe``)."""
    seen = ~np.take(maps.blown, ring) if maps.clipped else np.ones(ring.shape, bool)
    on_line = ring_lines <= cfg.ring_line_band
    line_seen = seen & on_line
    count = row_count(line_seen)
    # Print is looked for at the seen pixels on the lines alone (a share of the ring).
    rows, columns = np.nonzero(line_seen)
    printed = _over_level(np.take(maps.lightness, ring[rows, columns]), level[rows, 0]) \
        > mark[rows, 0]
    off_seen = seen & ~on_line
    summed = masked_percentile(np.take(maps.summed, ring), off_seen, 50)
    lift = np.log(np.maximum(summed / 3.0, 1.0)) - np.log(level[:, 0])
    fringe = ~(off_seen & (ring_lines > cfg.ring_fringe_px)).any(axis=1) if maps.clipped \
        else np.zeros(len(ring), dtype=bool)
    return count / np.maximum(row_count(on_line), 1), \
        np.bincount(rows[printed], minlength=len(ring)) / np.maximum(count, 1), lift, fringe

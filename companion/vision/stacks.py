"""Where a OneWorld counter lies on its hex, and whether a stack's sliver shows below it.

Both read *profiles*: the colour of the board view (how far from the map's grey, see
``counters._off_axis``) along a line through a hex's middle, down (rows) or across
(columns), averaged over a few millimetres either side of the line.

A counter is a square card with a band of colour along its edge, so its profiles are
mirror symmetric about its centre, whatever the blur, the light or the ground's colour:
the shift that makes the inner part of a profile (ground and bands, where no other
counter reaches) most nearly its own mirror image is the counter's offset. Each side is
scaled to its own peak first, as light may fall unevenly across a counter. A shift far
from that of the counters around it (the hex above's counter mistaken for a band) is
not believed: a hand lays a counter within a millimetre of where it means to, and what
moves whole regions (a lens the registration does not model) moves neighbours alike.

A stack's lower counters are shifted toward the board's bottom (``STACK_OFFSET_MM`` in
``companion.vision.designs.counters``, docs/recognition.md), so a sliver of band shows
just below the top counter. Its colour is taken in a zone just past the counter's lower
edge, less what blur spreads out of the counter's own band (the same zone above the
upper edge shows that; capped at the share seen on most counters of the picture with
nothing in the hex above, since the hex above's pieces can only add to it). The zone
stops short of the hex below's counter, and what that counter's band spreads up into it
under blur is taken off too: as much as it spreads beside its own left and right edges.
"""

from __future__ import annotations

import numpy as np

from companion.vision.config import Section
from companion.vision.designs.counters import BAND_FRACTION, SIZE_MM


def sample(profile: np.ndarray, rows_mm: np.ndarray, at: np.ndarray) -> np.ndarray:
    """The profiles (N×R) at ``at`` (N×M mm), linear between rows."""
    step = rows_mm[1] - rows_mm[0]
    pos = np.clip((at - rows_mm[0]) / step, 0, len(rows_mm) - 1.001)
    i = pos.astype(int)
    t = pos - i
    n = np.arange(len(profile))[:, None]
    return profile[n, i] * (1 - t) + profile[n, i + 1] * t


def _asymmetry(profile: np.ndarray, rows_mm: np.ndarray, shifts: np.ndarray,
               cfg: Section) -> np.ndarray:
    """N×S: how far each profile is from mirror symmetric about each shift."""
    half = SIZE_MM / 2
    inner = half - BAND_FRACTION * SIZE_MM
    ys = np.linspace(inner - cfg.mirror_mm[0], half + cfg.mirror_mm[1], 10)
    at = shifts[None, :, None] + np.array([ys, -ys])[:, None, :]  # 2×S×Y, the same for all
    step = rows_mm[1] - rows_mm[0]
    pos = np.clip((at - rows_mm[0]) / step, 0, len(rows_mm) - 1.001)
    i = pos.astype(int)
    t = (pos - i).astype(np.float32)
    seen = profile[:, i] * (1 - t) + profile[:, i + 1] * t  # N×2×S×Y
    seen = seen / np.maximum(seen.max(axis=3, keepdims=True), 1e-6)
    return ((seen[:, 0] - seen[:, 1]) ** 2).sum(axis=2)


def _settle(cost: np.ndarray, shifts: np.ndarray, near: np.ndarray, occupied: np.ndarray,
            cfg: Section) -> np.ndarray:
    """Each hex's best shift (mm) within ``settle_mm`` of its neighbours' (the
    neighbours' own best shifts, averaged with weights ``near``, far ones left out)."""
    own = shifts[cost.argmin(axis=1)]
    if occupied.sum() < cfg.settle_hexes:
        return own
    weights = near[:, occupied]
    trusted = np.ones(int(occupied.sum()), dtype=bool)
    for _ in range(2):
        w = weights * trusted[None, :]
        field = (w @ own[occupied]) / np.maximum(w.sum(axis=1), 1e-12)
        trusted = np.abs(own[occupied] - field[occupied]) <= cfg.settle_mm
    allowed = np.abs(shifts[None, :] - field[:, None]) <= cfg.settle_mm
    best = shifts[np.where(allowed, cost, np.inf).argmin(axis=1)]
    return np.where(occupied, best, field)


def centres(down: np.ndarray, across: np.ndarray, rows_mm: np.ndarray, near: np.ndarray,
            occupied: np.ndarray, cfg: Section) -> np.ndarray:
    """Each hex's counter centre (N×2: x, y mm from the hex centre), from its profiles
    down and across."""
    shifts = np.arange(-cfg.max_shift_mm, cfg.max_shift_mm + 1e-9, cfg.shift_step_mm)
    return np.stack([_settle(_asymmetry(p, rows_mm, shifts, cfg), shifts, near, occupied, cfg)
                     for p in (across, down)], axis=1)


def sliver(down: np.ndarray, across: np.ndarray, rows_mm: np.ndarray, centre: np.ndarray,
           below: np.ndarray, occupied: np.ndarray, pitch_mm: float,
           cfg: Section) -> tuple[np.ndarray, float]:
    """The colour a stack's lower counter adds just below each hex's top counter, and
    the share of a band's colour that blur spreads into that zone on this picture."""
    centre_y = centre[:, 1]
    half = SIZE_MM / 2
    middle = half - BAND_FRACTION * SIZE_MM / 2
    near, far = cfg.sliver_mm
    offsets = half + near + np.linspace(0.0, 1.0, 6) * (far - near)
    nxt = np.where(below >= 0, below, 0)
    held = (below >= 0) & occupied[nxt]  # a counter in the hex below
    limit = np.where(held, pitch_mm + centre_y[nxt] - half - cfg.neighbour_margin_mm,
                     cfg.lower_limit_mm)
    lower_at = np.minimum(centre_y[:, None] + offsets[None, :], limit[:, None])
    lower = sample(down, rows_mm, lower_at).mean(axis=1) - \
        _reach(across, rows_mm, centre, np.where(held, below, -1), lower_at, pitch_mm, cfg)
    upper = sample(down, rows_mm, 2 * centre_y[:, None] - lower_at).mean(axis=1)
    peak = sample(down, rows_mm, (centre_y - middle)[:, None])[:, 0]
    spread = upper / np.maximum(peak, 1e-3)
    # Blur's reach is measured on counters with nothing above them (a counter or a
    # stack's sliver in the hex above adds its own colour there).
    crowned = np.zeros(len(down), dtype=bool)
    crowned[below[(below >= 0) & occupied]] = True
    clear = occupied & ~crowned
    typical = float(np.median(spread[clear if clear.any() else occupied])) \
        if occupied.any() else 0.0
    return lower - np.minimum(upper, typical * peak), typical


def _reach(across: np.ndarray, rows_mm: np.ndarray, centre: np.ndarray, below: np.ndarray,
           lower_at: np.ndarray, pitch_mm: float, cfg: Section) -> np.ndarray:
    """The colour the counter in the hex below (``below``, -1: none) spreads up into
    each hex's sliver zone (``lower_at``, N×M mm): as much as it spreads the same
    distance beyond its own left or right edge (the less of the two: a diagonal
    neighbour may add to one), less what most counters of the picture show there (the
    map's own colour beside a counter, which the zone above the counter, subtracted
    too, already holds)."""
    half = SIZE_MM / 2
    held = below >= 0
    out = np.zeros(len(across))
    if not held.any():
        return out
    nb = below[held]
    gap = pitch_mm + centre[nb, 1][:, None] - half - lower_at[held]  # mm up to its edge
    gap = np.maximum(gap, 0.0)
    x = centre[nb, 0][:, None]
    right = sample(across[nb], rows_mm, x + half + gap)
    left = sample(across[nb], rows_mm, x - half - gap)
    reach = np.minimum(left, right).mean(axis=1)
    out[held] = np.maximum(reach - np.median(reach), 0.0)
    return out

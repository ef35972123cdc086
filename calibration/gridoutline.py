"""Where a grid board may lie in a cluttered picture: the outlines worth trying.

A board's lines run two ways, and under perspective each way's lines meet at one
vanishing point. Clutter (bowls, a hand, a sofa, a keyboard seen askew) has straight
pieces too, but few of them point at those two points; the table's own lines and wood
grain may, but they do not cross a second family in a dense web.

1. **Segments.** The picture's straight pieces (OpenCV's line segment detector).
2. **Two families.** The strongest direction (by length) and the strongest other
   direction at least ``FAMILY_GAP_DEG`` from it seed two families; each family's
   vanishing point is found by RANSAC over pairs of its pieces (a point at infinity for
   lines seen parallel), and the family is every piece that points at it.
3. **Webs.** The two families' pieces are drawn on a blank picture: a board's lines
   cross one another in one web (or, with stones breaking them, in pieces close
   together), a parquet or a table edge in webs of their own. Every web with both
   families in it gives a four-sided outline, largest first, as does each web grown
   until the pieces near it join it.

The grid finder (``calibration.gridfind``) tries each outline and keeps the first whose
lattice passes its check, so an outline around clutter costs time, never a wrong board.
Every threshold is a named constant here.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from calibration.registration import RegistrationError, order_clockwise

MIN_SEGMENT_SHARE = 1 / 120  # pieces shorter than this share of the longer side are noise
MIN_SEGMENT_PX = 6.0
FAMILY_SPREAD_DEG = 35.0  # a family's pieces lie within this of its main direction
FAMILY_GAP_DEG = 25.0  # the two families' main directions differ by at least this
POINT_TOLERANCE_DEG = 2.0  # a piece points at a vanishing point within this angle
RANSAC_TRIALS = 300
SEED = 7  # the RANSAC draws are seeded: the same picture gives the same outlines
MIN_FAMILY_PIECES = 6
MIN_WEB_SHARE = 0.15  # a web with both families under this share of the best is clutter
MAX_WEBS = 3  # the most webs (each at two growths) offered as outlines
GROW_SHARE = 0.6  # pieces this share of their median length apart join one web
MIN_OUTLINE_SHARE = 0.004  # an outline smaller than this share of the picture is no board
SIDE_TURN_DEG = 20.0  # outline edges turned further than this from their side cut a corner
PIECE_SHARE = 0.005  # line pieces this share of the largest web's size belong to the grid


@dataclass(frozen=True)
class Families:
    """The picture's straight pieces (N × 4: x1, y1, x2, y2) and which family each
    belongs to (0, 1, or -1 for neither), with the two vanishing points (homogeneous)."""

    segments: np.ndarray
    family: np.ndarray
    points: tuple[np.ndarray, np.ndarray]


def detect_segments(grey: np.ndarray) -> np.ndarray:
    """The picture's straight pieces longer than noise, N × 4 (x1, y1, x2, y2)."""
    found = cv2.createLineSegmentDetector().detect(grey)[0]
    if found is None:
        return np.empty((0, 4))
    segments = found.reshape(-1, 4).astype(np.float64)
    lengths = np.hypot(segments[:, 2] - segments[:, 0], segments[:, 3] - segments[:, 1])
    shortest = max(MIN_SEGMENT_PX, MIN_SEGMENT_SHARE * max(grey.shape[:2]))
    return segments[lengths >= shortest]


def line_families(segments: np.ndarray, size: tuple[int, int]) -> Families | None:
    """Split ``segments`` into the grid's two families (module docstring), or ``None``
    when the picture has no two families of straight pieces."""
    if len(segments) < 2 * MIN_FAMILY_PIECES:
        return None
    scale = float(max(size))
    centre = np.array(size, dtype=np.float64) / 2
    a = (segments[:, :2] - centre) / scale  # conditioned coordinates
    b = (segments[:, 2:] - centre) / scale
    direction = b - a
    lengths = np.hypot(direction[:, 0], direction[:, 1])
    angles = np.degrees(np.arctan2(direction[:, 1], direction[:, 0])) % 180.0
    lines = np.cross(np.column_stack([a, np.ones(len(a))]), np.column_stack([b, np.ones(len(b))]))
    lines /= np.hypot(lines[:, 0], lines[:, 1])[:, None]
    middles = (a + b) / 2
    rng = np.random.default_rng(SEED)
    family = np.full(len(segments), -1)
    points = []
    free = np.ones(len(segments), dtype=bool)
    main_angles: list[float] = []
    for index in range(2):
        main = _main_direction(angles[free], lengths[free], main_angles)
        if main is None:
            return None
        near = free & (_angle_gap(angles, main) <= FAMILY_SPREAD_DEG)
        if near.sum() < MIN_FAMILY_PIECES:
            return None
        point = _vanishing_point(lines, middles, direction, lengths, near, rng)
        members = near & (_pointing_error(point, middles, direction) <= np.radians(
            POINT_TOLERANCE_DEG))
        if members.sum() < MIN_FAMILY_PIECES:
            return None
        family[members] = index
        free &= ~members
        main_angles.append(main)
        points.append(_unconditioned(point, centre, scale))
    return Families(segments, family, (points[0], points[1]))


def family_outlines(families: Families, size: tuple[int, int]) -> list[np.ndarray]:
    """Four-sided outlines (4 × 2, clockwise) around the webs of the two families'
    pieces, the most promising first (module docstring)."""
    width, height = size
    segments = families.segments
    ends = np.rint(segments).astype(np.int32)
    kept = families.family >= 0
    lengths = np.hypot(segments[:, 2] - segments[:, 0], segments[:, 3] - segments[:, 1])
    grow = max(1, round(GROW_SHARE * float(np.median(lengths[kept]))))
    mask = np.zeros((height, width), np.uint8)
    for x1, y1, x2, y2 in ends[kept]:
        cv2.line(mask, (int(x1), int(y1)), (int(x2), int(y2)), 255, 1)
    outlines: list[np.ndarray] = []
    for kernel in (3, 2 * grow + 1):
        joined = cv2.dilate(mask, cv2.getStructuringElement(cv2.MORPH_RECT, (kernel, kernel)))
        _count, labels = cv2.connectedComponents(joined, connectivity=8)
        middles = np.rint((segments[:, :2] + segments[:, 2:]) / 2).astype(int)
        xs = np.clip(middles[:, 0], 0, width - 1)
        ys = np.clip(middles[:, 1], 0, height - 1)
        web = np.where(kept, labels[ys, xs], 0)
        webs = []
        for label in np.unique(web[web > 0]):
            inside = web == label
            both = min(lengths[inside & (families.family == 0)].sum(),
                       lengths[inside & (families.family == 1)].sum())
            webs.append((both, label))
        webs.sort(reverse=True)
        for both, label in webs[:MAX_WEBS]:
            if both < MIN_WEB_SHARE * webs[0][0]:
                break
            inside = web == label
            points = np.vstack([segments[inside, :2], segments[inside, 2:]])
            hull = cv2.convexHull(points.astype(np.float32)).reshape(-1, 2)
            if cv2.contourArea(hull) < MIN_OUTLINE_SHARE * width * height:
                continue
            try:
                quad = hull_corners(hull.astype(np.float64))
            except (ValueError, np.linalg.LinAlgError):
                continue
            outlines.append(quad)
    return _distinct(outlines)


def candidate_outlines(grey: np.ndarray, response: np.ndarray) -> list[np.ndarray]:
    """The outlines worth fitting a lattice in, the likeliest first: around the largest
    web of line response (a board alone on a plain cloth), then around each web of the
    board's two families of straight pieces (a board among
    clutter, at a steep angle)."""
    outlines = []
    try:
        outlines.append(first_outline(response))
    except RegistrationError:
        pass
    size = (grey.shape[1], grey.shape[0])
    families = line_families(detect_segments(grey), size)
    if families is not None:
        outlines += family_outlines(families, size)
    return [quad for quad in outlines if _plausible(quad, size)]


def _plausible(quad: np.ndarray, size: tuple[int, int]) -> bool:
    """Whether ``quad`` is a convex outline about the picture (its corners within a
    picture's size of it), not the meeting of two nearly parallel sides far away."""
    if not np.isfinite(quad).all():
        return False
    reach = np.array(size, dtype=np.float64)
    if (quad < -reach).any() or (quad > 2 * reach).any():
        return False
    edges = np.roll(quad, -1, axis=0) - quad
    turns = edges[:, 0] * np.roll(edges, -1, axis=0)[:, 1] - edges[:, 1] * np.roll(
        edges, -1, axis=0)[:, 0]
    return bool((turns > 0).all() or (turns < 0).all()) and cv2.contourArea(
        quad.astype(np.float32)) >= MIN_OUTLINE_SHARE * size[0] * size[1]


def first_outline(response: np.ndarray) -> np.ndarray:
    """Four corners (clockwise from the top-left) around the largest web of lines and
    the pieces of line near its size (stones and blur break the web apart)."""
    levels = np.clip(response, 0, 255).astype(np.uint8)
    _, mask = cv2.threshold(levels, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    if count < 2:
        raise RegistrationError("No lines found in the picture: is the board in view and lit?")
    areas = stats[1:, cv2.CC_STAT_AREA]
    pieces = 1 + np.flatnonzero(areas >= PIECE_SHARE * areas.max())
    ys, xs = np.nonzero(np.isin(labels, pieces))
    hull = cv2.convexHull(np.column_stack([xs, ys]).astype(np.int32))
    if cv2.contourArea(hull) < 0.02 * response.size:
        raise RegistrationError("No board-sized grid of lines found in the picture.")
    return hull_corners(hull.reshape(-1, 2).astype(np.float64))


def hull_corners(points: np.ndarray) -> np.ndarray:
    """The four corners of a roughly rectangular convex outline, clockwise from the left
    end of its side highest in the picture. Each edge of the outline belongs to the
    side of its minimum-area rectangle it lies nearest; each side is the straight line
    fitted to its edges that run its way (edges cutting a corner off are left out), and
    the corners are where the sides meet, so a corner hidden under stones is still
    found."""
    rect = cv2.minAreaRect(points.astype(np.float32))
    centre = np.array(rect[0], dtype=np.float64)
    box = cv2.boxPoints(rect).astype(np.float64)
    axis = box[1] - box[0]
    turn = np.arctan2(axis[1], axis[0])
    rotation = np.array([[np.cos(turn), np.sin(turn)], [-np.sin(turn), np.cos(turn)]])
    local = (points - centre) @ rotation.T  # the rectangle's sides along the axes
    half_w, half_h = np.linalg.norm(box[1] - box[0]) / 2, np.linalg.norm(box[2] - box[1]) / 2
    sides: dict[int, list[tuple[np.ndarray, np.ndarray]]] = {0: [], 1: [], 2: [], 3: []}
    for a, b in zip(local, np.roll(local, -1, axis=0), strict=True):
        if np.hypot(*(b - a)) < 1:
            continue
        u, v = (a + b) / 2
        distances = [abs(v + half_h), abs(u - half_w), abs(v - half_h), abs(u + half_w)]
        sides[int(np.argmin(distances))].append((a, b))  # top, right, bottom, left
    lines = []
    for k in range(4):
        if not sides[k]:
            raise RegistrationError("The grid's outline is not four-sided: is the whole "
                                    "board in the picture?")
        # The side's direction: its edges' angles, weighted by length (the longest
        # ones win); edges turned far from it cut a corner off and are left out.
        nominal = 0.0 if k % 2 == 0 else np.pi / 2  # top/bottom run along u, sides along v
        turns = np.array([(np.arctan2(q[1] - p[1], q[0] - p[0]) - nominal + np.pi / 2)
                          % np.pi - np.pi / 2 for p, q in sides[k]])
        weights = np.array([np.hypot(*(q - p)) for p, q in sides[k]])
        order = np.argsort(turns)
        cumulative = np.cumsum(weights[order])
        main = turns[order][np.searchsorted(cumulative, cumulative[-1] / 2)]
        off = np.abs(turns - main)
        along = [np.linspace(p, q, max(2, int(np.hypot(*(q - p)))))
                 for (p, q), turned in zip(sides[k], off, strict=True)
                 if turned <= np.radians(SIDE_TURN_DEG)]
        vx, vy, x0, y0 = cv2.fitLine(np.vstack(along).astype(np.float32), cv2.DIST_L2, 0,
                                     0.01, 0.01).ravel()
        lines.append((np.array([x0, y0]), np.array([vx, vy])))
    corners = []
    for (a, u), (b, v) in zip([lines[3]] + lines[:3], lines, strict=True):
        t, _ = np.linalg.solve(np.column_stack([u, -v]), b - a)
        corners.append(a + t * u)
    quad = order_clockwise(np.array(corners) @ rotation + centre)  # the picture's frame
    # Start at the left end of the side highest in the picture (clockwise, y down).
    start = int(np.argmin([(quad[i, 1] + quad[(i + 1) % 4, 1]) for i in range(4)]))
    return np.roll(quad, -start, axis=0)


def _distinct(quads: list[np.ndarray]) -> list[np.ndarray]:
    """``quads`` without those within a few percent of one listed before."""
    kept: list[np.ndarray] = []
    for quad in quads:
        reach = 0.03 * np.linalg.norm(quad.max(axis=0) - quad.min(axis=0))
        if all(np.abs(quad - other).max() > reach for other in kept):
            kept.append(quad)
    return kept


def _main_direction(angles: np.ndarray, lengths: np.ndarray, taken: list[float]
                    ) -> float | None:
    """The direction (degrees, 0-180) most length points along, at least
    ``FAMILY_GAP_DEG`` from those ``taken``."""
    if len(angles) == 0:
        return None
    histogram = np.bincount(np.floor(angles).astype(int) % 180, weights=lengths, minlength=180)
    window = np.ones(5)
    smooth = np.convolve(np.concatenate([histogram[-2:], histogram, histogram[:2]]), window,
                         mode="valid")
    degrees = np.arange(180) + 0.5
    for other in taken:
        smooth[_angle_gap(degrees, other) < FAMILY_GAP_DEG] = 0
    if smooth.max() <= 0:
        return None
    return float(degrees[int(np.argmax(smooth))])


def _angle_gap(angles: np.ndarray, main: float) -> np.ndarray:
    """How far (degrees) each of ``angles`` is from ``main``, as undirected lines."""
    gap = np.abs(angles - main) % 180.0
    return np.minimum(gap, 180.0 - gap)


def _pointing_error(point: np.ndarray, middles: np.ndarray, direction: np.ndarray
                    ) -> np.ndarray:
    """The angle (radians) between each piece and the way from its middle to ``point``
    (homogeneous, so a point at infinity is a direction)."""
    towards = point[:2][None, :] - middles * point[2]
    sine = np.abs(direction[:, 0] * towards[:, 1] - direction[:, 1] * towards[:, 0])
    norms = np.hypot(*direction.T) * np.hypot(*towards.T) + 1e-12
    return np.arcsin(np.clip(sine / norms, 0.0, 1.0))


def _vanishing_point(lines: np.ndarray, middles: np.ndarray, direction: np.ndarray,
                     lengths: np.ndarray, near: np.ndarray, rng: np.random.Generator
                     ) -> np.ndarray:
    """The point (homogeneous, unit length) most of the ``near`` pieces' length points
    at: RANSAC over pairs, then a least-squares fit to the pieces that agree."""
    index = np.flatnonzero(near)
    weights = lengths[index] / lengths[index].sum()
    tolerance = np.radians(POINT_TOLERANCE_DEG)
    pairs = rng.choice(index, (RANSAC_TRIALS, 2), p=weights)
    trials = np.cross(lines[pairs[:, 0]], lines[pairs[:, 1]])
    norms = np.linalg.norm(trials, axis=1)
    trials = trials[norms > 1e-12] / norms[norms > 1e-12, None]
    if len(trials) == 0:
        return np.array([*direction[index[0]], 0.0]) / np.linalg.norm(direction[index[0]])
    towards = trials[:, None, :2] - middles[index][None, :, :] * trials[:, None, 2:]
    sine = np.abs(direction[index, 0] * towards[..., 1] - direction[index, 1] * towards[..., 0])
    sine /= np.hypot(*direction[index].T) * np.hypot(towards[..., 0], towards[..., 1]) + 1e-12
    scores = (sine <= np.sin(tolerance)) @ lengths[index]
    best = trials[int(np.argmax(scores))]
    agree = index[_pointing_error(best, middles[index], direction[index]) <= tolerance]
    if len(agree) >= 2:
        weighted = lines[agree] * np.sqrt(lengths[agree])[:, None]
        refined = np.linalg.svd(weighted, full_matrices=False)[2][-1]
        if (_pointing_error(refined, middles[index], direction[index]) <= tolerance).sum() \
                >= len(agree):
            best = refined
    return best


def _unconditioned(point: np.ndarray, centre: np.ndarray, scale: float) -> np.ndarray:
    """A homogeneous point in conditioned coordinates, back in pixels (homogeneous)."""
    x, y, w = point
    return np.array([x * scale + centre[0] * w, y * scale + centre[1] * w, w])

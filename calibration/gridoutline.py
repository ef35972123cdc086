"""Where a grid board may lie in a cluttered picture: the outlines worth trying.

A board's lines run two ways, and under perspective each way's lines meet at one
vanishing point. Clutter (bowls, a hand, a sofa, a keyboard seen askew) has straight
pieces too, but few of them point at those two points; the table's own lines and wood
grain may, but they do not cross a second family in a dense web.

1. **Segments.** The picture's straight pieces (OpenCV's line segment detector); and
   then again, if no board was found among them, those outside wood grain
   (``outside_grain``): where the picture's edges all run one way at every scale
   (``grain``), it is a table's grain or a cloth's weave; a board's lines run two
   ways there, so its pieces are kept.
2. **Families.** The strongest direction (by length) among the pieces not yet taken
   seeds a family; its vanishing point is found by RANSAC over pairs of its pieces
   (a point at infinity for lines seen parallel; many short pieces outweigh a few
   long ones), and the family is every piece that points at it. Up to
   ``MAX_FAMILIES`` are taken: the board's two, and the clutter's (wood grain).
3. **Webs.** For each pair of families at least ``FAMILY_GAP_DEG`` apart, their pieces
   are drawn on a blank picture: a board's lines cross one another in one web (or,
   with stones breaking them, in pieces close together), a parquet or a keyboard in
   webs of their own. Every web with both families in it gives a four-sided outline
   (``hull_corners``), the most pieces first, then each web grown until the pieces
   near it join it; then the largest web of line response (``first_outline``).

``straightening`` gives the picture straightened by a pair's two vanishing points, where
the grid finder fits its last outlines. The grid finder (``calibration.gridfind``)
tries each outline until a lattice passes its check, so an outline around clutter
costs time, never a wrong board. ``grain`` tells where the picture is wood grain
(its edges all one way at every scale): the finder says so when it finds no board on
a picture mostly of it.
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
MAX_FAMILIES = 4  # directions looked for: the grid's two, and the clutter's (wood grain)
CLEAR_FAMILIES = 6  # and among the pieces outside the grain, where the grain's pieces
# beside a bowl, a keyboard or the board (the grain map's windows reach over them) can
# still make two families, and the keyboard's keys two more
MIN_WEB_SHARE = 0.15  # a web with both families under this share of the best is clutter
MAX_WEBS = 3  # the most webs (each at two growths) offered as outlines
GROW_SHARE = 0.6  # pieces this share of their median length apart join one web
STRAIGHT_SIDE = 1000  # the picture straightened by the vanishing points: canvas side
STRAIGHT_MARGIN = 0.05  # share of the pieces' span the canvas shows beyond them
MIN_OUTLINE_SHARE = 0.004  # an outline smaller than this share of the picture is no board
SIDE_TURN_DEG = 20.0  # outline edges turned further than this from their side cut a corner
PIECE_SHARE = 0.005  # line pieces this share of the largest web's size belong to the grid
RIDGE_ANGLES = 360  # the ridges' Hough transform: directions in half a turn,
RIDGE_VOTES = 1 / 20  # votes a run needs, as a share of the picture's longer side,
RIDGE_LENGTH = 1 / 15  # the shortest run kept, and
RIDGE_GAP = 1 / 100  # the widest gap bridged (shares of that side)
GRAIN_SCALES = (1 / 150, 1 / 75, 1 / 37.5)  # grain is looked for at these windows (shares
# of the picture's longer side: a few pixels to a large board's pitch)
GRAIN_STEP = 4  # grain is mapped on a picture this many times smaller (as fine)
GRAIN_COHERENCE = 0.85  # edges this much one way at every scale are grain (a board's
# grid, even seen with its cells 2.5 times longer one way, reaches about 0.72)


@dataclass(frozen=True)
class Families:
    """The picture's straight pieces (N × 4: x1, y1, x2, y2), which family each belongs
    to (0, 1, ..., or -1 for none), each family's vanishing point (homogeneous) and
    main direction (degrees)."""

    segments: np.ndarray
    family: np.ndarray
    points: tuple[np.ndarray, ...]
    directions: tuple[float, ...]

    def pairs(self) -> list[tuple[int, int]]:
        """The pairs of families that may be a grid's two ways (far enough apart)."""
        count = len(self.points)
        return [(i, j) for i in range(count) for j in range(i + 1, count)
                if _angle_gap(np.array([self.directions[i]]), self.directions[j])[0]
                >= FAMILY_GAP_DEG]


def detect_segments(grey: np.ndarray) -> np.ndarray:
    """The picture's straight pieces longer than noise, N × 4 (x1, y1, x2, y2)."""
    found = cv2.createLineSegmentDetector().detect(grey)[0]
    if found is None:
        return np.empty((0, 4))
    segments = found.reshape(-1, 4).astype(np.float64)
    lengths = np.hypot(segments[:, 2] - segments[:, 0], segments[:, 3] - segments[:, 1])
    shortest = max(MIN_SEGMENT_PX, MIN_SEGMENT_SHARE * max(grey.shape[:2]))
    return segments[lengths >= shortest]


def ridge_pieces(response: np.ndarray) -> np.ndarray:
    """The long straight runs of the line response's ridges, N × 4 (x1, y1, x2, y2): the
    response over Otsu's threshold, its runs collected by a probabilistic Hough
    transform (at least ``RIDGE_LENGTH`` of the picture's longer side, bridging gaps of
    ``RIDGE_GAP``). A picture enlarged two or three times (a crop around a small board)
    has its lines blurred into soft edges the line segment detector misses, but the
    black-hat response still shows each as a ridge, and a stone or a dotted print
    breaking it leaves gaps the transform bridges."""
    levels = np.clip(response, 0, 255).astype(np.uint8)
    _, mask = cv2.threshold(levels, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    side = max(response.shape[:2])
    found = cv2.HoughLinesP(mask, 1, np.pi / RIDGE_ANGLES, round(RIDGE_VOTES * side),
                            minLineLength=RIDGE_LENGTH * side, maxLineGap=RIDGE_GAP * side)
    return np.empty((0, 4)) if found is None else found.reshape(-1, 4).astype(np.float64)


def outside_grain(segments: np.ndarray, one_way: np.ndarray) -> np.ndarray:
    """The ``segments`` whose middles lie outside the picture's wood grain (``one_way``,
    the map ``grain`` makes)."""
    middles = ((segments[:, :2] + segments[:, 2:]) / 2 / GRAIN_STEP).astype(int)
    xs = np.clip(middles[:, 0], 0, one_way.shape[1] - 1)
    ys = np.clip(middles[:, 1], 0, one_way.shape[0] - 1)
    return segments[~one_way[ys, xs]]


def grain(grey: np.ndarray) -> np.ndarray:
    """Where the picture's edges run one way at every scale of ``GRAIN_SCALES`` (the
    coherence of the structure tensor over ``GRAIN_COHERENCE``), on a map
    ``GRAIN_STEP`` times smaller than the picture: wood grain, a cloth's weave,
    stripes. A board's lines cross, so its edges run two ways within a window of
    about a pitch; a single edge (a table's, a board's rim) runs one way only within a
    small window, but not within the large one around it."""
    picture = grey.astype(np.float32)
    gx = cv2.Sobel(picture, cv2.CV_32F, 1, 0)
    gy = cv2.Sobel(picture, cv2.CV_32F, 0, 1)
    size = (max(1, grey.shape[1] // GRAIN_STEP), max(1, grey.shape[0] // GRAIN_STEP))
    products = [cv2.resize(p, size, interpolation=cv2.INTER_AREA)
                for p in (gx * gx, gy * gy, gx * gy)]
    one_way = np.ones((size[1], size[0]), dtype=bool)
    for share in GRAIN_SCALES:
        sigma = share * max(grey.shape[:2]) / GRAIN_STEP
        xx, yy, xy = (cv2.GaussianBlur(p, (0, 0), sigma) for p in products)
        coherence = np.sqrt((xx - yy) ** 2 + 4 * xy ** 2) / (xx + yy + 1e-3)
        one_way &= coherence > GRAIN_COHERENCE
    return one_way


def line_families(segments: np.ndarray, size: tuple[int, int],
                  most: int = MAX_FAMILIES) -> Families | None:
    """Split ``segments`` into up to ``most`` families (module docstring), the grid's
    two among them, or ``None`` when the picture has no two families of straight
    pieces."""
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
    points, mains = [], []
    free = np.ones(len(segments), dtype=bool)
    for index in range(most):
        main = _main_direction(angles[free], lengths[free], [])
        if main is None:
            break
        near = free & (_angle_gap(angles, main) <= FAMILY_SPREAD_DEG)
        if near.sum() < MIN_FAMILY_PIECES:
            break
        point = _vanishing_point(lines, middles, direction, lengths, near, rng)
        members = near & (_pointing_error(point, middles, direction) <= np.radians(
            POINT_TOLERANCE_DEG))
        if members.sum() < MIN_FAMILY_PIECES:
            break
        family[members] = index
        free &= ~members
        mains.append(main)
        points.append(_unconditioned(point, centre, scale))
    found = Families(segments, family, tuple(points), tuple(mains))
    return found if found.pairs() else None


def family_outlines(families: Families, size: tuple[int, int]
                    ) -> list[tuple[tuple[int, int], np.ndarray]]:
    """Four-sided outlines (4 × 2, clockwise) around the webs of each pair of families'
    pieces, each with its pair, the most promising first (module docstring): the webs
    as drawn, the most pieces of both families first, then the webs grown."""
    width, height = size
    segments = families.segments
    ends = np.rint(segments).astype(np.int32)
    lengths = np.hypot(segments[:, 2] - segments[:, 0], segments[:, 3] - segments[:, 1])
    middles = np.rint((segments[:, :2] + segments[:, 2:]) / 2).astype(int)
    xs = np.clip(middles[:, 0], 0, width - 1)
    ys = np.clip(middles[:, 1], 0, height - 1)
    levels: list[list[tuple[float, tuple[int, int], np.ndarray]]] = [[], []]
    for pair in families.pairs():
        kept = np.isin(families.family, pair)
        grow = max(1, round(GROW_SHARE * float(np.median(lengths[kept]))))
        mask = np.zeros((height, width), np.uint8)
        for x1, y1, x2, y2 in ends[kept]:
            cv2.line(mask, (int(x1), int(y1)), (int(x2), int(y2)), 255, 1)
        for level, kernel in enumerate((3, 2 * grow + 1)):
            joined = cv2.dilate(mask, cv2.getStructuringElement(cv2.MORPH_RECT,
                                                                (kernel, kernel)))
            labels = cv2.connectedComponents(joined, connectivity=8)[1]
            web = np.where(kept, labels[ys, xs], 0)
            for both, quad in _web_outlines(web, families.family, pair, segments, lengths,
                                            size):
                levels[level].append((both, pair, quad))
    ranked = [(pair, quad) for level in levels
              for _both, pair, quad in sorted(level, key=lambda item: -item[0])]
    return _distinct(ranked)


def _web_outlines(web: np.ndarray, family: np.ndarray, pair: tuple[int, int],
                  segments: np.ndarray, lengths: np.ndarray, size: tuple[int, int]
                  ) -> list[tuple[float, np.ndarray]]:
    """(length of the lesser family in it, outline) of the largest webs ``web`` labels."""
    webs = []
    for label in np.unique(web[web > 0]):
        inside = web == label
        both = min(lengths[inside & (family == pair[0])].sum(),
                   lengths[inside & (family == pair[1])].sum())
        webs.append((float(both), int(label)))
    webs.sort(reverse=True)
    found = []
    for both, label in webs[:MAX_WEBS]:
        if both <= 0 or both < MIN_WEB_SHARE * webs[0][0]:
            break
        inside = web == label
        points = np.vstack([segments[inside, :2], segments[inside, 2:]])
        hull = cv2.convexHull(points.astype(np.float32)).reshape(-1, 2)
        if cv2.contourArea(hull) < MIN_OUTLINE_SHARE * size[0] * size[1]:
            continue
        try:
            found.append((both, hull_corners(hull.astype(np.float64))))
        except (RegistrationError, ValueError, np.linalg.LinAlgError):
            continue
    return found


def candidate_outlines(families: Families | None, response: np.ndarray,
                       size: tuple[int, int]
                       ) -> tuple[list[np.ndarray], tuple[int, int] | None]:
    """The outlines worth fitting a lattice in, the likeliest first: around each web of
    two families of straight pieces (a board among clutter, at a steep angle), then
    around the largest web of line response (``first_outline``); and the pair of
    families of the likeliest web (``None`` without one)."""
    webs = family_outlines(families, size) if families is not None else []
    outlines = [quad for _pair, quad in webs]
    try:
        outlines.append(first_outline(response))
    except RegistrationError:
        pass
    return [quad for quad in outlines if plausible(quad, size)], (webs[0][0] if webs else None)


def plausible(quad: np.ndarray, size: tuple[int, int]) -> bool:
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
    kept = np.zeros(count, bool)
    kept[1 + np.flatnonzero(areas >= PIECE_SHARE * areas.max())] = True
    hull = cv2.convexHull(_row_ends(kept[labels]))
    if cv2.contourArea(hull) < 0.02 * response.size:
        raise RegistrationError("No board-sized grid of lines found in the picture.")
    return hull_corners(hull.reshape(-1, 2).astype(np.float64))


def _row_ends(inside: np.ndarray) -> np.ndarray:
    """The first and last place (x, y; int32) of each row of the mask ``inside`` that
    holds any: the convex hull of these is that of every place in the mask, found from
    two points a row instead of every pixel of the lines."""
    rows = np.flatnonzero(inside.any(axis=1))
    held = inside[rows]
    first = held.argmax(axis=1)
    last = held.shape[1] - 1 - held[:, ::-1].argmax(axis=1)
    xs = np.column_stack([first, last]).ravel()
    return np.column_stack([xs, np.repeat(rows, 2)]).astype(np.int32)


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
    return upright(np.array(corners) @ rotation + centre)  # the picture's frame


def straightening(families: Families, pair: tuple[int, int], size: tuple[int, int]
                  ) -> tuple[np.ndarray, tuple[int, int]] | None:
    """The homography that straightens the picture by the ``pair`` of families' vanishing
    points (the first's pieces vertical, the second's horizontal: a board's lines lie evenly spaced
    along each axis), onto a canvas about ``STRAIGHT_SIDE`` pixels around the pieces;
    and the canvas size. ``None`` if the two points do not straighten the picture."""
    centre = np.array([size[0] / 2, size[1] / 2, 1.0])
    basis = np.column_stack([families.points[pair[1]], families.points[pair[0]], centre])
    if abs(np.linalg.det(basis)) < 1e-12:
        return None
    to_flat = np.linalg.inv(basis)
    kept = np.isin(families.family, pair)
    ends = np.vstack([families.segments[kept, :2], families.segments[kept, 2:]])
    flat = ends @ to_flat[:, :2].T + to_flat[:, 2]
    if (flat[:, 2] <= 1e-12).any() != (flat[:, 2] < -1e-12).all():
        return None  # the vanishing line crosses the pieces: no board lies there
    flat = flat[:, :2] / flat[:, 2:]
    low, high = np.percentile(flat, [2, 98], axis=0)
    span = high - low
    if not (np.isfinite(span).all() and (span > 0).all()):
        return None
    low, high = low - STRAIGHT_MARGIN * span, high + STRAIGHT_MARGIN * span
    scale = STRAIGHT_SIDE / (high - low)
    fit = np.array([[scale[0], 0, -low[0] * scale[0]], [0, scale[1], -low[1] * scale[1]],
                    [0, 0, 1]])
    return fit @ to_flat, (STRAIGHT_SIDE, STRAIGHT_SIDE)


def upright(quad: np.ndarray) -> np.ndarray:
    """``quad``'s corners clockwise from the left end of its side highest in the
    picture (y down)."""
    quad = order_clockwise(quad)
    start = int(np.argmin([(quad[i, 1] + quad[(i + 1) % 4, 1]) for i in range(4)]))
    return np.roll(quad, -start, axis=0)


def _distinct(outlines: list[tuple[tuple[int, int], np.ndarray]]
              ) -> list[tuple[tuple[int, int], np.ndarray]]:
    """``outlines`` without those within a few percent of one listed before."""
    kept: list[tuple[tuple[int, int], np.ndarray]] = []
    for pair, quad in outlines:
        reach = 0.03 * np.linalg.norm(quad.max(axis=0) - quad.min(axis=0))
        if all(np.abs(quad - other).max() > reach for _pair, other in kept):
            kept.append((pair, quad))
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
    # Many pieces pointing at a point outweigh a few long ones (a sofa's, a table's
    # edge): each piece counts by the square root of its length.
    scores = (sine <= np.sin(tolerance)) @ np.sqrt(lengths[index])
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

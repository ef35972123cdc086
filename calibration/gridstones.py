"""Find a Go board covered in stones by its stones, where its lines hardly show.

A late game hides most of a board's lines under stones; what shows of them are short
pieces between the stones, and the gaps between four stones make a lattice of their
own half a pitch over. The grid finder (``calibration.gridfind``) then finds no board.
The stones themselves lie on the board's lattice, and are easier to see than lines:

1. **Spots.** Round dark and light spots (a difference of Gaussians, at each of a
   few scales, the picture ``WORK_SIDE_PX`` on its longer side; an edge, which
   curves one way only, is no spot): black stones are dark spots, white stones light
   ones. The gaps between stones are spots too, of the other sign (the board between
   white stones is darker than they are); so are a lamp's highlight and a stone's
   dark side. The spots' shades fall in three groups, black stones, the board and
   white stones (k-means): a dark spot of the board's shade, or a light one, is a
   gap and is left out. In a crop around a board's crosshatch (the grid finder's
   closer look) only the spots near that region are taken: a grained table's spots
   beside a small board, as dark as black stones, otherwise grow its lattice onto the
   table.
2. **A first cell.** A spot and three of its neighbours of the same sign that make a
   cell of a lattice whose pitch suits the scale: two sides about as long as each
   other, not too far from square, and a spot at the fourth corner.
3. **Growing.** From the cell, each neighbour on the lattice is looked for where the
   last step across the lattice that way says it is (so the lattice may shrink and
   turn with the perspective as it grows), among the spots within ``SNAP`` of a
   pitch. Then a homography from lattice places to spots is fitted (RANSAC), every
   spot within ``SNAP`` of a place it puts is taken, and it is fitted again. The
   seed, and the scale, with the most spots win.
4. **Stones or gaps.** Should the lattice still be that of the gaps, half a pitch
   over on both axes, the picture's shade there varies less from place to place
   (the board, everywhere) than on the stones' (black and white): the lattice whose
   places differ more is the stones'.
5. **Near and far stones.** A board seen at an angle has near stones far larger in the
   picture than its far ones (twice, at 35-40° from the vertical): one scale's spots
   may cover only part of it, and the homography fitted there, carried over the rest,
   misses those stones by up to a pitch. The lattice is spread over the spots of every
   scale whose pitch band (``PITCH_PER_SIGMA``) holds its pitch where they lie: within
   ``SNAP`` of a place (the nearest, one a place), fitted again, for
   ``SPREAD_ROUNDS`` rounds or until no place is added.
6. **The board's extent.** Rows and columns holding few spots (the table, a bowl,
   the board's rim) are left out (``on_held_lines``; in a crop around a board's
   crosshatch, so are they before the lattice's span is judged: a few spots beside
   the board no longer make it "finer than any board's"). The board has 9, 13 or 19
   lines (the geometries asked for): the smallest is taken that holds all but
   ``OUTSIDE_SHARE`` of the spots and is filled by its stones to ``MIN_FILLED`` (a
   board with fewer stones shows its lines, and the grid finder finds it by them),
   with stones on
   ``MIN_LINES_HELD`` of its lines each way (a game's stones spread over the board;
   a keyboard's rows of keys do not). Along each axis it lies
   where it holds the most spots; of the ways holding nearly as many (an empty edge
   line), the way whose lines show most as lines, crossed by the lines the other
   way (the black-hat line response), and whose lines just beyond show least (the
   board's edge looks like a line, but none cross it) wins.
7. **Check.** The stones must lie within ``MAX_RESIDUAL`` of a pitch of their lattice
   (spots of noise fit one only roughly), and its cell may not be stretched more
   than ``MAX_CELL_STRETCH`` one way.

The homography maps the picture to the board's spaces as the grid finder's does
(``Registration`` with method "stones"). A stone's top stands a few millimetres above
the board: the spots are its top's middle, a small part of a pitch off the crossing
when the camera looks at an angle. Every threshold is a named constant here.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

import cv2
import numpy as np

from calibration.gridlines import line_parts
from calibration.gridoutline import upright
from calibration.registration import Registration, RegistrationError, rms_residual
from companion.geometry import Geometry

METHOD = "stones"  # the method of a Registration found by its stones
WORK_SIDE_PX = 800  # stones are looked for at this size (longer side): they are large
SIGMAS = (3.0, 3.8, 4.7, 5.9, 7.4, 9.2, 11.5, 14.4)  # spot scales tried (working px)
DOG_RATIO = 1.6  # the wider Gaussian of the difference, over the narrower
SPOT_FLOOR = 3.0  # a spot stands at least this far (grey levels) over its surround,
SPOT_SHARE = 0.2  # and at least this share of the picture's strongest spots
EDGE_RATIO = 5.0  # a spot curving this many times more one way than the other is an edge
PITCH_PER_SIGMA = (3.0, 5.0)  # a lattice's pitch, in spot scales, lies in this range
NEIGHBOURS = 12  # nearest spots kept for each spot
CELL_SQUARE = 0.35  # a first cell's sides may differ in length by this share
CELL_ANGLE_DEG = 35.0  # and be this far from a right angle
SNAP = 0.3  # a spot this share of a pitch from a lattice place lies on it
SEEDS = 8  # first cells tried at each scale
MIN_SPOTS = 30  # a lattice of fewer spots is no board covered in stones
MAX_SPOTS = 1500  # more stone-like spots at one scale than four 19x19 boards' stones
MIN_FILLED = 0.4  # stones fill at least this share of the board's points
MIN_LINES_HELD = 0.7  # and lie on at least this share of its lines each way (a game's
# stones spread over the board; a keyboard's five rows of keys fill half a 9x9 board)
OUTSIDE_SHARE = 0.08  # spots off the board (a bowl's stones, its rim) at most this share
SPARSE_SHARE = 0.3  # a line holding under this share of a typical line's spots is off
TIE_SHARE = 0.5  # ways holding this share of a typical line's stones fewer are as good
MAX_RESIDUAL = 0.2  # stones lie this near their lattice (measured: at most 0.16 of a
# pitch on real and rendered boards; spots of noise that happen to fit one, 0.24)
MAX_CELL_STRETCH = 2.5  # a cell seen longer one way than the other by more is no board
REFITS = 2
SHADE_ROUNDS = 8  # rounds of grouping the spots' shades (k-means, three groups)
MAX_SPAN = 2.0  # a lattice of spots spanning this many times the largest board's lines
# is a finer pattern (a board's lines and the middles of its cells, a cloth's weave)
PHASE_BLUR = 0.12  # stones and gaps are told apart on the picture blurred by this
# share of a pitch (a lamp's highlight on a stone is smaller)
WITHIN_MARGIN = 0.2  # spots this share of a region's size beyond it are still looked at
# (in a crop around a board's crosshatch, the region's edge blurs the board's by a window)
SPREAD_ROUNDS = 4  # rounds of taking the spots of every scale that fits the lattice
SEED = 11  # the first cells are drawn seeded: the same picture gives the same board


def find_by_stones(grey: np.ndarray, response: np.ndarray, scale: float,
                   geometries: Sequence[Geometry], within: np.ndarray | None = None
                   ) -> tuple[Geometry, Registration]:
    """Register whichever of ``geometries`` the stones in ``grey`` (the grid finder's
    working picture, ``scale`` times the original, and its line ``response``) lie on;
    with ``within`` (x0, y0, x1, y1 in ``grey``'s pixels: where a board was seen to
    be), only the spots there and ``WITHIN_MARGIN`` of its size around it.
    Raises RegistrationError when no lattice of stones is found or it fits no board."""
    shrink = min(1.0, WORK_SIDE_PX / max(grey.shape[:2]))
    small = cv2.resize(grey, None, fx=shrink, fy=shrink, interpolation=cv2.INTER_AREA)
    lattices = []
    every = []  # each scale's stone spots and the scale: the lattice spreads over them
    image = small.astype(np.float32)
    for sigma in SIGMAS:
        narrow = cv2.GaussianBlur(image, (0, 0), sigma)  # the spots' and their shades'
        spots, signs = find_spots(image, sigma, narrow)
        if within is not None:
            spots, signs = _near_box(spots, signs, np.asarray(within, np.float64) * shrink)
        spots, signs = stones_only(narrow, spots, signs)
        if len(spots) <= MAX_SPOTS:  # too many: a texture's grain
            every.append((spots, sigma))
        if not MIN_SPOTS <= len(spots) <= MAX_SPOTS:
            continue
        found = grow_lattice(spots, signs, sigma)
        if found is not None:
            lattices.append((*found, spots))
    if not lattices:
        raise RegistrationError("No lattice of stones found in the picture: no board "
                                "covered in stones is in view.")
    # The scale whose lattice holds the most stones (of two alike, the larger).
    most = max(len(found[0]) for found in lattices)
    places, pixels, to_pixels, spots = [found for found in lattices
                                        if len(found[0]) == most][-1]
    widest = max(max(len(axis) for axis in _points(g)) for g in geometries)
    if within is not None:  # in a crop around the board: a few spots off it set aside
        held = on_held_lines(places)
        spanned = held if len(held) else places
    else:  # in the whole picture, spots all over: the closer look places the stones better
        spanned = places
    if (np.ptp(spanned, axis=0) >= MAX_SPAN * widest).any():
        raise RegistrationError("The spots found lie on a lattice finer than any board's: "
                                "no board covered in stones is in view.")
    places, pixels, to_pixels = stone_phase(small, spots, places, pixels, to_pixels)
    places, pixels, to_pixels = across_scales(every, places, pixels, to_pixels)
    to_work = np.diag([1 / shrink, 1 / shrink, 1.0]) @ to_pixels
    geometry, origin = board_extent(places, response, to_work, geometries)
    return geometry, _registration(geometry, origin, places, pixels / shrink, scale)


def across_scales(every: Sequence[tuple[np.ndarray, float]], places: np.ndarray,
                  pixels: np.ndarray, to_pixels: np.ndarray
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The lattice grown over the stones of every spot scale each fits (module
    docstring, step 5): ``every`` holds each scale's stone spots and the scale. A board
    seen at an angle has near stones far larger than its far ones, and the spots of one
    scale cover only part of it; the homography fitted there, carried over the rest,
    misses the stones there by up to a pitch. A spot of a scale whose pitch band
    (``PITCH_PER_SIGMA``) holds the lattice's pitch where it lies is taken when within
    ``SNAP`` of a place (the nearest, one a place), and the homography fitted again,
    ``SPREAD_ROUNDS`` times or until no place is added."""
    spots = np.vstack([found for found, _ in every])
    sigmas = np.concatenate([np.full(len(found), sigma) for found, sigma in every])
    for _ in range(SPREAD_ROUNDS):
        at = cv2.perspectiveTransform(spots.reshape(-1, 1, 2), np.linalg.inv(to_pixels))
        rounded = np.rint(at.reshape(-1, 2))
        back, across, down = (cv2.perspectiveTransform((rounded + step).reshape(-1, 1, 2),
                                                       to_pixels).reshape(-1, 2)
                              for step in ([0, 0], [1, 0], [0, 1]))
        pitch = np.sqrt(np.linalg.norm(across - back, axis=1)
                        * np.linalg.norm(down - back, axis=1))
        off = np.linalg.norm(back - spots, axis=1) / np.maximum(pitch, 1e-6)
        fits = (pitch >= PITCH_PER_SIGMA[0] * sigmas) & (pitch <= PITCH_PER_SIGMA[1] * sigmas)
        on = np.flatnonzero(np.isfinite(off) & (off < SNAP) & fits)
        order = on[np.argsort(off[on])]
        _unique, first = np.unique(rounded[order], axis=0, return_index=True)
        chosen = order[first]
        if len(chosen) <= len(places):
            break
        fitted, _ = cv2.findHomography(rounded[chosen], spots[chosen], cv2.LMEDS)
        if fitted is None:
            break
        places, pixels, to_pixels = rounded[chosen], spots[chosen], fitted
    return places, pixels, to_pixels


def _near_box(spots: np.ndarray, signs: np.ndarray, box: np.ndarray
              ) -> tuple[np.ndarray, np.ndarray]:
    """The spots inside ``box`` (x0, y0, x1, y1) grown by ``WITHIN_MARGIN`` of its size
    each way."""
    reach = WITHIN_MARGIN * (box[2:] - box[:2])
    keep = ((spots >= box[:2] - reach) & (spots <= box[2:] + reach)).all(axis=1)
    return spots[keep], signs[keep]


def find_spots(image: np.ndarray, sigma: float, narrow: np.ndarray
               ) -> tuple[np.ndarray, np.ndarray]:
    """Centres (N × 2) of the round dark and light spots about ``sigma`` across in
    ``image`` (float32; ``narrow``: it blurred by ``sigma``), and their signs (+1 dark,
    -1 light)."""
    wide = cv2.GaussianBlur(image, (0, 0), sigma * DOG_RATIO)
    difference = wide - narrow  # a dark spot stands above zero, a light one below
    side = 2 * int(round(sigma * 1.4)) + 1
    kernel = np.ones((side, side), np.uint8)
    floor = max(SPOT_FLOOR, SPOT_SHARE * float(np.percentile(np.abs(difference), 99.5)))
    # A spot is round: the two curvatures of the difference there are alike (an edge,
    # the board's rim or a shadow's, curves one way only).
    dxx = cv2.Sobel(difference, cv2.CV_32F, 2, 0, ksize=3)
    dyy = cv2.Sobel(difference, cv2.CV_32F, 0, 2, ksize=3)
    dxy = cv2.Sobel(difference, cv2.CV_32F, 1, 1, ksize=3)
    determinant = dxx * dyy - dxy ** 2
    round_enough = (determinant > 0) & ((dxx + dyy) ** 2 < (EDGE_RATIO + 1) ** 2 / EDGE_RATIO
                                        * determinant)
    centres, signs = [], []
    for sign in (1, -1):
        signed = sign * difference
        peak = (signed >= cv2.dilate(signed, kernel)) & (signed > floor) & round_enough
        ys, xs = np.nonzero(peak)
        centres.append(np.column_stack([xs, ys]).astype(np.float64))
        signs.append(np.full(len(xs), sign))
    return np.vstack(centres), np.concatenate(signs)


def stones_only(smooth: np.ndarray, spots: np.ndarray, signs: np.ndarray
                ) -> tuple[np.ndarray, np.ndarray]:
    """The spots that are stones, not the board seen between stones: the spots' shades
    (``smooth``: the picture blurred at their scale) fall in three groups, black
    stones, the board and white stones; a dark spot of the board's shade is a gap
    between white stones, a light one a gap between black stones."""
    if len(spots) < 3:
        return spots, signs
    shades = smooth[spots[:, 1].astype(int), spots[:, 0].astype(int)]
    centres = np.percentile(shades, [5, 50, 95]).astype(np.float64)
    for _ in range(SHADE_ROUNDS):
        group = np.argmin(np.abs(shades[:, None] - centres[None]), axis=1)
        centres = np.array([shades[group == k].mean() if (group == k).any() else centres[k]
                            for k in range(3)])
    group = np.argmin(np.abs(shades[:, None] - centres[None]), axis=1)
    stone = ((signs > 0) & (group == 0)) | ((signs < 0) & (group == 2))
    return spots[stone], signs[stone]


def _nearest(points: np.ndarray, count: int) -> np.ndarray:
    """Indices of each point's ``count`` nearest other points (N × count)."""
    count = min(count, len(points) - 1)
    distance = np.linalg.norm(points[:, None, :] - points[None, :, :], axis=-1)
    np.fill_diagonal(distance, np.inf)
    nearest = np.argpartition(distance, count - 1, axis=1)[:, :count]
    order = np.argsort(np.take_along_axis(distance, nearest, axis=1), axis=1)
    return np.take_along_axis(nearest, order, axis=1)


def first_cells(spots: np.ndarray, signs: np.ndarray, sigma: float,
                rng: np.random.Generator) -> list[tuple[int, np.ndarray, np.ndarray]]:
    """Up to ``SEEDS`` first cells: (spot, one side, the other side), each a spot and
    two neighbours of its sign at a lattice's pitch with a spot at the fourth corner."""
    low, high = PITCH_PER_SIGMA[0] * sigma, PITCH_PER_SIGMA[1] * sigma
    cells = []
    for sign in (1, -1):
        own = np.flatnonzero(signs == sign)
        if len(own) < 4:
            continue
        points = spots[own]
        near = _nearest(points, 6)
        for k in rng.permutation(len(own))[:4 * SEEDS]:
            cell = _cell(points, near, k, low, high)
            if cell is not None:
                cells.append((int(own[k]), *cell))
            if len(cells) >= SEEDS * (2 if sign < 0 else 1):
                break
    return cells


def _cell(points: np.ndarray, near: np.ndarray, k: int, low: float, high: float
          ) -> tuple[np.ndarray, np.ndarray] | None:
    """The two sides of a cell of the lattice at ``points[k]`` (None if none)."""
    vectors = points[near[k]] - points[k]
    lengths = np.linalg.norm(vectors, axis=1)
    usable = np.flatnonzero((lengths >= low) & (lengths <= high))
    for i in usable:
        for j in usable:
            if j <= i:
                continue
            a, b = vectors[i], vectors[j]
            ratio = lengths[i] / lengths[j]
            angle = np.degrees(np.arccos(np.clip(a @ b / (lengths[i] * lengths[j]), -1, 1)))
            if abs(ratio - 1) > CELL_SQUARE or abs(angle - 90) > CELL_ANGLE_DEG:
                continue
            corner = points[k] + a + b
            if np.linalg.norm(points - corner, axis=1).min() < SNAP * min(lengths[i], lengths[j]):
                return a, b
    return None


def grow_lattice(spots: np.ndarray, signs: np.ndarray, sigma: float
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """The largest lattice of spots grown from a first cell: (lattice places N × 2,
    spots N × 2, the homography from places to pixels), or None."""
    rng = np.random.default_rng(SEED)
    near = _nearest(spots, NEIGHBOURS)
    best = None
    grown_on: set[int] = set()
    for seed, a, b in first_cells(spots, signs, sigma, rng):
        if seed in grown_on:  # that lattice is grown already
            continue
        grown = _grow(spots, near, seed, a, b)
        grown_on.update(grown.values())
        if len(grown) < MIN_SPOTS or (best is not None and len(grown) <= len(best[0])):
            continue
        fitted = _fit(spots, grown, float(np.linalg.norm(a) + np.linalg.norm(b)) / 2)
        if fitted is not None and (best is None or len(fitted[0]) > len(best[0])):
            best = fitted
    return best


def _grow(spots: np.ndarray, near: np.ndarray, seed: int, a: np.ndarray, b: np.ndarray
          ) -> dict[tuple[int, int], int]:
    """Lattice place -> spot, grown step by step from ``seed`` with sides ``a``, ``b``:
    each step looks for a spot where the step that led there, repeated, puts it."""
    placed = {(0, 0): seed}
    taken = {seed}
    sides = {seed: (a, b)}
    queue = deque([(0, 0)])
    while queue:
        place = queue.popleft()
        here = placed[place]
        side_a, side_b = sides[here]
        for step, (di, dj) in ((side_a, (1, 0)), (-side_a, (-1, 0)), (side_b, (0, 1)),
                               (-side_b, (0, -1))):
            target = (place[0] + di, place[1] + dj)
            if target in placed:
                continue
            guess = spots[here] + step
            candidates = near[here]
            offsets = spots[candidates] - guess
            distance = offsets[:, 0] ** 2 + offsets[:, 1] ** 2
            k = int(distance.argmin())
            spot = int(candidates[k])
            if distance[k] > SNAP ** 2 * (step[0] ** 2 + step[1] ** 2) or spot in taken:
                continue
            moved = spots[spot] - spots[here]
            placed[target] = spot
            taken.add(spot)
            sides[spot] = ((moved * di, side_b) if di else (side_a, moved * dj))
            queue.append(target)
    return placed


def _fit(spots: np.ndarray, grown: dict[tuple[int, int], int], pitch: float
         ) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """Fit a homography from the lattice places to the spots grown on them (RANSAC),
    then take every spot on the lattice it puts (``snap``)."""
    places = np.array(list(grown), dtype=np.float64)
    pixels = spots[list(grown.values())]
    to_pixels, _ = cv2.findHomography(places, pixels, cv2.RANSAC, pitch * SNAP)
    if to_pixels is None:
        return None
    return snap(spots, to_pixels)


def snap(spots: np.ndarray, to_pixels: np.ndarray
         ) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """The spots within ``SNAP`` of a lattice place ``to_pixels`` puts (one per place,
    the nearest), with the homography fitted again on them, ``REFITS`` times."""
    places = pixels = np.empty((0, 2))
    for _ in range(REFITS):
        try:
            to_places = np.linalg.inv(to_pixels)
        except np.linalg.LinAlgError:
            return None
        at = cv2.perspectiveTransform(spots.reshape(-1, 1, 2), to_places).reshape(-1, 2)
        rounded = np.rint(at)
        back = cv2.perspectiveTransform(rounded.reshape(-1, 1, 2), to_pixels).reshape(-1, 2)
        step = cv2.perspectiveTransform((rounded + [1, 0]).reshape(-1, 1, 2),
                                        to_pixels).reshape(-1, 2)
        off = np.linalg.norm(back - spots, axis=1) / np.maximum(
            np.linalg.norm(step - back, axis=1), 1e-6)
        on = np.flatnonzero(np.isfinite(off) & (off < SNAP))
        # One spot per place: the nearest.
        order = on[np.argsort(off[on])]
        _unique, first = np.unique(rounded[order], axis=0, return_index=True)
        chosen = order[first]
        if len(chosen) < MIN_SPOTS:
            return None
        places, pixels = rounded[chosen], spots[chosen]
        to_pixels, _ = cv2.findHomography(places, pixels, cv2.LMEDS)
        if to_pixels is None:
            return None
    return places, pixels, to_pixels


def _pitch(to_pixels: np.ndarray, places: np.ndarray) -> float:
    """The lattice's pitch in pixels at the middle of ``places``."""
    middle = places.mean(axis=0)
    ends = np.array([middle, middle + [1, 0], middle + [0, 1]])
    seen = cv2.perspectiveTransform(ends.reshape(-1, 1, 2), to_pixels).reshape(-1, 2)
    return float(np.linalg.norm(seen[1:] - seen[0], axis=1).mean())


def stone_phase(grey: np.ndarray, spots: np.ndarray, places: np.ndarray, pixels: np.ndarray,
                to_pixels: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The lattice of the stones, not of the gaps between them (module docstring,
    step 4): the places, the spots on them and the homography, of the lattice given
    or of the one half a pitch over on both axes, whichever the stones lie on."""
    low, high = places.min(axis=0), places.max(axis=0)
    grid = np.stack(np.meshgrid(np.arange(low[0], high[0] + 1), np.arange(low[1], high[1] + 1)),
                    axis=-1).reshape(-1, 2).astype(np.float64)
    pitch = _pitch(to_pixels, places)
    smooth = cv2.GaussianBlur(grey.astype(np.float32), (0, 0), max(1.0, PHASE_BLUR * pitch))
    spread = []
    for offset in (0.0, 0.5):
        at = cv2.perspectiveTransform((grid + offset).reshape(-1, 1, 2), to_pixels)
        values = cv2.remap(smooth, at[..., 0].astype(np.float32), at[..., 1].astype(np.float32),
                           cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        spread.append(float(np.std(values)))
    if spread[1] <= spread[0]:
        return places, pixels, to_pixels
    shifted = to_pixels @ np.array([[1, 0, 0.5], [0, 1, 0.5], [0, 0, 1]])
    found = snap(spots, shifted)
    if found is None:
        raise RegistrationError("The stones found do not lie on one lattice.")
    return found


def board_extent(places: np.ndarray, response: np.ndarray, to_work: np.ndarray,
                 geometries: Sequence[Geometry]) -> tuple[Geometry, np.ndarray]:
    """Which board the stones at lattice ``places`` lie on, and the lattice place of its
    first point (module docstring, step 6). Lines holding under ``SPARSE_SHARE`` of a
    typical line's spots are left out first: spots on the table, a bowl, the board's
    rim (an edge line of the board nearly empty is then found by its line)."""
    places = on_held_lines(places)
    if len(places) < MIN_SPOTS:
        raise RegistrationError("Too few stones found in rows and columns of stones to "
                                "place a board by.")
    low = places.min(axis=0).astype(int)
    counts = [np.bincount(places[:, axis].astype(int) - low[axis]) for axis in (0, 1)]
    sizes = sorted(((len(_points(g)[0]), len(_points(g)[1])), g) for g in geometries)
    failure = "fits no board asked for"
    for (columns, rows), geometry in sizes:
        origin = []
        for axis, count in enumerate((columns, rows)):
            first = _window(counts[axis], count, response, to_work, low, axis,
                            len(counts[1 - axis]))
            if first is None:
                break
            origin.append(low[axis] + first)
        if len(origin) < 2:
            continue
        inside = ((places >= origin) & (places < np.array(origin) + [columns, rows])).all(axis=1)
        if inside.sum() < MIN_FILLED * columns * rows:
            failure = (f"covers only {inside.sum()} of the {columns}x{rows} board's "
                       f"{columns * rows} points")
            continue
        held = [len(np.unique(places[inside, axis])) / count
                for axis, count in enumerate((columns, rows))]
        if min(held) < MIN_LINES_HELD:
            failure = (f"holds stones on only {min(held):.0%} of the {columns}x{rows} "
                       "board's lines one way")
            continue
        if (~inside).sum() > OUTSIDE_SHARE * inside.sum():
            continue
        return geometry, np.array(origin, dtype=np.float64)
    spans = [int(np.count_nonzero(c)) for c in counts]
    raise RegistrationError(f"The lattice of stones found ({spans[0]} by {spans[1]} lines) "
                            f"{failure}.")


def on_held_lines(places: np.ndarray) -> np.ndarray:
    """The lattice ``places`` on lines holding at least ``SPARSE_SHARE`` of a typical
    line's spots, each way in turn (a spot on the table, a bowl or the board's rim lies
    on a line of its own)."""
    for axis in (0, 1):
        lines, held = np.unique(places[:, axis], return_counts=True)
        sparse = lines[held < SPARSE_SHARE * np.median(held)]
        places = places[~np.isin(places[:, axis], sparse)]
    return places


def _window(counts: np.ndarray, count: int, response: np.ndarray, to_work: np.ndarray,
            low: np.ndarray, axis: int, across: int) -> int | None:
    """Where the board's ``count`` lines lie along ``axis`` among lines holding
    ``counts`` stones (the first line's index into ``counts``; None where no place
    leaves few enough stones beyond it): as many stones inside as may be; of the ways
    holding nearly as many, the one whose lines show most as lines and whose line just
    beyond each end least (an empty edge line shows, the board's margin does not)."""
    padded = np.concatenate([np.zeros(count), counts, np.zeros(count)])
    firsts = np.arange(-count + 1, len(counts))
    inside = np.array([padded[f + count:f + 2 * count].sum() for f in firsts])
    typical = float(np.median(counts[counts > 0])) if (counts > 0).any() else 0.0
    near = firsts[inside >= inside.max() - TIE_SHARE * typical]
    near = near[(counts.sum() - inside[near + count - 1]) <= OUTSIDE_SHARE * inside.max()]
    if len(near) == 0:
        return None
    if len(near) == 1:
        return int(near[0])
    lines = np.arange(near.min() - 1, near.max() + count + 1) + low[axis]
    other = low[1 - axis] + np.arange(across, dtype=np.float64)
    lines = lines.astype(np.float64)
    xs, ys = (lines, other) if axis == 0 else (other, lines)
    # A line's own response, and that of the lines the other way where they cross it:
    # the board's edge beyond its last line looks like a line, but none cross it.
    (own_x, cross_x), (own_y, cross_y) = line_parts(response, to_work, xs, ys, 0)
    own = own_x + cross_x if axis == 0 else own_y + cross_y
    scores = [own[f - near.min() + 1:f - near.min() + 1 + count].sum()
              - own[f - near.min()] - own[f - near.min() + count + 1] for f in near]
    return int(near[int(np.argmax(scores))])


def _points(geometry: Geometry) -> tuple[np.ndarray, np.ndarray]:
    """The x and y positions (mm) of the board's points, where stones stand."""
    xs = sorted({s.x_mm for s in geometry.spaces()})
    ys = sorted({s.y_mm for s in geometry.spaces()})
    return np.array(xs, dtype=np.float64), np.array(ys, dtype=np.float64)


def _registration(geometry: Geometry, origin: np.ndarray, places: np.ndarray,
                  pixels: np.ndarray, scale: float) -> Registration:
    """Picture -> board mm, fitted on every stone on the board (``pixels`` at working
    scale), the board's first point at the picture's top left as the grid finder puts
    it (a plain board's way round cannot be seen), never a mirror image."""
    xs, ys = _points(geometry)
    size = np.array([len(xs), len(ys)])
    local = places - origin
    on = ((local >= 0) & (local < size)).all(axis=1)
    local, pixels = local[on], pixels[on]
    to_pixels, _ = cv2.findHomography(local, pixels, 0)
    if to_pixels is None:
        raise RegistrationError("The stones found do not agree on one board.")
    middle = (size - 1) / 2
    steps = np.array([middle, middle + [1, 0], middle + [0, 1]])
    seen = cv2.perspectiveTransform(steps.reshape(-1, 1, 2), to_pixels).reshape(-1, 2)
    across, down = np.linalg.norm(seen[1:] - seen[0], axis=1)
    if max(across, down) > MAX_CELL_STRETCH * max(min(across, down), 1e-9):
        raise RegistrationError("The lattice of stones found is much longer one way than "
                                "the other: no board seen by a camera looks so.")
    ends = size - 1
    corners = np.array([[0, 0], [ends[0], 0], [ends[0], ends[1]], [0, ends[1]]], np.float64)
    seen = cv2.perspectiveTransform(corners.reshape(-1, 1, 2), to_pixels).reshape(-1, 2)
    edges = np.roll(seen, -1, axis=0) - seen
    if edges[0, 0] * edges[1, 1] - edges[0, 1] * edges[1, 0] < 0:  # mirrored: swap axes
        local, corners = local[:, ::-1], corners[:, ::-1]
        seen, corners = seen[[0, 3, 2, 1]], corners[[0, 3, 2, 1]]
    first = int(np.argmin(np.abs(upright(seen)[0] - seen).sum(axis=1)))
    # Turn the lattice so that its corner seen first (top left) is the board's first.
    for _ in range(first if size[0] == size[1] else 2 * (first // 2)):
        local = np.column_stack([local[:, 1], ends[0] - local[:, 0]])
    pitch = np.array([np.diff(xs).mean(), np.diff(ys).mean()])
    board = np.array([xs[0], ys[0]]) + local * pitch
    to_board, _ = cv2.findHomography(pixels, board, 0)
    if to_board is None:
        raise RegistrationError("The stones found do not agree on one board.")
    residual = rms_residual(to_board, pixels, board)
    if residual > MAX_RESIDUAL * pitch.min():
        raise RegistrationError("The spots found lie only roughly on a lattice: no board "
                                "covered in stones is in view.")
    full = to_board @ np.diag([scale, scale, 1.0])
    share = len(board) / (len(xs) * len(ys))
    confidence = float(np.clip(share, 0, 1) * np.clip(1 - residual / (0.25 * pitch.min()), 0, 1))
    return Registration(full / full[2, 2], "mm", METHOD, confidence, residual, ())

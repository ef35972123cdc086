"""Where a board too small to be found at the working size may lie, and the part of the
full picture to search again for it, closer (the grid finder's coarse-to-fine pass).

The grid finder searches a picture shrunk to ``WORK_SIDE_PX`` on its longer side. A
19×19 board a third of a 1080p frame has its lines about 12 pixels apart there, one
pixel wide or less: they fade, and no lattice is fitted to them. They still show as a
*crosshatch*: in a window a few pitches wide the line response's edges run strongly two
ways at once. Wood grain and a table's edge run one way, a cloth or noise no way in
particular, a bowl's rim one way within such a window. So:

1. **Crosshatch.** The line response's gradient, split into ``DIRECTIONS`` bins of
   direction, is summed over windows ``HATCH_WINDOW`` of the picture's side; where
   the strongest direction is, the crosshatch is the strongest direction at least
   ``CROSS_GAP_DEG`` from it (its edges' energy): high on a board's lines and on a
   keyboard's keys, low on grain, cloth and a bowl.
2. **Regions.** The crosshatch over ``HATCH_SHARE`` of its highest, in connected
   regions at least ``MIN_REGION_SHARE`` of the picture's side across whose
   crosshatch is at least ``TWO_WAYS`` of all their edges (wood grain's is not), the
   strongest (their crosshatch summed) first, at most ``MAX_REGIONS``, in rounds:
   each round's threshold is that share of the highest crosshatch outside the regions
   taken before (a keyboard's bold keys would otherwise hide a board's fine lines). A
   region two things make, joined by a neck narrower than ``NECK_WINDOWS`` windows (a
   board lying against a keyboard), is split there.
3. **Crops.** Each region with ``CROP_MARGIN`` of its size around it each way, in the
   full picture, when that is at most ``1 / MIN_ZOOM`` of the working size (searched
   at the working size, it then shows the board at least ``MIN_ZOOM`` times larger).

A board found at the working size with its crossings under ``FINE_PITCH_PX`` apart
somewhere (a small board seen at an angle, its far lines blurred together) is searched
again the same way in the part of the full picture ``around`` it: its checks could not
tell its lines' places there (a thick board's near rim was taken for its last line,
its far first line missed: one line off).

The finder searches each crop as a picture of its own (every check as usual, the
independent one on the crop's own line response, closer than the whole picture's),
trying there only the outlines ``over`` the region the crop is around (the clutter
beside it had its outlines tried in the whole picture already), and keeps a board
found there only when its lattice and ``CLEAR_PITCHES`` beyond its end lines lie
inside the crop (``clear_of_edges``): a crop cutting across a board would hide the
lines beyond a lattice one line short of it. A keyboard is a crosshatch too: its crop
costs time, never a board (the checks refuse it).
Every threshold is a named constant here.
"""

from __future__ import annotations

import cv2
import numpy as np

DIRECTIONS = 12  # bins of direction (15° each) of the response's edges
HATCH_STEP = 4  # the crosshatch is mapped on a picture this many times smaller
HATCH_WINDOW = 1 / 40  # the window the crosshatch is summed over (share of the longer side)
CROSS_GAP_DEG = 45.0  # the second direction of a crosshatch lies at least this from the first
HATCH_SHARE = 0.25  # a region's crosshatch is over this share of the picture's highest
TWO_WAYS = 0.05  # and over this share of all its edges' energy (median; measured: boards
# 0.1-0.23, a keyboard 0.33-0.38, strong wood grain 0.01 or less; edges at every
# direction alike, 1/12; a board seen at an angle with tall stones on it, 0.099)
MIN_REGION_SHARE = 1 / 12  # a region at least this share of the longer side across (a
# 19x19 board smaller has its lines under 6 pixels apart at the working size)
MAX_REGIONS = 3  # the most regions searched again
NECK_WINDOWS = 2  # two regions joined by a neck narrower than this many windows are two
CROP_MARGIN = 0.4  # a crop reaches this share of its region's size beyond it each way
MIN_ZOOM = 1.5  # a crop is searched again only when this much closer than the picture
REGION_OVERLAP = 0.5  # in a crop, an outline is tried when this share of it, or of the
# region the crop is around, lies in the other (the board's outline covers its region)
CLEAR_PITCHES = 1.5  # a board found in a crop lies this many pitches clear of its cut edges
FINE_PITCH_PX = 7.0  # a board found with crossings closer than this at the working size is
# searched again closer (a lattice one line off was found, and passed, at 5-6 pixels)


def crosshatch(response: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """How strongly the line response's edges run two ways at once around each place,
    on a map ``HATCH_STEP`` times smaller than the picture (float32): the energy of the
    strongest direction at least ``CROSS_GAP_DEG`` from the strongest one, over a
    ``HATCH_WINDOW`` window; and that energy's share of all the edges' there."""
    gx = cv2.Sobel(response, cv2.CV_32F, 1, 0)
    gy = cv2.Sobel(response, cv2.CV_32F, 0, 1)
    magnitude = cv2.magnitude(gx, gy)
    direction = (cv2.phase(gx, gy, angleInDegrees=True) % 180.0 // (180.0 / DIRECTIONS))
    height, width = (side // HATCH_STEP for side in response.shape[:2])
    rows = np.arange(height * HATCH_STEP) // HATCH_STEP
    cols = np.arange(width * HATCH_STEP) // HATCH_STEP
    place = (rows[:, None] * width + cols[None, :]) * DIRECTIONS
    kept = (slice(0, height * HATCH_STEP), slice(0, width * HATCH_STEP))
    sums = np.bincount((place + direction[kept].astype(np.int64)).ravel(),
                       weights=magnitude[kept].ravel(), minlength=height * width * DIRECTIONS)
    window = _window(response.shape)
    energy = cv2.boxFilter(sums.reshape(height, width, DIRECTIONS).astype(np.float32), -1,
                           (window, window))
    strongest = energy.argmax(axis=2)
    apart = np.abs(np.arange(DIRECTIONS)[None, None, :] - strongest[..., None])
    apart = np.minimum(apart, DIRECTIONS - apart) * (180.0 / DIRECTIONS)
    hatch = np.where(apart >= CROSS_GAP_DEG, energy, 0.0).max(axis=2)
    return hatch, hatch / (energy.sum(axis=2) + 1e-6)


def _window(shape: tuple[int, ...]) -> int:
    """The side (odd, in cells of the crosshatch map) of the window ``HATCH_WINDOW``."""
    return max(3, round(max(shape[:2]) * HATCH_WINDOW / HATCH_STEP) | 1)


def _split_at_necks(mask: np.ndarray, window: int
                    ) -> tuple[int, np.ndarray, np.ndarray]:
    """The regions of ``mask`` (count, labels, stats as OpenCV's connected components
    give them), two parts joined only by a neck narrower than ``NECK_WINDOWS``
    crosshatch windows (``window`` cells) split apart: the crosshatch is summed over
    such windows, so a board lying against a keyboard makes one region with it, too
    large to look at closer. A region an erosion by the neck's width leaves in several
    cores is split, each of its places going to the nearest core; any other is kept
    whole."""
    side = NECK_WINDOWS * window - 1
    cores = cv2.erode(mask, np.ones((side, side), np.uint8))
    count, whole = cv2.connectedComponents(mask, connectivity=8)
    labels = whole.astype(np.int32)
    for k in range(1, count):
        inside = whole == k
        parts, core_labels = cv2.connectedComponents(cores & inside.astype(np.uint8),
                                                     connectivity=8)
        if parts <= 2:  # one core, or none: the region as it is
            continue
        _, nearest = cv2.distanceTransformWithLabels(
            (core_labels == 0).astype(np.uint8), cv2.DIST_L2, 5,
            labelType=cv2.DIST_LABEL_CCOMP)
        # The distance transform numbers the cores its own way: name each by the core's.
        names = np.zeros(int(nearest.max()) + 1, np.int32)
        names[nearest[core_labels > 0]] = core_labels[core_labels > 0]
        part = names[nearest]
        labels[inside & (part > 1)] = count + part[inside & (part > 1)] - 2
        count = max(count, int(labels.max()) + 1)
    stats = np.zeros((int(labels.max()) + 1, 5), np.int32)
    for k in range(1, len(stats)):
        ys, xs = np.nonzero(labels == k)
        if len(xs):
            stats[k] = (xs.min(), ys.min(), xs.max() - xs.min() + 1,
                        ys.max() - ys.min() + 1, len(xs))
    return len(stats), labels, stats


def hatch_regions(response: np.ndarray) -> list[tuple[int, int, int, int]]:
    """The boxes (x0, y0, x1, y1, in the response's pixels) of the strongest regions of
    crosshatch, the strongest first (module docstring, step 2). They are taken in
    rounds: each round's threshold is ``HATCH_SHARE`` of the highest crosshatch outside
    the regions taken before (with a window round them), so a keyboard's keys, whose
    crosshatch may be several times a small board's fine lines', do not hide it."""
    if min(response.shape[:2]) < 4 * HATCH_STEP:
        return []
    hatch, share = crosshatch(response)
    window = _window(response.shape)
    smallest = MIN_REGION_SHARE * max(response.shape[:2]) / HATCH_STEP
    left = np.ones(hatch.shape, bool)  # outside the regions taken
    boxes: list[tuple[int, int, int, int]] = []
    while len(boxes) < MAX_REGIONS and left.any():
        top = float(hatch[left].max())
        if not top > 0:
            break
        mask = ((hatch > HATCH_SHARE * top) & left).astype(np.uint8)
        count, labels, stats = _split_at_necks(mask, window)
        strength = np.bincount(labels.ravel(), weights=hatch.ravel(), minlength=count)
        regions = [(float(strength[k]), k) for k in range(1, count)
                   if max(stats[k, cv2.CC_STAT_WIDTH], stats[k, cv2.CC_STAT_HEIGHT])
                   >= smallest and np.median(share[labels == k]) >= TWO_WAYS]
        if not regions:
            break
        for _, k in sorted(regions, reverse=True)[:MAX_REGIONS - len(boxes)]:
            x, y, w, h = (int(stats[k, i]) for i in (
                cv2.CC_STAT_LEFT, cv2.CC_STAT_TOP, cv2.CC_STAT_WIDTH, cv2.CC_STAT_HEIGHT))
            left[max(0, y - window):y + h + window, max(0, x - window):x + w + window] = False
            boxes.append((HATCH_STEP * x, HATCH_STEP * y, HATCH_STEP * (x + w),
                          HATCH_STEP * (y + h)))
    return boxes


def crop_box(region: tuple[int, int, int, int], scale: float, picture_size: tuple[int, int],
             working_side: float) -> tuple[int, int, int, int] | None:
    """The part of the full picture (x0, y0, x1, y1 in its pixels; ``picture_size`` is
    (width, height)) to search again for a board in ``region`` (working pixels,
    ``scale`` working pixels a picture pixel): the region and ``CROP_MARGIN`` around
    it; None when that would show the board less than ``MIN_ZOOM`` times closer than
    the first search did (``working_side``: the working picture's longer side)."""
    x0, y0, x1, y1 = region
    reach = CROP_MARGIN * max(x1 - x0, y1 - y0)
    box = np.array([x0 - reach, y0 - reach, x1 + reach, y1 + reach]) / scale
    box = np.clip(np.rint(box), 0, [picture_size[0], picture_size[1]] * 2).astype(int)
    side = max(box[2] - box[0], box[3] - box[1]) * scale
    if side <= 0 or working_side / side < MIN_ZOOM:
        return None
    return int(box[0]), int(box[1]), int(box[2]), int(box[3])


def around(points: np.ndarray, picture_size: tuple[int, int]) -> tuple[int, int, int, int]:
    """The part of the picture (x0, y0, x1, y1; ``picture_size`` is (width, height)) around
    ``points`` (picture pixels, N×2) with ``CROP_MARGIN`` of their span beyond them each
    way."""
    low, high = points.min(axis=0), points.max(axis=0)
    reach = CROP_MARGIN * float((high - low).max())
    x0, y0 = np.maximum(np.floor(low - reach), 0).astype(int)
    x1, y1 = np.minimum(np.ceil(high + reach), picture_size).astype(int)
    return int(x0), int(y0), int(x1), int(y1)


def clear_of_edges(to_board: np.ndarray, xs: np.ndarray, ys: np.ndarray,
                   box: tuple[int, int, int, int], picture_size: tuple[int, int]) -> bool:
    """Whether the lattice (``to_board``: the crop's pixels → board) with
    ``CLEAR_PITCHES`` beyond its end lines lies inside the crop ``box`` (picture pixels)
    on every side where the crop cuts the picture (a side on the picture's own edge is
    judged as the whole picture's is, by the finder's checks)."""
    px, py = CLEAR_PITCHES * np.diff(xs).mean(), CLEAR_PITCHES * np.diff(ys).mean()
    ring = np.array([[xs[0] - px, ys[0] - py], [xs[-1] + px, ys[0] - py],
                     [xs[-1] + px, ys[-1] + py], [xs[0] - px, ys[-1] + py]])
    corners = cv2.perspectiveTransform(ring.reshape(-1, 1, 2), np.linalg.inv(to_board))
    u, v = corners.reshape(-1, 2).T
    x0, y0, x1, y1 = box
    width, height = x1 - x0, y1 - y0
    return bool((x0 == 0 or u.min() >= 0) and (y0 == 0 or v.min() >= 0)
                and (x1 == picture_size[0] or u.max() <= width)
                and (y1 == picture_size[1] or v.max() <= height))


def over(quad: np.ndarray, region: np.ndarray) -> bool:
    """Whether the outline ``quad`` (4 × 2) lies over the ``region`` (x0, y0, x1, y1, the
    same pixels): at least ``REGION_OVERLAP`` of the smaller of the two inside the other.
    In a crop around a region of crosshatch the board is there; outlines of the clutter
    beside it (a keyboard, a bowl) are not tried."""
    x0, y0, x1, y1 = (float(v) for v in region)
    box = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32)
    outline = quad.astype(np.float32)
    smaller = min(abs(cv2.contourArea(outline)), (x1 - x0) * (y1 - y0))
    if not smaller > 0:
        return False
    try:
        shared, _ = cv2.intersectConvexConvex(outline, box)
    except cv2.error:  # an outline OpenCV cannot intersect: tried, as before
        return True
    return bool(shared >= REGION_OVERLAP * smaller)

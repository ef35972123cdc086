"""Find a plain printed grid board (a wooden Go board, a 7×7 cell board) in a picture,
with no markers: its outline first, then its lines, then every crossing.

1. **Outlines.** Thin dark lines are picked out with a black-hat filter (dark details
   narrower than a stone). Several outlines where the board may lie are offered by
   ``calibration.gridoutline``, the likeliest first: the webs of the picture's straight
   pieces that point at two vanishing points (a board among clutter, at a steep
   angle), the largest web of line response (a board alone on a cloth), and last the
   lattices fitted in the picture straightened by the two vanishing points
   (``lattice_outlines``); then the same again from the pieces outside the picture's
   wood grain (``gridoutline.grain``), which on a strongly grained table outweighs a
   small board's lines. Stages 2 to 5 run in each outline in turn; the first
   lattice that passes the check and meets at least ``SURE_CONFIDENCE`` of its
   crossings ends the search (a less sure one is kept while the others are tried),
   so an outline around clutter costs time, never a wrong board.
2. **Lattice.** In the picture straightened by an outline, the columns and rows of
   line response are summed; the board's known number of lines, evenly spaced, is slid
   along each sum to find the pitch and the first line, and each line is then snapped
   to its own peak (the outline may have missed a faint edge of the grid, or caught a
   printed frame around it).
3. **Crossings.** Each crossing is looked for near where the lattice puts it and the
   homography refitted (RANSAC) on those found, three times, so lens curvature and a
   rough first outline no longer matter. Stones hide crossings; RANSAC drops those. A
   first guess meeting under ``HOPELESS`` of the crossings needed is given up at once
   (most outlines are the clutter's; settling would not bring them onto a board).
4. **Settling.** After each refit the lattice may still be a whole line off (a shadow
   or a frame beyond the board's edge line looks like a line). Each line of the lattice
   and the two beyond each end is judged on its best-showing part and on whether the
   lines the other way cross it; the lattice moves to the best run of lines, but only
   for a clear gain.

5. **Check.** The lattice found is judged as a whole (``lattice_check``): each of its
   lines must show as a line, the line just beyond each end must not (that is the
   board's margin), nor the lines halfway between its lines. A lattice one line off
   has a line of it on the margin and a board line beyond it; it is tried one line
   over each way, and refused (RegistrationError) if none passes, never returned.
   The same check tells a Go board's size (``find_grid_of``, the size the lines'
   period suggests tried first): a 19-line board fits no 13-line lattice (lines
   beyond) and a 9-line lattice only at twice its pitch (lines between). A lattice
   with a cell more than ``MAX_CELL_STRETCH`` times longer one way than the other is
   no board seen by a camera, and is refused too. Last, an independent check judges
   every line piece by piece between crossings (``calibration.gridverify``): a
   lattice reaching past the board onto wood grain, one line short of the board, or
   at twice its pitch is refused; the line beyond each end is judged by it alone. A
   line's pieces between two stones count as shown there (an edge line under a row of
   stones), and a lattice with a row of stones a pitch past an end is refused: the
   board goes on under them (``calibration.gridbeyond``). A stone is told by its sign
   (``calibration.stonesign``: a core of one shade, the board round it on its
   diagonals), which a bare crossing, wood grain and the table past a rim do not give.

6. **Stones.** A board covered in stones shows its lines only in short pieces between
   them, and the gaps between its stones make a lattice of their own half a pitch
   over. When no lattice of lines passes, or none is as sure as ``SURE_CONFIDENCE``,
   the board is looked for by its stones too (``calibration.gridstones``), and the
   surer of the two is the board. A board found by its stones must show stones (its
   places differ in shade, ``STONES_SPREAD``; a fifth of them hold a stone by its
   sign, ``gridbeyond.STONES_HELD``) and, where its lines show plainly, pass the
   independent check; one with a row of stones beyond an end and none on its other
   end line is moved a line onto them (``gridbeyond.moved_onto_stones``).

7. **Closer.** A board small in a wide frame (a 19×19 board a third of a 1080p
   webcam's view) has its lines too close together at the working size: they fade and
   no lattice is fitted. When the search finds no board, the regions where the line
   response crosshatches are searched again, each in a crop of the full picture
   around it, closer (``calibration.gridzoom``; every check as above, on the crop's
   own line response; only the outlines over the region, and only the stones near it),
   and a board found there is mapped back to the picture. A board found with its
   crossings under ``gridzoom.FINE_PITCH_PX`` apart somewhere is searched again the
   same way around it, and refused if it is not found there.

Which way round the board lies cannot be seen on a plain grid: the board's top-left
corner is put at the picture's top-left, or at its bottom-left when the board's shape
(its width against its height, seen through the picture's perspective) shows that it
lies turned a quarter; that shape is only measured with a calibrated camera, so
without one the board is taken to lie upright.
Every threshold is a named constant here (the lines' own, in ``calibration.gridlines``).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace

import cv2
import numpy as np

from calibration.gridbeyond import moved_onto_stones, place_stones, stones_beyond
from calibration.gridlines import (
    lattice_check,
    lattice_diagnostics,
    line_scores,
    pitch_problem,
)
from calibration.gridoutline import (
    CLEAR_FAMILIES,
    MAX_FAMILIES,
    Families,
    candidate_outlines,
    detect_segments,
    grain,
    line_families,
    outside_grain,
    plausible,
    ridge_pieces,
    straightening,
    upright,
)
from calibration.gridstones import find_by_stones
from calibration.gridverify import uncrossed_end, verify_lattice
from calibration.gridzoom import (
    FINE_PITCH_PX,
    around,
    clear_of_edges,
    crop_box,
    hatch_regions,
    over,
)
from calibration.intrinsics import CameraModel
from calibration.markers import detect_markers
from calibration.registration import (
    Registration,
    RegistrationError,
    rms_residual,
)
from companion.geometry import Geometry
from companion.vision.sampling import column_median

WORK_SIDE_PX = 1200  # pictures are searched at this size (longer side), either way
KERNEL_FRACTION = 1 / 130  # black-hat kernel, as a share of the longer side
MARKER_MARGIN = 1.4  # a marker is blanked out to this many times its size (its border)
EXTEND = 0.7  # the lattice is searched this far beyond the first outline, each way
SAME_OUTLINE = 0.03  # an outline this share of its size from one tried is not tried again
MIN_PITCH_SHARE = 0.3  # the first outline covers at least this share of the lines
SEARCH = 0.3  # a crossing is looked for within this share of a pitch of its guess
MIN_FOUND = 0.15  # share of crossings that must be found (stones hide the others)
HOPELESS = 1.0  # a first guess meeting under this share of those is given up at once
# (measured: the first guesses of the boards found met 1.85-6.7 times as many)
RANSAC_PITCH = 0.15  # RANSAC inlier distance, as a share of the pitch
REFINE_ROUNDS = 3
PITCH_STEP = 0.002  # lattice pitches tried grow by this share (then each line is snapped)
COARSE_PITCHES = 4  # every this many pitches tried first,
COARSE_KEEP = 3  # then every pitch near the best this many of those
SCAN_BATCH = 32  # pitches scanned at once (their lattices' first positions side by side)
MIN_CROSSING_CONTRAST = 1.0  # a crossing peak must stand this far over its window
SETTLE_LINES = 2  # the lattice may be off by this many lines after the first outline
SETTLE_ROUNDS = 3
SETTLE_MARGIN = 0.3  # a shift must gain this share of a typical line's score
PERIOD_PEAK = 0.7  # the lines' period: the first autocorrelation peak this near the top
MIN_STRAIGHT_SPAN = 0.2  # a board spans at least this share of the straightened picture
BLURRED_ZOOM = 2.0  # a picture enlarged this much has its lines blurred over as many pixels:
# its straight pieces are looked for again at half its size (a crop of a small board)
SURE_CONFIDENCE = 0.5  # a lattice this sure ends the search; a less sure one is kept
# while the other outlines are tried (a lattice askew over a grid meets few crossings)
MAX_CELL_STRETCH = 2.5  # a board's cell is seen at most this much longer one way
MIN_PICTURE_PX = 32  # a picture narrower than this holds no board to find
STONES_SPREAD = 0.2  # a board found by its stones: its places' shades spread at least
# this share of their median (measured: 1.6 and 2.9 on real boards covered in stones,
# 0.06-0.1 on empty rendered boards whose cells were taken for stones)
GRAIN_PICTURE = 0.5  # over this share of the picture grain (``gridoutline.grain``), a
# failed search says so


def grid_lines_mm(geometry: Geometry) -> tuple[np.ndarray, np.ndarray]:
    """The x positions of the board's vertical lines and the y positions of its
    horizontal lines, in mm (intersections: through the spaces; cells: their edges)."""
    if geometry.kind != "grid":
        raise RegistrationError("Only square-grid boards can be found by their lines; "
                                "register this board from its corner markers or corners.")
    spec = geometry.spec
    xs = sorted({s.x_mm for s in geometry.spaces()})
    ys = sorted({s.y_mm for s in geometry.spaces()})
    if spec.get("points", "cells") == "cells":
        pitch_x = float(spec.get("pitch_mm", 25.0))
        pitch_y = float(spec.get("pitch_y_mm", pitch_x))
        xs = [xs[0] - pitch_x / 2] + [x + pitch_x / 2 for x in xs]
        ys = [ys[0] - pitch_y / 2] + [y + pitch_y / 2 for y in ys]
    return np.array(xs, dtype=np.float64), np.array(ys, dtype=np.float64)


def line_kernel(side: int) -> np.ndarray:
    """The black-hat kernel for a picture ``side`` pixels on its longer side: wider than
    a line, narrower than a stone."""
    k = 2 * max(2, round(side * KERNEL_FRACTION / 2)) + 1
    return cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))


def line_response(grey: np.ndarray) -> np.ndarray:
    """Thin dark lines bright, everything else dark (float32)."""
    kernel = line_kernel(max(grey.shape))
    return cv2.morphologyEx(grey, cv2.MORPH_BLACKHAT, kernel).astype(np.float32)


def hide_markers(response: np.ndarray, grey: np.ndarray) -> np.ndarray:
    """Blank out the ArUco markers in the picture (a printed board's corner markers):
    their black squares are full of short dark edges that are not the board's lines."""
    for sighting in detect_markers(grey).values():
        quad = sighting.corners.astype(np.float64)
        centre = quad.mean(axis=0)
        border = centre + MARKER_MARGIN * (quad - centre)  # the white border too
        cv2.fillConvexPoly(response, np.rint(border).astype(np.int32), 0)
    return response


def fit_lattice(profile: np.ndarray, count: int, pitch_range: tuple[float, float]
                      ) -> tuple[float, float]:
    """The ``count`` evenly spaced positions along ``profile`` with the most line
    response above the profile's median: (first position, pitch)."""
    base = profile - column_median(profile)
    positions = np.arange(len(profile), dtype=np.float64)
    fine = np.interp(np.arange(0, len(profile) - 1, 0.5), positions, base)  # half-pixel steps
    steps = int(np.log(pitch_range[1] / pitch_range[0]) / np.log(1 + PITCH_STEP)) + 1
    pitches = pitch_range[0] * (1 + PITCH_STEP) ** np.arange(steps)
    pitches = pitches[pitches * (count - 1) < len(profile) - 1]
    if len(pitches) == 0:
        raise RegistrationError("The board's outline is too small for its lines.")
    # Past its end the profile keeps its last value, as far as the widest lattice reaches.
    lines = np.arange(count)
    needed = int(np.rint(2 * pitches[-1] * lines[-1])) + len(fine)
    padded = np.concatenate([fine, np.full(max(0, needed - len(fine)), fine[-1])])
    # Every few pitches first, then every pitch near the best few of those.
    coarse = np.arange(0, len(pitches), COARSE_PITCHES)
    scanned = dict(zip(coarse.tolist(), _best_firsts(padded, len(fine), pitches[coarse], lines),
                       strict=True))
    rough = [scanned[k][1] for k in coarse]
    near = set()
    for k in coarse[np.argsort(rough)[-COARSE_KEEP:]]:
        near.update(range(max(0, k - COARSE_PITCHES), min(len(pitches), k + COARSE_PITCHES + 1)))
    fresh = sorted(near - scanned.keys())
    scanned.update(zip(fresh, _best_firsts(padded, len(fine), pitches[fresh], lines),
                       strict=True))
    best = (0.0, 0.0, -np.inf)
    for k in sorted(near):
        first, score = scanned[k]
        if score > best[2]:
            best = (first, float(pitches[k]), score)
    first, pitch = best[0], best[1]
    for _ in range(2):  # snap each line to its own peak, then fit a straight run again
        guesses = first + pitch * np.arange(count)
        reach = max(1, int(pitch / 3))
        snapped = []
        for guess in guesses:
            lo = max(0, int(round(guess)) - reach)
            hi = min(len(profile), int(round(guess)) + reach + 1)
            snapped.append(lo + int(np.argmax(profile[lo:hi])) if hi > lo else guess)
        pitch, first = np.polyfit(np.arange(count), np.array(snapped, dtype=np.float64), 1)
    return float(first), float(pitch)


def _best_firsts(padded: np.ndarray, length: int, pitches: np.ndarray, lines: np.ndarray
                 ) -> list[tuple[float, float]]:
    """For each of ``pitches`` (rising), where a lattice of ``len(lines)`` lines that far
    apart scores most on the half-pixel profile (its first ``length`` values;
    ``padded`` carries its last value on as far as any lattice reaches): (first
    position in pixels, its mean score).

    The lattice from half-pixel j has its lines at j + offsets: its score is the
    profile shifted by each line's offset, added line after line. Pitches are scanned
    ``SCAN_BATCH`` at a time, each line's shifted profiles taken for all of them in one
    gather (the work was Python's and numpy's overhead, once a pitch: this runs some
    40,000 times a refusal); the sums are added in the same order as one pitch at a
    time, so they are the same to the last bit."""
    found: list[tuple[float, float]] = []
    for at in range(0, len(pitches), SCAN_BATCH):
        batch = np.asarray(pitches[at:at + SCAN_BATCH], dtype=np.float64)
        spans = batch * (len(lines) - 1)
        # as np.arange counts them (the narrowest lattice of the batch has the most)
        starts = np.maximum(0, np.ceil((length / 2 - spans) / 0.5)).astype(int)
        offsets = np.rint(2 * batch[:, None] * lines[None, :]).astype(int)
        width = int(starts.max())
        reach = int(offsets.max()) + width
        source = padded if reach <= len(padded) else np.concatenate(
            [padded, np.full(reach - len(padded), padded[-1])])
        windows = np.lib.stride_tricks.sliding_window_view(source, width)
        scores = windows[offsets[:, 0]].copy()
        for column in range(1, len(lines)):
            scores += windows[offsets[:, column]]
        scores[np.arange(width)[None, :] >= starts[:, None]] = -np.inf
        best = scores.argmax(axis=1)
        found += [(k / 2, float(scores[row, k] / len(lines)))
                  for row, k in enumerate(best.tolist())]
    return found


def _side_lengths(quad: np.ndarray) -> tuple[float, float]:
    top, right, bottom, left = (np.linalg.norm(quad[(i + 1) % 4] - quad[i]) for i in range(4))
    return (top + bottom) / 2, (left + right) / 2


@dataclass(frozen=True)
class Straightened:
    """The line response in and around an outline, straightened by it (the outline
    ``EXTEND`` of its size beyond it each way): the profiles a lattice is fitted to,
    made once for every board size tried in that outline."""

    columns: np.ndarray  # the mean response of each column, over the outline's rows
    rows: np.ndarray  # the mean response of each row, over the outline's columns
    width: float  # the outline's sides, in straightened pixels
    height: float
    back: np.ndarray  # straightened -> picture


def straightened(response: np.ndarray, quad: np.ndarray) -> Straightened:
    """``response`` straightened by the outline ``quad`` (``Straightened``)."""
    width, height = _side_lengths(quad)
    ex, ey = EXTEND * width, EXTEND * height
    target = np.array([[ex, ey], [ex + width, ey], [ex + width, ey + height], [ex, ey + height]])
    straighten = cv2.getPerspectiveTransform(quad.astype(np.float32), target.astype(np.float32))
    size = (round(width + 2 * ex), round(height + 2 * ey))
    flat = cv2.warpPerspective(response, straighten, size)
    return Straightened(flat[round(ey):round(ey + height), :].mean(axis=0),
                        flat[:, round(ex):round(ex + width)].mean(axis=1), width, height,
                        np.linalg.inv(straighten))


def lattice_guess(view: Straightened, columns: int, rows: int) -> np.ndarray:
    """Picture positions (rows × columns × 2) of the grid's crossings, from the
    lattice that fits the straightened picture ``view`` best."""
    width, height = view.width, view.height
    x0, px = fit_lattice(view.columns, columns,
                               (width / (columns - 1) * 0.8,
                                width / max(1.0, (columns - 1) * MIN_PITCH_SHARE)))
    y0, py = fit_lattice(view.rows, rows,
                               (height / (rows - 1) * 0.8,
                                height / max(1.0, (rows - 1) * MIN_PITCH_SHARE)))
    xs = x0 + px * np.arange(columns)
    ys = y0 + py * np.arange(rows)
    crossings = np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(crossings, view.back).reshape(rows, columns, 2)


def refine_crossings(response: np.ndarray, board_to_picture: np.ndarray, xs: np.ndarray,
                     ys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Look for each crossing near where ``board_to_picture`` puts it, in a straightened
    view at about 24 pixels per pitch; return (board mm, picture px) of those found."""
    pitch = min(np.diff(xs).min(), np.diff(ys).min())
    scale = 24.0 / pitch
    pad = pitch
    x0, y0 = xs[0] - pad, ys[0] - pad
    to_flat = np.array([[scale, 0, -x0 * scale], [0, scale, -y0 * scale], [0, 0, 1]])
    size = (round((xs[-1] - xs[0] + 2 * pad) * scale), round((ys[-1] - ys[0] + 2 * pad) * scale))
    flat = cv2.warpPerspective(response, to_flat @ np.linalg.inv(board_to_picture), size,
                               flags=cv2.INTER_LINEAR)
    reach = int(round(SEARCH * 24))
    band = 6  # half-width (flat px) of the strip a line is summed over
    u = np.rint((xs - x0) * scale).astype(int)
    v = np.rint((ys - y0) * scale).astype(int)
    iu, iv = (a.ravel() for a in np.meshgrid(u, v))
    board = np.stack([a.ravel() for a in np.meshgrid(xs, ys)], axis=-1)
    inside = ((reach + band <= iu) & (iu < size[0] - reach - band)
              & (reach + band <= iv) & (iv < size[1] - reach - band))
    iu, iv, board = iu[inside], iv[inside], board[inside]
    if len(board) == 0:
        return np.empty((0, 2)), np.empty((0, 2))
    # Each crossing's window: the line across it summed over a band of rows, the line
    # down it over a band of columns, and the window's mean, all from box filters.
    strip = 2 * band + 1
    rows_mean = cv2.boxFilter(flat, -1, (1, strip), borderType=cv2.BORDER_CONSTANT)
    cols_mean = cv2.boxFilter(flat, -1, (strip, 1), borderType=cv2.BORDER_CONSTANT)
    window = cv2.boxFilter(flat, -1, (2 * reach + 1, 2 * reach + 1),
                           borderType=cv2.BORDER_CONSTANT)
    offsets = np.arange(-reach, reach + 1)
    across = rows_mean[iv[:, None], iu[:, None] + offsets[None, :]]
    down = cols_mean[iv[:, None] + offsets[None, :], iu[:, None]]
    du, su = _peaks(across)
    dv, sv = _peaks(down)
    strength = np.minimum(su, sv) / (window[iv, iu] + 1e-6)
    keep = np.isfinite(du) & np.isfinite(dv) & (strength > MIN_CROSSING_CONTRAST)
    if not keep.any():
        return np.empty((0, 2)), np.empty((0, 2))
    flat_points = np.column_stack([iu - reach + du, iv - reach + dv])[keep]
    back = board_to_picture @ np.linalg.inv(to_flat)
    pixels = cv2.perspectiveTransform(flat_points.reshape(-1, 1, 2), back).reshape(-1, 2)
    return board[keep], pixels


def settle(scores: np.ndarray, count: int, beyond: int) -> int:
    """By how many lines to shift the lattice so its ``count`` lines are the most
    line-like run among the extended ones (0: it is right where it is)."""
    sums = np.array([scores[k:k + count].sum() for k in range(2 * beyond + 1)])
    best = int(np.argmax(sums))
    # Move only for a clear gain: a faint edge line and a shadow beyond it can look alike.
    typical = column_median(scores[beyond:beyond + count])
    if sums[best] - sums[beyond] < SETTLE_MARGIN * typical:
        return 0
    return best - beyond


def _peaks(profiles: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Sub-pixel position of each profile's maximum (NaN at either end), and its height
    over the profile's median."""
    k = np.argmax(profiles, axis=1)
    rows = np.arange(len(profiles))
    inner = (k > 0) & (k < profiles.shape[1] - 1)
    kc = np.clip(k, 1, profiles.shape[1] - 2)
    a, b, c = profiles[rows, kc - 1], profiles[rows, kc], profiles[rows, kc + 1]
    denominator = a - 2 * b + c
    safe = np.where(denominator < 0, denominator, -1.0)
    offset = np.where(denominator < 0, 0.5 * (a - c) / safe, 0.0)
    position = np.where(inner, k + offset, np.nan)
    height = np.where(inner, profiles[rows, k] - column_median(profiles.T), 0.0)
    return position, height


def _aspect_error(board_to_picture: np.ndarray, camera: CameraModel) -> float:
    """How badly a board matched to the picture fits a real rectangle seen by
    ``camera``: the first two columns of K⁻¹H must be equally long and at right angles.
    A board matched the wrong way round fits worse."""
    h = np.linalg.inv(camera.matrix) @ board_to_picture
    r1, r2 = h[:, 0], h[:, 1]
    n1, n2 = np.linalg.norm(r1), np.linalg.norm(r2)
    return float(abs(n1 - n2) / max(n1, n2) + abs(r1 @ r2) / (n1 * n2))


def find_grid(image: np.ndarray, geometry: Geometry, camera: CameraModel | None = None
              ) -> Registration:
    """Register a plain grid board from its lines (see the module docstring)."""
    return find_grid_of(image, [geometry], camera)[1]


def find_grid_of(image: np.ndarray, geometries: Sequence[Geometry],
                 camera: CameraModel | None = None) -> tuple[Geometry, Registration]:
    """Register whichever of ``geometries`` (a Go board's 19, 13 and 9 lines) the picture
    shows: each is fitted in turn, the one nearest ``line_count`` first, and the first
    whose lattice passes ``lattice_check`` (every line of it a line, none beyond or
    between them) wins. Where none is found, the board is looked for again closer, in
    crops of the full picture (module docstring, 7). A board that none fits, or that
    fits only one line off, raises RegistrationError."""
    for geometry in geometries:
        grid_lines_mm(geometry)  # only grid boards: say so before looking
    if camera is not None:
        image = camera.undistort(image)
    grey, scale = working_grey(image)
    response = hide_markers(line_response(grey), grey)
    try:
        found = _search(grey, response, scale, geometries, camera)
    except RegistrationError as error:
        closer, looked = _search_closer(image, response, scale, geometries, camera)
        if closer is not None:
            return closer
        if looked == 0:
            raise
        raise RegistrationError(
            f"{error} Seen closer where lines cross ({looked} "
            f"{'place' if looked == 1 else 'places'}), no board either.") from error
    if scale < 1 and _finest_pitch(found, scale) < FINE_PITCH_PX:
        return _seen_closer(image, found, geometries, camera)
    return found


def _search_closer(image: np.ndarray, response: np.ndarray, scale: float,
                   geometries: Sequence[Geometry], camera: CameraModel | None
                   ) -> tuple[tuple[Geometry, Registration] | None, int]:
    """The board a search at the working size missed, looked for again closer: in the
    parts of the full picture around its regions of crosshatch (``calibration.gridzoom``),
    each searched as a picture of its own, the strongest first; the first board found
    there as sure as ``SURE_CONFIDENCE``, else the surest, mapped back to the picture
    (None: none found); and in how many parts it was looked for."""
    size = (image.shape[1], image.shape[0])
    best: tuple[Geometry, Registration] | None = None
    looked = 0
    for region in hatch_regions(response):
        box = crop_box(region, scale, size, max(response.shape[:2]))
        if box is None:
            continue
        looked += 1
        found = _search_in(image, box, geometries, camera,
                           tuple(v / scale for v in region))
        if found is None:
            continue
        if best is None or found[1].confidence > best[1].confidence:
            best = found
        if best[1].confidence >= SURE_CONFIDENCE:
            break
    return best, looked


def _finest_pitch(found: tuple[Geometry, Registration], scale: float) -> float:
    """The shortest step between two neighbouring crossings of the board found, in
    pixels of the working picture (``scale`` of the picture's)."""
    geometry, registration = found
    xs, ys = grid_lines_mm(geometry)
    places = np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 1, 2)
    pixels = cv2.perspectiveTransform(places, np.linalg.inv(registration.homography))
    pixels = pixels.reshape(len(ys), len(xs), 2) * scale
    return float(min(np.linalg.norm(np.diff(pixels, axis=0), axis=2).min(),
                     np.linalg.norm(np.diff(pixels, axis=1), axis=2).min()))


def _seen_closer(image: np.ndarray, found: tuple[Geometry, Registration],
                 geometries: Sequence[Geometry], camera: CameraModel | None
                 ) -> tuple[Geometry, Registration]:
    """A board found with its crossings under ``FINE_PITCH_PX`` apart somewhere at the
    working size (a small board seen at an angle: its far lines blur together there, and
    its checks cannot tell a line's place) searched again in the full picture around it:
    the board found there, or RegistrationError when none is."""
    closer = _search_around(image, found, geometries, camera)
    if closer is None:
        raise RegistrationError("The board's lines lie too close together here to be sure of "
                                "them, and seen closer they fit no board: is the board large "
                                "enough in the picture?")
    return closer


def _search_around(image: np.ndarray, found: tuple[Geometry, Registration],
                   geometries: Sequence[Geometry], camera: CameraModel | None,
                   again: bool = False) -> tuple[Geometry, Registration] | None:
    """The board ``found`` searched again in the part of the full picture ``around`` its
    four corners (``_search_in``, the board's box its region): the board found there,
    or None."""
    geometry, registration = found
    xs, ys = grid_lines_mm(geometry)
    corners = np.array([[xs[0], ys[0]], [xs[-1], ys[0]], [xs[-1], ys[-1]], [xs[0], ys[-1]]])
    pixels = cv2.perspectiveTransform(corners.reshape(-1, 1, 2),
                                      np.linalg.inv(registration.homography)).reshape(-1, 2)
    return _search_in(image, around(pixels, (image.shape[1], image.shape[0])), geometries,
                      camera, (*pixels.min(axis=0), *pixels.max(axis=0)), again)


def _search_in(image: np.ndarray, box: tuple[int, int, int, int],
               geometries: Sequence[Geometry], camera: CameraModel | None,
               region: tuple[float, ...], again: bool = True
               ) -> tuple[Geometry, Registration] | None:
    """The board in the part ``box`` (x0, y0, x1, y1) of the full picture, searched as a
    picture of its own (only the outlines over ``region``, x0, y0, x1, y1 in the
    picture's pixels: where the board is looked for), mapped back to the picture; None
    when none is found there. A board found lying too near a side where the part cuts
    the picture (``gridzoom.clear_of_edges``: the part may hide a line beyond it) is
    searched again, once (``again``), in the part around it (``_search_around``): a
    region of crosshatch may miss a board's far side, where its lines lie finest."""
    x0, y0, x1, y1 = box
    try:
        grey, crop_scale = working_grey(image[y0:y1, x0:x1])
        crop_response = hide_markers(line_response(grey), grey)
        within = (np.array(region, dtype=np.float64) - [x0, y0, x0, y0]) * crop_scale
        geometry, registration = _search(grey, crop_response, crop_scale, geometries,
                                         _shifted(camera, x0, y0), within)
    except RegistrationError:
        return None
    back = registration.homography @ np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]])
    found = geometry, replace(registration, homography=back / back[2, 2], camera=camera)
    if clear_of_edges(registration.homography, *grid_lines_mm(geometry), box,
                      (image.shape[1], image.shape[0])):
        return found
    return _search_around(image, found, geometries, camera) if again else None


def _shifted(camera: CameraModel | None, x0: int, y0: int) -> CameraModel | None:
    """The camera as seen by the part of its picture from (x0, y0) on."""
    if camera is None:
        return None
    matrix = camera.matrix.copy()
    matrix[0, 2] -= x0
    matrix[1, 2] -= y0
    return replace(camera, matrix=matrix)


def _search(grey: np.ndarray, response: np.ndarray, scale: float,
            geometries: Sequence[Geometry], camera: CameraModel | None,
            within: np.ndarray | None = None) -> tuple[Geometry, Registration]:
    """The search at the working size (``grey`` and its line ``response``, ``scale``
    working pixels a picture pixel): by the lines in every outline (with ``within``,
    a box x0, y0, x1, y1 in working pixels, only those over it: ``gridzoom.over``),
    then by the stones (with ``within``, only those near it: ``gridstones``), as the
    module docstring says."""
    counts = sorted({len(grid_lines_mm(g)[0]) for g in geometries}
                    | {len(grid_lines_mm(g)[1]) for g in geometries}, reverse=True)
    first_failure: RegistrationError | None = None
    best: tuple[Geometry, Registration] | None = None
    one_way: list[np.ndarray] = []  # the grain map, made once when first needed

    def grain_map() -> np.ndarray:
        if not one_way:
            one_way.append(grain(grey))
        return one_way[0]

    outlines = _outlines(grey, response, counts, grain_map, scale >= BLURRED_ZOOM)
    while True:
        try:
            quad = next(outlines)
        except StopIteration:
            break
        except (cv2.error, np.linalg.LinAlgError, ValueError) as error:
            first_failure = first_failure or RegistrationError(
                f"The lines found give no board's outline ({error}).")
            break
        if within is not None and not over(quad, within):
            continue
        try:
            found = _find_in_outline(grey, response, quad, geometries, camera, scale)
        except RegistrationError as error:
            first_failure = first_failure or error
            continue
        except (cv2.error, np.linalg.LinAlgError, ValueError) as error:
            first_failure = first_failure or RegistrationError(
                f"The lines found give no board's outline ({error}).")
            continue
        # A lattice on few crossings passed the check: another outline may do better.
        if best is None or found[1].confidence > best[1].confidence:
            best = found
        if best[1].confidence >= SURE_CONFIDENCE:
            break
    if best is None or best[1].confidence < SURE_CONFIDENCE:
        # A board covered in stones shows too little of its lines, and the gaps between
        # its stones make a lattice of their own: find it by its stones too.
        try:
            by_stones = find_by_stones(grey, response, scale, geometries, within)
        except (cv2.error, np.linalg.LinAlgError, ValueError):  # RegistrationError too
            by_stones = None
        if by_stones is not None:
            by_stones = _on_its_stones(grey, by_stones, scale)
        if by_stones is not None and _stones_problem(grey, response, by_stones,
                                                     scale) is not None:
            by_stones = None
        if by_stones is not None and (best is None
                                      or by_stones[1].confidence > best[1].confidence):
            best = by_stones
    if best is not None:
        return best
    if grain_map().mean() > GRAIN_PICTURE:
        raise RegistrationError(
            "Most of the picture's lines run one way (wood grain, stripes) and no board's "
            "grid was found among them: is the board in view, and large enough?"
            + (f" ({first_failure})" if first_failure is not None else ""))
    if first_failure is None:
        raise RegistrationError("No board-sized grid of lines found in the picture: is the "
                                "board in view and lit?")
    raise first_failure


def _on_its_stones(grey: np.ndarray, found: tuple[Geometry, Registration], scale: float
                   ) -> tuple[Geometry, Registration] | None:
    """A board found by its stones, moved a line onto a row of stones it left beyond one
    end (``gridbeyond.moved_onto_stones``), or None when its stones say it is not the
    board (rows of them beyond it that no line over mends)."""
    geometry, registration = found
    to_work = np.diag([1 / scale, 1 / scale, 1.0])
    moved = moved_onto_stones(grey, registration.homography @ to_work,
                              *grid_lines_mm(geometry))
    if moved is None:
        return None
    full = moved @ np.linalg.inv(to_work)
    return geometry, replace(registration, homography=full / full[2, 2])


def _stones_problem(grey: np.ndarray, response: np.ndarray,
                    found: tuple[Geometry, Registration], scale: float) -> str | None:
    """Why a board found by its stones is not the board (None: it may be). Its places
    must differ in shade (stones on a board: the 10th to the 90th percentile at least
    ``STONES_SPREAD`` of their median; an empty board's cells, or a table's grain, do
    not); and where its lines show plainly (few stones on it) the lattice must pass
    ``verify_lattice`` as a lattice of lines would."""
    geometry, registration = found
    to_board = registration.homography @ np.diag([1 / scale, 1 / scale, 1.0])
    xs, ys = grid_lines_mm(geometry)
    places = np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 1, 2)
    pixels = cv2.perspectiveTransform(places, np.linalg.inv(to_board)).reshape(-1, 2)
    pitch = float(np.median(np.linalg.norm(np.diff(pixels.reshape(len(ys), len(xs), 2),
                                                   axis=1), axis=2)))
    smooth = cv2.GaussianBlur(grey.astype(np.float32), (0, 0), max(1.0, pitch / 6))
    at = np.clip(np.rint(pixels).astype(int), 0, [grey.shape[1] - 1, grey.shape[0] - 1])
    low, middle, high = np.percentile(smooth[at[:, 1], at[:, 0]], [10, 50, 90])
    if high - low < STONES_SPREAD * max(middle, 1.0):
        return "The spots found are not stones: their places are all of one shade."
    return verify_lattice(response, to_board, xs, ys, plain_only=True)


def _outlines(grey: np.ndarray, response: np.ndarray, counts: Sequence[int],
              one_way: Callable[[], np.ndarray], blurred: bool = False
              ) -> Iterator[np.ndarray]:
    """The outlines to fit a lattice in, the likeliest and cheapest first: the webs of
    lines (``calibration.gridoutline``), then the lattices of ``counts`` lines fitted in
    the picture straightened by the lines' vanishing points (``lattice_outlines``); then
    the same again from the pieces outside the picture's wood grain (``one_way`` gives
    its map), where a table's grain outweighed a small board's lines; and in a
    ``blurred`` picture (enlarged ``BLURRED_ZOOM`` times or more: a crop of a small
    board), last, from the pieces found in it shrunk by half, where its blurred lines
    are sharp enough again for the line segment detector, and then from the straight
    runs of the line response's ridges (``gridoutline.ridge_pieces``: lines too soft
    for the detector still show as ridges there). An outline within
    ``SAME_OUTLINE`` of one offered before is not offered again (the lattice is
    searched beyond it and snapped to the lines: it would be the same lattice)."""
    size = (grey.shape[1], grey.shape[0])
    segments = detect_segments(grey)
    offered: list[np.ndarray] = []
    for search in range(4 if blurred else 2):
        if search == 2:
            half = cv2.resize(grey, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
            pieces = detect_segments(half) * 2.0
        elif search == 3:
            pieces = ridge_pieces(response)
        else:
            pieces = segments if search == 0 else outside_grain(segments, one_way())
        if search == 1 and len(pieces) == len(segments):
            if blurred:
                continue
            return
        families = line_families(pieces, size, MAX_FAMILIES if search in (0, 2)
                                 else CLEAR_FAMILIES)
        webs, pair = candidate_outlines(families, response, size)
        outlines: Iterable[np.ndarray] = webs
        if families is not None and pair is not None:  # fitted only when reached
            outlines = itertools.chain(webs, (
                quad for quad in lattice_outlines(response, families, pair, counts)
                if plausible(quad, size)))
        for quad in outlines:
            if not tried_already(quad, offered):
                offered.append(quad)
                yield quad


def tried_already(quad: np.ndarray, offered: Sequence[np.ndarray]) -> bool:
    """Whether an outline within ``SAME_OUTLINE`` of ``quad``'s size (every corner) is
    among those ``offered`` (the lattice fitted in it would be the same)."""
    reach = SAME_OUTLINE * np.linalg.norm(quad.max(axis=0) - quad.min(axis=0))
    return any(np.abs(quad - seen).max() <= reach for seen in offered)


def lattice_outlines(response: np.ndarray, families: Families, pair: tuple[int, int],
                     counts: Sequence[int]) -> Iterator[np.ndarray]:
    """Outlines of the lattices of each of ``counts`` lines that fit the picture
    straightened by the ``pair`` of families' vanishing points best: there a board's lines are
    evenly spaced along each axis wherever it lies, whatever clutter is around it and
    however many stones hide its lines. Each axis is fitted on the other's span once
    found, so the clutter beside the board counts less the second time."""
    size = (response.shape[1], response.shape[0])
    straight = straightening(families, pair, size)
    if straight is None:
        return
    to_flat, canvas = straight
    flat = cv2.warpPerspective(response, to_flat, canvas)
    seen = cv2.warpPerspective(np.ones_like(response), to_flat, canvas)
    back = np.linalg.inv(to_flat)
    for count in counts:
        rows, cols = slice(None), slice(None)
        for _ in range(2):
            x0, px = _straight_lattice(flat[rows, :], seen[rows, :], 0, count)
            y0, py = _straight_lattice(flat[:, cols], seen[:, cols], 1, count)
            rows = slice(max(0, round(y0)), max(1, round(y0 + py * (count - 1)) + 1))
            cols = slice(max(0, round(x0)), max(1, round(x0 + px * (count - 1)) + 1))
        x1, y1 = x0 + px * (count - 1), y0 + py * (count - 1)
        box = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=np.float64)
        yield upright(cv2.perspectiveTransform(box.reshape(-1, 1, 2), back).reshape(-1, 2))


def _straight_lattice(flat: np.ndarray, seen: np.ndarray, axis: int, count: int
                      ) -> tuple[float, float]:
    """(first line, pitch) of ``count`` lines along ``axis`` of a straightened picture
    (0: the columns, 1: the rows; the mean response over the part of the canvas the
    picture covers)."""
    profile = flat.sum(axis=axis) / np.maximum(seen.sum(axis=axis), 1.0)
    widest = (len(profile) - 2) / (count - 1)
    narrowest = MIN_STRAIGHT_SPAN * widest
    # Lines stand out of what is around them: a textured cloth's response is high all
    # along, a board's only on its lines.
    window = 2 * round(narrowest / 2) + 1
    local = np.convolve(np.pad(profile, window, mode="edge"), np.ones(window) / window,
                        mode="same")[window:-window]
    return fit_lattice(profile - local, count, (narrowest, widest))


def working_grey(image: np.ndarray) -> tuple[np.ndarray, float]:
    """The picture in grey at the size it is searched at (``WORK_SIDE_PX`` on its longer
    side), and the scale from the picture to it. A smaller picture is enlarged: the
    crossings are then placed finer (measured on the development photos shrunk to
    640×480: 45 fewer unsure intersections of 3971)."""
    if image.ndim not in (2, 3) or min(image.shape[:2]) < MIN_PICTURE_PX:
        raise RegistrationError("The picture is too small to find a board in.")
    if image.ndim == 3:
        code = {1: None, 3: cv2.COLOR_BGR2GRAY, 4: cv2.COLOR_BGRA2GRAY}.get(image.shape[2], -1)
        if code == -1:
            raise RegistrationError("The picture is neither grey nor colour.")
        image = image[..., 0] if code is None else cv2.cvtColor(image, code)
    if image.dtype != np.uint8:
        image = cv2.normalize(image.astype(np.float32), None, 0, 255, cv2.NORM_MINMAX
                              ).astype(np.uint8)
    scale = WORK_SIDE_PX / max(image.shape[:2])
    image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    return np.ascontiguousarray(image), scale


def _find_in_outline(grey: np.ndarray, response: np.ndarray, quad: np.ndarray,
                     geometries: Sequence[Geometry], camera: CameraModel | None, scale: float
                     ) -> tuple[Geometry, Registration]:
    """Fit each of ``geometries`` in turn to the lines in and around ``quad``, the one
    nearest ``line_count`` first, and return the first whose lattice passes the checks
    (its lines', and no rows of stones beyond it in ``grey``: ``gridbeyond``)."""
    # Most likely first (only the time depends on the order: each is checked).
    lines = line_count(response, quad)
    ordered = sorted(geometries, key=lambda g: (abs(len(grid_lines_mm(g)[0]) - lines),
                                                -len(g.names)))
    failures: list[tuple[Geometry, RegistrationError]] = []
    view = straightened(response, quad)
    for geometry in ordered:
        try:
            found = _register(response, view, geometry, camera, scale)
        except RegistrationError as error:
            failures.append((geometry, error))
            continue
        found, problem = _checked(response, found, *grid_lines_mm(geometry), grey)
        problem = (problem or _shape_problem(found[0], *grid_lines_mm(geometry))
                   or stones_beyond(grey, found[0], *grid_lines_mm(geometry)))
        if problem is None:
            return geometry, _registration(found, geometry, camera, scale)
        failures.append((geometry, RegistrationError(problem)))
    if len(failures) == 1:
        raise failures[0][1]

    def size(g: Geometry) -> str:
        xs, ys = grid_lines_mm(g)
        return f"{len(xs)}x{len(ys)}"

    geometry, error = failures[0]
    text = str(error)
    raise RegistrationError(f"The lines found fit no board of "
                            f"{', '.join(size(g) for g in ordered)} lines (as "
                            f"{size(geometry)}: {text[:1].lower()}{text[1:]})")


def _shape_problem(to_board: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> str | None:
    """Why the lattice cannot be a board seen by a camera (None: it can): a cell at the
    board's middle stretched more than ``MAX_CELL_STRETCH`` times one way than the other
    (a board seen from up to about 65° from vertical is not)."""
    centre = np.array([(xs[0] + xs[-1]) / 2, (ys[0] + ys[-1]) / 2])
    steps = np.array([centre, centre + [np.diff(xs).mean(), 0], centre + [0, np.diff(ys).mean()]])
    pixels = cv2.perspectiveTransform(steps.reshape(-1, 1, 2), np.linalg.inv(to_board))
    across, down = (np.linalg.norm(pixels[k, 0] - pixels[0, 0]) for k in (1, 2))
    stretch = max(across, down) / max(min(across, down), 1e-9)
    if stretch > MAX_CELL_STRETCH:
        return (f"The lattice found is {stretch:.1f} times longer one way than the other: "
                "no board seen by a camera looks so.")
    return None


def line_count(response: np.ndarray, quad: np.ndarray) -> float:
    """About how many lines run across the first outline ``quad``: its width over the
    lines' period (the first strong peak of the autocorrelation of the straightened
    column profile), plus one. Only a guess, to try the likeliest board size first."""
    width, height = _side_lengths(quad)
    size = (max(8, round(width)), max(8, round(height)))
    target = np.array([[0, 0], [size[0], 0], [size[0], size[1]], [0, size[1]]], np.float32)
    flat = cv2.warpPerspective(response, cv2.getPerspectiveTransform(
        quad.astype(np.float32), target), size)
    profile = flat.mean(axis=0) - flat.mean()
    lags = np.arange(max(2, size[0] // 40), max(3, size[0] // 4))
    energy = float(profile @ profile) + 1e-6
    correlation = np.array([profile[:-lag] @ profile[lag:] for lag in lags]) / energy
    peaks = [k for k in range(1, len(lags) - 1) if correlation[k] >= correlation[k - 1]
             and correlation[k] >= correlation[k + 1]]
    strongest = max((correlation[k] for k in peaks), default=0.0)
    if not strongest > 0:  # no period at all (or none that repeats): no guess
        return 0.0
    period = lags[next(k for k in peaks if correlation[k] >= PERIOD_PEAK * strongest)]
    return size[0] / float(period) + 1


def _checked(response: np.ndarray, found: tuple[np.ndarray, np.ndarray, np.ndarray],
             xs: np.ndarray, ys: np.ndarray, grey: np.ndarray | None = None
             ) -> tuple[tuple[np.ndarray, np.ndarray, np.ndarray], str | None]:
    """The fitted lattice if it passes ``lattice_check`` and ``verify_lattice``, else the
    first lattice one line over each way (refitted) that passes both, else the fit and
    what is wrong with it. Settling keeps a lattice where it is unless a shift gains
    clearly; the checks say whether the lattice is right at all, so a lattice they
    refuse is given the shifts again (unless its pitch is wrong: no shift mends that).
    A lattice that passes with an end line hardly crossed (``uncrossed_end``: the
    board's rim taken for its first line, seen at an angle) is given the shifts too,
    and a lattice one line over that passes with every end crossed is taken instead."""
    problem, mendable = _lattice_problem(response, found[0], xs, ys, grey)
    if problem is None:
        if not uncrossed_end(response, found[0], xs, ys):
            return found, None
        moved = _moved(response, found, xs, ys, grey, crossed=True)
        return (found if moved is None else moved), None
    if not mendable:
        return found, problem
    moved = _moved(response, found, xs, ys, grey)
    return (found, problem) if moved is None else (moved, None)


def _moved(response: np.ndarray, found: tuple[np.ndarray, np.ndarray, np.ndarray],
           xs: np.ndarray, ys: np.ndarray, grey: np.ndarray | None, crossed: bool = False
           ) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """The first lattice one line over each way from ``found`` (refitted) that passes
    both checks (and, if ``crossed``, has every end line crossed: ``uncrossed_end``), or
    None."""
    to_picture = np.linalg.inv(found[0])
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        move = np.array([[1, 0, dx * np.diff(xs).mean()], [0, 1, dy * np.diff(ys).mean()],
                         [0, 0, 1]])
        try:
            shifted = _refit(response, to_picture @ move, xs, ys)
        except RegistrationError:
            continue
        if _lattice_problem(response, shifted[0], xs, ys, grey)[0] is None and not (
                crossed and uncrossed_end(response, shifted[0], xs, ys)):
            return shifted
    return None


def _lattice_problem(response: np.ndarray, to_board: np.ndarray, xs: np.ndarray,
                     ys: np.ndarray, grey: np.ndarray | None = None
                     ) -> tuple[str | None, bool]:
    """Why the lattice is not the board's (None: it is): the lines' own check, then the
    independent one, piece by piece (``calibration.gridverify``; with ``grey``, the
    working picture, a line's pieces between two stones count as shown); and whether
    moving it a line may mend it (not when its pitch is wrong,
    ``gridlines.pitch_problem``: most lattices refused in the clutter's outlines are,
    and were tried four times over)."""
    diagnostics = lattice_diagnostics(response, to_board, xs, ys)
    problem = lattice_check(diagnostics, beyond=False)
    if problem is not None:
        return problem, pitch_problem(diagnostics) is None
    stones = None if grey is None else (lambda: place_stones(grey, to_board, xs, ys))
    return verify_lattice(response, to_board, xs, ys, stones=stones), True


def _register(response: np.ndarray, view: Straightened, geometry: Geometry,
              camera: CameraModel | None, scale: float
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Fit ``geometry``'s lattice to the lines inside the first outline (``view``, the
    response straightened by it):
    (picture → board homography at working scale, crossings on the board, in the
    picture)."""
    xs, ys = grid_lines_mm(geometry)
    # A square board looks the same turned; without a calibrated camera the shape seen
    # is too rough a guess to turn a board that is not. With one, the board is found
    # both ways and the way whose shape fits a real rectangle seen by that camera wins.
    square = len(xs) == len(ys) and np.isclose(xs[-1] - xs[0], ys[-1] - ys[0], rtol=0.01)
    candidates = []
    failure: RegistrationError | None = None
    for turned in (False, True) if camera is not None and not square else (False,):
        bx, by = (ys, xs) if turned else (xs, ys)
        guess = lattice_guess(view, len(bx), len(by)).reshape(-1, 2)
        rows, cols = np.meshgrid(np.arange(len(by)), np.arange(len(bx)), indexing="ij")
        if turned:  # a quarter turn, never a mirror image
            board = np.stack([xs[len(xs) - 1 - rows], ys[cols]], axis=-1).reshape(-1, 2)
        else:
            board = np.stack([xs[cols], ys[rows]], axis=-1).reshape(-1, 2)
        try:
            fitted = _fit_lattice_to_lines(response, board, guess, xs, ys)
        except RegistrationError as error:
            failure = failure or error
            continue
        shape_error = 0.0
        if camera is not None:
            shape_error = _aspect_error(np.linalg.inv(fitted[0]), _scaled(camera, scale))
        candidates.append((shape_error, fitted))
    if not candidates:
        assert failure is not None
        raise failure
    return min(candidates, key=lambda c: c[0])[1]


def _registration(found: tuple[np.ndarray, np.ndarray, np.ndarray], geometry: Geometry,
                  camera: CameraModel | None, scale: float) -> Registration:
    to_board, board_found, pixels = found
    xs, ys = grid_lines_mm(geometry)
    pitch = float(min(np.diff(xs).min(), np.diff(ys).min()))
    residual = rms_residual(to_board, pixels, board_found)
    full = to_board @ np.diag([scale, scale, 1.0])
    share = len(board_found) / (len(xs) * len(ys))
    confidence = float(np.clip(share * 1.25, 0, 1) * np.clip(1 - residual / (0.25 * pitch), 0, 1))
    return Registration(full / full[2, 2], "mm", "grid", confidence, residual, (), camera)


def _fit_lattice_to_lines(response: np.ndarray, board: np.ndarray, guess: np.ndarray,
                          xs: np.ndarray, ys: np.ndarray
                          ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """From a first guess of where the crossings are, refit and settle the lattice on
    the picture's lines (stages 3 and 4); return picture -> board and the crossings."""
    homography, _ = cv2.findHomography(board, guess, 0)
    # Settling moves the lattice by whole lines, on crossings still where it met them: a
    # guess meeting far too few is given up before it (most outlines are clutter's).
    met = len(refine_crossings(response, homography, xs, ys)[0])
    if met < HOPELESS * _least_found(xs, ys):
        raise RegistrationError(_too_few(met, xs, ys))
    homography = _settled(response, homography, xs, ys)
    for _ in range(REFINE_ROUNDS):
        to_board, _found, _pixels = _refit(response, homography, xs, ys)
        # Once on the lines, make sure they are the board's own lines, not one over.
        homography = _settled(response, np.linalg.inv(to_board), xs, ys)
    return _refit(response, homography, xs, ys)


def _settled(response: np.ndarray, board_to_picture: np.ndarray, xs: np.ndarray,
             ys: np.ndarray) -> np.ndarray:
    """Shift the lattice (whole lines) onto the most line-like run of lines."""
    for _ in range(SETTLE_ROUNDS):
        score_x, score_y = line_scores(response, board_to_picture, xs, ys, SETTLE_LINES)
        shift_x = settle(score_x, len(xs), SETTLE_LINES)
        shift_y = settle(score_y, len(ys), SETTLE_LINES)
        if shift_x == 0 and shift_y == 0:
            break
        move = np.array([[1, 0, shift_x * np.diff(xs).mean()],
                         [0, 1, shift_y * np.diff(ys).mean()], [0, 0, 1]])
        board_to_picture = board_to_picture @ move
    return board_to_picture


def _refit(response: np.ndarray, board_to_picture: np.ndarray, xs: np.ndarray,
           ys: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Find the crossings near the lattice and fit picture -> board on those that agree
    (RANSAC in board units); return the homography and the crossings kept."""
    board_found, pixels = refine_crossings(response, board_to_picture, xs, ys)
    if len(board_found) < _least_found(xs, ys):
        raise RegistrationError(_too_few(len(board_found), xs, ys))
    pitch = float(min(np.diff(xs).min(), np.diff(ys).min()))
    to_board, inliers = cv2.findHomography(pixels, board_found, cv2.RANSAC,
                                           RANSAC_PITCH * pitch)
    if to_board is None:
        raise RegistrationError("The grid's crossings found do not agree on one board.")
    keep = inliers.ravel().astype(bool)
    return to_board, board_found[keep], pixels[keep]


def _least_found(xs: np.ndarray, ys: np.ndarray) -> float:
    """The fewest crossings a lattice of lines at ``xs`` and ``ys`` must meet."""
    return max(8, MIN_FOUND * len(xs) * len(ys))


def _too_few(found: int, xs: np.ndarray, ys: np.ndarray) -> str:
    return (f"Only {found} of the grid's {len(xs) * len(ys)} crossings were found: is the "
            "whole board in the picture, and is it the board named?")


def _scaled(camera: CameraModel, scale: float) -> CameraModel:
    matrix = camera.matrix.copy()
    matrix[:2] *= scale
    return CameraModel(matrix, camera.distortion, camera.image_size)

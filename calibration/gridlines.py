"""How much each line of a fitted lattice looks like one of a plain grid board's lines,
and whether the lattice as a whole is the board's (``lattice_check``): the grid finder
(``calibration.gridfind``) settles its lattice with the first and refuses a lattice
one line off, or of another board size, with the second.

Every threshold is a named constant here.
"""

from __future__ import annotations

import cv2
import numpy as np

from companion.vision.sampling import row_percentile

LINE_REACH = 0.15  # share of a pitch a line may lie off the lattice when it is judged
FAINT_FLOOR = 4.0  # response units added under a faint line's own (noise is about 1-3)
LINE_FAINT = 0.45  # a lattice line scoring under this share of the median one is no line
MAX_FAINT_SHARE = 0.25  # stones may hide at most this share of the lattice's lines
LINE_STRAY = 0.55  # a line just beyond the lattice's ends scoring over this share is one,
BEYOND_CROSSED = 0.3  # if the lines the other way run into it this much (the board's
# own edge, often about a pitch beyond its last line, is crossed by none of them)
LINE_BETWEEN = 0.75  # lines halfway between the lattice's lines are lines if their median
ALTERNATE = 1.6  # every other line this many times stronger than the rest: a lattice
# at half the pitch of some other pattern (a keyboard's keys), not a board's lines
BETWEEN_PERCENTILE = 80  # scores over this, each judged on its best-showing fifth
LINE_PERCENTILE = 80  # a line is judged on its best-showing fifth: stones hide the rest


def line_scores(response: np.ndarray, board_to_picture: np.ndarray, xs: np.ndarray,
                ys: np.ndarray, beyond: int) -> tuple[np.ndarray, np.ndarray]:
    """How much each vertical and horizontal line of the lattice, extended by ``beyond``
    lines each side, looks like one of the board's lines: the line itself (the response
    on it minus the response half a pitch to either side, judged on its best-showing
    part, as stones hide the rest) plus the lines crossing it (do the lines the other
    way run on through it?). A shadow or an edge beyond the board can look like a line,
    but no lines cross it."""
    (own_x, cross_x), (own_y, cross_y) = line_parts(response, board_to_picture, xs, ys, beyond)
    return own_x + cross_x, own_y + cross_y


def line_parts(response: np.ndarray, board_to_picture: np.ndarray, xs: np.ndarray,
               ys: np.ndarray, beyond: int, percentile: float = LINE_PERCENTILE
               ) -> tuple[tuple[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]:
    """``line_scores``' two parts, (own, crossing), for the vertical lines and for the
    horizontal lines, each line judged at ``percentile`` of its length."""
    pitch_x, pitch_y = float(np.diff(xs).mean()), float(np.diff(ys).mean())
    ext_x = xs[0] + pitch_x * np.arange(-beyond, len(xs) + beyond)
    ext_y = ys[0] + pitch_y * np.arange(-beyond, len(ys) + beyond)
    along_y = np.linspace(ext_y[0] - pitch_y / 2, ext_y[-1] + pitch_y / 2, 4 * len(ext_y))
    along_x = np.linspace(ext_x[0] - pitch_x / 2, ext_x[-1] + pitch_x / 2, 4 * len(ext_x))
    vertical = _lineness(response, board_to_picture, ext_x, along_y, pitch_x, True)
    horizontal = _lineness(response, board_to_picture, ext_y, along_x, pitch_y, False)
    inner_x = slice(beyond, beyond + len(xs))
    inner_y = slice(beyond, beyond + len(ys))

    def parts(own, own_lines, own_along, lattice, cross, cross_along, cross_inner):
        inside = (own_along >= lattice[0]) & (own_along <= lattice[-1])
        half = (own_lines[1] - own_lines[0]) / 2
        mine = row_percentile(own[:, inside], percentile)
        lines = own_lines[:, None]
        near = np.abs(cross_along[None, :] - lines) <= half
        # A line beyond the lattice is crossed if the lines the other way run on from
        # the lattice to it: only the side towards the lattice counts (beyond it lies
        # the table, its grain and its clutter).
        near &= (lines >= lattice[0]) | (cross_along[None, :] >= lines)
        near &= (lines <= lattice[-1]) | (cross_along[None, :] <= lines)
        return mine, _percentiles_near(cross[cross_inner], near, percentile)

    return (parts(vertical, ext_x, along_y, ys, horizontal, along_x, inner_y),
            parts(horizontal, ext_y, along_x, xs, vertical, along_y, inner_x))


def _percentiles_near(crosses: np.ndarray, near: np.ndarray, percentile: float
                      ) -> np.ndarray:
    """For each row of ``near`` (lines × samples: a run of the samples along the lines
    the other way, ``crosses``, lines × samples), the ``percentile`` of ``crosses`` over
    that run: the lines with runs of one length are taken together."""
    first = near.argmax(axis=1)
    length = near.sum(axis=1)
    out = np.empty(len(near), dtype=crosses.dtype)
    for run in np.unique(length):
        which = np.nonzero(length == run)[0]
        windows = crosses[:, first[which, None] + np.arange(run)]  # lines × which × run
        out[which] = row_percentile(windows.transpose(1, 0, 2).reshape(len(which), -1),
                                    percentile)
    return out


def _lineness(response: np.ndarray, board_to_picture: np.ndarray, lines: np.ndarray,
              along: np.ndarray, pitch: float, vertical: bool) -> np.ndarray:
    """Line contrast sampled along each of ``lines`` (board mm), (lines × samples)."""
    # The line is looked for a little either side of where the lattice puts it (near
    # the picture's edges the lens bends it off the homography's straight line), and
    # half a pitch to either side: all seven offsets sampled in one go.
    reach = LINE_REACH * pitch
    offsets = np.concatenate([np.linspace(-reach, reach, 5), [-pitch / 2, pitch / 2]])
    a, b = np.meshgrid(lines, along, indexing="ij")
    a = a[None] + offsets[:, None, None]
    b = np.broadcast_to(b, a.shape)
    points = np.stack([a, b] if vertical else [b, a], axis=-1)
    pixels = cv2.perspectiveTransform(points.reshape(-1, 1, 2), board_to_picture)
    maps = pixels.reshape(-1, len(along), 2).astype(np.float32)
    sampled = cv2.remap(response, maps[..., 0], maps[..., 1], cv2.INTER_LINEAR,
                        borderMode=cv2.BORDER_CONSTANT, borderValue=0
                        ).reshape(len(offsets), len(lines), len(along))
    on = sampled[:5].max(axis=0)
    contrast = on - np.maximum(sampled[5], sampled[6])
    # Relative to the response on the line, so a faint (blurred) line counts as a line.
    return contrast / (row_percentile(np.abs(on), LINE_PERCENTILE)[:, None] + FAINT_FLOOR)


def lattice_diagnostics(response: np.ndarray, to_board: np.ndarray, xs: np.ndarray,
                        ys: np.ndarray) -> dict[str, np.ndarray]:
    """Per axis: the lattice lines' scores, the two just beyond its ends (and how much
    the lines the other way run into those two) and the own part of the lines halfway
    between its lines, each relative to the lattice lines' median (own parts to the
    lattice's own median, crossing parts to the lattice's crossing median). Lines
    halfway are judged on more of their length: the rims of stones side by side show
    there in short pieces."""
    to_picture = np.linalg.inv(to_board)
    out = {}
    for axis, (own, cross) in zip("xy", line_parts(response, to_picture, xs, ys, 1),
                                  strict=True):
        scores = own + cross
        middle = max(float(np.median(scores[1:-1])), 1e-6)
        out[f"lines_{axis}"] = scores[1:-1] / middle
        out[f"beyond_{axis}"] = scores[[0, -1]] / middle
        out[f"beyond_crossed_{axis}"] = cross[[0, -1]] / max(float(np.median(cross[1:-1])),
                                                               1e-6)
    mid_x = np.sort(np.concatenate([xs, (xs[:-1] + xs[1:]) / 2]))
    mid_y = np.sort(np.concatenate([ys, (ys[:-1] + ys[1:]) / 2]))
    for axis, (own, _cross) in zip("xy", line_parts(response, to_picture, mid_x, mid_y, 0,
                                                             BETWEEN_PERCENTILE),
                                   strict=True):
        middle = max(float(np.median(own[0::2])), 1e-6)
        out[f"between_{axis}"] = own[1::2] / middle
    return out


def lattice_check(diagnostics: dict[str, np.ndarray], *, beyond: bool = True) -> str | None:
    """Why the lattice is not the board's (None: it is): a line of it too faint, a line
    just beyond it (unless not ``beyond``: the caller judges that itself) or halfway
    between its lines too strong. A board found a line off has a line beyond its
    lattice and a lattice line on the margin; a board of another size has lattice
    lines on nothing or lines between them."""
    for axis, name in (("x", "columns"), ("y", "rows")):
        faint = diagnostics[f"lines_{axis}"] < LINE_FAINT
        # Stones may hide a whole line inside the board, not most of them; a lattice on
        # the margin shows first at an end, a lattice of the wrong pitch all along.
        if faint[0] or faint[-1] or faint.mean() > MAX_FAINT_SHARE:
            return (f"{faint.sum()} of the {len(faint)} {name} of lines fitted show no "
                    "line: is the whole board in the picture, and is it the board named?")
        stray = ((diagnostics[f"beyond_{axis}"] > LINE_STRAY)
                 & (diagnostics[f"beyond_crossed_{axis}"] > BEYOND_CROSSED))
        if beyond and stray.any():
            return (f"There is a line beyond the grid's {name}: is the whole board in the "
                    "picture, and is it the board named?")
        problem = _pitch_problem(diagnostics, axis, name)
        if problem is not None:
            return problem
    return None


def pitch_problem(diagnostics: dict[str, np.ndarray]) -> str | None:
    """Why the lattice's pitch is not the board's (None: it may be): every other line
    of it weaker (it is at half the pitch of some pattern) or lines halfway between its
    lines (at twice a finer grid's). Moving such a lattice by a line does not mend it."""
    for axis, name in (("x", "columns"), ("y", "rows")):
        problem = _pitch_problem(diagnostics, axis, name)
        if problem is not None:
            return problem
    return None


def _pitch_problem(diagnostics: dict[str, np.ndarray], axis: str, name: str) -> str | None:
    lines = diagnostics[f"lines_{axis}"]
    even, odd = float(np.median(lines[0::2])), float(np.median(lines[1::2]))
    if max(even, odd) > ALTERNATE * max(min(even, odd), 1e-6):
        return (f"Every other one of the grid's {name} is a weaker line: is it the "
                "board named?")
    # A finer grid has a line between every two, rims of stones only here and there.
    if np.median(diagnostics[f"between_{axis}"]) > LINE_BETWEEN:
        return f"There are lines between the grid's {name}: is it the board named?"
    return None

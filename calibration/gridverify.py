"""An independent check of a lattice the grid finder fitted: is it the board's, whole,
of the right size, and not one line off? (``verify_lattice``)

The finder's own check (``calibration.gridlines``) judges each line on its
best-showing fifth, as stones hide the rest; on a strongly grained table that is too
kind: a line laid over the grain finds a fifth of stripes to show on. Here every line
is judged piece by piece instead, between each two crossings, in the picture
straightened by the lattice (``SEGMENT_PX`` pixels a pitch): a piece *shows* when its
dark ridge stands clearly above the lines halfway to its neighbours (the midlines,
which on a board are bare wood) over its whole length. A board's lines show along
both families, piece after piece; wood grain runs one way, so over grain at most one
family shows, and then only where a stripe happens to lie along it.

Three things make a lattice not the board's:

- **A line that does not show.** An end line (or more than ``MAX_HIDDEN_LINES`` of the
  lines) showing on fewer than ``LINE_SHOWS`` of its pieces: the lattice reaches past
  the board onto the table.
- **A line beyond.** Past an end, the line a pitch further shows on more than
  ``BEYOND_SHOWS`` of the share of its pieces the lattice's own lines typically show
  on (their median: stones hide pieces beyond the lattice as they hide its own) *and*
  the lines the other way run on to it (their pieces from the end line to it show as
  much, against those lines' own median): the lattice is one line short of the board
  (a 9-line lattice inside a 13-line board, or one line off). The board's rim and the
  grain beyond it show as one line at most, never crossed.
- **Lines halfway.** The midlines themselves show, against the quarter lines either
  side, on more than ``BETWEEN_SHOWS`` of their pieces: the board's pitch is half the
  lattice's (a 9-line lattice over every other line of a 19-line board).

An end line the lines the other way hardly reach (their pieces next to it show on
fewer than ``END_CROSSED`` of them: ``uncrossed_end``) may be the board's rim, a
pitch beyond its first line, and the lattice one line off outward: the finder then
prefers a lattice one line over that passes every test with all its ends crossed. It
is no reason to refuse on its own: a board's lines may show faintly next to a bold
border line printed round them.

Every threshold is a named constant here.
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

from companion.vision.sampling import flat_percentile

SEGMENT_PX = 20  # the straightened picture: this many pixels a pitch
REACH = 0.15  # a line is looked for this share of a pitch either side of the lattice's
END_GAP = 0.25  # a piece is judged this share of a pitch away from the crossings
TYPICAL_PERCENTILE = 75  # the lattice's typical piece: this percentile of its pieces'
# contrast (stones hide many of them, clutter never adds to them)
SHOWS = 0.4  # a piece shows at this share of the typical piece's contrast
LINE_SHOWS = 0.35  # a line shows on at least this share of its pieces
MAX_HIDDEN_LINES = 0.25  # stones may hide at most this share of the lines, no end one
BEYOND_SHOWS = 0.5  # a line beyond and the lines running on to it: this share each (of
# the share the lattice's own lines show on, their median)
END_CROSSED = 0.15  # an end line is crossed when the lines the other way show next to it
# on this share of them
BETWEEN_SHOWS = 0.5  # midlines showing on this share of their pieces (median) are lines
PLAIN_LINES = 0.8  # a lattice whose lines show on this share of their pieces (median,
# each family) shows its board's lines plainly: few stones on it


def segment_contrast(flat: np.ndarray, lines: np.ndarray, crossings: np.ndarray,
                     off: float, horizontal: bool) -> np.ndarray:
    """The contrast of each piece of each line against the line ``off`` pixels before
    it and the one after it (lines × pieces × 2): the mean ridge along the piece (the
    most response within ``REACH`` of the line) less the mean ridge along the line
    beside it, at places ``END_GAP`` away from the crossings. ``lines`` and
    ``crossings`` are positions in ``flat`` (rows and columns, or columns and rows if
    not ``horizontal``)."""
    picture = flat if horizontal else flat.T
    reach = max(1, round(REACH * SEGMENT_PX))
    ridge = cv2.dilate(picture, np.ones((2 * reach + 1, 1), np.uint8))
    gap = END_GAP * SEGMENT_PX
    result = np.zeros((len(lines), len(crossings) - 1, 2), np.float32)
    at = np.clip(np.rint(np.column_stack([lines, lines - off, lines + off])).astype(int), 0,
                 picture.shape[0] - 1)  # each line's row, and the rows beside it
    for k, (a, b) in enumerate(zip(crossings[:-1], crossings[1:], strict=True)):
        cols = np.arange(int(np.ceil(a + gap)), int(np.floor(b - gap)) + 1)
        cols = cols[(cols >= 0) & (cols < picture.shape[1])]
        if len(cols) == 0:
            continue
        means = ridge[at[:, :, None], cols[None, None, :]].mean(axis=2)  # lines × 3
        result[:, k] = means[:, :1] - means[:, 1:]
    return result


def _against_inside(contrast: np.ndarray) -> np.ndarray:
    """Each line's pieces' contrast against both lines beside it, but the lattice's end
    lines (the second and the last but one of the extended lines) only against the one
    inside: outside lies the board's margin, and its rim may be as near as half a
    pitch."""
    both = contrast.min(axis=2)
    both[1] = contrast[1, :, 1]
    both[-2] = contrast[-2, :, 0]
    return both


def straightened_by(picture: np.ndarray, to_board: np.ndarray, xs: np.ndarray,
                    ys: np.ndarray, pad: float, border: int
                    ) -> tuple[np.ndarray, np.ndarray]:
    """``picture`` straightened by the lattice (picture -> board ``to_board``, lines at
    ``xs`` and ``ys``), ``SEGMENT_PX`` pixels a pitch, its first lines ``pad`` pixels
    in from the top and left and as many past the last (float32, OpenCV's ``border``
    outside the picture); and board -> straightened pixels."""
    scale_x = SEGMENT_PX / float(np.diff(xs).mean())
    scale_y = SEGMENT_PX / float(np.diff(ys).mean())
    to_flat = np.array([[scale_x, 0, pad - xs[0] * scale_x],
                        [0, scale_y, pad - ys[0] * scale_y], [0, 0, 1]])
    size = (int(np.ceil(2 * pad + (len(xs) - 1) * SEGMENT_PX)) + 1,
            int(np.ceil(2 * pad + (len(ys) - 1) * SEGMENT_PX)) + 1)
    flat = cv2.warpPerspective(picture.astype(np.float32), to_flat @ to_board, size,
                               flags=cv2.INTER_LINEAR, borderMode=border)
    return flat, to_flat


def lattice_pieces(response: np.ndarray, to_board: np.ndarray, xs: np.ndarray,
                   ys: np.ndarray) -> dict[str, np.ndarray]:
    """The pieces' contrasts of the lattice extended by a line each way, in the picture
    straightened by ``to_board`` (picture -> board): ``rows`` (rows × pieces between
    columns, both extended), ``columns`` (likewise), and ``mid_rows``,
    ``mid_columns`` (the midlines' pieces between the lattice's own lines)."""
    count_x, count_y = len(xs), len(ys)
    pad = 1.75 * SEGMENT_PX
    flat, _to_flat = straightened_by(response, to_board, xs, ys, pad, cv2.BORDER_CONSTANT)
    us = pad + SEGMENT_PX * np.arange(-1, count_x + 1)
    vs = pad + SEGMENT_PX * np.arange(-1, count_y + 1)
    half = SEGMENT_PX / 2
    return {
        "rows": _against_inside(segment_contrast(flat, vs, us, half, True)),
        "columns": _against_inside(segment_contrast(flat, us, vs, half, False)),
        "mid_rows": segment_contrast(flat, vs[1:-2] + half, us[1:-1], half / 2,
                                     True).min(axis=2),
        "mid_columns": segment_contrast(flat, us[1:-2] + half, vs[1:-1], half / 2,
                                        False).min(axis=2),
    }


def _shows(pieces: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Which pieces (``lattice_pieces``) show, each family against its own typical piece
    (``piece_shares``)."""
    typical = {}
    for name in ("rows", "columns"):
        own = pieces[name][1:-1, 1:-1]
        typical[name] = max(flat_percentile(own.ravel(), TYPICAL_PERCENTILE), 0.0)
    shows = {name: pieces[name] > SHOWS * typical[name] if typical[name] > 0
             else np.zeros_like(pieces[name], bool) for name in ("rows", "columns")}
    shows.update({"mid_" + name: pieces["mid_" + name] > SHOWS * typical[name]
                  if typical[name] > 0 else np.ones_like(pieces["mid_" + name], bool)
                  for name in ("rows", "columns")})
    return shows


def shown_or_under_stones(pieces: dict[str, np.ndarray], stones: np.ndarray, name: str
                          ) -> np.ndarray:
    """The share of each of the lattice's ``name`` lines' pieces that show or lie
    between two stones (``stones``: which places of the lattice extended by a line
    each way hold one, ``gridbeyond.place_stones``): a stone on each crossing at its
    ends covers the piece's middle, where it is judged."""
    own = stones[1:-1, 1:-1]
    covered = own[:, :-1] & own[:, 1:] if name == "rows" else (own[:-1, :] & own[1:, :]).T
    return (_shows(pieces)[name][1:-1, 1:-1] | covered).mean(axis=1)


def piece_shares(pieces: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Which pieces show (``lattice_pieces``), each family judged against its own
    typical piece (a camera's blur or a board's print may make one family fainter):
    per family, the share of each lattice line's pieces that show (``lines``), of the
    pieces of the lines just beyond each end (``beyond``), of the pieces running on
    to each of them from the end lines the other way (``running_on``), and of each
    midline's pieces (``between``)."""
    shows = _shows(pieces)
    out = {}
    for name, other in (("rows", "columns"), ("columns", "rows")):
        out[f"lines_{name}"] = shows[name][1:-1, 1:-1].mean(axis=1)
        out[f"beyond_{name}"] = shows[name][[0, -1], 1:-1].mean(axis=1)
        out[f"running_on_{name}"] = shows[other][1:-1, [0, -1]].mean(axis=0)
        out[f"ends_crossed_{name}"] = shows[other][1:-1, [1, -2]].mean(axis=0)
        out[f"between_{name}"] = shows["mid_" + name].mean(axis=1)
    return out


def verify_lattice(response: np.ndarray, to_board: np.ndarray, xs: np.ndarray,
                   ys: np.ndarray, *, plain_only: bool = False,
                   stones: Callable[[], np.ndarray] | None = None) -> str | None:
    """Why the lattice (picture -> board ``to_board``, lines at ``xs`` and ``ys``) is not
    the board's (None: it is), by the module docstring's three tests. With
    ``plain_only`` (a lattice found by its stones, whose lines they may hide), only a
    lattice whose lines show plainly (``PLAIN_LINES``) is judged. With ``stones`` (which
    places hold a stone, worked out only when asked: ``gridbeyond.place_stones``), a
    line's pieces between two stones count as shown (a board's edge line under a row
    of stones is a line; the table beyond a board holds none)."""
    pieces = lattice_pieces(response, to_board, xs, ys)
    shares = piece_shares(pieces)
    if plain_only and min(np.median(shares[f"lines_{name}"])
                          for name in ("rows", "columns")) < PLAIN_LINES:
        return None
    held: list[np.ndarray] = []
    for name in ("rows", "columns"):
        hidden = shares[f"lines_{name}"] < LINE_SHOWS
        if (hidden[0] or hidden[-1] or hidden.mean() > MAX_HIDDEN_LINES) and stones:
            held = held or [stones()]
            hidden = shown_or_under_stones(pieces, held[0], name) < LINE_SHOWS
        if hidden[0] or hidden[-1] or hidden.mean() > MAX_HIDDEN_LINES:
            return (f"{hidden.sum()} of the {len(hidden)} {name} of the lattice show only in "
                    "a few pieces: does it reach past the board (wood grain), and is it the "
                    "board named?")
        other = "columns" if name == "rows" else "rows"
        if ((shares[f"beyond_{name}"] > BEYOND_SHOWS * np.median(shares[f"lines_{name}"]))
                & (shares[f"running_on_{name}"]
                   > BEYOND_SHOWS * np.median(shares[f"lines_{other}"]))).any():
            return (f"The board's {name} go on beyond the lattice found: is the whole "
                    "board in the picture, and is it the board named?")
        if np.median(shares[f"between_{name}"]) > BETWEEN_SHOWS:
            return f"There are lines halfway between the lattice's {name}: is it the board named?"
    return None


def uncrossed_end(response: np.ndarray, to_board: np.ndarray, xs: np.ndarray,
                  ys: np.ndarray) -> bool:
    """Whether an end line of the lattice is crossed by hardly any of the lines the other
    way (their pieces next to it show on fewer than ``END_CROSSED`` of them): a board's
    rim, seen at an angle as a dark edge a pitch beyond its first line, taken for that
    line (the module docstring)."""
    shares = piece_shares(lattice_pieces(response, to_board, xs, ys))
    return any(bool((shares[f"ends_crossed_{name}"] < END_CROSSED).any())
               for name in ("rows", "columns"))

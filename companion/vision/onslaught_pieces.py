"""ONSLAUGHT: the player pieces, orb tokens and capture tokens on every square.

The pieces are made for the camera (docs/recognition.md, "Rulings for the table"): a
piece is a disc in its team's colour, number 2 with a white centre; an orb a ring in its
team's colour around the pieces; a capture token a square frame along the square's
edge. So each square is read in zones of its own: the discs inside (0.29 of the square
from its centre), the orb's ring, the token's frame, and the printed line around the
square. Every pixel is first named (red, blue, white, dark or the board) by comparing it
with the square's own bare board (its corners, inside the token's frame and outside
the orb's ring), as stones are read, so light, shadow and the printed tints of cores and nodes
cancel. All squares are named at once (one gather of every square's pixels); only the
few squares where a team's colour fills part of the discs are looked at one by one.

A hand over the board hides the board's print: a square whose printed outline is not
darker than its bare board on some side, or shows there no thin dark line at all, is
*covered* (many together: a hand), unless a token's frame lies over that line. A lamp's
glare blows pixels out: they carry no colour and hide what lies under them, so a
square is read from what the glare leaves seen (its board from its corners still seen,
a ring or a frame from the sides still seen) and is ``unsure`` where the glare may hide
a piece or too much of a ring or a frame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from companion.vision.config import Section
from companion.vision.designs.onslaught import PIECE_RADIUS
from companion.vision.labels import EMPTY, UNSURE
from companion.vision.sampling import Layout, channel_max
from companion.vision.stones import SpaceReadings

_LOG = np.log(np.arange(256, dtype=np.float32) + np.float32(4.0))  # log(pixel + 4)
_BOARD, _RED, _BLUE, _WHITE, _DARK, _BLOWN = range(6)
DISCS, RING, FRAME, BARE, LINE = 1, 2, 3, 4, 5


@dataclass(frozen=True)
class SquarePatch:
    """Where each square's zones are in the board view.

    ``index`` (N×P) are the flat board-view indices of the P patch pixels of every
    square that belong to a zone, ordered by zone then side so that each zone (and
    each side of it) is one slice; ``zone`` (P) their zone, ``side`` (P) which side of
    the square a pixel lies towards (0–3), ``dy``/``dx`` (P) their offsets from the
    square's centre and ``half`` the patch's half width in pixels."""

    index: np.ndarray
    zone: np.ndarray
    side: np.ndarray
    dy: np.ndarray
    dx: np.ndarray
    half: int
    centres: np.ndarray  # N×2 the squares' centres in the board view, whole pixels
    size: tuple[int, int]  # the board view's width and height
    probes: np.ndarray  # 2×2×N×(2k+1)×L flat indices across each side's line (below)
    reach: int  # k: how far (pixels) a square's print may lie from where it should

    def at(self, shift: np.ndarray) -> np.ndarray:
        """The flat indices of every square's zones, each square moved by ``shift``
        (N×2 whole pixels, x and y)."""
        w, h = self.size
        cx = np.clip((self.centres[:, 0] + shift[:, 0])[:, None] + self.dx[None, :], 0, w - 1)
        cy = np.clip((self.centres[:, 1] + shift[:, 1])[:, None] + self.dy[None, :], 0, h - 1)
        return cy * w + cx

    def part(self, zone: int, side: int | None = None) -> slice:
        """The slice of patch pixels in ``zone`` (and on ``side`` of the square)."""
        keys = self.zone.astype(int) * 4 + (self.side if side is not None else 0)
        key = zone * 4 + (side or 0)
        lo = int(np.searchsorted(keys, key, side="left"))
        hi = int(np.searchsorted(keys, key + (1 if side is not None else 4), side="left"))
        return slice(lo, hi)


def square_patch(layout: Layout, cfg: Section) -> SquarePatch:
    """The zones of every square of ``layout``, in board-view pixels."""
    p = layout.pitch_px
    half = int(np.ceil((0.5 + cfg.line_zone) * p))
    dy, dx = np.mgrid[-half:half + 1, -half:half + 1]
    r = np.hypot(dx, dy) / p
    edge = np.maximum(np.abs(dx), np.abs(dy)) / p
    zone = np.zeros(dx.shape, dtype=np.uint8)
    zone[r <= cfg.disc_zone] = DISCS
    zone[(r >= cfg.ring_zone[0]) & (r <= cfg.ring_zone[1])] = RING
    zone[(edge >= cfg.frame_zone[0]) & (edge <= cfg.frame_zone[1])] = FRAME
    # The bare board in the square's four corners, well clear of the orb's ring and
    # the token's frame even when both are there and blurred together.
    zone[(r >= cfg.bare_zone[0]) & (edge <= cfg.bare_zone[1])] = BARE
    # The printed line around the square, away from its corners (where lines cross).
    along = np.minimum(np.abs(dx), np.abs(dy)) / p
    zone[(np.abs(edge - 0.5) <= cfg.line_zone) & (along <= cfg.line_length)] = LINE
    side = np.where(np.abs(dx) >= np.abs(dy), np.where(dx > 0, 0, 1), np.where(dy > 0, 2, 3))
    keep = np.flatnonzero(zone > 0)
    keep = keep[np.lexsort((side.ravel()[keep], zone.ravel()[keep]))]
    dy, dx = dy.ravel()[keep], dx.ravel()[keep]
    zone, side = zone.ravel()[keep], side.ravel()[keep].astype(np.uint8)
    centres = np.rint(layout.centres).astype(int)
    reach = int(np.ceil(cfg.max_shift * p))
    patch = SquarePatch(np.empty(0), zone, side, dy, dx, half, centres, layout.size,
                        _line_probes(centres, layout.size, p, reach, cfg), reach)
    return SquarePatch(patch.at(np.zeros_like(centres)), zone, side, dy, dx, half, centres,
                       layout.size, patch.probes, reach)


def _line_probes(centres: np.ndarray, size: tuple[int, int], pitch: float, reach: int,
                 cfg: Section) -> np.ndarray:
    """Where to look for each square's printed outline: flat board-view indices, per
    axis (x, y), per side (left or top, right or bottom) and square, across the side's
    line from ``reach`` pixels before it to ``reach`` after (rows), along its middle
    part (columns)."""
    w, h = size
    length = int(cfg.line_length * pitch)
    across = np.arange(-reach, reach + 1) - int(round(0.5 * pitch))
    across, along = np.broadcast_arrays(across[:, None], np.arange(-length, length + 1))
    probes = []
    for axis in (0, 1):
        for offset in (across, across + int(round(pitch))):
            a = centres[:, axis, None, None] + offset[None]
            b = centres[:, 1 - axis, None, None] + along[None]
            x, y = (a, b) if axis == 0 else (b, a)
            probes.append(np.clip(y, 0, h - 1) * w + np.clip(x, 0, w - 1))
    return np.array(probes).reshape(2, 2, *probes[0].shape)


def square_shifts(view: np.ndarray, darkest: np.ndarray, patch: SquarePatch,
                  cfg: Section) -> tuple[np.ndarray, np.ndarray]:
    """How far (whole pixels, N×2) each square's printed outline lies from where the
    registration puts it: a lens's residual distortion or a board not quite flat moves
    squares by a few pixels, as much as a token's frame is wide. Each side's line is
    the darkest column (row) of neutral ink near it (``_neutral_ink``; ``darkest`` is
    each pixel's darkest channel). Where a side shows no line
    (a hand, glare) the opposite side decides; with neither, the square stays put.
    Also says on which sides (N×4, in ``LINE``'s order of sides) a line was seen."""
    ink = _neutral_ink(view, darkest).ravel()
    profile = ink[patch.probes].mean(axis=-1)  # 2×2×N×(2k+1): axis, side, square, across
    level = np.median(profile, axis=-1)
    contrast = level - profile.min(axis=-1)
    seen = contrast > cfg.min_line_contrast * level
    # Only a clearly dark line places the square: a token's frame lying over the line,
    # or the edge of a node's tint, may be a little darker than the board, never as dark.
    placed = contrast > cfg.shift_line_contrast * level
    found = np.where(placed, profile.argmin(axis=-1) - patch.reach, 0)
    count = placed.sum(axis=1)  # per axis and square: on how many of its two sides
    mean = found.sum(axis=1) / np.maximum(count, 1)
    return np.rint(mean).astype(int).T, _by_side(seen)


def _by_side(probed: np.ndarray) -> np.ndarray:
    """Per-probe figures (axis × side × N) as N×4 in ``LINE``'s order of sides: right,
    left, down, up."""
    return np.stack([probed[0, 1], probed[0, 0], probed[1, 1], probed[1, 0]], axis=1)


def _glared_lines(darkest: np.ndarray, patch: SquarePatch, cfg: Section) -> np.ndarray:
    """Per square and side (N×4), whether a glare blows out part of the board across
    its line (every channel clipped: ``darkest`` is each pixel's darkest channel): its
    light, smeared by the lens, washes the line beside it out."""
    low = darkest.ravel()
    return _by_side((low[patch.probes] >= cfg.saturated_level).mean(axis=(-1, -2))) \
        > cfg.max_blown.line


def _neutral_ink(view: np.ndarray, darkest: np.ndarray) -> np.ndarray:
    """How far each pixel is from dark neutral ink (int16): its brightest channel plus its
    chroma (brightest less darkest). The printed line is dark in every channel; coloured
    print (a token's frame, a core's tint) is bright in its own channel and far from grey,
    so it never passes for a line even where the light makes it dark."""
    brightest = channel_max(view).astype(np.int16)
    return 2 * brightest - darkest


def _name_pixels(logs: np.ndarray, board: np.ndarray, palette: Section,
                 cfg: Section) -> np.ndarray:
    """Name every pixel of each square (``logs``: N×P×3, log(BGR + 4)) against its
    board colour (N×3).

    A pixel's feature is its log colour relative to the board, split into chromaticity
    and a weighted luminance; the nearest of the five prototypes (board, red, blue,
    white, dark) names it. That distance is linear in the pixel's log colour once the
    prototypes are folded (``|f - c|² = |f|² - 2 f·c + |c|²``), so every pixel of every
    square costs one small matrix product."""
    nominal = board * (cfg.board_level * 255.0 / np.maximum(board.max(axis=-1,
                                                                    keepdims=True), 1.0))
    gain = board / np.maximum(nominal, 1.0)
    log_board = np.log(board + 4.0)
    protos = [np.zeros_like(board)]
    for colour in ("red", "blue", "white", "black"):
        bgr = np.array(palette[colour][::-1], dtype=np.float64) * gain
        protos.append(np.log(np.minimum(bgr, 255.0) + 4.0) - log_board)
    p = np.stack(protos, axis=1)  # N×5×3
    w2 = 3.0 * cfg.luminance_weight
    plum = p.mean(axis=-1, keepdims=True)
    # f·c for a pixel's v = log(pixel) - log(board): v·q with q as below.
    q = p - plum + plum * (w2 / 3.0)
    c2 = ((p - plum) ** 2).sum(axis=-1) + w2 * plum[..., 0] ** 2  # |c|², N×5
    offset = c2 + 2.0 * np.einsum("nk,nck->nc", log_board, q)
    score = offset[:, None, :].astype(np.float32) - 2.0 * np.matmul(
        logs, q.transpose(0, 2, 1).astype(np.float32))
    return score.argmin(axis=-1).astype(np.uint8)


def _sides(names: np.ndarray, patch: SquarePatch, zone: int,
           cfg: Section) -> tuple[np.ndarray, np.ndarray]:
    """Each square's share of red and of blue pixels on each side of one zone (N×2×4),
    among the pixels a glare leaves seen, and which sides are seen (N×4: a glare blows
    out no more than ``max_blown.side`` of it)."""
    shares, seen = [], []
    for s in range(4):
        part = names[:, patch.part(zone, s)]
        lit = np.maximum((part != _BLOWN).sum(axis=1), 1)
        shares.append([(part == _RED).sum(axis=1) / lit, (part == _BLUE).sum(axis=1) / lit])
        seen.append((part == _BLOWN).mean(axis=1) <= cfg.max_blown.side)
    return np.array(shares).transpose(2, 1, 0), np.array(seen).T


def _team(sides: np.ndarray, seen: np.ndarray, cfg: Section) -> list[Any]:
    """Per square, the team whose colour goes all round a zone (a share above
    ``zone_present`` on every side seen, at least ``min_seen_sides`` seen, and the other
    team's below ``zone_absent`` on some side seen); None where neither team's colour
    shows above ``zone_present`` on more than one side seen (a neighbour's frame or a
    piece reaching over one side is not a ring or a frame); False where it cannot be
    told: a ring or a frame seen on some sides only (pushed off its place, half hidden)
    may or may not be there."""
    shown = ((sides >= cfg.zone_present) & seen[:, None, :]).sum(axis=-1)  # N×2
    least = np.where(seen[:, None, :], sides, np.inf).min(axis=-1)
    count = seen.sum(axis=1)
    out: list[Any] = []
    for (red, blue), (red_least, blue_least), n in zip(shown, least, count, strict=True):
        if max(red, blue) <= 1:
            out.append(None)
        elif n >= cfg.min_seen_sides and max(red, blue) == n \
                and min(red_least, blue_least) < cfg.zone_absent:
            out.append("red" if red == n else "blue")
        else:
            out.append(False)
    return out


def outline_contrast(logs: np.ndarray, bare: np.ndarray, patch: SquarePatch,
                     cfg: Section) -> np.ndarray:
    """Per square and side (N×4), how much darker than its bare board its printed
    outline is (mean log brightness; about 0 where a hand hides the line)."""
    base = np.log(bare + 4.0).mean(axis=-1)
    sides = []
    for s in range(4):
        lum = logs[:, patch.part(LINE, s)].mean(axis=-1)
        sides.append(base - np.percentile(lum, cfg.line_percentile, axis=1))
    return np.array(sides).T


def classify_squares(view: np.ndarray, darkest: np.ndarray, layout: Layout,
                     patch: SquarePatch, palette: Section, cfg: Section) -> SpaceReadings:
    """Read every square: ``empty``, ``unsure`` or ``{"pieces", "orbs", "token"}``;
    ``darkest`` is the view's darkest channel (``sampling.Samples``)."""
    shifts, lines = square_shifts(view, darkest, patch, cfg)
    pixels = np.take(view.reshape(-1, 3), patch.at(shifts), axis=0)
    logs = _LOG[pixels]
    # A lamp's glare blows pixels out: they carry no colour, and what lies under them
    # cannot be seen.
    blown = np.minimum(np.minimum(pixels[..., 0], pixels[..., 1]),
                       pixels[..., 2]) >= cfg.saturated_level
    bare, bare_seen = _bare_board(pixels, blown, patch, cfg)
    inner = slice(0, patch.part(BARE).start)  # discs, ring and frame: what pieces cover
    names = _name_pixels(logs[:, inner], bare, palette, cfg)
    names[blown[:, inner]] = _BLOWN
    tokens = _team(*_sides(names, patch, FRAME, cfg), cfg)
    orbs = _team(*_sides(names, patch, RING, cfg), cfg)
    discs = names[:, patch.part(DISCS)]
    piece_area = np.pi * (PIECE_RADIUS * layout.pitch_px) ** 2
    coloured = ((discs == _RED) | (discs == _BLUE) | (discs == _WHITE)).sum(axis=1)
    # A glare also hides the outline (a side blown out is not a hand): the square is
    # read from what the glare leaves seen, and unsure where it may hide a piece, or
    # too much of a ring or a frame (``_pieces``, ``_team``).
    glare = np.array([blown[:, patch.part(LINE, s)].mean(axis=1) for s in range(4)]).T \
        > cfg.max_blown.line
    glare |= _glared_lines(darkest, patch, cfg)
    # A side's line that is not darker than the board, or not a thin dark line at all,
    # is hidden: by a hand, or by a capture token's frame lying over it (its colour).
    ink = _name_pixels(logs[:, patch.part(LINE)], bare, palette, cfg)
    framed = np.array([np.isin(ink[:, _side_of(patch, LINE, s)], (_RED, _BLUE)).mean(axis=1)
                       for s in range(4)]).T >= cfg.zone_present
    faint = ((outline_contrast(logs, bare, patch, cfg) < cfg.min_line_contrast) | ~lines) \
        & ~framed
    covered = (faint & ~glare).any(axis=1) | ~bare_seen
    hidden = (discs == _BLOWN).sum(axis=1) > cfg.max_hidden * piece_area
    labels: list[Any] = []
    for i in range(len(names)):
        pieces: list[str] | None = []
        if coloured[i] >= cfg.min_blob * piece_area or hidden[i]:
            pieces = _pieces(discs[i], patch, piece_area, cfg)
        if covered[i] or tokens[i] is False or orbs[i] is False or pieces is None:
            labels.append(UNSURE)
        elif not pieces and tokens[i] is None and orbs[i] is None:
            labels.append(EMPTY)
        else:
            labels.append({"pieces": pieces, "orbs": [orbs[i]] if orbs[i] else [],
                           "token": tokens[i]})
    confidence = np.array([0.0 if label == UNSURE else 1.0 for label in labels])
    # A covered square is already unsure: ``covered`` (read empty, print hidden) stays
    # for the stones' kind of reading.
    return SpaceReadings(labels=labels, confidence=confidence,
                         best=[str(label) for label in labels],
                         covered=np.zeros(len(labels), dtype=bool))


def _side_of(patch: SquarePatch, zone: int, side: int) -> slice:
    """The slice of one side within ``zone``'s own slice."""
    whole, part = patch.part(zone), patch.part(zone, side)
    return slice(part.start - whole.start, part.stop - whole.start)


def _bare_board(pixels: np.ndarray, blown: np.ndarray, patch: SquarePatch,
                cfg: Section) -> tuple[np.ndarray, np.ndarray]:
    """Each square's bare board colour (N×3) from its corners, leaving out what a glare
    blew out, and whether enough of them was seen for that (N)."""
    zone = patch.part(BARE)
    bare = np.percentile(pixels[:, zone], cfg.bare_percentile, axis=1)
    lit = ~blown[:, zone]
    seen = lit.mean(axis=1) >= cfg.min_bare_seen
    for i in np.flatnonzero(seen & ~lit.all(axis=1)):
        bare[i] = np.percentile(pixels[i, zone][lit[i]], cfg.bare_percentile, axis=0)
    return bare, seen


def _pieces(names: np.ndarray, patch: SquarePatch, piece_area: float,
            cfg: Section) -> list[str] | None:
    """The pieces in one square's discs zone (``names`` of its pixels there), or None
    when they cannot be told: a blob of no piece's size, a white centre half there,
    pieces of both teams, more of the zone blown out outside every piece than the rim of
    a piece (``max_hidden`` of its area: a glare may hide a piece, or the part of one
    that shows its white centre, there). Inside a piece a blown-out pixel is its white
    centre."""
    size = 2 * patch.half + 1
    inside = patch.part(DISCS)
    image = np.full((size, size), _BOARD, dtype=np.uint8)
    ys, xs = patch.dy[inside] + patch.half, patch.dx[inside] + patch.half
    image[ys, xs] = names
    loose = np.zeros_like(image)
    loose[ys, xs] = names == _BLOWN
    found: list[str] = []
    for team_code, team in ((_RED, "red"), (_BLUE, "blue")):
        body = (image == team_code).astype(np.uint8)
        hull = np.zeros_like(body)
        contours, _ = cv2.findContours(body, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        blobs = [c for c in contours if cv2.contourArea(c) >= cfg.min_blob * piece_area]
        if not blobs:
            continue
        if found:
            return None  # two teams on one square: the rules never allow it
        for contour in blobs:  # the hull: a white centre at a blob's rim is inside too
            cv2.fillConvexPoly(hull, cv2.convexHull(contour), 1)
        area = float(hull.sum())
        loose[hull > 0] = 0
        white = float((((image == _WHITE) | (image == _BLOWN)) & (hull > 0)).sum()) \
            / max(area, 1.0)
        count = area / piece_area
        if cfg.one_piece[0] <= count <= cfg.one_piece[1]:
            if white <= cfg.plain_white:
                found.append(f"{team}1")
            elif white >= cfg.marked_white:
                found.append(f"{team}2")
            else:
                return None  # a white centre half seen: it may or may not be there
        elif cfg.two_pieces[0] <= count <= cfg.two_pieces[1]:
            if white > cfg.max_pair_white:
                return None  # more white than one number 2 shows: not a pair
            # Team mates on one square are always number 1 and number 2.
            found += [f"{team}1", f"{team}2"]
        else:
            return None
    if loose.sum() > cfg.max_hidden * piece_area:
        return None
    team = ((image == _RED) | (image == _BLUE)).sum()
    if not found and team >= cfg.min_stray * piece_area \
            and team + (image == _WHITE).sum() >= cfg.min_blob * piece_area:
        return None  # a white centre in a thin ring of a team's colour: not nothing
    return found

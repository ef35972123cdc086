"""ONSLAUGHT: the player pieces, orb tokens and capture tokens on every square.

The pieces are made for the camera (docs/recognition.md, "Rulings for the table"): a
piece is a disc in its team's colour with white pips for its number, an orb a ring in
its team's colour around the pieces, a capture token a square frame along the square's
edge. So each square is read in three zones of its own: the discs inside (0.3 of the
square from its centre), the ring, and the frame. Every pixel is first named (red,
blue, white, or the board) by comparing it with the square's own bare board (a thin
ring between the orb's ring and the token's frame), as stones are read, so light,
shadow and the printed tints of cores and nodes cancel.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from companion.vision.config import Section
from companion.vision.sampling import Layout
from companion.vision.stones import EMPTY, UNSURE, SpaceReadings

TEAMS = ("red", "blue")
_BOARD, _RED, _BLUE, _WHITE, _DARK = range(5)


@dataclass(frozen=True)
class SquarePatch:
    """Offsets (pixels) of one square's patch and the zone of each of its pixels."""

    dy: np.ndarray
    dx: np.ndarray
    zone: np.ndarray  # 0 nothing, 1 discs, 2 ring, 3 frame, 4 bare board
    half: int


def square_patch(layout: Layout, cfg: Section) -> SquarePatch:
    """The zones of a square, in board-view pixels around its centre."""
    p = layout.pitch_px
    half = int(np.ceil(0.5 * p))
    dy, dx = np.mgrid[-half:half + 1, -half:half + 1]
    r = np.hypot(dx, dy) / p
    edge = np.maximum(np.abs(dx), np.abs(dy)) / p
    zone = np.zeros(dx.shape, dtype=np.uint8)
    zone[r <= cfg.disc_zone] = 1
    zone[(r >= cfg.ring_zone[0]) & (r <= cfg.ring_zone[1])] = 2
    zone[(edge >= cfg.frame_zone[0]) & (edge <= cfg.frame_zone[1])] = 3
    zone[(r >= cfg.bare_zone[0]) & (r <= cfg.bare_zone[1])] = 4
    return SquarePatch(dy, dx, zone, half)


def _name_pixels(pixels: np.ndarray, board: np.ndarray, palette: Section,
                 cfg: Section) -> np.ndarray:
    """Name every pixel (…×3 BGR) of a square against its board colour (3)."""
    nominal = board * (cfg.board_level * 255.0 / max(float(board.max()), 1.0))
    gain = board / np.maximum(nominal, 1.0)
    protos = [np.zeros(3)]
    for colour in ("red", "blue", "white", "black"):
        bgr = np.array(palette[colour][::-1], dtype=np.float64) * gain
        protos.append(np.log(np.minimum(bgr, 255.0) + 4.0) - np.log(board + 4.0))
    v = np.log(pixels + 4.0) - np.log(board + 4.0)
    lum = v.mean(axis=-1, keepdims=True)
    p = np.array(protos)
    plum = p.mean(axis=-1, keepdims=True)
    w = np.sqrt(3.0 * cfg.luminance_weight)
    f = np.concatenate([v - lum, lum * w], axis=-1)
    c = np.concatenate([p - plum, plum * w], axis=-1)
    d2 = ((f[..., None, :] - c) ** 2).sum(axis=-1)
    return d2.argmin(axis=-1)


def _team(names: np.ndarray, lo: float, hi: float) -> str | None | bool:
    """The team whose colour fills a zone (share above ``hi``), None if neither reaches
    ``lo``, False if it cannot be told."""
    if names.size == 0:
        return None
    red, blue = (names == _RED).mean(), (names == _BLUE).mean()
    if max(red, blue) >= hi and min(red, blue) < lo:
        return "red" if red > blue else "blue"
    if max(red, blue) < lo:
        return None
    return False


def classify_squares(view: np.ndarray, layout: Layout, patch: SquarePatch,
                     palette: Section, cfg: Section) -> SpaceReadings:
    """Read every square: ``empty``, ``unsure`` or ``{"pieces", "orbs", "token"}``."""
    h, w = view.shape[:2]
    p = layout.pitch_px
    piece_area = np.pi * (cfg.piece_radius * p) ** 2
    labels: list[Any] = []
    for cx, cy in layout.centres:
        ys = np.clip(np.rint(cy).astype(int) + patch.dy, 0, h - 1)
        xs = np.clip(np.rint(cx).astype(int) + patch.dx, 0, w - 1)
        pixels = view[ys, xs].astype(np.float64)
        # The square's own bare board, between the orb's ring and the token's frame: a
        # square's printed tint (a core, a node) and the lines at its corners stay out.
        own = np.percentile(pixels[patch.zone == 4], cfg.bare_percentile, axis=0)
        names = _name_pixels(pixels, own, palette, cfg)
        token = _team(names[patch.zone == 3], cfg.zone_absent, cfg.zone_present)
        orb = _team(names[patch.zone == 2], cfg.zone_absent, cfg.zone_present)
        pieces = _pieces(names, patch.zone == 1, piece_area, cfg)
        if token is False or orb is False or pieces is None:
            labels.append(UNSURE)
        elif not pieces and token is None and orb is None:
            labels.append(EMPTY)
        else:
            labels.append({"pieces": pieces, "orbs": [orb] if orb else [], "token": token})
    confidence = np.array([0.0 if label == UNSURE else 1.0 for label in labels])
    return SpaceReadings(labels=labels, confidence=confidence,
                         best=[str(label) for label in labels],
                         covered=np.zeros(len(labels), dtype=bool))


def _pieces(names: np.ndarray, inside: np.ndarray, piece_area: float,
            cfg: Section) -> list[str] | None:
    """The pieces in the disc zone, or None when they cannot be told (a blob the size
    of no piece, pips that are not 1 or 2, a piece of both colours)."""
    found = []
    for team_code, team in ((_RED, "red"), (_BLUE, "blue")):
        # The team's colour, one blob per piece, its pips' holes filled in.
        body = ((names == team_code) & inside).astype(np.uint8)
        contours, _ = cv2.findContours(body, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        for contour in contours:
            blob = np.zeros_like(body)  # its convex hull: pips at its rim are inside too
            cv2.fillConvexPoly(blob, cv2.convexHull(contour), 1)
            area = int(blob.sum())
            if area < cfg.min_blob * piece_area:
                continue
            if area > cfg.max_blob * piece_area:
                return None
            pips = ((names == _WHITE) & (blob > 0)).astype(np.uint8)
            n, _, pip_stats, _ = cv2.connectedComponentsWithStats(pips, connectivity=8)
            areas = pip_stats[1:, cv2.CC_STAT_AREA]
            number = int((areas >= cfg.min_pip).sum())
            if number not in (1, 2):
                return None
            pip_area = np.pi * (cfg.pip_radius * np.sqrt(piece_area / np.pi)
                                / cfg.piece_radius) ** 2
            if number == 1 and areas.sum() > cfg.merged_pips * pip_area:
                return None  # two pips blurred into one blob: cannot tell 1 from 2
            if ((areas >= cfg.faint_pip) & (areas < cfg.min_pip)).any():
                return None  # a pip half seen: it may or may not count
            found.append(f"{team}{number}")
    if len(set(found)) != len(found) or len({f[:-1] for f in found}) > 1:
        return None  # the same piece twice, or two teams on one square: misread
    return sorted(found)

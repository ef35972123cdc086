"""Draw ONSLAUGHT's pieces, orbs and capture tokens as the companion asks players to
make them: the design (sizes, shares of the square) is ``companion.vision.designs.onslaught``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import cv2
import numpy as np

from companion.vision.designs.onslaught import (
    FRAME,
    MARK_RADIUS,
    ORB_RADII,
    PIECE_RADIUS,
    TEAMS,
    piece_centres,
)

_SHIFT = 4


def _p(x: float, y: float) -> tuple[int, int]:
    return (int(round(x * (1 << _SHIFT))), int(round(y * (1 << _SHIFT))))


def _r(r: float) -> int:
    return int(round(r * (1 << _SHIFT)))


def draw_square(image: np.ndarray, centre: tuple[float, float], pitch: float,
                content: Mapping[str, Any], palette: Mapping[str, Sequence[int]],
                rng: np.random.Generator) -> None:
    """Draw what stands on one square (``Game.view``'s form) centred at ``centre``."""
    cx, cy = centre
    jitter = rng.normal(0, 0.012 * pitch, 2)
    cx, cy = cx + jitter[0], cy + jitter[1]
    token = content.get("token")
    if token:
        colour = _bgr(palette[token])
        half = (FRAME[0] + FRAME[1]) / 2 * pitch
        cv2.rectangle(image, _p(cx - half, cy - half), _p(cx + half, cy + half), colour,
                      max(int((FRAME[1] - FRAME[0]) * pitch), 1), cv2.LINE_AA, _SHIFT)
    for team in content.get("orbs", []):
        radius = (ORB_RADII[0] + ORB_RADII[1]) / 2 * pitch
        cv2.circle(image, _p(cx, cy), _r(radius), _bgr(palette[team]),
                   max(int((ORB_RADII[1] - ORB_RADII[0]) * pitch), 1), cv2.LINE_AA, _SHIFT)
    pieces = sorted(content.get("pieces", []))
    for (dx, dy), piece in zip(piece_centres(len(pieces)), pieces, strict=False):
        team, number = piece[:-1], int(piece[-1])
        px, py = cx + dx * pitch, cy + dy * pitch
        cv2.circle(image, _p(px + 0.02 * pitch, py + 0.025 * pitch), _r(PIECE_RADIUS * pitch),
                   (40, 40, 40), -1, cv2.LINE_AA, _SHIFT)  # its shadow
        cv2.circle(image, _p(px, py), _r(PIECE_RADIUS * pitch), _bgr(palette[team]), -1,
                   cv2.LINE_AA, _SHIFT)
        if number == 2:
            cv2.circle(image, _p(px, py), _r(MARK_RADIUS * PIECE_RADIUS * pitch),
                       (245, 245, 245), -1, cv2.LINE_AA, _SHIFT)


def _bgr(rgb: Sequence[int]) -> tuple[int, int, int]:
    return (int(rgb[2]), int(rgb[1]), int(rgb[0]))


def random_onslaught(names: Sequence[str], rng: np.random.Generator) -> dict[str, Any]:
    """The four pieces on random squares (team mates sometimes together), the two orbs
    (sometimes under a piece) and up to five capture tokens."""
    squares = list(names)
    seen: dict[str, dict[str, Any]] = {}

    def at(square: str) -> dict[str, Any]:
        return seen.setdefault(square, {"pieces": [], "orbs": [], "token": None})

    for team in TEAMS:
        first = squares[int(rng.integers(len(squares)))]
        second = first if rng.random() < 0.3 else squares[int(rng.integers(len(squares)))]
        for square, piece in ((first, f"{team}1"), (second, f"{team}2")):
            mates = at(square)["pieces"]
            if any(p.startswith(team) for p in mates) or not mates:
                mates.append(piece)
    for team in TEAMS:
        at(squares[int(rng.integers(len(squares)))])["orbs"].append(team)
    for _ in range(int(rng.integers(0, 6))):
        at(squares[int(rng.integers(len(squares)))])["token"] = TEAMS[int(rng.integers(2))]
    for content in seen.values():
        content["orbs"] = content["orbs"][:1]  # one orb ring per square can be seen
    return {square: content for square, content in seen.items() if any(content.values())}

"""The field's geometry: positions in inches, facings in compass degrees, distances
between pieces, what lies in a piece's vision and where the edges are.

The field is a rectangle ``width`` × ``height`` inches seen from above, as the camera
and the page show it: ``x`` from its west (left) edge, ``y`` from its north (top) edge.
A facing is a compass bearing: 0° faces north (the top edge), 90° east, clockwise.
Pieces are discs of radius ``r`` (their size): the gap between two pieces, which the
1-inch action range measures, is from edge to edge, as wargames measure.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

EDGES = ("north", "east", "south", "west")

Piece = Mapping[str, Any]  # a character: "x", "y", "facing", "r" (inches, degrees)


def bearing(x0: float, y0: float, x1: float, y1: float) -> float:
    """The compass bearing from (x0, y0) to (x1, y1), in [0, 360)."""
    return math.degrees(math.atan2(x1 - x0, y0 - y1)) % 360.0


def heading(degrees: float) -> tuple[float, float]:
    """The unit step (dx, dy) of a facing or bearing."""
    rad = math.radians(degrees)
    return math.sin(rad), -math.cos(rad)


def turn_between(a: float, b: float) -> float:
    """The smaller angle between two bearings, in [0, 180]."""
    return abs((a - b + 180.0) % 360.0 - 180.0)


def distance(a: Piece, b: Piece) -> float:
    """Centre to centre, in inches."""
    return math.hypot(a["x"] - b["x"], a["y"] - b["y"])


def gap(a: Piece, b: Piece) -> float:
    """Edge to edge, in inches (0 when they touch or overlap)."""
    return max(0.0, distance(a, b) - a["r"] - b["r"])


def in_view(viewer: Piece, other: Piece, vision_deg: float) -> bool:
    """Whether ``other``'s centre lies in ``viewer``'s field of vision, a cone of
    ``vision_deg`` about its facing (360: all round)."""
    if vision_deg >= 360.0:
        return True
    if distance(viewer, other) == 0.0:
        return True
    towards = bearing(viewer["x"], viewer["y"], other["x"], other["y"])
    return turn_between(towards, viewer["facing"]) <= vision_deg / 2.0


def blocked(a: Piece, b: Piece, others: Iterable[Piece]) -> bool:
    """Whether one of ``others`` stands across the straight line between the centres
    of ``a`` and ``b`` (its disc cuts the line)."""
    ax, ay, bx, by = a["x"], a["y"], b["x"], b["y"]
    length2 = (bx - ax) ** 2 + (by - ay) ** 2
    for piece in others:
        px, py = piece["x"], piece["y"]
        t = 0.0 if length2 == 0 else ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length2
        if not 0.0 < t < 1.0:
            continue
        if math.hypot(ax + t * (bx - ax) - px, ay + t * (by - ay) - py) < piece["r"]:
            return True
    return False


def edge_distances(field: Mapping[str, float], x: float, y: float) -> dict[str, float]:
    """How far (x, y) is from each edge, in inches."""
    return {"north": y, "east": field["width"] - x, "south": field["height"] - y, "west": x}


def nearest_edges(field: Mapping[str, float], x: float, y: float,
                  tie: float = 1e-6) -> list[str]:
    """The edge or edges (a tie, as in the middle of the field) nearest to (x, y)."""
    distances = edge_distances(field, x, y)
    least = min(distances.values())
    return [edge for edge in EDGES if distances[edge] - least <= tie]


EDGE_BEARINGS = {"north": 0.0, "east": 90.0, "south": 180.0, "west": 270.0}


def inside(field: Mapping[str, float], x: float, y: float) -> bool:
    """Whether (x, y) lies strictly within the field."""
    return 0.0 < x < field["width"] and 0.0 < y < field["height"]


def reach_edge(field: Mapping[str, float], x: float, y: float, direction: float) -> float:
    """How far a piece at (x, y) walks straight along ``direction`` before it reaches
    an edge."""
    dx, dy = heading(direction)
    limits = []
    if dx > 1e-12:
        limits.append((field["width"] - x) / dx)
    if dx < -1e-12:
        limits.append(-x / dx)
    if dy > 1e-12:
        limits.append((field["height"] - y) / dy)
    if dy < -1e-12:
        limits.append(-y / dy)
    return max(0.0, min(limits))

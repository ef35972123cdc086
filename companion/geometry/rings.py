"""Concentric rings of spaces (the ONE board): names, adjacency, jump lines, positions.

Spec::

    {"kind": "rings", "rings": [6, 12, 18, 24], "ring_pitch_mm": 28.0,
     "inner_radius_mm": 28.0, "margin_mm": 20.0, "start_deg": 0,
     "hash_marks": [2, 4, 6]}

``rings`` lists how many spaces each ring has, innermost first. Rings are lettered from
the centre out (A, B, C, ...) and their spaces numbered clockwise from 1 at twelve
o'clock (``start_deg`` turns every ring's first space clockwise by that many degrees;
a list gives one angle per ring). Ring ``k`` (counting from 0) lies on a circle of
radius ``inner_radius_mm + k * ring_pitch_mm`` (or ``radii_mm``, one per ring), centred
on the board, which is a square ``margin_mm`` wider than the outermost ring all round.
``hash_marks`` numbers the spaces of the outermost ring that are printed as hash marks
instead of circles; they are spaces like any other and carry ``"hash_mark": true``.

Each space owns the sector of its ring centred on it (``360 / count`` degrees wide).
Spaces on the same ring are adjacent to the next and previous space around the ring;
spaces on neighbouring rings are adjacent when their sectors overlap along an arc of
positive length (touching at one angle only is a diagonal and does not count).
Jumps go along a ring (over the next space onto the one after it) or across rings:
from ring k over an adjacent space of ring k±1 onto the space of ring k±2 that is
adjacent to the jumped space and nearest to the straight continuation of the jump on
the printed board. A radial jump exists only when it is also the jump back (the line
is the same both ways) and the nearest space is unique. ``docs/geometry.md`` draws it.

In ``Geometry.lines`` a ring is listed with its first two spaces repeated at the end
(the circle closes), and each jump across rings is a line of three spaces.
"""

from __future__ import annotations

import math
import string
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from companion.geometry.base import Geometry, Space

_FULL_TURN = Fraction(360)


def build_rings(spec: Mapping[str, Any]) -> Geometry:
    """Build a ring board from its spec (see the module docstring)."""
    counts = _ring_counts(spec)
    radii = _radii(spec, len(counts))
    starts = _start_angles(spec, len(counts))
    margin = float(spec.get("margin_mm", 20.0))
    size = 2 * (radii[-1] + margin)
    centre = size / 2
    hash_marks = _hash_marks(spec, counts[-1])

    rings: list[list[str]] = []
    angles: dict[str, Fraction] = {}
    widths: dict[str, Fraction] = {}
    spaces: list[Space] = []
    for ring, (count, radius, start) in enumerate(zip(counts, radii, starts, strict=True)):
        letter = string.ascii_uppercase[ring]
        names = [f"{letter}{number}" for number in range(1, count + 1)]
        rings.append(names)
        for index, name in enumerate(names):
            angle = (start + _FULL_TURN * index / count) % _FULL_TURN
            angles[name] = angle
            widths[name] = _FULL_TURN / count
            radians = math.radians(float(angle))
            attrs: dict[str, Any] = {"ring": ring, "number": index + 1, "angle_deg": float(angle)}
            if ring == len(counts) - 1 and index + 1 in hash_marks:
                attrs["hash_mark"] = True
            x = centre + radius * math.sin(radians)
            y = centre - radius * math.cos(radians)
            spaces.append(Space(name, round(x, 4), round(y, 4), attrs))

    edges: list[tuple[str, str]] = []
    for names in rings:
        edges += list(zip(names, names[1:] + names[:1], strict=True))
    for inner, outer in zip(rings, rings[1:], strict=False):
        edges += [
            (a, b)
            for a in inner
            for b in outer
            if _sectors_overlap(angles[a], widths[a], angles[b], widths[b])
        ]

    lines: list[list[str]] = [names + names[:2] for names in rings if len(names) >= 3]
    positions = {space.name: (space.x_mm, space.y_mm) for space in spaces}
    lines += _radial_lines(rings, edges, positions)
    return Geometry("rings", spaces, edges, lines, width_mm=size, height_mm=size, spec=spec)


def _sectors_overlap(a: Fraction, width_a: Fraction, b: Fraction, width_b: Fraction) -> bool:
    """Whether two sectors (centre angle, width) share an arc of positive length."""
    difference = abs((b - a + 180) % _FULL_TURN - 180)
    return difference < (width_a + width_b) / 2


def _radial_lines(
    rings: Sequence[Sequence[str]],
    edges: Sequence[tuple[str, str]],
    positions: Mapping[str, tuple[float, float]],
) -> list[list[str]]:
    """Return every jump across two rings as a three-space line (start, over, landing)."""
    ring_of = {name: index for index, names in enumerate(rings) for name in names}
    neighbours: dict[str, set[str]] = {name: set() for name in ring_of}
    for a, b in edges:
        neighbours[a].add(b)
        neighbours[b].add(a)

    def landing(start: str, over: str) -> str | None:
        target_ring = 2 * ring_of[over] - ring_of[start]
        candidates = [n for n in neighbours[over] if ring_of[n] == target_ring]
        if not candidates:
            return None
        (sx, sy), (ox, oy) = positions[start], positions[over]
        tx, ty = 2 * ox - sx, 2 * oy - sy
        ranked = sorted(
            (math.hypot(positions[c][0] - tx, positions[c][1] - ty), c) for c in candidates
        )
        if len(ranked) > 1 and math.isclose(ranked[0][0], ranked[1][0], abs_tol=1e-6):
            return None
        return ranked[0][1]

    jumps = {}
    for start, ring in ring_of.items():
        for over in neighbours[start]:
            if ring_of[over] != ring:
                end = landing(start, over)
                if end is not None:
                    jumps[(start, over)] = end
    return sorted(
        [start, over, end]
        for (start, over), end in jumps.items()
        if start < end and jumps.get((end, over)) == start
    )


def _ring_counts(spec: Mapping[str, Any]) -> list[int]:
    counts = spec.get("rings")
    if (
        not isinstance(counts, list)
        or not 1 <= len(counts) <= 26
        or not all(isinstance(c, int) and not isinstance(c, bool) and 3 <= c <= 999 for c in counts)
    ):
        raise ValueError(
            'A ring board needs "rings", a list of 1 to 26 space counts (each at least 3), '
            f"innermost first; got {counts!r}."
        )
    return counts


def _radii(spec: Mapping[str, Any], ring_count: int) -> list[float]:
    if "radii_mm" in spec:
        radii = spec["radii_mm"]
        if not isinstance(radii, list) or len(radii) != ring_count:
            raise ValueError(f'"radii_mm" must list one radius per ring ({ring_count}).')
        radii = [float(r) for r in radii]
    else:
        pitch = float(spec.get("ring_pitch_mm", 28.0))
        inner = float(spec.get("inner_radius_mm", pitch))
        radii = [inner + k * pitch for k in range(ring_count)]
    if any(r <= 0 for r in radii) or any(b <= a for a, b in zip(radii, radii[1:], strict=False)):
        raise ValueError("Ring radii must be positive and grow from the innermost ring out.")
    return radii


def _start_angles(spec: Mapping[str, Any], ring_count: int) -> list[Fraction]:
    start = spec.get("start_deg", 0)
    values = start if isinstance(start, list) else [start] * ring_count
    if len(values) != ring_count or not all(isinstance(v, int | float) for v in values):
        raise ValueError(f'"start_deg" is one angle in degrees or a list of {ring_count}.')
    return [Fraction(str(v)) for v in values]


def _hash_marks(spec: Mapping[str, Any], outer_count: int) -> set[int]:
    marks = spec.get("hash_marks", [])
    if not isinstance(marks, list) or not all(
        isinstance(m, int) and 1 <= m <= outer_count for m in marks
    ):
        raise ValueError(
            f'"hash_marks" lists space numbers of the outermost ring, 1 to {outer_count}; '
            f"got {marks!r}."
        )
    return set(marks)

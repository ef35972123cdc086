"""Hex maps of any size: terrain per hex, features along hex sides, the six directions.

Spec::

    {"kind": "hex", "columns": 13, "rows": 21, "hex_mm": 18.0, "margin_mm": 12.0,
     "orientation": "flat", "shift": "even",
     "default_terrain": "flatland",
     "terrain": {"pylon": ["C4", "C5", "D4"]},
     "hexes": {"A11": {"tower_site": "west"}},
     "features": [{"kind": "runeline", "sides": ["E5/E6", "E6/F6"]},
                  {"kind": "fault", "name": "the Long Fault", "sides": ["G9/G10"]}]}

Hexes are named by column letter and row number as printed wargame maps number them:
``A1`` is the top-left hex, letters run left to right and numbers top to bottom, so a
person can call out "E5". ``hex_mm`` is the distance across the flats, which is also the
distance between the centres of neighbouring hexes. With ``"orientation": "flat"``
(flat-topped hexes standing in columns) the hexes of every second column sit half a hex
lower: ``"shift": "even"`` lowers columns B, D, F, ... and ``"odd"`` lowers A, C, E, ...
With ``"pointy"`` (pointy-topped hexes lying in rows) the shifted rows sit half a hex to
the right.

``terrain`` lists the hexes of each terrain other than ``default_terrain``; ``hexes``
adds free attributes to single hexes. ``features`` are lines drawn along hex sides (a
river, a wall, OneWorld's Runelines and Faults of Chaos): each side is written as the two
hexes it separates, ``"E5/E6"``. The geometry answers distance, adjacency, straight
lines in the six directions and which features lie between two neighbouring hexes; off
the grid there is nothing (a game decides what that means).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.geometry.base import Geometry, Space
from companion.geometry.grid import column_labels

# Axial (q, r) steps for each direction name, per orientation.
_FLAT_DIRECTIONS: dict[str, tuple[int, int]] = {
    "N": (0, -1), "NE": (1, -1), "SE": (1, 0), "S": (0, 1), "SW": (-1, 1), "NW": (-1, 0),
}
_POINTY_DIRECTIONS: dict[str, tuple[int, int]] = {
    "NE": (1, -1), "E": (1, 0), "SE": (0, 1), "SW": (-1, 1), "W": (-1, 0), "NW": (0, -1),
}
EDGES = ("top", "right", "bottom", "left")


@dataclass(frozen=True)
class Feature:
    """A line drawn along hex sides: its kind (``runeline``), an optional name, and the
    sides it runs along, each as a sorted pair of hex names."""

    kind: str
    name: str
    sides: tuple[tuple[str, str], ...]


class HexGeometry(Geometry):
    """A hex map: a ``Geometry`` that also knows directions, distance, terrain and the
    features along hex sides."""

    def __init__(
        self,
        spaces: list[Space],
        edges: list[tuple[str, str]],
        lines: list[list[str]],
        *,
        width_mm: float,
        height_mm: float,
        spec: Mapping[str, Any],
        columns: int,
        rows: int,
        orientation: str,
        shift: str,
        hex_mm: float,
        features: list[Feature],
    ) -> None:
        super().__init__(
            "hex", spaces, edges, lines, width_mm=width_mm, height_mm=height_mm, spec=spec
        )
        self.columns = columns
        self.rows = rows
        self.orientation = orientation
        self.shift = shift
        self.hex_mm = hex_mm
        self.features = tuple(features)
        self._steps = _FLAT_DIRECTIONS if orientation == "flat" else _POINTY_DIRECTIONS
        self._labels = column_labels(columns)
        self._at: dict[tuple[int, int], str] = {}
        self._coords: dict[str, tuple[int, int]] = {}
        for space in spaces:
            key = (space.attrs["column"], space.attrs["row"])
            self._at[key] = space.name
            self._coords[space.name] = key
        self._edge_hexes: dict[str, list[str]] = {}
        self._side_features: dict[tuple[str, str], tuple[str, ...]] = {}
        for feature in features:
            for side in feature.sides:
                kinds = self._side_features.get(side, ())
                if feature.kind not in kinds:
                    self._side_features[side] = (*kinds, feature.kind)

    # -- coordinates ----------------------------------------------------------------

    @property
    def directions(self) -> tuple[str, ...]:
        """The six direction names, clockwise: N, NE, SE, S, SW, NW for flat hexes."""
        return tuple(self._steps)

    def coords(self, name: str) -> tuple[int, int]:
        """Return the (column, row) of ``name``, both counted from 0."""
        self.space(name)
        return self._coords[name]

    def name_at(self, column: int, row: int) -> str | None:
        """Return the hex at (column, row), or ``None`` off the grid."""
        return self._at.get((column, row))

    def terrain(self, name: str) -> str:
        return str(self.space(name).attrs["terrain"])

    def _lift(self, index: int) -> int:
        # How far the offset row (column) runs ahead of the axial one at this column (row).
        return (index + (0 if self.shift == "even" else 1)) // 2

    def _axial(self, column: int, row: int) -> tuple[int, int]:
        if self.orientation == "flat":
            return column, row - self._lift(column)
        return column - self._lift(row), row

    def _offset(self, q: int, r: int) -> tuple[int, int]:
        if self.orientation == "flat":
            return q, r + self._lift(q)
        return q + self._lift(r), r

    def _cube(self, name: str) -> tuple[int, int, int]:
        q, r = self._axial(*self.coords(name))
        return q, r, -q - r

    def distance(self, a: str, b: str) -> int:
        """Return the number of hex steps from ``a`` to ``b`` (terrain ignored)."""
        qa, ra, sa = self._cube(a)
        qb, rb, sb = self._cube(b)
        return max(abs(qa - qb), abs(ra - rb), abs(sa - sb))

    # -- directions -----------------------------------------------------------------

    def step_coords(self, name: str, direction: str) -> tuple[int, int]:
        """Return the (column, row) one step from ``name`` towards ``direction``, even
        when that lies off the grid (a game may wrap it round or call it Chaos)."""
        if direction not in self._steps:
            raise ValueError(
                f"{direction!r} is not a direction on this map; "
                f"use one of {', '.join(self._steps)}."
            )
        q, r = self._axial(*self.coords(name))
        dq, dr = self._steps[direction]
        return self._offset(q + dq, r + dr)

    def step(self, name: str, direction: str, *, wrap: bool = False) -> str | None:
        """Return the neighbour of ``name`` towards ``direction``; ``None`` off the grid,
        or with ``wrap`` the hex in the same row (column) on the opposite edge."""
        column, row = self.step_coords(name, direction)
        if wrap:
            column %= self.columns
            row %= self.rows
        return self.name_at(column, row)

    def direction(self, a: str, b: str) -> str | None:
        """Return the direction from ``a`` to its neighbour ``b``, or ``None``."""
        for direction in self._steps:
            if self.step(a, direction) == b:
                return direction
        return None

    def ray(self, start: str, direction: str, length: int | None = None) -> list[str]:
        """Return the hexes after ``start`` along ``direction`` up to the edge (or
        ``length`` of them)."""
        hexes: list[str] = []
        here: str | None = start
        while length is None or len(hexes) < length:
            here = self.step(here, direction)
            if here is None:
                break
            hexes.append(here)
        return hexes

    # -- edges and features ---------------------------------------------------------

    def edges_of(self, name: str) -> tuple[str, ...]:
        """Return the map edges (``top``, ``right``, ``bottom``, ``left``) ``name`` lies on."""
        column, row = self.coords(name)
        found = []
        if row == 0:
            found.append("top")
        if column == self.columns - 1:
            found.append("right")
        if row == self.rows - 1:
            found.append("bottom")
        if column == 0:
            found.append("left")
        return tuple(found)

    def edge_hexes(self, edge: str) -> list[str]:
        """Return the hexes along one map edge, in the order the spec lists them."""
        if edge not in EDGES:
            raise ValueError(f"A map edge is one of {', '.join(EDGES)}; got {edge!r}.")
        if edge not in self._edge_hexes:
            self._edge_hexes[edge] = [n for n in self.names if edge in self.edges_of(n)]
        return list(self._edge_hexes[edge])

    def hexes_from_edge(self, name: str, edge: str) -> int:
        """Return how many hexes ``name`` lies from ``edge``, counting a hex on the
        edge as 1 (so "within three hexes of the end" means rows 1 to 3)."""
        return 1 + min(self.distance(name, other) for other in self.edge_hexes(edge))

    def perimeter(self, *, clockwise: bool = True) -> list[str]:
        """Return the hexes on the map's edges in order round the map, starting at A1."""
        cx, cy = self.width_mm / 2, self.height_mm / 2
        ring = [name for name in self.names if self.edges_of(name)]

        def angle(name: str) -> float:
            x, y = self.position_mm(name)
            # y grows downwards, so an increasing atan2 angle turns clockwise on paper.
            return math.atan2(y - cy, x - cx)

        start = angle(self.names[0])
        ring.sort(key=lambda n: (angle(n) - start) % (2 * math.pi))
        if not clockwise:
            ring = ring[:1] + ring[:0:-1]
        return ring

    def features_between(self, a: str, b: str) -> tuple[str, ...]:
        """Return the kinds of feature running along the side between ``a`` and ``b``."""
        return self._side_features.get(_side_key(a, b), ())

    def corners_mm(self, name: str) -> list[tuple[float, float]]:
        """Return the six corners of hex ``name`` in millimetres, clockwise."""
        x, y = self.position_mm(name)
        radius = self.hex_mm / math.sqrt(3)
        first = 0 if self.orientation == "flat" else 30
        return [
            (
                x + radius * math.cos(math.radians(first + 60 * i)),
                y + radius * math.sin(math.radians(first + 60 * i)),
            )
            for i in range(6)
        ]

    def side_mm(self, a: str, b: str) -> tuple[tuple[float, float], tuple[float, float]]:
        """Return the two end points of the side shared by neighbours ``a`` and ``b``."""
        if not self.adjacent(a, b):
            raise ValueError(f"{a} and {b} are not neighbours, so they share no side.")
        ax, ay = self.position_mm(a)
        bx, by = self.position_mm(b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        half = self.hex_mm / math.sqrt(3) / 2
        dx, dy = (bx - ax) / self.hex_mm, (by - ay) / self.hex_mm
        return (mx - dy * half, my + dx * half), (mx + dy * half, my - dx * half)


def _side_key(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def build_hex_map(spec: Mapping[str, Any]) -> HexGeometry:
    """Build a hex map from its spec (see the module docstring)."""
    columns = _positive_int(spec, "columns")
    rows = _positive_int(spec, "rows")
    hex_mm = float(spec.get("hex_mm", 20.0))
    if hex_mm <= 0:
        raise ValueError('A hex map\'s "hex_mm" must be more than 0.')
    margin = float(spec.get("margin_mm", hex_mm / 2))
    orientation = spec.get("orientation", "flat")
    if orientation not in ("flat", "pointy"):
        raise ValueError('A hex map\'s "orientation" is "flat" or "pointy".')
    shift = spec.get("shift", "even")
    if shift not in ("even", "odd"):
        raise ValueError('A hex map\'s "shift" is "even" or "odd".')
    labels = column_labels(columns)
    radius = hex_mm / math.sqrt(3)

    def shifted(index: int) -> bool:
        return (index % 2 == 1) == (shift == "even")

    any_shift = any(shifted(i) for i in range(columns if orientation == "flat" else rows))
    terrain_of = _terrain_table(spec)
    extra: Mapping[str, Mapping[str, Any]] = spec.get("hexes", {})
    spaces = []
    for row in range(rows):
        for column in range(columns):
            name = f"{labels[column]}{row + 1}"
            if orientation == "flat":
                x = margin + radius + column * 1.5 * radius
                y = margin + hex_mm / 2 + row * hex_mm + (hex_mm / 2 if shifted(column) else 0)
            else:
                x = margin + hex_mm / 2 + column * hex_mm + (hex_mm / 2 if shifted(row) else 0)
                y = margin + radius + row * 1.5 * radius
            attrs = {
                "column": column,
                "row": row,
                "terrain": terrain_of.get(name, spec.get("default_terrain", "plain")),
                **dict(extra.get(name, {})),
            }
            spaces.append(Space(name, round(x, 4), round(y, 4), attrs))
    names = {s.name for s in spaces}
    unknown = (set(terrain_of) | set(extra)) - names
    if unknown:
        raise ValueError(f"The hex map names hexes {sorted(unknown)} that are not on the map.")
    if orientation == "flat":
        width = 2 * margin + radius * (1.5 * (columns - 1) + 2)
        height = 2 * margin + hex_mm * rows + (hex_mm / 2 if any_shift and columns > 1 else 0)
    else:
        width = 2 * margin + hex_mm * columns + (hex_mm / 2 if any_shift and rows > 1 else 0)
        height = 2 * margin + radius * (1.5 * (rows - 1) + 2)
    probe = HexGeometry(
        spaces, [], [], width_mm=width, height_mm=height, spec=spec, columns=columns,
        rows=rows, orientation=orientation, shift=shift, hex_mm=hex_mm, features=[],
    )
    edges, lines = _edges_and_lines(probe)
    features = [_feature(raw, edges) for raw in spec.get("features", [])]
    return HexGeometry(
        spaces, edges, lines, width_mm=round(width, 4), height_mm=round(height, 4),
        spec=spec, columns=columns, rows=rows, orientation=orientation, shift=shift,
        hex_mm=hex_mm, features=features,
    )


def _terrain_table(spec: Mapping[str, Any]) -> dict[str, str]:
    table: dict[str, str] = {}
    for terrain, hexes in spec.get("terrain", {}).items():
        for name in hexes:
            if name in table and table[name] != terrain:
                raise ValueError(
                    f"The hex map gives {name} two terrains: {table[name]} and {terrain}."
                )
            table[name] = terrain
    return table


def _edges_and_lines(probe: HexGeometry) -> tuple[list[tuple[str, str]], list[list[str]]]:
    edges: list[tuple[str, str]] = []
    lines: list[list[str]] = []
    half = probe.directions[:3]
    for name in probe.names:
        for direction in half:
            other = probe.step(name, direction)
            if other is not None:
                edges.append((name, other))
            back = probe.directions[(probe.directions.index(direction) + 3) % 6]
            if probe.step(name, back) is None:
                line = [name, *probe.ray(name, direction)]
                if len(line) > 1:
                    lines.append(line)
    return edges, lines


def _feature(raw: Mapping[str, Any], edges: Iterable[tuple[str, str]]) -> Feature:
    kind = raw.get("kind")
    if not isinstance(kind, str) or not kind:
        raise ValueError('Every hex-side feature needs a "kind", such as "runeline".')
    known = {_side_key(a, b) for a, b in edges}
    sides = []
    for text in raw.get("sides", []):
        parts = str(text).split("/")
        if len(parts) != 2:
            raise ValueError(f'A hex side is written as two hexes, "E5/E6"; got {text!r}.')
        side = _side_key(parts[0].strip(), parts[1].strip())
        if side not in known:
            raise ValueError(
                f"The {kind} side {text!r} does not lie between two neighbouring hexes."
            )
        sides.append(side)
    return Feature(kind, str(raw.get("name", kind)), tuple(sides))


def _positive_int(spec: Mapping[str, Any], key: str) -> int:
    value = spec.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 99:
        raise ValueError(f'A hex map needs "{key}", a whole number from 1 to 99; got {value!r}.')
    return value

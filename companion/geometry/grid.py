"""Square grids of any size: cells (chess, ONSLAUGHT) or intersections (Go).

Spec::

    {"kind": "grid", "columns": 19, "rows": 19, "pitch_mm": 22.0,
     "margin_mm": 15.0, "points": "intersections", "skip_i": true,
     "special": {"D4": {"kind": "star"}}}

Spaces are named by column letter and row number, ``A1`` at the bottom left as a
player sees the board; ``skip_i`` drops the letter I as Go boards do. ``pitch_mm`` is
the distance between neighbouring spaces (``pitch_y_mm``, if given, between rows: Go
boards are a little longer than wide); ``margin_mm`` is the border around the first
and last spaces (intersections) or around the cells. Adjacency is orthogonal; the
straight lines are the rows and columns.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Any

from companion.geometry.base import Geometry, Space


def column_labels(count: int, *, skip_i: bool = False) -> list[str]:
    """Return ``count`` column labels: A, B, ... Z, AA, AB, ... (without I if asked)."""
    letters = [c for c in string.ascii_uppercase if not (skip_i and c == "I")]
    labels: list[str] = []
    width = 1
    while len(labels) < count:
        labels.extend(_labels_of_width(letters, width))
        width += 1
    return labels[:count]


def _labels_of_width(letters: list[str], width: int) -> list[str]:
    if width == 1:
        return list(letters)
    return [p + c for p in _labels_of_width(letters, width - 1) for c in letters]


def build_grid(spec: Mapping[str, Any]) -> Geometry:
    """Build a square grid from its spec (see the module docstring)."""
    columns = _positive_int(spec, "columns")
    rows = _positive_int(spec, "rows")
    pitch = float(spec.get("pitch_mm", 25.0))
    pitch_y = float(spec.get("pitch_y_mm", pitch))
    margin = float(spec.get("margin_mm", pitch / 2))
    points = spec.get("points", "cells")
    if points not in ("cells", "intersections"):
        raise ValueError('A grid\'s "points" is "cells" or "intersections".')
    special: Mapping[str, Mapping[str, Any]] = spec.get("special", {})
    labels = column_labels(columns, skip_i=bool(spec.get("skip_i", False)))
    offset = margin + (pitch / 2 if points == "cells" else 0.0)
    offset_y = margin + (pitch_y / 2 if points == "cells" else 0.0)

    def name(col: int, row: int) -> str:
        return f"{labels[col]}{row + 1}"

    spaces = []
    for row in range(rows - 1, -1, -1):
        for col in range(columns):
            label = name(col, row)
            attrs = {"column": col, "row": row, **dict(special.get(label, {}))}
            x = offset + col * pitch
            y = offset_y + (rows - 1 - row) * pitch_y
            spaces.append(Space(label, round(x, 4), round(y, 4), attrs))
    unknown = set(special) - {s.name for s in spaces}
    if unknown:
        raise ValueError(f"The grid's special spaces {sorted(unknown)} are not on the board.")
    edges = [(name(c, r), name(c + 1, r)) for r in range(rows) for c in range(columns - 1)]
    edges += [(name(c, r), name(c, r + 1)) for r in range(rows - 1) for c in range(columns)]
    lines = [[name(c, r) for c in range(columns)] for r in range(rows)]
    lines += [[name(c, r) for r in range(rows)] for c in range(columns)]
    extent = (columns if points == "cells" else columns - 1) * pitch + 2 * margin
    height = (rows if points == "cells" else rows - 1) * pitch_y + 2 * margin
    return Geometry(
        "grid", spaces, edges, lines, width_mm=extent, height_mm=height, spec=spec
    )


def _positive_int(spec: Mapping[str, Any], key: str) -> int:
    value = spec.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 99:
        raise ValueError(f'A grid needs "{key}", a whole number from 1 to 99; got {value!r}.')
    return value

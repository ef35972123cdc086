"""The one geometry type every board kind produces.

Whatever its shape (square grid, rings, hex map), a board is a set of named spaces with
a position on the printed board, which spaces are adjacent along the board's lines, and
the straight lines a piece can jump along. Games only ask these questions; the camera
only needs the positions.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Space:
    """One space of a board: its name, its centre on the printed board in millimetres
    (x to the right, y down, from the board's top-left corner) and free attributes such
    as ``ring``, ``row``, ``terrain`` or ``kind``."""

    name: str
    x_mm: float
    y_mm: float
    attrs: Mapping[str, Any] = field(default_factory=dict)


class Geometry:
    """A board: spaces, adjacency, straight lines and the spec it was built from."""

    def __init__(
        self,
        kind: str,
        spaces: Iterable[Space],
        edges: Iterable[tuple[str, str]],
        lines: Iterable[Iterable[str]],
        *,
        width_mm: float,
        height_mm: float,
        spec: Mapping[str, Any],
    ) -> None:
        self.kind = kind
        self.spec = dict(spec)
        self.width_mm = float(width_mm)
        self.height_mm = float(height_mm)
        self._spaces: dict[str, Space] = {}
        for space in spaces:
            if space.name in self._spaces:
                raise ValueError(f"The board names two spaces {space.name!r}.")
            self._spaces[space.name] = space
        self._neighbours: dict[str, list[str]] = {name: [] for name in self._spaces}
        for a, b in edges:
            for name in (a, b):
                if name not in self._spaces:
                    raise ValueError(f"An edge names {name!r}, which is not a space of the board.")
            if b not in self._neighbours[a]:
                self._neighbours[a].append(b)
                self._neighbours[b].append(a)
        self.lines: tuple[tuple[str, ...], ...] = tuple(tuple(line) for line in lines)
        self._next_on_line: dict[tuple[str, str], str] = {}
        for line in self.lines:
            for run in (line, tuple(reversed(line))):
                for a, b, c in zip(run, run[1:], run[2:], strict=False):
                    self._next_on_line[(a, b)] = c

    # -- spaces -------------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        """Every space's name, in the order the spec lists them."""
        return list(self._spaces)

    def __len__(self) -> int:
        return len(self._spaces)

    def __contains__(self, name: object) -> bool:
        return name in self._spaces

    def space(self, name: str) -> Space:
        """Return the space called ``name``; ``KeyError`` says which name was unknown."""
        try:
            return self._spaces[name]
        except KeyError:
            raise KeyError(f"There is no space {name!r} on this board.") from None

    def spaces(self) -> list[Space]:
        return list(self._spaces.values())

    def position_mm(self, name: str) -> tuple[float, float]:
        space = self.space(name)
        return (space.x_mm, space.y_mm)

    # -- adjacency and lines --------------------------------------------------------

    def neighbours(self, name: str) -> list[str]:
        """Return the spaces adjacent to ``name`` along the board's lines."""
        self.space(name)
        return list(self._neighbours[name])

    def adjacent(self, a: str, b: str) -> bool:
        return b in self._neighbours.get(a, ())

    def beyond(self, start: str, over: str) -> str | None:
        """Return the space on the far side of ``over`` seen from ``start`` along a
        straight line (where a jump from ``start`` over ``over`` lands), or ``None``."""
        return self._next_on_line.get((start, over))

    def to_json(self) -> dict[str, Any]:
        """The geometry as the page and the camera need it: spec, size and positions."""
        return {
            "kind": self.kind,
            "spec": self.spec,
            "width_mm": self.width_mm,
            "height_mm": self.height_mm,
            "spaces": [
                {"name": s.name, "x_mm": s.x_mm, "y_mm": s.y_mm, **dict(s.attrs)}
                for s in self._spaces.values()
            ],
            "edges": sorted(
                [a, b] for a, ns in self._neighbours.items() for b in ns if a < b
            ),
        }

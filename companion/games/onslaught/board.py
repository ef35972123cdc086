"""The ONSLAUGHT board read from its data: cores, nodes, orb squares, links, "beside".

The rule book's figures are missing, so the layout is data
(``companion/data/boards/onslaught.json``): a 7×7 grid whose ``special`` attributes mark
each square's role. A referee can move the squares by editing the file; this module
checks that the file still describes a playable board and answers the geometric
questions the rules ask.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from companion.geometry import Geometry, load_geometry

TEAMS: tuple[str, str] = ("red", "blue")
LINKS: tuple[str, ...] = ("prime", "left", "right")
BESIDE_MODES: tuple[str, ...] = ("orthogonal", "surrounding")


def enemy_of(team: str) -> str:
    """Return the other team."""
    return "blue" if team == "red" else "red"


@dataclass(frozen=True)
class Layout:
    """Where the special squares are, and the board they are on."""

    geometry: Geometry
    cores: dict[str, str]
    """team -> its core square."""
    orb_squares: dict[str, str]
    """team -> the square its orb starts on and returns to."""
    nodes: dict[str, str]
    """node square -> its link group: ``prime``, ``left`` or ``right``."""

    def is_square(self, name: object) -> bool:
        return isinstance(name, str) and name in self.geometry

    def core_team(self, square: str) -> str | None:
        """Return the team whose core is on ``square``, or ``None``."""
        for team, core in self.cores.items():
            if core == square:
                return team
        return None

    def link_nodes(self, link: str) -> list[str]:
        return [square for square, group in self.nodes.items() if group == link]

    def linked(self, owners: dict[str, str | None], team: str) -> bool:
        """Return whether ``team`` holds a link: the prime node, or both nodes of a side."""
        return any(
            all(owners.get(square) == team for square in self.link_nodes(link))
            for link in LINKS
        )

    def around(self, square: str, beside: str) -> list[str]:
        """Return the squares "beside" ``square``: its orthogonal neighbours, plus the
        diagonal ones when ``beside`` is ``surrounding``."""
        if beside == "orthogonal":
            return sorted(self.geometry.neighbours(square))
        space = self.geometry.space(square)
        col, row = space.attrs["column"], space.attrs["row"]
        return sorted(
            other.name
            for other in self.geometry.spaces()
            if other.name != square
            and abs(other.attrs["column"] - col) <= 1
            and abs(other.attrs["row"] - row) <= 1
        )


@lru_cache(maxsize=8)
def load_layout(board: str) -> Layout:
    """Return the layout of the bundled board (or board file) called ``board``.

    Raises ``ValueError`` saying what is missing when the file does not describe an
    ONSLAUGHT board: one core and one orb square per team, one prime node and two nodes
    on each side.
    """
    geometry = load_geometry(board)
    cores: dict[str, str] = {}
    orbs: dict[str, str] = {}
    nodes: dict[str, str] = {}
    for space in geometry.spaces():
        kind = space.attrs.get("kind")
        if kind in ("core", "orb"):
            team = space.attrs.get("team")
            if team not in TEAMS:
                raise ValueError(f"The {kind} square {space.name} needs a team, red or blue.")
            found = cores if kind == "core" else orbs
            if team in found:
                raise ValueError(f"The board has two {team} {kind} squares.")
            found[team] = space.name
        elif kind == "node":
            link = space.attrs.get("link")
            if link not in LINKS:
                raise ValueError(f"The node {space.name} needs a link: prime, left or right.")
            nodes[space.name] = link
    for kind, found in (("core", cores), ("orb", orbs)):
        if set(found) != set(TEAMS):
            raise ValueError(f"An ONSLAUGHT board needs a red and a blue {kind} square.")
    wanted = {"prime": 1, "left": 2, "right": 2}
    for link, count in wanted.items():
        if len([s for s in nodes.values() if s == link]) != count:
            raise ValueError(f"An ONSLAUGHT board needs {count} {link} node(s).")
    return Layout(geometry, cores, orbs, nodes)

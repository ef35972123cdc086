"""The ONSLAUGHT move a change on the board looks like, legal or not
(``Game.guess_actions``): a piece that left one square and stands on another has moved
there, by a shortest walk. The engine's ``validate`` then gives the rule's reason."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.base import Action, State
from companion.geometry import Geometry, load_geometry


def guess_moves(state: State, view: Mapping[str, Any], reading: Mapping[str, Any],
                changed: Sequence[str]) -> list[Action]:
    """Return the moves that turn ``view`` into ``reading`` on the ``changed`` squares."""
    def pieces(content: Any) -> set[str]:
        return set(content.get("pieces", [])) if isinstance(content, Mapping) else set()

    left = {p: s for s in changed for p in pieces(view[s]) - pieces(reading[s])}
    came = {p: s for s in changed for p in pieces(reading[s]) - pieces(view[s])}
    geometry = load_geometry(state["options"]["board"])
    guesses: list[Action] = []
    for piece in sorted(p for p in came if p in left):
        path = _shortest_path(geometry, left[piece], came[piece])
        guesses.append({"type": "move", "piece": piece, "path": path} if len(path) > 1
                       else {"type": "move", "piece": piece, "to": came[piece]})
    return guesses


def _shortest_path(geometry: Geometry, start: str, end: str) -> list[str]:
    """The squares of a shortest walk from ``start`` to ``end`` (``start`` left out), or
    just ``[end]`` when the board has none."""
    previous: dict[str, str] = {start: start}
    queue = deque([start])
    while queue and end not in previous:
        here = queue.popleft()
        for step in geometry.neighbours(here):
            if step not in previous:
                previous[step] = here
                queue.append(step)
    if end not in previous:
        return [end]
    path = [end]
    while previous[path[-1]] != start:
        path.append(previous[path[-1]])
    return path[::-1]

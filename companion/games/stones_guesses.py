"""The ONE or Go action a change on the board looks like, legal or not
(``Game.guess_actions``).

A stone that appeared is a placement, or, in a game of jumps (ONE), when a stone of its
colour vanished as well, the end of a jump from there over the stones that vanished.
The guesses know the shape of the board, not the rules: the engine's ``validate`` then
gives the reason a guess is refused.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.base import Action, State
from companion.geometry import Geometry


def guess_stones(state: State, view: Mapping[str, Any], reading: Mapping[str, Any],
                 changed: Sequence[str], players: Sequence[str], *,
                 jumps: Geometry | None) -> list[Action]:
    """Return the placements (and the jumps on the board ``jumps``, in a game of jumps)
    of ``players``' stones that turn ``view`` into ``reading`` on the ``changed``
    spaces, the player to move's first."""
    appeared = [s for s in changed if view[s] is None and reading[s] is not None]
    vanished = [s for s in changed if view[s] is not None and reading[s] is None]
    if not appeared or any(reading[s] not in players for s in appeared):
        return []
    guesses: list[Action] = []
    for at in appeared:
        colour = reading[at]
        starts = [s for s in vanished if view[s] == colour]
        if jumps is not None and starts:
            start = starts[0]
            vanished.remove(start)
            path = _jump_path(jumps, start, at, [s for s in vanished if view[s] != colour])
            guesses.append({"type": "jump", "player": colour, "path": path})
        else:
            guesses.append({"type": "place", "player": colour, "at": at})
    order = list(players).index(state["to_move"]) if state.get("to_move") in players else 0
    seats = {p: (i - order) % len(players) for i, p in enumerate(players)}
    return sorted(guesses, key=lambda a: seats.get(a["player"], len(players)))


def _jump_path(geometry: Geometry, start: str, end: str, jumped: list[str]) -> list[str]:
    """The landing spaces of a chain from ``start`` over ``jumped`` to ``end``, if the
    board has one; else just the two ends (the engine then says what is wrong)."""
    paths = [([start], frozenset(jumped))]
    while paths:
        path, left = paths.pop()
        if path[-1] == end and not left:
            return path
        for over in geometry.neighbours(path[-1]):
            landing = geometry.beyond(path[-1], over) if over in left else None
            if landing is not None and landing not in path[1:]:
                paths.append((path + [landing], left - {over}))
    return [start, end]

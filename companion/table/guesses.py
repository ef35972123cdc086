"""The action a change on the board looks like, legal or not.

When no legal action explains a reading, the referee still wants to say *why*: a stone
placed out of turn, a jump that is not one, a piece moved diagonally. Each guesser reads
the changed spaces the way a person at the table would ("a black stone appeared on C3")
and returns the actions they look like, in the order they would have been made; the
rules engine's ``validate`` then gives the reason. Guessers know the shape of a game's
view, not its rules.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping
from typing import Any

from companion.games.base import Action, Game, State
from companion.games.stones import board_geometry
from companion.geometry import Geometry, load_geometry
from companion.table.reading import Difference, Reading

Guesser = Callable[[State, Mapping[str, Any], Reading, Difference], list[Action]]


def guess(game: Game, state: State, reading: Reading, difference: Difference) -> list[Action]:
    """Return the actions the change from ``game.view(state)`` to ``reading`` looks
    like (empty when it looks like no action of this game)."""
    guesser = _GUESSERS.get(game.name)
    if guesser is None or not difference:
        return []
    return guesser(state, game.view(state), reading, difference)


def _stones(state: State, view: Mapping[str, Any], reading: Reading,
            difference: Difference) -> list[Action]:
    """ONE and Go: a stone that appeared is a placement, or, when a stone of its colour
    vanished as well (ONE), the end of a jump from there over the stones that vanished."""
    appeared = [s for s in difference.changed if view[s] is None and reading[s] is not None]
    vanished = [s for s in difference.changed if view[s] is not None and reading[s] is None]
    players = state.get("players", ["black", "white"])
    if not appeared or any(reading[s] not in players for s in appeared):
        return []
    guesses: list[Action] = []
    for at in appeared:
        colour = reading[at]
        starts = [s for s in vanished if view[s] == colour]
        if state["game"] == "one" and starts:
            start = starts[0]
            vanished.remove(start)
            path = _jump_path(state, start, at, [s for s in vanished if view[s] != colour])
            guesses.append({"type": "jump", "player": colour, "path": path})
        else:
            guesses.append({"type": "place", "player": colour, "at": at})
    order = players.index(state["to_move"]) if state.get("to_move") in players else 0
    seats = {p: (i - order) % len(players) for i, p in enumerate(players)}
    return sorted(guesses, key=lambda a: seats.get(a["player"], len(players)))


def _jump_path(state: State, start: str, end: str, jumped: list[str]) -> list[str]:
    """The landing spaces of a chain from ``start`` over ``jumped`` to ``end``, if the
    board has one; else just the two ends (the engine then says what is wrong)."""
    geometry = board_geometry(state["options"]["board"])
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


def _onslaught(state: State, view: Mapping[str, Any], reading: Reading,
               difference: Difference) -> list[Action]:
    """ONSLAUGHT: a piece that left one square and stands on another has moved there."""
    def pieces(content: Any) -> set[str]:
        return set(content.get("pieces", [])) if isinstance(content, Mapping) else set()

    left = {p: s for s in difference.changed for p in pieces(view[s]) - pieces(reading[s])}
    came = {p: s for s in difference.changed for p in pieces(reading[s]) - pieces(view[s])}
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


def _oneworld(state: State, view: Mapping[str, Any], reading: Reading,
              difference: Difference) -> list[Action]:
    """OneWorld: a lone child that vanished from one hex and appeared on an empty one."""
    def lone(content: Any) -> tuple[str, str] | None:
        if isinstance(content, Mapping) and not content.get("stack") and "face" in content:
            return content.get("side"), content["face"]
        return None

    gone = [(s, lone(view[s])) for s in difference.changed
            if lone(view[s]) and reading[s] is None]
    guesses: list[Action] = []
    for at in difference.changed:
        counter = lone(reading[at])
        if view[at] is None and counter is not None:
            start = next((s for s, c in gone if c == counter), None)
            if start is not None:
                guesses.append({"type": "move", "player": counter[0], "from": start,
                                "aspect": counter[1], "to": at})
    return guesses


_GUESSERS: dict[str, Guesser] = {
    "one": _stones,
    "go": _stones,
    "onslaught": _onslaught,
    "oneworld": _oneworld,
}

"""Jumps in ONE: checking a jump or a chain of jumps, carrying it out, and listing every
chain a stone can make. The board's lines (``Geometry.beyond``) say where a jump lands;
the reasons name the spaces so the table page can highlight them.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from companion.games.base import Action, IllegalAction, InvalidAction, State
from companion.games.stones import title
from companion.geometry import Geometry


def space_name(geometry: Geometry, name: object) -> str:
    """Return ``name`` if it is a space of the board, else say there is no such space."""
    if not isinstance(name, str) or name not in geometry:
        raise InvalidAction(f"There is no space {name!r} on this board.")
    return name


Hop = tuple[str, str, str, str]
"""One jump of a chain: from, over, to, and the colour captured."""


def resolve_jump(
    state: State, geometry: Geometry, player: str, action: Action, board: dict[str, str | None]
) -> list[Hop]:
    """Check a jump and carry it out on ``board`` (pass a copy to only check it)."""
    if not state["options"]["captures"]:
        raise IllegalAction("Captures are off in this game: place a stone instead.")
    path = action.get("path")
    if not isinstance(path, list) or len(path) < 2:
        raise InvalidAction(
            'A jump gives the path of its stone: {"type": "jump", "path": ["A1", "C1"]}.'
        )
    for name in path:
        space_name(geometry, name)
    over_given = action.get("over")
    if over_given is not None and (
        not isinstance(over_given, list) or len(over_given) != len(path) - 1
    ):
        raise InvalidAction('"over" lists the jumped space of each jump of the path.')
    start = path[0]
    if board[start] != player:
        if board[start] is None:
            raise IllegalAction(f"There is no stone on {start} to jump with.", spaces=[start])
        raise IllegalAction(
            f"The stone on {start} is {title(board[start])}'s, not {title(player)}'s.",
            spaces=[start],
        )
    hops: list[Hop] = []
    previous_over: str | None = None
    for i, (here, there) in enumerate(zip(path, path[1:], strict=False)):
        over = _over(geometry, here, there, over_given[i] if over_given else None)
        if (
            previous_over is not None
            and not state["options"]["chain_turns"]
            and geometry.beyond(previous_over, here) != over
        ):
            raise IllegalAction(
                f"In this game a chain of jumps goes straight on: the jump from {here} over "
                f"{over} turns.", spaces=[here, over],
            )
        victim = board[over]
        if victim is None:
            raise IllegalAction(f"There is no stone on {over} to jump over.", spaces=[over])
        if victim == player:
            raise IllegalAction(
                f"{title(player)} cannot capture a {title(player)} stone on {over}.", spaces=[over]
            )
        if board[there] is not None:
            raise IllegalAction(f"{there} is taken by {title(board[there])}.", spaces=[there])
        board[here], board[over], board[there] = None, None, player
        hops.append((here, over, there, victim))
        previous_over = over
    return hops


def jump_spaces(geometry: Geometry, action: Action) -> set[str]:
    """Every space a legal jump ``action`` may change: the spaces of its path and each
    stone it may jump over (the one named in ``over``, or every one between two spaces
    of the path)."""
    path = action["path"]
    spaces = set(path)
    for i, (here, there) in enumerate(zip(path, path[1:], strict=False)):
        spaces |= ({action["over"][i]} if "over" in action
                   else set(_overs(geometry, here, there)))
    return spaces


def _over(geometry: Geometry, here: str, there: str, over: str | None) -> str:
    """Return the space a jump from ``here`` to ``there`` goes over, or say why none."""
    if over is not None:
        space_name(geometry, over)
        if not geometry.adjacent(here, over):
            if _diagonal(geometry, here, over):
                raise IllegalAction(
                    f"No diagonal jumps: {over} is diagonal to {here}, not next to it.",
                    spaces=[here, over],
                )
            raise IllegalAction(
                f"A jump must go over an adjacent stone: {over} is not next to {here}.",
                spaces=[here, over],
            )
        landing = geometry.beyond(here, over)
        if landing != there:
            where = f"lands on {landing}" if landing else "has no space to land on"
            raise IllegalAction(
                f"A jump from {here} over {over} {where}, not {there}.", spaces=[here, over, there]
            )
        return over
    candidates = _overs(geometry, here, there)
    if len(candidates) == 1:
        return candidates[0]
    if candidates:
        raise InvalidAction(
            f"A jump from {here} to {there} can go over {' or '.join(candidates)}: "
            'say which with "over".'
        )
    if geometry.adjacent(here, there):
        raise IllegalAction(
            f"{there} is next to {here}: a jump goes over a stone onto the space beyond it.",
            spaces=[here, there],
        )
    middle = _middle(geometry, here, there)
    if middle is not None:
        _over(geometry, here, there, middle)
    raise IllegalAction(
        f"{there} is not one jump from {here}: a jump goes over one adjacent stone onto the "
        "space just beyond it, in a straight line.", spaces=[here, there],
    )


def _overs(geometry: Geometry, here: str, there: str) -> list[str]:
    return sorted(o for o in geometry.neighbours(here) if geometry.beyond(here, o) == there)


def _middle(geometry: Geometry, a: str, b: str) -> str | None:
    """The space halfway between ``a`` and ``b`` on the printed board, if there is one."""
    (ax, ay), (bx, by) = geometry.position_mm(a), geometry.position_mm(b)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    distance, name = min(
        (math.hypot(x - mx, y - my), n)
        for n in geometry.names
        for x, y in [geometry.position_mm(n)]
        if n not in (a, b)
    )
    return name if distance < 0.25 * math.hypot(bx - ax, by - ay) else None


def _diagonal(geometry: Geometry, a: str, b: str) -> bool:
    """Whether ``b`` is a diagonal neighbour of ``a``: not adjacent, but close, across
    the corner of two spaces both are adjacent to (as on a square grid)."""
    common = set(geometry.neighbours(a)) & set(geometry.neighbours(b))
    if len(common) < 2:
        return False
    ax, ay = geometry.position_mm(a)
    step = min(math.dist((ax, ay), geometry.position_mm(n)) for n in geometry.neighbours(a))
    return math.dist((ax, ay), geometry.position_mm(b)) < 1.5 * step


def chains(geometry: Geometry, state: State, start: str) -> Iterator[tuple[list[str], list[str]]]:
    """Yield every chain of jumps the stone on ``start`` can make: (path, jumped spaces)."""
    player = state["board"][start]
    turns = state["options"]["chain_turns"]

    def extend(board: dict[str, str | None], path: list[str], overs: list[str]):
        here = path[-1]
        for over in sorted(geometry.neighbours(here)):
            if board[over] in (None, player):
                continue
            if overs and not turns and geometry.beyond(overs[-1], here) != over:
                continue
            there = geometry.beyond(here, over)
            if there is None or board[there] is not None:
                continue
            after = dict(board)
            after[here], after[over], after[there] = None, None, player
            yield path + [there], overs + [over]
            yield from extend(after, path + [there], overs + [over])

    yield from extend(dict(state["board"]), [start], [])


def jump_action(geometry: Geometry, player: str, path: list[str], overs: list[str]) -> Action:
    """The jump action for a chain; it names the jumped spaces only where the path alone
    would be ambiguous (two stones could be jumped from one space to the same landing)."""
    action: Action = {"type": "jump", "player": player, "path": path}
    if any(len(_overs(geometry, a, b)) > 1 for a, b in zip(path, path[1:], strict=False)):
        action["over"] = overs
    return action

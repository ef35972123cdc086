"""The movement phase's measured moves, judged from the poses alone: how far a
character went and in which direction, against what its set of statistics allows
(rulings O6 and O7 in docs/rulings.md)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from companion.games.base import IllegalAction, InvalidAction
from companion.games.outdoor.field import (
    EDGE_BEARINGS,
    bearing,
    edge_distances,
    heading,
    inside,
    nearest_edges,
    reach_edge,
    turn_between,
)
from companion.games.outdoor.observation import UNOBSERVED, Standing
from companion.games.outdoor.options import unit

State = dict[str, Any]


@dataclass(frozen=True)
class Step:
    """Where a judged move leaves a character."""

    x: float
    y: float
    facing: float
    leaves: bool


def walk_edges(state: State, cid: str) -> list[str]:
    """The edges an unobserved ``cid`` may walk to: the nearest (a tie gives a choice),
    or with ``"edge": "home"`` the edge behind its side."""
    character = state["characters"][cid]
    if state["options"]["edge"] == "home":
        return [character["side"]]
    return nearest_edges(_field(state), character["x"], character["y"])


def forced_step(state: State, cid: str) -> Step:
    """The walk of an unobserved ``cid`` to its (first) edge: 12 inches, or off."""
    character = state["characters"][cid]
    edge = walk_edges(state, cid)[0]
    away = edge_distances(_field(state), character["x"], character["y"])[edge]
    walk = UNOBSERVED.move * unit(state["options"])[0]
    length = min(walk, away)
    dx, dy = heading(EDGE_BEARINGS[edge])
    return Step(round(character["x"] + dx * length, 3), round(character["y"] + dy * length, 3),
                character["facing"], away <= walk)


def judge_move(state: State, cid: str, action: dict[str, Any], now: Standing) -> Step:
    """The move ``action`` makes ``cid`` (standing as ``now``), or ``IllegalAction``
    saying by how much it is too long or off its direction."""
    character = state["characters"][cid]
    facing = _facing(action, character["facing"])
    if now.stats is UNOBSERVED:
        return _walk(state, cid, action, now, facing)
    scale, u = unit(state["options"])
    reach = now.stats.move * scale
    limit = reach + state["options"]["distance_tolerance"]
    field = _field(state)
    x0, y0 = character["x"], character["y"]
    if action.get("leaves"):
        away = min(edge_distances(field, x0, y0).values())
        if away > limit:
            raise IllegalAction(f"{cid} is {away:.1f} {u} from the nearest edge, beyond the "
                                f"{reach:g} {u} it may move ({now.why}).")
        return _off(state, x0, y0, facing, nearest_edges(field, x0, y0)[0])
    x, y = _point(action)
    if not inside(field, x, y):
        length = reach_edge(field, x0, y0, bearing(x0, y0, x, y))
        if length > limit:
            raise IllegalAction(f"{cid} would walk {length:.1f} {u} to the edge; it may move "
                                f"{reach:g} {u} ({now.why}).")
        return Step(*_clamped(field, x, y), facing, True)
    length = math.hypot(x - x0, y - y0)
    if length > limit:
        raise IllegalAction(f"{cid} moved {length:.1f} {u}: {length - reach:.1f} {u} "
                            f"more than the {reach:g} {u} it may ({now.why}).")
    return Step(x, y, facing, False)


def _walk(state: State, cid: str, action: dict[str, Any], now: Standing,
          facing: float) -> Step:
    opts = state["options"]
    character = state["characters"][cid]
    field = _field(state)
    x0, y0 = character["x"], character["y"]
    edges = walk_edges(state, cid)
    away = {edge: edge_distances(field, x0, y0)[edge] for edge in edges}
    where = _edge_words(edges)
    scale, u = unit(opts)
    walk = UNOBSERVED.move * scale
    tolerance = opts["distance_tolerance"]
    if action.get("leaves"):
        if min(away.values()) > walk + tolerance:
            raise IllegalAction(f"{cid} is {min(away.values()):.1f} {u} from {where}: walking "
                                f"{walk:g} {u} does not take it off the field.")
        return _off(state, x0, y0, facing, min(away, key=away.get))
    x, y = _point(action)
    length = math.hypot(x - x0, y - y0)
    if length == 0.0:
        raise IllegalAction(f"{cid} is unobserved ({now.why}): it must walk {walk:g} {u} "
                            f"straight towards {where}.")
    direction = bearing(x0, y0, x, y)
    edge = min(edges, key=lambda e: turn_between(direction, EDGE_BEARINGS[e]))
    off = turn_between(direction, EDGE_BEARINGS[edge])
    if off > opts["angle_tolerance"]:
        raise IllegalAction(f"{cid} is unobserved ({now.why}) and must walk straight towards "
                            f"{where}: it went {off:.0f}° off that line.")
    if away[edge] <= walk + tolerance:
        left = edge_distances(field, x, y)[edge] if inside(field, x, y) else 0.0
        if left > tolerance:
            raise IllegalAction(f"{cid} must walk off the field: the {edge} edge is "
                                f"{away[edge]:.1f} {u} away, within its {walk:g} {u} "
                                f"({left:.1f} {u} still to go).")
        return Step(*_clamped(field, x, y), facing, True)
    if length > walk + tolerance:
        raise IllegalAction(f"{cid} walked {length:.1f} {u}: {length - walk:.1f} {u} more than "
                            f"the {walk:g} {u} of an unobserved character ({now.why}).")
    if opts["must_walk"] and length < walk - tolerance:
        raise IllegalAction(f"{cid} walked {length:.1f} {u}; unobserved ({now.why}), it must "
                            f"walk the full {walk:g} {u} towards {where}.")
    return Step(x, y, facing, False)


def _off(state: State, x: float, y: float, facing: float, edge: str) -> Step:
    """A character walking off straight over ``edge``: where it leaves the field."""
    field = _field(state)
    points = {"north": (x, 0.0), "south": (x, field["height"]),
              "west": (0.0, y), "east": (field["width"], y)}
    return Step(*points[edge], facing, True)


def _clamped(field: dict[str, float], x: float, y: float) -> tuple[float, float]:
    return min(max(x, 0.0), field["width"]), min(max(y, 0.0), field["height"])


def _field(state: State) -> dict[str, float]:
    width, height = state["options"]["field"]
    return {"width": width, "height": height}


def _edge_words(edges: list[str]) -> str:
    if len(edges) == 1:
        return f"the {edges[0]} edge"
    return "the " + " or ".join(edges) + " edge"


def _point(action: dict[str, Any]) -> tuple[float, float]:
    x, y = action.get("x"), action.get("y")
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
               for v in (x, y)):
        raise InvalidAction("A move gives where the character ends as \"x\" and \"y\" in "
                            "inches (or \"leaves\": true when it walked off the field).")
    return float(x), float(y)


def _facing(action: dict[str, Any], current: float) -> float:
    facing = action.get("facing", current)
    if isinstance(facing, bool) or not isinstance(facing, (int, float)) or \
            not math.isfinite(facing):
        raise InvalidAction("A facing is a compass bearing in degrees: 0 faces north (the "
                            "top edge), 90 east.")
    return float(facing) % 360.0

"""OneWorld's state as plain data, and the questions every rules module asks of it.

The state holds each god's thirteen children as a list of ``{"at": ..., "aspect": ...}``:
``at`` is a hex name while the child is on the mapsheet, ``"under_tower"`` when it waits
under its Tower of Balance for reinforcement, ``"chaos"`` when it is lost in Chaos Itself
for good, ``"gone"`` when it died with no Tower to go to (Tower Elimination) and
``"unplaced"`` before set-up. Children are interchangeable, so actions name a hex and an
aspect, never a counter; the list keeps their number fixed at thirteen.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from companion.games.base import IllegalAction, State
from companion.geometry.hexes import HexGeometry
from companion.geometry.loader import load_geometry

PLAYERS = ("borg", "chez")
ASPECTS = ("stone", "blade", "fog")
BEATS = {"stone": "blade", "blade": "fog", "fog": "stone"}
CHILDREN = 13
TOWER_CHART = {1: "stone", 2: "stone", 3: "blade", 4: "blade", 5: "fog", 6: "fog"}
UNDER_TOWER, CHAOS, GONE, UNPLACED = "under_tower", "chaos", "gone", "unplaced"
OFF_MAP = (UNDER_TOWER, CHAOS, GONE, UNPLACED)


def other(player: str) -> str:
    return "chez" if player == "borg" else "borg"


def title(player: str) -> str:
    """The god's name as the rules write it: BORG, CHEZ."""
    return player.upper()


def require(condition: bool, reason: str, *spaces: str) -> None:
    """Raise ``IllegalAction(reason)`` unless ``condition`` holds."""
    if not condition:
        raise IllegalAction(reason, spaces=[s for s in spaces if s])


def board_of(state: State) -> HexGeometry:
    """Return the mapsheet this game is played on (loaded once per board)."""
    board = state["options"]["board"]
    key = board if isinstance(board, str) else json.dumps(board, sort_keys=True)
    return _load_board(key, isinstance(board, str))


@lru_cache(maxsize=8)
def _load_board(key: str, by_name: bool) -> HexGeometry:
    geometry = load_geometry(key if by_name else json.loads(key))
    if not isinstance(geometry, HexGeometry):
        raise ValueError("OneWorld is played on a hex map (a board of kind \"hex\").")
    return geometry


def ends_of(board: HexGeometry) -> dict[str, str]:
    """Return the two ends a player may defend, end name → map edge."""
    ends = board.spec.get("ends", {"north": "top", "south": "bottom"})
    return dict(ends)


def tower_sites(board: HexGeometry) -> list[str]:
    """Return the two hexes where the Towers of Balance may stand."""
    return [n for n in board.names if board.space(n).attrs.get("tower_site")]


def child_indices(state: State, player: str, at: str, aspect: str | None = None) -> list[int]:
    """Return the indices of ``player``'s children at ``at`` (of one aspect if given)."""
    return [
        i for i, child in enumerate(state["children"][player])
        if child["at"] == at and (aspect is None or child["aspect"] == aspect)
    ]


def count_at(state: State, player: str, at: str) -> int:
    return len(child_indices(state, player, at))


def stack(state: State, player: str, at: str) -> dict[str, int]:
    """Return ``player``'s children at ``at`` as aspect → count (all three aspects)."""
    counts = dict.fromkeys(ASPECTS, 0)
    for i in child_indices(state, player, at):
        counts[state["children"][player][i]["aspect"]] += 1
    return counts


def on_map(state: State, player: str) -> int:
    """Return how many of ``player``'s children stand on the mapsheet."""
    return sum(1 for c in state["children"][player] if c["at"] not in OFF_MAP)


def where(state: State, player: str, place: str) -> int:
    """Return how many of ``player``'s children are ``under_tower``, in ``chaos``, ..."""
    return sum(1 for c in state["children"][player] if c["at"] == place)


def occupied_hexes(state: State, player: str) -> list[str]:
    board = board_of(state)
    found = {c["at"] for c in state["children"][player] if c["at"] not in OFF_MAP}
    return [n for n in board.names if n in found]


def god_at(state: State, player: str) -> str | None:
    return state["gods"][player]["at"]


def god_in(state: State, at: str) -> str | None:
    """Return whose gods stand in hex ``at``, if any."""
    for player in PLAYERS:
        if state["gods"][player]["at"] == at and state["gods"][player]["lives"] > 0:
            return player
    return None


def towers(state: State) -> dict[str, str]:
    """Return the Tower of Balance hexes on the map, owner → hex."""
    return {p: h for p, h in state["towers"].items() if h}


def stacking_limit(state: State) -> int:
    return int(state["stacking_limit"])


def hostile_hexes(state: State) -> list[str]:
    """Return the hexes where children of both gods meet, in map order."""
    theirs = set(occupied_hexes(state, "chez"))
    return [h for h in occupied_hexes(state, "borg") if h in theirs]


def send_home(state: State, player: str, index: int) -> str:
    """Put a dead child under its Tower (or out of the game without Towers); return where."""
    place = GONE if state["options"]["tower_elimination"] else UNDER_TOWER
    state["children"][player][index] = {"at": place, "aspect": None}
    return place


def event(kind: str, text: str, **data: Any) -> dict[str, Any]:
    return {"type": kind, "text": text, **data}


def aspect_counts(value: Any, what: str) -> dict[str, int]:
    """Check a choice of aspects written as ``{"stone": 2, "fog": 1}``; return all three."""
    if not isinstance(value, Mapping) or set(value) - set(ASPECTS):
        raise IllegalAction(f'{what} is written as aspect counts, e.g. {{"stone": 2, "fog": 1}}.')
    counts = {a: value.get(a, 0) for a in ASPECTS}
    if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in counts.values()):
        raise IllegalAction(f"{what}: each count is a whole number, 0 or more.")
    return counts


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def describe_counts(counts: Mapping[str, int]) -> str:
    parts = [plural(n, a.capitalize()) for a, n in counts.items() if n]
    return ", ".join(parts) or "nothing"


def fresh_turn() -> dict[str, Any]:
    """The per-turn record: which children moved, the god attack, powers used."""
    return {"moved": [], "god_attack": None, "gods_moved": False, "transforms": 0,
            "obstacle_stops": {}}


def player_field(action: Mapping[str, Any], allowed: Sequence[str]) -> str:
    player = action.get("player")
    require(player in PLAYERS, 'Say who acts: "player" is "borg" or "chez".')
    require(player in allowed, f"It is not {title(str(player))}'s turn to do that.")
    return str(player)

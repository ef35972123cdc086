"""What each game's panel on the table page shows, computed from the game's state.

The page draws the board itself from the game's ``view``; these are the numbers around
it that players ask the referee for: ONE's scores, ONSLAUGHT's cores, links, orbs and
nodes, OneWorld's stacks, Towers, gods and the combat in progress. Plain JSON data, one
function per game, nothing for a game without a panel.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from companion.games.base import Game, State
from companion.games.registry import get_game


def page_data(table: Any, snapshot: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """The game as the page shows it: the session's snapshot (``TableSession.snapshot``)
    with the board's name and the game's panel (``summary``); ``None`` without a game."""
    snapshot = table.snapshot() if snapshot is None else snapshot
    if not snapshot or snapshot.get("game") is None:
        return None
    game = get_game(snapshot["game"])
    state = snapshot["state"]
    return {**snapshot, "board": state.get("options", {}).get("board"),
            "summary": summary(game, state)}


def summary(game: Game, state: State) -> dict[str, Any] | None:
    """The panel data for ``game`` in ``state`` (``None`` when it has no panel)."""
    build = _SUMMARIES.get(game.name)
    return build(game, state) if build else None


def _one(game: Game, state: State) -> dict[str, Any]:
    from companion.games.stones import groups
    from companion.geometry import load_geometry

    geometry = load_geometry(state["options"]["board"])
    scores = game.scores(state)  # type: ignore[attr-defined]
    players = []
    for player in state["players"]:
        largest = max((len(g) for g in groups(geometry, state["board"], player)), default=0)
        players.append({
            "player": player,
            "largest_group": largest,
            "captured": sum(state["captured"][player].values()),
            "lost": sum(state["captured"][p].get(player, 0) for p in state["players"]),
            "in_hand": state["hand"][player],
            "score": scores[player],
            "resigned": player in state["resigned"],
        })
    return {"kind": "one", "players": players}


def _onslaught(game: Game, state: State) -> dict[str, Any]:
    from companion.games.onslaught_board import load_layout

    layout = load_layout(state["options"]["board"])
    owners = {square: node["owner"] for square, node in state["nodes"].items()}
    teams = []
    for team, core in state["cores"].items():
        orb = state["orbs"][team]
        teams.append({
            "team": team,
            "core": core["at"],
            "health": core["health"],
            "full_health": state["options"]["core_health"],
            "linked": layout.linked(owners, team),
            "orb_at": orb["at"],
            "orb_carrier": orb["carrier"],
        })
    nodes = [{"square": square, "link": node["link"], "owner": node["owner"],
              "progress": node["progress"]} for square, node in state["nodes"].items()]
    turn = state["turn"]
    return {"kind": "onslaught", "teams": teams, "nodes": nodes,
            "turn": {"piece": turn["piece"], "number": turn["number"], "roll": turn["roll"],
                     "moves_left": turn["moves_left"]},
            "challenge": state.get("challenge")}


def _oneworld(game: Game, state: State) -> dict[str, Any]:
    from companion.games.oneworld_combat import combat_waiting
    from companion.games.oneworld_state import OFF_MAP, UNDER_TOWER

    stacks: dict[str, dict[str, Any]] = {}
    under_tower: dict[str, dict[str, int]] = {}
    for player, children in state["children"].items():
        for child in children:
            at = child["at"]
            if at == UNDER_TOWER:
                under = under_tower.setdefault(player, {})
                aspect = child["aspect"] or "child"  # a child under its Tower may have none
                under[aspect] = under.get(aspect, 0) + 1
                continue
            hexes = stacks.setdefault(at, {})
            hexes.setdefault(player, Counter())[child["aspect"]] += 1
    on_map = {at: {p: dict(c) for p, c in sides.items()} for at, sides in stacks.items()
              if at not in OFF_MAP}
    combat = state.get("combat") or {}
    current = combat.get("current")
    combat_data = None
    if current:
        combat_data = {
            "at": current["at"], "kind": current["kind"], "round": current.get("round"),
            "waiting": combat_waiting(state),
            "committed": sorted(p for p, c in (current.get("commits") or {}).items() if c)
            or (["attacker"] if current.get("commit") else []),
            "attacker": current.get("attacker"),
            "god_aspect": current.get("god_aspect"),
            "sides": {p: dict(on_map.get(current["at"], {}).get(p, {}))
                      for p in ("borg", "chez")},
            "queue": list(combat.get("queue", [])),
        }
    places = Counter((p, c["at"]) for p, cs in state["children"].items() for c in cs
                     if c["at"] in OFF_MAP and c["at"] != UNDER_TOWER)
    return {
        "kind": "oneworld",
        "player": state.get("player"),
        "gods": {p: dict(g) for p, g in state["gods"].items()},
        "towers": {p: h for p, h in state["towers"].items()},
        "under_tower": under_tower,
        "stacks": [{"at": at, **sides} for at, sides in sorted(on_map.items())],
        "off_map": {f"{p} {place}": n for (p, place), n in sorted(places.items())},
        "combat": combat_data,
        "secrets": state["options"]["secrets"],
    }


_SUMMARIES: dict[str, Callable[[Game, State], dict[str, Any]]] = {
    "one": _one,
    "onslaught": _onslaught,
    "oneworld": _oneworld,
}

"""ONSLAUGHT's panel on the table page (``Game.summary``): each team's core, its health
and link, its orb; every node's owner and progress; the turn and the challenge."""

from __future__ import annotations

from typing import Any

from companion.games.base import State
from companion.games.onslaught.play import CAPTURE_TURNS
from companion.games.onslaught.state import label, layout_of, node_owners


def panel(state: State) -> dict[str, Any]:
    """The panel data for ``state``."""
    layout, owners = layout_of(state), node_owners(state)
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
              "progress": node["progress"], "capture": capture_words(node["progress"])}
             for square, node in state["nodes"].items()]
    turn = state["turn"]
    return {"kind": "onslaught", "teams": teams, "nodes": nodes,
            "turn": {"piece": turn["piece"], "number": turn["number"], "roll": turn["roll"],
                     "moves_left": turn["moves_left"]},
            "challenge": state.get("challenge")}


def capture_words(progress: dict[str, Any] | None) -> str:
    """A node's capture in progress in words ("Blue 2: 1 of 2 turns"), "" for none."""
    if progress is None:
        return ""
    return f"{label(progress['piece'])}: {progress['turns']} of {CAPTURE_TURNS} turns"

"""OneWorld's panel on the table page (``Game.summary``): the stacks on the map, the
Towers, the gods, the children under their Tower or off the map, and the combat in
progress."""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.games.base import State
from companion.games.oneworld.combat import combat_waiting
from companion.games.oneworld.state import OFF_MAP, UNDER_TOWER


def panel(state: State) -> dict[str, Any]:
    """The panel data for ``state``."""
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

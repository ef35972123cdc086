"""ONE's panel on the table page (``Game.summary``): each player's largest group, the
stones captured, lost and in hand, the score and whether they resigned."""

from __future__ import annotations

from typing import Any

from companion.games.base import State
from companion.games.stones import geometry_of, groups


def panel(state: State, scores: dict[str, int]) -> dict[str, Any]:
    """The panel data for ``state`` whose ``scores`` the game has counted."""
    geometry = geometry_of(state)
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

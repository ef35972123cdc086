"""ONSLAUGHT put right by hand (``Game.set_by_hand``, ``Game.move_by_hand``).

A square's content lists the pieces and orbs on it and the node token; a piece taken
off a square leaves the board, an orb taken off goes home.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.base import CorrectionError, State


def set_square(state: State, square: str, content: Any) -> None:
    """Make ``content`` (pieces, orbs, token) what stands on ``square``."""
    content = content or {"pieces": [], "orbs": [], "token": None}
    if not isinstance(content, Mapping):
        raise CorrectionError('A square holds {"pieces": [...], "orbs": [...], "token": ...}.')
    pieces, orbs = list(content.get("pieces", [])), list(content.get("orbs", []))
    token = content.get("token")
    if not set(pieces) <= set(state["pieces"]) or not set(orbs) <= set(state["orbs"]):
        raise CorrectionError(f"The pieces are {', '.join(state['pieces'])} and the orbs "
                              f"{', '.join(state['orbs'])}.")
    if token is not None and (square not in state["nodes"] or token not in state["orbs"]):
        raise CorrectionError(f"Only a node takes a token, red or blue; {square} "
                              f"{'is' if square in state['nodes'] else 'is not'} a node.")
    for name, piece in state["pieces"].items():
        if name in pieces:
            piece["at"] = square
        elif piece["at"] == square:
            piece["at"] = None
    for team, orb in state["orbs"].items():
        if team in orbs:
            orb["at"] = square
            carrier = orb["carrier"]
            orb["carrier"] = carrier if carrier in pieces else None
        elif orb["at"] == square:
            orb["at"], orb["carrier"] = orb["home"], None
    if square in state["nodes"]:
        state["nodes"][square].update(owner=token, progress=None)


def move_square(state: State, start: str, end: str) -> None:
    """Move the pieces and orbs on ``start`` to ``end``."""
    for piece in state["pieces"].values():
        if piece["at"] == start:
            piece["at"] = end
    for orb in state["orbs"].values():
        if orb["at"] == start:
            orb["at"] = end

"""OneWorld put right by hand (``Game.set_by_hand``, ``Game.move_by_hand``).

What stands on a hex can be moved to another hex, or cleared (children go under their
Tower); a hex cannot be *set* to a counter, because a stack's make-up cannot be read
from above: move the counters instead.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import CorrectionError, State


def clear_hex(state: State, hex_: str, content: Any) -> None:
    """Clear ``hex_`` of its children (``content`` must be ``None``)."""
    if content is not None:
        raise CorrectionError("A OneWorld hex can only be cleared or have its counters moved: "
                              "a stack cannot be set from what its top counter shows.")
    if any(god["at"] == hex_ and god["lives"] > 0 for god in state["gods"].values()):
        raise CorrectionError(f"The gods on {hex_} cannot be cleared away: move them instead.")
    home = "gone" if state["options"].get("tower_elimination") else "under_tower"
    for children in state["children"].values():
        for child in children:
            if child["at"] == hex_:
                child["at"], child["aspect"] = home, None


def move_hex(state: State, start: str, end: str) -> None:
    """Move the children and gods on ``start`` to ``end`` (never a Tower)."""
    if end in state["towers"].values() or start in state["towers"].values():
        raise CorrectionError("A Tower of Balance moves by the rules only.")
    for children in state["children"].values():
        for child in children:
            if child["at"] == start:
                child["at"] = end
    for god in state["gods"].values():
        if god["at"] == start:
            god["at"] = end

"""Battle of Flags set up by hand for the tests: piles named card by card (top first)."""

from __future__ import annotations

from typing import Any

from companion.games.flags import Flags

GAME = Flags()


def card_count(state: dict[str, Any]) -> int:
    """The cards in the piles, on the table and set aside."""
    return (sum(map(len, state["piles"].values())) + len(state["pot"])
            + len(state["aside"]))


def table(*piles: list[str], **options: Any) -> dict[str, Any]:
    """A game whose players hold exactly ``piles`` (the top first), nothing set aside."""
    state = GAME.initial_state({"players": len(piles), **options})
    state["piles"] = {f"player{n}": list(pile) for n, pile in enumerate(piles, 1)}
    state["aside"] = []
    return state


def reveal(state: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The state after one round, and its events."""
    return GAME.apply(state, {"type": "reveal"})

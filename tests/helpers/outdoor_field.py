"""Outdoor games set up from given poses, for the outdoor game's tests."""

from __future__ import annotations

from typing import Any

from companion.games.registry import get_game

GAME = get_game("outdoor")


def set_up(north: dict[str, tuple], south: dict[str, tuple], *, first: str = "north",
           **options: Any) -> dict[str, Any]:
    """A game whose first sequence has begun: each side's characters at their poses
    ``(x, y, facing)`` (every character of each side) and ``first`` to move."""
    options.setdefault("characters", [len(north), len(south)])
    state = GAME.initial_state(options)
    for player, poses in (("north", north), ("south", south)):
        pieces = {cid: dict(zip(("x", "y", "facing"), pose, strict=True))
                  for cid, pose in poses.items()}
        state = play(state, {"type": "place", "player": player, "pieces": pieces})
    return play(state, {"type": "first", "goes_first": first})


def play(state: dict[str, Any], action: dict[str, Any], *dice: int) -> dict[str, Any]:
    """The state after ``action`` (with ``dice``), which must be legal."""
    verdict = GAME.validate(state, action)
    assert verdict.ok, verdict.reason
    return GAME.apply(state, action, list(dice))[0]


def refused(state: dict[str, Any], action: dict[str, Any]) -> str:
    """The reason ``action`` is refused (it must be)."""
    verdict = GAME.validate(state, action)
    assert not verdict.ok, f"{action} was allowed"
    return verdict.reason

"""The OneWorld move a change on the map looks like, legal or not
(``Game.guess_actions``): a lone child that vanished from one hex and appeared on an
empty one. The engine's ``validate`` then gives the rule's reason."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.base import Action


def guess_moves(view: Mapping[str, Any], reading: Mapping[str, Any],
                changed: Sequence[str]) -> list[Action]:
    """Return the moves that turn ``view`` into ``reading`` on the ``changed`` hexes."""
    def lone(content: Any) -> tuple[str, str] | None:
        if isinstance(content, Mapping) and not content.get("stack") and "face" in content:
            return content.get("side"), content["face"]
        return None

    gone = [(s, lone(view[s])) for s in changed if lone(view[s]) and reading[s] is None]
    guesses: list[Action] = []
    for at in changed:
        counter = lone(reading[at])
        if view[at] is None and counter is not None:
            start = next((s for s, c in gone if c == counter), None)
            if start is not None:
                guesses.append({"type": "move", "player": counter[0], "from": start,
                                "aspect": counter[1], "to": at})
    return guesses

"""OneWorld's actions in words, for the move history on the page and the command line,
and its counters in words, for the table's questions (``Game.piece_words``).

A commitment is described without its hash: the history is read aloud at the table,
and sixty-four hex digits say nothing to a player.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.games.base import Action


def describe_action(action: Action) -> str:
    """Return ``action`` as a short sentence ("BORG moves a Fog from G5 to H7")."""
    who = str(action.get("player", "")).upper()
    words = _WORDS.get(str(action.get("type")))
    if words is None:
        return f"{who} {action.get('type', '?')}".strip()
    return words(who, action)


def hex_words(content: Any) -> str:
    """Return a hex's content (a value of ``OneWorld.view``) in words: the top counter
    (``a BORG Stone``) or a stack (``a stack of BORG Stones``; side or face left out
    where the stack's counters do not share it)."""
    if not isinstance(content, Mapping):
        return str(content)
    side = str(content["side"]).upper() if content.get("side") else ""
    face = str(content["face"]).capitalize() if content.get("face") else ""
    if not content.get("stack"):
        return " ".join(["a", *filter(None, [side, face or "counter"])])
    if face:
        return " ".join(["a stack of", *filter(None, [side, face + "s"])])
    return f"a {side} stack" if side else "a stack"


def _stack(counts: Any) -> str:
    if not isinstance(counts, Mapping):
        return str(counts)
    parts = [f"{n} {aspect.capitalize()}" for aspect, n in sorted(counts.items()) if n]
    return ", ".join(parts) or "nothing"


def _move(who: str, action: Action) -> str:
    aspect = str(action.get("aspect", "child")).capitalize()
    target = action.get("to") or action.get("direction") or "/".join(action.get("path", []))
    if target == "chaos":
        return f"{who} sends a {aspect} from {action.get('from')} into Chaos"
    return f"{who} moves a {aspect} from {action.get('from')} to {target}"


def _children(who: str, action: Action) -> str:
    placed = action.get("children", {})
    count = sum(sum(c.values()) for c in placed.values() if isinstance(c, Mapping))
    return f"{who} sets up {count} children on {len(placed)} hexes"


def _hurl(who: str, action: Action) -> str:
    aspects = action.get("aspects", {})
    return "Revealed at the table: " + "; ".join(
        f"{side.upper()} {_stack(counts)}" for side, counts in sorted(aspects.items())
    )


_WORDS: dict[str, Callable[[str, Action], str]] = {
    "roll_stacking_limit": lambda who, a: "Roll for the stacking limit",
    "roll_for_setup": lambda who, a: "Roll for who sets up first",
    "choose_setup_order": lambda who, a: (
        f"{who} chooses {str(a.get('first')).upper()} to set up first"
    ),
    "choose_end": lambda who, a: f"{who} defends the {a.get('end')} end",
    "place_gods": lambda who, a: f"{who} places the gods on {a.get('at')}",
    "place_children": _children,
    "choose_tower_site": lambda who, a: f"{who} chooses the Tower hex {a.get('at')}",
    "move": _move,
    "move_gods": lambda who, a: f"{who} moves the gods to {a.get('to')}",
    "transform": lambda who, a: (
        f"{who} turns a {str(a.get('aspect')).capitalize()} on {a.get('at')} "
        f"into a {str(a.get('to')).capitalize()}"
    ),
    "end_movement": lambda who, a: f"{who} ends movement",
    "reinforce": lambda who, a: f"{who} reinforces from the Tower",
    "decline_reinforcement": lambda who, a: f"{who} declines to reinforce",
    "commit": lambda who, a: f"{who} seals a secret choice",
    "reveal": lambda who, a: f"{who} reveals {_stack(a.get('choice'))}",
    "announce": lambda who, a: f"{who} announces the gods as {str(a.get('aspect')).capitalize()}",
    "hurl": _hurl,
}

"""Who sees whom, who is observed, and so which set of statistics a character uses.

The rules' definitions (rulings O1, O4, O5 in docs/rulings.md): a character is
*observed* when it is in the vision of another character (of either side) that is also
in its own vision; one whose rear is in another's vision is *unaware* and uses the
unobserved set, as does one that sees no one (its vision goes to the horizon), one that
has not moved or acted for two turns, and the last character left on the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.outdoor.field import blocked, in_view

State = dict[str, Any]


@dataclass(frozen=True)
class Stats:
    """A set of statistics: how far a character moves and what it rolls against."""

    name: str
    move: float
    roll: int


OBSERVED = Stats("observed", 6.0, 3)
UNOBSERVED = Stats("unobserved", 12.0, 5)


@dataclass(frozen=True)
class Standing:
    """The set a character uses now, and why, in words."""

    stats: Stats
    why: str


def in_play(state: State) -> list[str]:
    """The characters standing on the field, in their order."""
    return [cid for cid, c in state["characters"].items() if c["status"] == "in"]


def sees(state: State, viewer: str, other: str) -> bool:
    """Whether ``viewer`` sees ``other``: in its field of vision and, with the
    ``blocking`` option, with no piece across the line between them."""
    pieces = state["characters"]
    opts = state["options"]
    a, b = pieces[viewer], pieces[other]
    if not in_view(a, b, opts["vision"]):
        return False
    if not opts["blocking"]:
        return True
    standing = ("in", "fallen") if opts["fallen_block"] else ("in",)
    others = [c for cid, c in pieces.items()
              if cid not in (viewer, other) and c["status"] in standing]
    return not blocked(a, b, others)


def seen_by(state: State, cid: str) -> list[str]:
    """The characters in play that see ``cid``."""
    return [other for other in in_play(state) if other != cid and sees(state, other, cid)]


def seeing(state: State, cid: str) -> list[str]:
    """The characters in play that ``cid`` sees."""
    return [other for other in in_play(state) if other != cid and sees(state, cid, other)]


def observers(state: State, cid: str) -> list[str]:
    """The characters that observe ``cid``: each sees it and is seen by it."""
    watched = set(seeing(state, cid))
    return [other for other in seen_by(state, cid) if other in watched]


def standing(state: State, cid: str) -> Standing:
    """The set of statistics ``cid`` uses now, and why."""
    opts = state["options"]
    character = state["characters"][cid]
    if len(in_play(state)) == 1:
        return Standing(UNOBSERVED, "it is the last character on the field")
    idle = opts["idle_turns"]
    if idle and character["idle"] >= idle:
        return Standing(UNOBSERVED, f"it has not moved or acted for {character['idle']} turns")
    mutual = observers(state, cid)
    if mutual:
        return Standing(OBSERVED, f"seen by and seeing {_names(mutual)}")
    watched = seeing(state, cid)
    if watched:
        if opts["watcher"] == "observed":
            return Standing(OBSERVED, f"it is watching {_names(watched)}, unseen")
        return Standing(UNOBSERVED, f"no one sees it (it is watching {_names(watched)})")
    behind = seen_by(state, cid)
    if behind:
        return Standing(UNOBSERVED, f"it is unaware: its back is to {_names(behind)}")
    return Standing(UNOBSERVED, "it sees no one: it faces the horizon")


def _names(ids: list[str]) -> str:
    return ids[0] if len(ids) == 1 else ", ".join(ids[:-1]) + " and " + ids[-1]

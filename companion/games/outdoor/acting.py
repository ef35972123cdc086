"""The action phase: who is in action range, the number a roll must beat, and the
character's step into contact (rulings O8 and O9 in docs/rulings.md).

To act on an enemy within range, a player adds the difference between the two
characters' roll statistics to their own and rolls a d6 over it; each other character
in the fight moves that number by one: a friend within range of the actor lowers it,
a friend within range of the target raises it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from companion.games.outdoor.field import gap
from companion.games.outdoor.observation import in_play, standing

State = dict[str, Any]


@dataclass(frozen=True)
class Odds:
    """What an actor must roll over to put a target on its side, and how it was
    reached."""

    own: int
    theirs: int
    difference: int
    helpers: int  # the actor's friends within range of the actor
    against: int  # the target's friends within range of the target
    target: int

    def words(self) -> str:
        parts = [f"roll {self.own}", f"difference {self.difference:+d}"]
        if self.against:
            parts.append(f"+{self.against} for the target's friends")
        if self.helpers:
            parts.append(f"-{self.helpers} for the actor's friends")
        return f"over {self.target} ({', '.join(parts)})"


def in_range(state: State, a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` are within action range (edge to edge)."""
    pieces = state["characters"]
    return gap(pieces[a], pieces[b]) <= state["options"]["action_range"] + 1e-9


def enemies_in_range(state: State, cid: str) -> list[str]:
    """The enemies standing within action range of ``cid``."""
    side = state["characters"][cid]["side"]
    return [other for other in in_play(state)
            if state["characters"][other]["side"] != side and in_range(state, cid, other)]


def friends_in_range(state: State, cid: str, leaving_out: str) -> list[str]:
    """``cid``'s friends standing within action range of it, ``leaving_out`` apart."""
    side = state["characters"][cid]["side"]
    return [other for other in in_play(state)
            if other not in (cid, leaving_out)
            and state["characters"][other]["side"] == side and in_range(state, cid, other)]


def odds(state: State, actor: str, target: str) -> Odds:
    """The number ``actor`` must roll over to act on ``target`` now."""
    own = standing(state, actor).stats.roll
    theirs = standing(state, target).stats.roll
    if state["options"]["difference"] == "signed":
        difference = theirs - own
    else:
        difference = abs(theirs - own)
    helpers = len(friends_in_range(state, actor, target))
    against = len(friends_in_range(state, target, actor))
    return Odds(own, theirs, difference, helpers, against,
                own + difference + against - helpers)


def succeeds(state: State, chance: Odds, die: int) -> bool:
    """Whether ``die`` beats ``chance`` (with ``six_succeeds``, a 6 always does)."""
    return die > chance.target or (die == 6 and state["options"]["six_succeeds"])


def step_into_contact(state: State, actor: str, target: str) -> None:
    """Move ``actor`` as close as it can come to ``target``: their edges touching."""
    a, b = state["characters"][actor], state["characters"][target]
    apart = math.hypot(a["x"] - b["x"], a["y"] - b["y"])
    touching = a["r"] + b["r"]
    if apart <= touching:
        return
    if apart == 0.0:
        return
    scale = touching / apart
    a["x"] = round(b["x"] + (a["x"] - b["x"]) * scale, 3)
    a["y"] = round(b["y"] + (a["y"] - b["y"]) * scale, 3)

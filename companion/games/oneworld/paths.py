"""Checking one child's path hex by hex against terrain, features and other beings
(rules 5, 7.2, 7.3, 8.1, 10.4); shared by every aspect's way of moving."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.games.base import State
from companion.games.oneworld.state import (
    CHAOS,
    board_of,
    count_at,
    god_in,
    other,
    require,
    stacking_limit,
    title,
    towers,
)

BLADE_RUN = 5
FOG_RUN = 3
STONE_PYLON_RUN = 3


@dataclass
class MovePlan:
    """A checked move: which child, the hexes it enters, the Faults it crosses."""

    player: str
    index: int
    aspect: str
    start: str
    path: list[str]
    faults: list[tuple[str, str]] = field(default_factory=list)
    attack: bool = False
    obstacle: bool = False

    @property
    def end(self) -> str:
        return self.path[-1]


def aspect_name(aspect: str) -> str:
    return aspect.capitalize()


# -- checking a path step by step --------------------------------------------------------

class Walker:
    """Checks the steps of one child's path against the terrain and the other beings."""

    def __init__(self, state: State, player: str, aspect: str, start: str) -> None:
        self.state = state
        self.board = board_of(state)
        self.options = state["options"]
        self.player = player
        self.aspect = aspect
        self.start = start

    def pylon(self, at: str) -> bool:
        return self.board.terrain(at) == "pylon"

    def neighbour(self, a: str, b: str) -> bool:
        if self.board.adjacent(a, b):
            return True
        wrap = self.options["chaos_gambit_2"]
        return wrap and any(self.board.step(a, d, wrap=True) == b for d in self.board.directions)

    def enemy_children(self, at: str) -> bool:
        return count_at(self.state, other(self.player), at) > 0

    def entry_problem(self, a: str, b: str, *, last: bool, pylon_move: bool) -> str | None:
        """Return why this child may not step from ``a`` into ``b``, or ``None``."""
        name, who = aspect_name(self.aspect), title(self.player)
        if b in towers(self.state).values():
            return (f"No being can enter the Tower of Balance on {b}; its ectoplasm lets "
                    "beings leave, never enter (5.5).")
        gods = god_in(self.state, b)
        if gods == self.player:
            return f"{who}'s children may never enter the hex where their god dwells ({b}, 7.3)."
        if gods is not None:
            if not last:
                return (f"Entering {title(gods)}'s hex {b} starts a combat: it must be the last "
                        "hex of the move (10.4).")
            if self.state["this_turn"]["god_attack"]:
                return f"Only one child may attack {title(gods)} in a turn (10.4)."
        if self.enemy_children(b) and not last:
            return (f"A child meeting enemy children at {b} stops there to fight (8.1): "
                    f"{b} must be the last hex of the move.")
        if not self.pylon(a) and self.pylon(b) and self.aspect != "stone":
            return (f"{name} cannot move from flatland to a Pylon ({a} to {b}); only Stone "
                    "bounces high enough (5.1).")
        if self.options["pylon_movement"] and self.pylon(a) and self.pylon(b) and not pylon_move:
            return (f"With Pylon Movement, going from Pylon to Pylon ({a} to {b}) is a move of "
                    "its own and cannot be combined with other movement.")
        if "runeline" in self.board.features_between(a, b) and self.aspect != "blade":
            return f"{name} cannot cross a Runeline between {a} and {b} (5.3)."
        if not last and count_at(self.state, self.player, b) >= stacking_limit(self.state):
            if not self.options["pass_through_full_stacks"]:
                return (f"{count_at(self.state, self.player, b)} {who} children stand on {b}; "
                        "with this ruling no child passes through a full hex.")
        return None

    def destination_problem(self, end: str) -> str | None:
        if end == self.start:
            return "A move must end in another hex than the one it started from."
        here = count_at(self.state, self.player, end)
        limit = stacking_limit(self.state)
        if here >= limit:
            return (f"{_count_word(here)} {title(self.player)} children already stand on "
                    f"{end}; no more than {limit} may share a hex (7.2).")
        return None

    def walk(self, index: int, path: list[str], *, pylon_move: bool = False) -> MovePlan:
        """Check an explicit path hex by hex; raise ``IllegalAction`` at the first fault."""
        require(bool(path), "Say where the child goes: give \"to\" or a \"path\".")
        plan = MovePlan(self.player, index, self.aspect, self.start, list(path))
        here = self.start
        for k, there in enumerate(path):
            last = k == len(path) - 1
            if there == CHAOS:
                require(last, "Nothing comes back from Chaos Itself: it can only end a path.")
                require(not self.options["chaos_gambit_2"],
                        "With Chaos Gambit II the universe is curved: there is no edge to "
                        "leave by; name the hex on the far side instead.", here)
                require(bool(self.board.edges_of(here)),
                        f"Chaos Itself lies beyond the edge of the mapsheet; {here} is not on "
                        "the edge.", here)
                return plan
            require(there in self.board, f"There is no hex {there!r} on the mapsheet.")
            require(self.neighbour(here, there),
                    f"{there} is not next to {here}: a path goes hex by hex.", here, there)
            problem = self.entry_problem(here, there, last=last, pylon_move=pylon_move)
            require(problem is None, str(problem), here, there)
            if "fault" in self.board.features_between(here, there) and self.aspect != "stone":
                plan.faults.append((here, there))
            here = there
        problem = self.destination_problem(here)
        require(problem is None, str(problem), here)
        plan.attack = god_in(self.state, here) == other(self.player)
        return plan


def _count_word(n: int) -> str:
    words = ["No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight"]
    return words[n] if n < len(words) else str(n)

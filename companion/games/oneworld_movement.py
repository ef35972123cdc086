"""OneWorld movement (rules 5, 6, 7 and 10.3): each aspect's way of moving, terrain,
Runelines, Faults of Chaos, Towers, stacking, Parental Concern, Chaos Itself.

A move names the child by where it stands and its aspect (children are interchangeable)
and says where it goes: ``{"type": "move", "player": "borg", "from": "G5", "aspect":
"fog", "to": "H7"}``, optionally with the exact ``path`` of hexes entered (a Fog may
choose which Faults to cross) or, for a Blade, the ``direction`` it scythes in. ``"chaos"``
as the destination (or last hex of the path) sends a being off the grid.

``plan_move`` turns an action into a checked ``MovePlan`` (raising ``IllegalAction`` with
the rule's reason); the dice it needs are one per Fault of Chaos crossed.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import product

from companion.games.base import Action, Event, IllegalAction, State
from companion.games.oneworld_state import (
    ASPECTS,
    CHAOS,
    GONE,
    UNDER_TOWER,
    board_of,
    child_indices,
    count_at,
    event,
    god_in,
    occupied_hexes,
    other,
    player_field,
    require,
    send_home,
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


def _name(aspect: str) -> str:
    return aspect.capitalize()


# -- checking a path step by step --------------------------------------------------------

class _Walker:
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
        name, who = _name(self.aspect), title(self.player)
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


# -- the three aspects --------------------------------------------------------------------

def plan_move(state: State, action: Action) -> MovePlan:
    """Check a ``move`` action and return its plan, or raise ``IllegalAction``."""
    player = player_field(action, [state["player"]])
    board = board_of(state)
    start, aspect = action.get("from"), action.get("aspect")
    require(isinstance(start, str) and start in board,
            f'Say where the child stands: "from" is a hex such as E5, not {start!r}.')
    require(aspect in ASPECTS, f'"aspect" is one of stone, blade, fog; got {aspect!r}.')
    moved = state["this_turn"]["moved"]
    ready = [i for i in child_indices(state, player, str(start), str(aspect)) if i not in moved]
    if not ready:
        anyone = child_indices(state, player, str(start), str(aspect))
        reason = (f"Every {title(player)} {_name(str(aspect))} on {start} has already moved "
                  "this turn." if anyone else
                  f"No {title(player)} {_name(str(aspect))} stands on {start}.")
        raise IllegalAction(reason, spaces=[str(start)])
    walker = _Walker(state, player, str(aspect), str(start))
    if aspect == "blade":
        return _plan_blade(walker, ready[0], action)
    path = action.get("path")
    if path is not None:
        require(isinstance(path, list) and all(isinstance(h, str) for h in path),
                'A "path" is a list of hexes, such as ["E6", "E7"].')
        return _checked_path(walker, ready[0], list(path))
    to = action.get("to")
    require(isinstance(to, str), 'Say where the child goes: "to" is a hex such as E5, or "chaos".')
    return _search(walker, ready[0], str(to))


def _checked_path(walker: _Walker, index: int, path: list[str]) -> MovePlan:
    aspect, options = walker.aspect, walker.options
    steps = len([h for h in path if h != CHAOS]) + (1 if CHAOS in path else 0)
    if options["pylon_movement"] and _all_pylon(walker, path):
        run = STONE_PYLON_RUN if aspect == "stone" else 1
        require(steps <= run, f"With Pylon Movement a {_name(aspect)} goes only {run} "
                f"hex{'es' if run > 1 else ''} from Pylon to Pylon in a turn.", walker.start)
        return walker.walk(index, path, pylon_move=True)
    run = 1 if aspect == "stone" else FOG_RUN
    require(steps <= run, f"{_name(aspect)} moves {'one hex' if run == 1 else 'one to three hexes'}"
            f" a turn; this path is {steps} hexes long.", walker.start)
    return walker.walk(index, path)


def _all_pylon(walker: _Walker, path: list[str]) -> bool:
    hexes = [walker.start, *path]
    return CHAOS not in path and all(h in walker.board and walker.pylon(h) for h in hexes)


def _search(walker: _Walker, index: int, to: str) -> MovePlan:
    """Find the path to ``to`` that crosses the fewest Faults (then the shortest); if
    there is none, raise the reason the shortest path tried is illegal."""
    best: MovePlan | None = None
    errors: list[tuple[int, IllegalAction]] = []
    for path in candidate_paths(walker, to):
        try:
            plan = _checked_path(walker, index, path)
        except IllegalAction as error:
            errors.append((len(path), error))
            continue
        if best is None or (len(plan.faults), len(plan.path)) < (len(best.faults), len(best.path)):
            best = plan
    if best is not None:
        return best
    if errors:
        raise min(errors, key=lambda e: e[0])[1]
    board = walker.board
    require(not (to == CHAOS and walker.options["chaos_gambit_2"]),
            "With Chaos Gambit II the universe is curved: there is no Chaos to go to.",
            walker.start)
    reach = "one hex" if walker.aspect == "stone" else "one to three hexes"
    if to in board:
        raise IllegalAction(
            f"{_name(walker.aspect)} moves {reach} a turn; {to} is "
            f"{board.distance(walker.start, to)} hexes from {walker.start}.",
            spaces=[walker.start, to])
    raise IllegalAction(f"There is no hex {to!r} on the mapsheet.", spaces=[walker.start])


def candidate_paths(walker: _Walker, to: str | None = None) -> Iterator[list[str]]:
    """Yield the paths this child could try (to ``to`` if given), unchecked."""
    longest = 1 if walker.aspect == "stone" else FOG_RUN
    if walker.options["pylon_movement"] and walker.pylon(walker.start):
        longest = max(longest, STONE_PYLON_RUN if walker.aspect == "stone" else 1)
    frontier: list[list[str]] = [[]]
    for _ in range(longest):
        grown: list[list[str]] = []
        for path in frontier:
            here = path[-1] if path else walker.start
            if here == CHAOS:
                continue
            for there in _steps_from(walker, here):
                candidate = [*path, there]
                grown.append(candidate)
                if to is None or there == to:
                    yield candidate
        frontier = grown


def _steps_from(walker: _Walker, here: str) -> list[str]:
    board = walker.board
    wrap = walker.options["chaos_gambit_2"]
    found = [board.step(here, d, wrap=wrap) for d in board.directions]
    steps = [h for h in dict.fromkeys(found) if h is not None and h != here]
    if None in found and not wrap:
        steps.append(CHAOS)
    return steps


def _plan_blade(walker: _Walker, index: int, action: Action) -> MovePlan:
    board = walker.board
    direction, to, path = action.get("direction"), action.get("to"), action.get("path")
    if walker.options["pylon_movement"] and walker.pylon(walker.start):
        target = path[-1] if isinstance(path, list) and path else to
        if isinstance(target, str) and target in board and walker.pylon(target) \
                and board.adjacent(walker.start, target):
            return walker.walk(index, [target], pylon_move=True)
    if isinstance(path, list) and path:
        direction = _straight(walker, path)
        to = path[-1]
    if direction is not None:
        require(direction in board.directions,
                f"A direction is one of {', '.join(board.directions)}; got {direction!r}.")
        return _blade_stop(walker, index, str(direction), to)
    require(isinstance(to, str), 'Say where the Blade goes: "to" a hex, or a "direction".')
    if to == CHAOS:
        plans = []
        for d in board.directions:
            try:
                plans.append(_blade_stop(walker, index, d, to))
            except IllegalAction:
                continue
        require(bool(plans), f"A Blade on {walker.start} cannot reach Chaos Itself this turn.",
                walker.start)
        require(len(plans) == 1, f"A Blade on {walker.start} could run into Chaos in several "
                f"directions: say which (\"direction\": one of {', '.join(board.directions)}).",
                walker.start)
        return plans[0]
    wrap = walker.options["chaos_gambit_2"]
    for d in board.directions:
        if to in _line(walker, d, wrap):
            return _blade_stop(walker, index, d, to)
    raise IllegalAction(
        f"A Blade moves five hexes in a straight line; {walker.start} to {to} is not a "
        "straight line.", spaces=[walker.start] + ([str(to)] if to in board else []))


def _line(walker: _Walker, direction: str, wrap: bool) -> list[str]:
    """The hexes straight ahead of the Blade, as far as a Blade could ever go."""
    hexes: list[str] = []
    here = walker.start
    for _ in range(BLADE_RUN):
        there = walker.board.step(here, direction, wrap=wrap)
        if there is None:
            break
        hexes.append(there)
        here = there
    return hexes


def _straight(walker: _Walker, path: list[str]) -> str:
    board, wrap = walker.board, walker.options["chaos_gambit_2"]
    first = path[0]
    directions = [d for d in board.directions if board.step(walker.start, d, wrap=wrap) == first]
    if first == CHAOS:
        directions = [d for d in board.directions if board.step(walker.start, d) is None]
    require(bool(directions), f"{first} is not next to {walker.start}: a path goes hex by hex.",
            walker.start)
    for d in directions:
        here = first
        for k, there in enumerate(path[1:], start=1):
            nxt = board.step(here, d, wrap=wrap) if here != CHAOS else None
            if (nxt or CHAOS) != there:
                if len(directions) == 1:
                    raise IllegalAction(
                        f"A Blade moves exactly five hexes in a straight line; this path turns "
                        f"at {path[k - 1]}.", spaces=[path[k - 1]])
                break
            here = there
        else:
            return d
    raise IllegalAction("A Blade moves in a straight line.", spaces=[walker.start])


def blade_run(walker: _Walker, direction: str) -> list[str]:
    """Return the hexes a Blade enters heading ``direction`` until it must stop."""
    board, options, state = walker.board, walker.options, walker.state
    wrap = options["chaos_gambit_2"]
    path: list[str] = []
    here = walker.start
    while len(path) < BLADE_RUN:
        there = board.step(here, direction, wrap=wrap)
        if there is None:
            path.append(CHAOS)
            break
        if there in towers(state).values():
            break
        if not walker.pylon(here) and walker.pylon(there):
            break
        if options["pylon_movement"] and walker.pylon(here) and walker.pylon(there):
            break
        gods = god_in(state, there)
        if gods == walker.player:
            raise IllegalAction(
                f"{title(walker.player)}'s children may never enter the hex where their god "
                f"dwells: a Blade heading {direction} from {walker.start} would cross {there} "
                "(7.3).", spaces=[walker.start, there])
        if gods is not None or walker.enemy_children(there):
            rule = options["blade_meets_enemy_god" if gods else "blade_meets_enemy"]
            if rule in ("enters", "attacks"):
                path.append(there)
            break
        path.append(there)
        here = there
    return path


def _blade_stop(walker: _Walker, index: int, direction: str, to: object) -> MovePlan:
    run = blade_run(walker, direction)
    require(bool(run), f"A Blade heading {direction} from {walker.start} is blocked at once.",
            walker.start)
    end = run[-1]
    if to is None or to == end:
        return walker.walk(index, run)
    if walker.options["friendly_obstacle"] and isinstance(to, str) and to in run[:-1]:
        stones = len(child_indices(walker.state, walker.player, to, "stone"))
        used = walker.state["this_turn"]["obstacle_stops"].get(to, 0)
        require(stones > used, f"A Blade may stop short only in a hex with a friendly Stone for "
                f"it (Friendly Obstacle); {to} has {stones} Stone(s) and {used} Blade(s) stopped.",
                to)
        plan = walker.walk(index, run[: run.index(to) + 1])
        plan.obstacle = True
        return plan
    raise IllegalAction(
        f"A Blade must move all five hexes unless it is blocked: heading {direction} from "
        f"{walker.start} it goes on to {end}, not {to}.", spaces=[walker.start, end])


# -- carrying a move out --------------------------------------------------------------------

def resolve_move(state: State, plan: MovePlan, dice: list[int]) -> list[Event]:
    """Move the child along its plan, rolling on the Fault Chart for each Fault crossed."""
    who, name = title(plan.player), _name(plan.aspect)
    turn = state["this_turn"]
    turn["moved"].append(plan.index)
    events: list[Event] = []
    for (a, b), die in zip(plan.faults, dice, strict=True):
        if die <= 2:
            place = send_home(state, plan.player, plan.index)
            whereto = "under its Tower" if place == UNDER_TOWER else "out of the game"
            events.append(event("fault", f"{who} {name} crossing the Fault of Chaos between "
                                f"{a} and {b} rolls {die}: diluted into existencelessness, "
                                f"it goes {whereto}.", player=plan.player, at=[a, b], die=die))
            return events
        events.append(event("fault", f"{who} {name} crosses the Fault of Chaos between {a} and "
                            f"{b} safely (rolled {die}).", player=plan.player, at=[a, b], die=die))
    child = state["children"][plan.player][plan.index]
    if plan.end == CHAOS:
        if state["options"]["chaos_gambit_1"]:
            place = send_home(state, plan.player, plan.index)
            text = "Chaos Gambit I: it returns under its Tower" if place != GONE else "it is gone"
        else:
            state["children"][plan.player][plan.index] = {"at": CHAOS, "aspect": None}
            text = "it is lost for good (5.6)"
        events.append(event("chaos", f"{who} {name} from {plan.start} runs into Chaos Itself; "
                            f"{text}.", player=plan.player, start=plan.start))
        return events
    child["at"] = plan.end
    if plan.attack:
        turn["god_attack"] = plan.end
    if plan.obstacle:
        turn["obstacle_stops"][plan.end] = turn["obstacle_stops"].get(plan.end, 0) + 1
    route = " ".join(plan.path)
    events.append(event("move", f"{who} {name} moves {plan.start} → {route}.",
                        player=plan.player, start=plan.start, path=list(plan.path)))
    if plan.attack:
        events.append(event("god_attack", f"{who} {name} accosts {title(other(plan.player))} "
                            f"on {plan.end} (10.4).", at=plan.end))
    elif count_at(state, other(plan.player), plan.end):
        events.append(event("encounter", f"Hostile encounter on {plan.end}: combat follows.",
                            at=plan.end))
    return events


def move_actions(state: State) -> Iterator[Action]:
    """Yield every legal ``move`` of the player to move (one per distinct destination)."""
    player = state["player"]
    moved = state["this_turn"]["moved"]
    for start in occupied_hexes(state, player):
        for aspect in ASPECTS:
            ready = [i for i in child_indices(state, player, start, aspect) if i not in moved]
            if not ready:
                continue
            walker = _Walker(state, player, aspect, start)
            yield from _destinations(walker, ready[0])


def _destinations(walker: _Walker, index: int) -> Iterator[Action]:
    base = {"type": "move", "player": walker.player, "from": walker.start,
            "aspect": walker.aspect}
    if walker.aspect == "blade":
        for direction, stop in product(walker.board.directions, [None]):
            try:
                plan = _blade_stop(walker, index, direction, stop)
            except IllegalAction:
                continue
            yield {**base, "to": plan.end, "direction": direction}
            if walker.options["friendly_obstacle"]:
                for at in plan.path[:-1]:
                    try:
                        _blade_stop(walker, index, direction, at)
                    except IllegalAction:
                        continue
                    yield {**base, "to": at, "direction": direction}
        if walker.options["pylon_movement"] and walker.pylon(walker.start):
            for at in walker.board.neighbours(walker.start):
                if walker.pylon(at):
                    try:
                        walker.walk(index, [at], pylon_move=True)
                    except IllegalAction:
                        continue
                    yield {**base, "to": at}
        return
    seen: set[str] = set()
    for path in candidate_paths(walker):
        if path[-1] in seen:
            continue
        try:
            _checked_path(walker, index, path)
        except IllegalAction:
            continue
        seen.add(path[-1])
        yield {**base, "to": path[-1]}

"""OneWorld's Blade (6.3): five hexes in a straight line, stopped only by a Pylon, a
Tower or the enemy, and lost in Chaos if it runs off the edge with movement left."""

from __future__ import annotations

from companion.games.base import Action, IllegalAction
from companion.games.oneworld.paths import BLADE_RUN, MovePlan, Walker
from companion.games.oneworld.state import (
    CHAOS,
    child_indices,
    god_in,
    require,
    title,
    towers,
)


def plan_blade(walker: Walker, index: int, action: Action) -> MovePlan:
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
        return blade_stop(walker, index, str(direction), to)
    require(isinstance(to, str), 'Say where the Blade goes: "to" a hex, or a "direction".')
    if to == CHAOS:
        plans = []
        for d in board.directions:
            try:
                plans.append(blade_stop(walker, index, d, to))
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
            return blade_stop(walker, index, d, to)
    raise IllegalAction(
        f"A Blade moves five hexes in a straight line; {walker.start} to {to} is not a "
        "straight line.", spaces=[walker.start] + ([str(to)] if to in board else []))


def _line(walker: Walker, direction: str, wrap: bool) -> list[str]:
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


def _straight(walker: Walker, path: list[str]) -> str:
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


def blade_run(walker: Walker, direction: str) -> list[str]:
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


def blade_stop(walker: Walker, index: int, direction: str, to: object) -> MovePlan:
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

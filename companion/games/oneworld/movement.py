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

from companion.games.base import Action, Event, IllegalAction, State
from companion.games.oneworld.blade import blade_stop, plan_blade
from companion.games.oneworld.paths import (
    FOG_RUN,
    STONE_PYLON_RUN,
    MovePlan,
    Walker,
    aspect_name,
)
from companion.games.oneworld.state import (
    ASPECTS,
    CHAOS,
    GONE,
    UNDER_TOWER,
    board_of,
    child_indices,
    count_at,
    event,
    occupied_hexes,
    other,
    player_field,
    require,
    send_home,
    title,
)

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
        reason = (f"Every {title(player)} {aspect_name(str(aspect))} on {start} has already moved "
                  "this turn." if anyone else
                  f"No {title(player)} {aspect_name(str(aspect))} stands on {start}.")
        raise IllegalAction(reason, spaces=[str(start)])
    walker = Walker(state, player, str(aspect), str(start))
    if aspect == "blade":
        return plan_blade(walker, ready[0], action)
    path = action.get("path")
    if path is not None:
        require(isinstance(path, list) and all(isinstance(h, str) for h in path),
                'A "path" is a list of hexes, such as ["E6", "E7"].')
        return _checked_path(walker, ready[0], list(path))
    to = action.get("to")
    require(isinstance(to, str), 'Say where the child goes: "to" is a hex such as E5, or "chaos".')
    return _search(walker, ready[0], str(to))


def _checked_path(walker: Walker, index: int, path: list[str]) -> MovePlan:
    aspect, options = walker.aspect, walker.options
    steps = len([h for h in path if h != CHAOS]) + (1 if CHAOS in path else 0)
    if options["pylon_movement"] and _all_pylon(walker, path):
        run = STONE_PYLON_RUN if aspect == "stone" else 1
        require(steps <= run, f"With Pylon Movement a {aspect_name(aspect)} goes only {run} "
                f"hex{'es' if run > 1 else ''} from Pylon to Pylon in a turn.", walker.start)
        return walker.walk(index, path, pylon_move=True)
    run = 1 if aspect == "stone" else FOG_RUN
    reach = "one hex" if run == 1 else "one to three hexes"
    require(steps <= run, f"{aspect_name(aspect)} moves {reach} a turn; this path is {steps} "
            "hexes long.", walker.start)
    return walker.walk(index, path)


def _all_pylon(walker: Walker, path: list[str]) -> bool:
    hexes = [walker.start, *path]
    return CHAOS not in path and all(h in walker.board and walker.pylon(h) for h in hexes)


def _search(walker: Walker, index: int, to: str) -> MovePlan:
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
            f"{aspect_name(walker.aspect)} moves {reach} a turn; {to} is "
            f"{board.distance(walker.start, to)} hexes from {walker.start}.",
            spaces=[walker.start, to])
    raise IllegalAction(f"There is no hex {to!r} on the mapsheet.", spaces=[walker.start])


def candidate_paths(walker: Walker, to: str | None = None) -> Iterator[list[str]]:
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


def _steps_from(walker: Walker, here: str) -> list[str]:
    board = walker.board
    wrap = walker.options["chaos_gambit_2"]
    found = [board.step(here, d, wrap=wrap) for d in board.directions]
    steps = [h for h in dict.fromkeys(found) if h is not None and h != here]
    if None in found and not wrap:
        steps.append(CHAOS)
    return steps

# -- carrying a move out --------------------------------------------------------------------

def resolve_move(state: State, plan: MovePlan, dice: list[int]) -> list[Event]:
    """Move the child along its plan, rolling on the Fault Chart for each Fault crossed."""
    who, name = title(plan.player), aspect_name(plan.aspect)
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
            walker = Walker(state, player, aspect, start)
            yield from _destinations(walker, ready[0])


def _destinations(walker: Walker, index: int) -> Iterator[Action]:
    base = {"type": "move", "player": walker.player, "from": walker.start,
            "aspect": walker.aspect}
    if walker.aspect == "blade":
        for direction in walker.board.directions:
            try:
                plan = blade_stop(walker, index, direction, None)
            except IllegalAction:
                continue
            yield {**base, "to": plan.end, "direction": direction}
            if walker.options["friendly_obstacle"]:
                for at in plan.path[:-1]:
                    try:
                        blade_stop(walker, index, direction, at)
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

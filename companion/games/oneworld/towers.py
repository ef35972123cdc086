"""OneWorld's Towers of Balance (rule 9): reinforcement with the Tower Chart, and the
optional rules that change it (More Balance, Non-aligned Towers, Moving Towers).
"""

from __future__ import annotations

from companion.games.base import DiceRequest, Event, State
from companion.games.oneworld.state import (
    CHILDREN,
    PLAYERS,
    TOWER_CHART,
    UNDER_TOWER,
    board_of,
    count_at,
    ends_of,
    event,
    god_in,
    on_map,
    other,
    stacking_limit,
    title,
    towers,
    where,
)


def reinforcement_problem(state: State, player: str) -> str | None:
    """Return why ``player`` receives no reinforcement this turn, or ``None``."""
    who = title(player)
    options = state["options"]
    if options["tower_elimination"]:
        return "There are no Towers of Balance (Tower Elimination)."
    if not where(state, player, UNDER_TOWER):
        return f"No {who} counter waits under the Tower of Balance."
    if on_map(state, player) >= CHILDREN:
        return f"{who} already has {CHILDREN} children on the mapsheet (9.2)."
    if options["more_balance"] and on_map(state, player) >= on_map(state, other(player)):
        return (f"More Balance in the Towers: only the god with fewer children in play is "
                f"reinforced ({who} {on_map(state, player)}, {title(other(player))} "
                f"{on_map(state, other(player))}).")
    open_towers = [t for t in _candidate_towers(state, player) if _room(state, player, t) is None]
    if not open_towers:
        return _room(state, player, _candidate_towers(state, player)[0])
    return None


def _candidate_towers(state: State, player: str) -> list[str]:
    if state["options"]["non_aligned_towers"]:
        return hand_towers(state, player)
    return [state["towers"][player]]


def _room(state: State, player: str, tower: str) -> str | None:
    limit = stacking_limit(state)
    if count_at(state, player, tower) >= limit:
        return (f"{count_at(state, player, tower)} {title(player)} children already stand on the "
                f"Tower on {tower}; a reinforcement would break the stacking limit of {limit}.")
    if count_at(state, other(player), tower):
        return f"{title(other(player))}'s children stand on the Tower on {tower}."
    return None


def hand_towers(state: State, player: str) -> list[str]:
    """Return the two Towers as ``player`` sees them from his end: left hand, right hand."""
    board = board_of(state)
    edge = ends_of(board)[state["ends"][player]]
    keys = {"top": lambda h: -board.position_mm(h)[0], "bottom": lambda h: board.position_mm(h)[0],
            "left": lambda h: board.position_mm(h)[1], "right": lambda h: -board.position_mm(h)[1]}
    return sorted(towers(state).values(), key=keys[edge])


def reinforcement_dice(state: State) -> DiceRequest:
    if state["options"]["non_aligned_towers"]:
        return DiceRequest(2, purpose="which Tower (odd: left-hand, even: right-hand), then "
                           "the Tower chart")
    return DiceRequest(1, purpose="Tower chart reinforcement")


def resolve_reinforcement(state: State, dice: list[int]) -> list[Event]:
    player = state["player"]
    who = title(player)
    if state["options"]["non_aligned_towers"]:
        left, right = hand_towers(state, player)
        tower = left if dice[0] % 2 else right
        side = "left-hand" if dice[0] % 2 else "right-hand"
        problem = _room(state, player, tower)
        if problem:
            return [event("reinforcement", f"{who} rolls {dice[0]}: the {side} Tower on "
                          f"{tower}, but {problem[0].lower()}{problem[1:]} No reinforcement.",
                          player=player)]
        die = dice[1]
    else:
        tower, die = state["towers"][player], dice[0]
    aspect = TOWER_CHART[die]
    children = state["children"][player]
    index = next(i for i, c in enumerate(children) if c["at"] == UNDER_TOWER)
    children[index] = {"at": tower, "aspect": aspect}
    return [event("reinforcement", f"{who} rolls {die} on the Tower chart: a new "
                  f"{aspect.capitalize()} stands on the Tower on {tower}.", player=player,
                  at=tower, aspect=aspect, die=die)]


def move_tower(state: State, player: str) -> list[Event]:
    """Moving Towers of Balance: after his turn, ``player``'s Tower moves one hex along the
    edge in the agreed direction, to the next edge hex that holds no being and no Tower."""
    direction = state["options"]["moving_towers"]
    if not direction or not state["towers"].get(player):
        return []
    board = board_of(state)
    ring = board.perimeter(clockwise=direction == "clockwise")
    here = state["towers"][player]
    if here not in ring:
        return []
    start = ring.index(here)
    for k in range(1, len(ring)):
        there = ring[(start + k) % len(ring)]
        busy = (
            there in towers(state).values()
            or god_in(state, there)
            or any(count_at(state, p, there) for p in PLAYERS)
        )
        if not busy:
            state["towers"][player] = there
            return [event("tower_moves", f"{title(player)}'s Tower of Balance moves {direction} "
                          f"from {here} to {there}.", player=player, start=here, at=there)]
    return []

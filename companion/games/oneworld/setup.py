"""OneWorld set-up (rules 3.1-3.5): the die roll, the end to defend, gods, children,
the Tower of Balance hexes, and who moves first.

The set-up is a script of steps, each done by the player who sets up first or second:

- basic game: first player chooses an end, places his gods, places his children; the
  second chooses his Tower hex (the first player's Tower takes the other), places his
  gods and children (3.3, 3.4);
- Tower Elimination: the same without Towers;
- New Geography ("alternate the set-up instructions for Towers of Balance and gods"):
  each Tower is placed within three hexes of its player's end, and the gods take the two
  Tower hexes, the second player choosing first (see ``docs/rulings.md``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from companion.games.base import Action, DiceRequest, Event, IllegalAction, State
from companion.games.oneworld.state import (
    ASPECTS,
    CHILDREN,
    PLAYERS,
    UNPLACED,
    aspect_counts,
    board_of,
    count_at,
    describe_counts,
    ends_of,
    event,
    fresh_turn,
    god_in,
    other,
    player_field,
    require,
    title,
    tower_sites,
    towers,
)

STEPS_BASIC = [["first", "end"], ["first", "gods"], ["first", "children"],
               ["second", "tower_site"], ["second", "gods"], ["second", "children"]]
STEPS_NO_TOWERS = [["first", "end"], ["first", "gods"], ["first", "children"],
                   ["second", "gods"], ["second", "children"]]
STEPS_NEW_GEOGRAPHY = [["first", "end"], ["first", "tower"], ["second", "god_site"],
                       ["first", "children"], ["second", "tower"], ["second", "children"]]

_ACTION_OF_STEP = {"end": "choose_end", "gods": "place_gods", "children": "place_children",
                   "tower_site": "choose_tower_site", "tower": "place_tower",
                   "god_site": "choose_god_site"}
GOD_ZONE = 3
CHILD_ZONE = 7


def initial_setup(options: Mapping[str, Any]) -> dict[str, Any]:
    if options["tower_elimination"]:
        steps = STEPS_NO_TOWERS
    elif options["new_geography"]:
        steps = STEPS_NEW_GEOGRAPHY
    else:
        steps = STEPS_BASIC
    return {"rolls": None, "first": None, "steps": [list(s) for s in steps], "step": 0}


def setup_player(state: State) -> str | None:
    """Return who acts in the current set-up phase (the roll: BORG, by convention)."""
    setup = state["setup"]
    if state["phase"] in ("stacking_roll", "setup_roll"):
        return "borg"
    if state["phase"] == "setup_order":
        rolls = setup["rolls"]
        return "borg" if rolls["borg"] > rolls["chez"] else "chez"
    role, _ = setup["steps"][setup["step"]]
    return setup["first"] if role == "first" else other(setup["first"])


def setup_dice(state: State, action: Action) -> DiceRequest | None:
    if action["type"] == "roll_stacking_limit":
        return DiceRequest(1, purpose="the stacking limit (Variant Stacking Limits)")
    if action["type"] == "roll_for_setup":
        return DiceRequest(2, purpose="who sets up first: BORG's die, then CHEZ's die")
    return None


def check_setup(state: State, action: Action) -> None:
    phase, kind = state["phase"], action["type"]
    if phase in ("stacking_roll", "setup_roll"):
        wanted = "roll_stacking_limit" if phase == "stacking_roll" else "roll_for_setup"
        require(kind == wanted, f"The game starts with {wanted.replace('_', ' ')}.")
        return
    player = player_field(action, [setup_player(state)])
    if phase == "setup_order":
        require(kind == "choose_setup_order",
                f"{title(player)} rolled higher and now chooses who sets up first.")
        require(action.get("first") in PLAYERS,
                'Say who sets up first: "first" is "borg" or "chez".')
        return
    step = phase.removeprefix("setup_")
    wanted = _ACTION_OF_STEP[step]
    require(kind == wanted, f"Set-up: {title(player)} must now {wanted.replace('_', ' ')}.")
    _CHECKS[step](state, player, action)


def resolve_setup(state: State, action: Action, dice: Sequence[int]) -> list[Event]:
    kind = action["type"]
    if kind == "roll_stacking_limit":
        state["stacking_limit"] = dice[0]
        state["phase"] = "setup_roll"
        return [event("stacking_limit", f"The die sets the stacking limit at {dice[0]}.",
                      limit=dice[0])]
    if kind == "roll_for_setup":
        borg, chez = dice
        if borg == chez:
            return [event("setup_roll", f"BORG and CHEZ both roll {borg}: roll again.",
                          rolls={"borg": borg, "chez": chez})]
        state["setup"]["rolls"] = {"borg": borg, "chez": chez}
        state["phase"] = "setup_order"
        winner = "borg" if borg > chez else "chez"
        return [event("setup_roll", f"BORG rolls {borg}, CHEZ rolls {chez}: {title(winner)} "
                      "chooses who sets up first.", rolls={"borg": borg, "chez": chez})]
    player = action["player"]
    if kind == "choose_setup_order":
        first = action["first"]
        state["setup"]["first"] = first
        events = [event("setup_order", f"{title(first)} sets up first.", first=first)]
    else:
        events = _RESOLVES[kind](state, player, action)
    if kind != "choose_setup_order":
        state["setup"]["step"] += 1
    _next_setup_phase(state, events)
    return events


def _next_setup_phase(state: State, events: list[Event]) -> None:
    setup = state["setup"]
    if setup["step"] < len(setup["steps"]):
        state["phase"] = "setup_" + setup["steps"][setup["step"]][1]
        return
    second = other(setup["first"])
    state["phase"] = "movement"
    state["player"] = second
    state["turn"] = 1
    state["this_turn"] = fresh_turn()
    events.append(event("first_move", f"{title(second)} set up last and moves first (3.5).",
                        player=second))


def setup_actions(state: State) -> Iterator[Action]:
    phase = state["phase"]
    if phase in ("stacking_roll", "setup_roll"):
        yield {"type": "roll_stacking_limit" if phase == "stacking_roll" else "roll_for_setup"}
        return
    player = setup_player(state)
    if phase == "setup_order":
        for first in PLAYERS:
            yield {"type": "choose_setup_order", "player": player, "first": first}
        return
    step = phase.removeprefix("setup_")
    kind = _ACTION_OF_STEP[step]
    if step == "children":
        yield {"type": kind, "player": player, "children": default_placement(state, player)}
        return
    if step == "end":
        for end in ends_of(board_of(state)):
            yield {"type": kind, "player": player, "end": end}
        return
    for at in board_of(state).names:
        action = {"type": kind, "player": player, "at": at}
        try:
            _CHECKS[step](state, player, action)
        except IllegalAction:
            continue
        yield action


def default_placement(state: State, player: str) -> dict[str, dict[str, int]]:
    """Return one legal placement of thirteen children: nearest hexes to the god first,
    aspects in turn Stone, Blade, Fog (what ``legal_actions`` offers; players choose)."""
    board = board_of(state)
    god = state["gods"][player]["at"]
    limit = min(state["stacking_limit"], 2)
    placement: dict[str, dict[str, int]] = {}
    left = CHILDREN
    hexes = sorted(board.names, key=lambda n: (board.distance(god, n), board.names.index(n)))
    for at in hexes:
        if left == 0:
            break
        if _placement_problem(state, player, at) is None:
            take = min(limit, left)
            counts = dict.fromkeys(ASPECTS, 0)
            for k in range(take):
                counts[ASPECTS[(CHILDREN - left + k) % 3]] += 1
            placement[at] = counts
            left -= take
    return placement


# -- each step: check and resolve -------------------------------------------------------

def _check_end(state: State, player: str, action: Action) -> None:
    ends = ends_of(board_of(state))
    require(action.get("end") in ends, f"Choose an end to defend: {', '.join(ends)}.")


def _resolve_end(state: State, player: str, action: Action) -> list[Event]:
    ends = list(ends_of(board_of(state)))
    mine = action["end"]
    theirs = next(e for e in ends if e != mine)
    state["ends"] = {player: mine, other(player): theirs}
    return [event("end", f"{title(player)} defends the {mine} end; {title(other(player))} "
                  f"the {theirs} end.", ends=dict(state["ends"]))]


def _require_near_own_end(state: State, player: str, at: str, what: str) -> None:
    """``at`` must lie within ``GOD_ZONE`` hexes of ``player``'s end; ``what`` begins
    the reason given when it does not ("Blue's gods must stand")."""
    board = board_of(state)
    end = state["ends"][player]
    distance = board.hexes_from_edge(at, ends_of(board)[end])
    require(distance <= GOD_ZONE, f"{what} within {GOD_ZONE} hexes of the {end} end; {at} "
            f"is {distance} hexes from it.", at)


def _check_gods(state: State, player: str, action: Action) -> None:
    at = _hex(state, action)
    _require_near_own_end(state, player, at, f"{title(player)}'s gods must stand")
    _require_free_for_gods(state, player, at)


def _require_free_for_gods(state: State, player: str, at: str) -> None:
    require(at not in tower_sites(board_of(state)) or state["options"]["new_geography"],
            f"{at} is a Tower of Balance hex; the gods cannot stand there.", at)
    require(at not in towers(state).values(), f"A Tower of Balance stands on {at}.", at)
    require(god_in(state, at) is None, f"{title(other(player))}'s gods already stand on {at}.", at)
    require(count_at(state, other(player), at) == 0,
            f"{title(other(player))}'s children stand on {at}.", at)


def _resolve_gods(state: State, player: str, action: Action) -> list[Event]:
    state["gods"][player]["at"] = action["at"]
    return [event("gods", f"{title(player)}'s three god counters take {action['at']}.",
                  player=player, at=action["at"])]


def _placement_problem(state: State, player: str, at: str) -> str | None:
    board = board_of(state)
    god = state["gods"][player]["at"]
    if at not in board:
        return f"There is no hex {at!r} on the mapsheet."
    if board.distance(god, at) > CHILD_ZONE:
        return (f"Children are placed within {CHILD_ZONE} hexes of their god; {at} is "
                f"{board.distance(god, at)} hexes from {god}.")
    if at == god:
        return f"Children may never enter the hex where their god dwells ({at}, 7.3)."
    on_site = at in tower_sites(board) and not state["options"]["new_geography"]
    if on_site or at in towers(state).values():
        return f"{at} is a Tower of Balance hex; no being can enter it."
    if god_in(state, at) or count_at(state, other(player), at):
        return f"{title(other(player))} already holds {at}."
    return None


def _check_children(state: State, player: str, action: Action) -> None:
    placement = action.get("children")
    require(isinstance(placement, Mapping) and bool(placement),
            'Place the children as {"E5": {"stone": 2, "fog": 1}, ...}.')
    total = 0
    for at, raw in placement.items():
        counts = aspect_counts(raw, f"The children on {at}")
        problem = _placement_problem(state, player, str(at))
        require(problem is None, str(problem), str(at))
        here = sum(counts.values())
        limit = state["stacking_limit"]
        require(here <= limit, f"At most {limit} children of one god may share a hex; "
                f"{at} would hold {here} (7.2).", str(at))
        total += here
    require(total == CHILDREN, f"{title(player)} places all {CHILDREN} children; "
            f"this placement has {total}.")


def _resolve_children(state: State, player: str, action: Action) -> list[Event]:
    children = state["children"][player]
    slots = iter(i for i, c in enumerate(children) if c["at"] == UNPLACED)
    for at, raw in action["children"].items():
        for aspect in ASPECTS:
            for _ in range(raw.get(aspect, 0)):
                children[next(slots)] = {"at": at, "aspect": aspect}
    where = "; ".join(f"{at}: {describe_counts(aspect_counts(raw, at))}"
                      for at, raw in action["children"].items())
    return [event("children", f"{title(player)} places thirteen children ({where}).",
                  player=player)]


def _check_tower_site(state: State, player: str, action: Action) -> None:
    at = _hex(state, action)
    sites = tower_sites(board_of(state))
    require(at in sites, f"The Tower of Balance goes on one of {', '.join(sites)}.", *sites)


def _resolve_tower_site(state: State, player: str, action: Action) -> list[Event]:
    rest = next(s for s in tower_sites(board_of(state)) if s != action["at"])
    state["towers"] = {player: action["at"], other(player): rest}
    return [event("towers", f"{title(player)}'s Tower of Balance stands on {action['at']}; "
                  f"{title(other(player))}'s on {rest}.", towers=dict(state["towers"]))]


def _check_tower(state: State, player: str, action: Action) -> None:
    at = _hex(state, action)
    _require_near_own_end(state, player, at, "With New Geography the Tower stands")
    require(at not in tower_sites(board_of(state)), f"{at} is kept for the gods.", at)
    require(god_in(state, at) is None and not count_at(state, other(player), at)
            and not count_at(state, player, at), f"{at} is already occupied.", at)


def _resolve_tower(state: State, player: str, action: Action) -> list[Event]:
    state["towers"][player] = action["at"]
    return [event("towers", f"{title(player)}'s Tower of Balance stands on {action['at']}.",
                  player=player, at=action["at"])]


def _check_god_site(state: State, player: str, action: Action) -> None:
    _check_tower_site(state, player, action)


def _resolve_god_site(state: State, player: str, action: Action) -> list[Event]:
    rest = next(s for s in tower_sites(board_of(state)) if s != action["at"])
    state["gods"][player]["at"] = action["at"]
    state["gods"][other(player)]["at"] = rest
    return [event("gods", f"{title(player)}'s gods take {action['at']}; "
                  f"{title(other(player))}'s gods take {rest}.")]


def _hex(state: State, action: Action) -> str:
    at = action.get("at")
    require(isinstance(at, str) and at in board_of(state),
            f"Name a hex of the mapsheet, such as E5; {at!r} is not one.")
    return str(at)


_CHECKS = {"end": _check_end, "gods": _check_gods, "children": _check_children,
           "tower_site": _check_tower_site, "tower": _check_tower,
           "god_site": _check_god_site}
_RESOLVES = {"choose_end": _resolve_end, "place_gods": _resolve_gods,
             "place_children": _resolve_children, "choose_tower_site": _resolve_tower_site,
             "place_tower": _resolve_tower, "choose_god_site": _resolve_god_site}


def position(
    base: State,
    *,
    children: Mapping[str, Mapping[str, Mapping[str, int]]],
    gods: Mapping[str, str],
    player: str = "borg",
    towers_at: Mapping[str, str] | None = None,
    ends: Mapping[str, str] | None = None,
) -> State:
    """Return ``base`` (a fresh ``initial_state``) turned into a position in mid-game:
    ``children`` as ``{"borg": {"E5": {"stone": 2}}, ...}`` (the rest wait under their
    Tower), ``gods`` as ``{"borg": "G2", "chez": "G20"}``, ``player`` to move. For a game
    carried on from paper, a puzzle, or a test; set-up rules are not checked."""
    state = dict(base)
    board = board_of(state)
    if state["stacking_limit"] is None:
        state["stacking_limit"] = 4
    state["ends"] = dict(ends or dict(zip(PLAYERS, ends_of(board), strict=True)))
    if not state["options"]["tower_elimination"]:
        sites = tower_sites(board)
        state["towers"] = dict(towers_at or dict(zip(PLAYERS, sites, strict=True)))
    state["setup"] = {**state["setup"], "first": other(player),
                      "step": len(state["setup"]["steps"])}
    for side in PLAYERS:
        state["gods"][side] = {**state["gods"][side], "at": gods[side]}
        placed: list[dict[str, Any]] = []
        for at, counts in children.get(side, {}).items():
            for aspect in ASPECTS:
                placed += [{"at": at, "aspect": aspect}] * counts.get(aspect, 0)
        rest = CHILDREN - len(placed)
        home = "gone" if state["options"]["tower_elimination"] else "under_tower"
        state["children"][side] = [dict(c) for c in placed] + [
            {"at": home, "aspect": None} for _ in range(rest)
        ]
    state["phase"] = "movement"
    state["player"] = player
    state["turn"] = 1
    state["this_turn"] = fresh_turn()
    return state

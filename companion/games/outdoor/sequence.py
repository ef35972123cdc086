"""A sequence from its setting up to its end: placing the pieces, the turns of
movement and action, the split when one side has no characters left, the last
character's walk off the field, and the next sequence (rulings O10 and O11)."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Mapping
from typing import Any

from companion.games.base import Action, Event, IllegalAction, InvalidAction
from companion.games.outdoor.acting import enemies_in_range
from companion.games.outdoor.field import EDGE_BEARINGS, inside, turn_between
from companion.games.outdoor.observation import in_play
from companion.games.outdoor.options import unit

State = dict[str, Any]

PLAYERS = ("north", "south")
OPPOSITE = {"north": "south", "south": "north"}


def title(player: str) -> str:
    return player.capitalize()


def character_ids(state: State, player: str) -> list[str]:
    """The names of ``player``'s characters: N1, N2, … for North."""
    count = state["options"]["characters"][PLAYERS.index(player)]
    return [f"{player[0].upper()}{n}" for n in range(1, count + 1)]


def fresh_sequence(state: State) -> None:
    """Clear the field for the next sequence: fresh characters, none placed."""
    state["characters"] = {
        cid: {"owner": player, "side": player, "status": "waiting", "x": 0.0, "y": 0.0,
              "facing": 0.0, "r": state["options"]["piece_radius"], "idle": 0,
              "moved": False, "acted": False, "active": False}
        for player in PLAYERS for cid in character_ids(state, player)}
    state.update(phase="setup", turn=0, first=None, placed=[], done=[], pending=None,
                 split=None, falls={p: 0 for p in PLAYERS})


def check_place(state: State, player: str, action: Mapping[str, Any]) -> None:
    """``IllegalAction`` unless ``action`` places all of ``player``'s characters in
    the field, facing the other side."""
    pieces = action.get("pieces")
    if not isinstance(pieces, Mapping):
        raise InvalidAction('Placing gives "pieces": each character\'s "x", "y" (inches) '
                            'and "facing" (degrees).')
    wanted = character_ids(state, player)
    if sorted(pieces) != sorted(wanted):
        raise IllegalAction(f"{title(player)} places all its characters, {', '.join(wanted)}, "
                            f"at once.")
    width, height = state["options"]["field"]
    towards = EDGE_BEARINGS[OPPOSITE[player]]
    slack = state["options"]["setup_tolerance"]
    for cid in wanted:
        pose = pieces[cid]
        if not isinstance(pose, Mapping) or not all(_number(pose.get(k)) for k in
                                                    ("x", "y", "facing")):
            raise InvalidAction(f'{cid} needs "x", "y" and "facing" as numbers.')
        if "r" in pose and not (_number(pose["r"]) and 0 <= pose["r"] <= 6):
            raise InvalidAction(f'{cid}\'s size "r" is its radius in inches, 0 to 6.')
        if not inside({"width": width, "height": height}, pose["x"], pose["y"]):
            raise IllegalAction(f"{cid} at ({pose['x']:g}, {pose['y']:g}) is not within the "
                                f"{width:g} × {height:g} {unit(state['options'])[1]} field.")
        off = turn_between(pose["facing"] % 360.0, towards)
        if off > slack:
            raise IllegalAction(f"{cid} must face the other side ({OPPOSITE[player]}) at the "
                                f"start: it faces {off:.0f}° away from it.")


def lined_up(state: State, player: str) -> dict[str, dict[str, float]]:
    """``player``'s characters in a row across the field, 3 inches in from its own edge,
    facing the other side: the set-up the companion offers."""
    width, height = state["options"]["field"]
    ids = character_ids(state, player)
    inset = 3.0 * unit(state["options"])[0]
    y = inset if player == "north" else height - inset
    return {cid: {"x": round(width * (n + 1) / (len(ids) + 1), 2), "y": y,
                  "facing": EDGE_BEARINGS[OPPOSITE[player]]} for n, cid in enumerate(ids)}


def place(state: State, player: str, action: Mapping[str, Any]) -> Event:
    for cid, pose in action["pieces"].items():
        character = state["characters"][cid]
        character.update(status="in", x=float(pose["x"]), y=float(pose["y"]),
                         facing=float(pose["facing"]) % 360.0)
        if "r" in pose:
            character["r"] = float(pose["r"])
    state["placed"].append(player)
    if len(state["placed"]) == len(PLAYERS):
        state["phase"] = "first"
    return {"type": "place", "player": player,
            "text": f"{title(player)} places {len(action['pieces'])} characters."}


def begin_turn(state: State, events: list[Event]) -> None:
    """A new turn: its movement phase, the first player moving first."""
    state["turn"] += 1
    state["phase"] = "movement"
    for cid in in_play(state):
        state["characters"][cid].update(moved=False, acted=False, active=False)
    events.append({"type": "turn", "text": f"Turn {state['turn']} of sequence "
                                           f"{state['sequence']}: movement."})
    mover = next_mover(state, OPPOSITE[state["first"]])
    if mover is None:
        begin_action(state, events)
    else:
        state["to_move"] = mover


def next_mover(state: State, last: str) -> str | None:
    """Who moves next after ``last``: the other player while they have a character to
    move, else ``last`` again, else no one (the phase is over)."""
    for player in (OPPOSITE[last], last):
        if any(state["characters"][cid]["side"] == player and
               not state["characters"][cid]["moved"] for cid in in_play(state)):
            return player
    return None


def can_act(state: State, player: str) -> bool:
    """Whether ``player`` still has a character able to act this phase."""
    if player in state["done"]:
        return False
    return any(c["side"] == player and not c["acted"] and enemies_in_range(state, cid)
               for cid, c in state["characters"].items() if c["status"] == "in")


def begin_action(state: State, events: list[Event]) -> None:
    state["phase"] = "action"
    state["done"] = []
    events.append({"type": "phase", "text": "Action phase."})
    after_action(state, OPPOSITE[state["first"]], events)


def after_action(state: State, last: str, events: list[Event]) -> None:
    """Pass the action phase to the other player if they can act, else keep it, else
    end the turn."""
    state["phase"] = "action"
    state["pending"] = None
    for player in (OPPOSITE[last], last):
        if can_act(state, player):
            state["to_move"] = player
            return
    end_turn(state, events)


def end_turn(state: State, events: list[Event]) -> None:
    """Count idle turns, then split, end the sequence or begin the next turn."""
    for cid in in_play(state):
        character = state["characters"][cid]
        character["idle"] = 0 if character["active"] else character["idle"] + 1
    sides = {p: [cid for cid in in_play(state) if state["characters"][cid]["side"] == p]
             for p in PLAYERS}
    standing = sum(len(ids) for ids in sides.values())
    if standing == 0:
        end_sequence(state, events)
        return
    empty = [p for p in PLAYERS if not sides[p]]
    if empty and standing >= 2:
        splitter = OPPOSITE[empty[0]]
        state["phase"] = "split"
        state["to_move"] = splitter
        events.append({"type": "split", "player": splitter,
                       "text": f"{title(empty[0])} has no characters left: {title(splitter)} "
                               f"splits its {standing} into two groups."})
        return
    begin_turn(state, events)


def check_split(state: State, player: str, action: Mapping[str, Any]) -> list[list[str]]:
    groups = action.get("groups")
    mine = sorted(cid for cid in in_play(state) if state["characters"][cid]["side"] == player)
    if not (isinstance(groups, list) and len(groups) == 2 and
            all(isinstance(g, list) and g for g in groups)):
        raise InvalidAction('A split gives "groups": two lists of characters.')
    if sorted(cid for g in groups for cid in g) != mine:
        raise IllegalAction(f"The two groups must hold {', '.join(mine)}, each once.")
    if abs(len(groups[0]) - len(groups[1])) > 1:
        raise IllegalAction(f"The groups must be as equal as can be: {len(mine)} split "
                            f"{len(mine) // 2} and {len(mine) - len(mine) // 2}.")
    return groups


def splits(state: State, player: str, most: int = 70) -> Iterator[Action]:
    """The ways ``player`` may split its characters (at most ``most`` of them listed)."""
    mine = sorted(cid for cid in in_play(state) if state["characters"][cid]["side"] == player)
    half = len(mine) // 2
    groups = (g for g in itertools.combinations(mine, half)
              if len(mine) % 2 or mine[0] in g)
    for group in itertools.islice(groups, most):
        yield {"type": "split", "player": player,
               "groups": [list(group), [cid for cid in mine if cid not in group]]}


def split(state: State, player: str, groups: list[list[str]], events: list[Event]) -> None:
    """Split ``player``'s characters: the smaller group goes to the other player; equal
    groups go by the ``split_choice`` ruling."""
    other = OPPOSITE[player]
    if len(groups[0]) != len(groups[1]):
        handed = min(groups, key=len)
    elif state["options"]["split_choice"] == "splitter":
        handed = groups[0]
    else:
        state["split"] = groups
        state["phase"] = "choose"
        state["to_move"] = other
        events.append({"type": "split", "player": player,
                       "text": f"{title(player)} splits into {', '.join(groups[0])} and "
                               f"{', '.join(groups[1])}: {title(other)} chooses one."})
        return
    hand_over(state, other, handed, events)


def hand_over(state: State, player: str, group: list[str], events: list[Event]) -> None:
    for cid in group:
        state["characters"][cid].update(side=player, idle=0)
    state["split"] = None
    events.append({"type": "control", "player": player,
                   "text": f"{title(player)} takes control of {', '.join(group)}."})
    begin_turn(state, events)


def end_sequence(state: State, events: list[Event]) -> None:
    """Note the sequence's result and set up the next, or end the game."""
    falls = dict(state["falls"])
    best = max(falls.values())
    leaders = [p for p in PLAYERS if falls[p] == best]
    winner = leaders[0] if len(leaders) == 1 and state["options"]["scoring"] == "falls" else None
    state["results"].append({"sequence": state["sequence"], "falls": falls, "winner": winner})
    said = f"Sequence {state['sequence']} is over"
    if state["options"]["scoring"] == "falls":
        said += (f": {title(winner)} wins it, {falls[winner]} to "
                 f"{falls[OPPOSITE[winner]]}." if winner else f": a tie, {best} each.")
    else:
        said += "."
    events.append({"type": "sequence", "text": said})
    if state["sequence"] >= state["options"]["sequences"]:
        state["phase"] = "over"
        state["to_move"] = None
        count = state["options"]["sequences"]
        state["over"] = f"all {count} sequences played" if count > 1 else "its sequence played"
        return
    state["sequence"] += 1
    fresh_sequence(state)
    state["to_move"] = PLAYERS[0]


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and \
        math.isfinite(value)

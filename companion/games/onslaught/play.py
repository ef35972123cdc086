"""What ONSLAUGHT's actions do to a state: steps, node captures, orbs, removals, turn ends.

Each function mutates the private copy of the state ``Game.apply`` hands to ``resolve``
and appends the events it causes, each with a ``text`` a player can read. The checks
that an action is allowed live in ``checks``; these functions assume it is.
"""

from __future__ import annotations

from companion.games.base import Event, State
from companion.games.onslaught.board import enemy_of
from companion.games.onslaught.state import carried_orb, label, layout_of, new_turn, pieces_at

CAPTURE_TURNS = 2  # turns a team ends on an enemy node to capture it ("two turns")


def step(state: State, piece: str, to: str, events: list[Event]) -> None:
    """Move ``piece`` one square to ``to`` and carry out what entering ``to`` causes:
    a node captured (by entering a neutral one, or by bringing the orb), the team's own
    orb picked up, a capture in progress abandoned."""
    team = state["pieces"][piece]["team"]
    start = state["pieces"][piece]["at"]
    state["pieces"][piece]["at"] = to
    state["turn"]["moves_left"] -= 1
    orb_team = carried_orb(state, piece)
    if orb_team is not None:
        state["orbs"][orb_team]["at"] = to
    events.append({"type": "move", "piece": piece, "from": start, "to": to,
                   "text": f"{label(piece)} moves {start} to {to}"})
    node = state["nodes"].get(to)
    if node is not None:
        _enter_node(state, piece, to, node, orb_team, events)
    orb = state["orbs"][team]
    if orb["carrier"] is None and orb["at"] == to:
        orb["carrier"] = piece
        events.append({"type": "orb_taken", "piece": piece, "orb": team, "at": to,
                       "text": f"{label(piece)} takes the {team} orb on {to}"})
    check_abandoned(state, events)


def _enter_node(
    state: State, piece: str, square: str, node: dict, orb_team: str | None,
    events: list[Event],
) -> None:
    team = state["pieces"][piece]["team"]
    owner = node["owner"]
    spend = orb_team is not None and (
        owner == enemy_of(team) or state["options"]["orb_spent_on"] == "any"
    )
    if owner is None or (spend and owner != team):
        how = "with the orb" if spend else "by entering it"
        capture_node(state, square, team, f"{label(piece)} captures {square} {how}", events)
    if spend:
        return_orb(state, team, events)


def capture_node(state: State, square: str, team: str, text: str, events: list[Event]) -> None:
    """Give the node on ``square`` to ``team`` (a capture token, its colour up)."""
    node = state["nodes"][square]
    node["owner"] = team
    node["progress"] = None
    events.append({"type": "node_captured", "node": square, "team": team, "text": text})


def return_orb(state: State, team: str, events: list[Event]) -> None:
    """Put ``team``'s orb back on its orb square."""
    orb = state["orbs"][team]
    orb["at"] = orb["home"]
    orb["carrier"] = None
    events.append({"type": "orb_returned", "orb": team, "at": orb["home"],
                   "text": f"The {team} orb goes back to {orb['home']}"})


def remove(state: State, piece: str, why: str, events: list[Event]) -> None:
    """Take ``piece`` off the board; an orb it carries stays on the square it stood on."""
    square = state["pieces"][piece]["at"]
    state["pieces"][piece]["at"] = None
    events.append({"type": "removed", "piece": piece, "at": square,
                   "text": f"{label(piece)} leaves the board ({why})"})
    orb_team = carried_orb(state, piece)
    if orb_team is not None:
        state["orbs"][orb_team]["carrier"] = None
        events.append({"type": "orb_dropped", "orb": orb_team, "at": square,
                       "text": f"The {orb_team} orb stays on {square}"})
    check_abandoned(state, events)


def check_abandoned(state: State, events: list[Event]) -> None:
    """Cancel every capture in progress whose node its team (or piece) has left."""
    per_piece = state["options"]["node_capture"] == "piece"
    for square, node in state["nodes"].items():
        progress = node["progress"]
        if progress is None:
            continue
        if per_piece:
            held = state["pieces"][progress["piece"]]["at"] == square
        else:
            held = bool(pieces_at(state, square, progress["team"]))
        if not held:
            node["progress"] = None
            events.append({"type": "capture_failed", "node": square, "team": progress["team"],
                           "text": f"The {progress['team']} capture of {square} fails: "
                                   "the square was left"})


def place_on_core(state: State, piece: str, events: list[Event]) -> None:
    """Put a removed piece back on its core at the start of its turn."""
    team = state["pieces"][piece]["team"]
    core = layout_of(state).cores[team]
    state["pieces"][piece]["at"] = core
    events.append({"type": "returned", "piece": piece, "at": core,
                   "text": f"{label(piece)} comes back on the {team} core ({core})"})


def end_turn(state: State, events: list[Event]) -> None:
    """Count the turn towards every enemy node the team stands on, then pass the turn."""
    piece = state["turn"]["piece"]
    team = state["pieces"][piece]["team"]
    per_piece = state["options"]["node_capture"] == "piece"
    for square, node in state["nodes"].items():
        if node["owner"] != enemy_of(team):
            continue
        progress = node["progress"]
        if per_piece:
            if state["pieces"][piece]["at"] != square:
                continue
            if progress is not None and progress["piece"] != piece:
                continue
        elif not pieces_at(state, square, team):
            continue
        turns = progress["turns"] + 1 if progress is not None else 1
        if turns >= CAPTURE_TURNS:
            capture_node(state, square, team,
                         f"{team.capitalize()} captures {square} after two turns on it", events)
        else:
            node["progress"] = {"team": team, "turns": turns, "piece": piece}
            events.append({"type": "capture_started", "node": square, "team": team,
                           "text": f"{team.capitalize()} has ended {turns} of "
                                   f"{CAPTURE_TURNS} turns on {square}"})
    events.append({"type": "turn_ended", "piece": piece,
                   "text": f"{label(piece)}'s turn ends"})
    order = state["order"]
    index = (state["turn"]["index"] + 1) % len(order)
    state["turn"] = new_turn(order, index, state["turn"]["number"] + 1)
    state["phase"] = "roll"

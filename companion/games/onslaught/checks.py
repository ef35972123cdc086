"""Whether an ONSLAUGHT action is allowed, and if not, the reason in a player's words.

Each ``check_*`` raises ``IllegalAction`` naming the squares to look at; none of them
changes the state.
"""

from __future__ import annotations

import copy
from typing import Any

from companion.games.base import Action, IllegalAction, InvalidAction, State
from companion.games.onslaught.board import enemy_of
from companion.games.onslaught.play import step
from companion.games.onslaught.state import PIECES, label, layout_of, pieces_at

ACTION_TYPES: tuple[str, ...] = ("roll", "move", "challenge", "attack", "heroism", "end_turn")


def check_turn(state: State, action: Action) -> str:
    """Check the action is for the piece whose turn it is, in the right phase; return
    that piece."""
    kind = action["type"]
    if kind not in ACTION_TYPES:
        raise InvalidAction(
            f"ONSLAUGHT has no action {kind!r}; the actions are: {', '.join(ACTION_TYPES)}."
        )
    piece = state["turn"]["piece"]
    named = action.get("piece", piece)
    if named not in PIECES:
        raise InvalidAction(f"There is no piece {named!r}; the pieces are: {', '.join(PIECES)}.")
    if named != piece:
        raise IllegalAction(f"It is {label(piece)}'s turn, not {label(named)}'s.",
                            spaces=_square_of(state, piece))
    pending = state["challenge"]
    if pending is not None:
        if kind != "challenge" or action.get("target") != pending["defender"]:
            raise IllegalAction(
                f"{label(piece)}'s challenge of {label(pending['defender'])} was a tie: "
                "roll it again",
                spaces=_square_of(state, piece) + _square_of(state, pending["defender"]),
            )
        return piece
    if state["turn"]["roll"] is None and kind != "roll":
        raise IllegalAction(f"{label(piece)} begins the turn by rolling the die.",
                            spaces=_square_of(state, piece))
    if state["turn"]["roll"] is not None and kind == "roll":
        raise IllegalAction(
            f"{label(piece)} has already rolled a {state['turn']['roll']} this turn "
            f"and has {state['turn']['moves_left']} moves left.",
            spaces=_square_of(state, piece),
        )
    return piece


def path_of(action: Action) -> list[str]:
    """Return the squares a move action walks through, in order."""
    if "path" in action:
        path = action["path"]
        if not isinstance(path, list) or not path or not all(isinstance(s, str) for s in path):
            raise InvalidAction('A move\'s "path" is a list of squares, such as ["D2", "D3"].')
        return list(path)
    to = action.get("to")
    if not isinstance(to, str):
        raise InvalidAction('A move names the square it goes "to", such as {"to": "D2"}.')
    return [to]


def check_move(state: State, piece: str, action: Action) -> None:
    """Check a move of one or more steps, walking it on a copy so that what happens on
    the way (a node captured, an orb picked up) counts for the later steps."""
    path = path_of(action)
    moves_left = state["turn"]["moves_left"]
    here = state["pieces"][piece]["at"]
    if moves_left == 0:
        raise IllegalAction(f"{label(piece)} has no moves left: end the turn.", spaces=[here])
    if len(path) > moves_left:
        raise IllegalAction(f"{label(piece)} has {moves_left} moves left, not {len(path)}.",
                            spaces=[here, *path])
    walk = copy.deepcopy(state)
    for to in path:
        check_step(walk, piece, to)
        step(walk, piece, to, [])


def check_step(state: State, piece: str, to: str) -> None:
    """Check one orthogonal step of ``piece`` onto ``to``."""
    layout = layout_of(state)
    here = state["pieces"][piece]["at"]
    if not layout.is_square(to):
        raise IllegalAction(f"{to} is not a square of the board.", spaces=[here])
    if to == here:
        raise IllegalAction(f"{label(piece)} is already on {to}.", spaces=[here])
    if not layout.geometry.adjacent(here, to):
        if to in layout.around(here, "surrounding"):
            raise IllegalAction(f"No diagonal moves: {here} to {to}.", spaces=[here, to])
        raise IllegalAction(
            f"{here} to {to} is more than one step: move one square at a time "
            "or give the whole path.",
            spaces=[here, to],
        )
    team = state["pieces"][piece]["team"]
    blockers = pieces_at(state, to, enemy_of(team))
    if blockers:
        raise IllegalAction(f"{to} is held by {label(blockers[0])}: challenge it instead.",
                            spaces=[here, to])
    core_team = layout.core_team(to)
    if core_team is not None and core_team != team:
        raise IllegalAction(
            f"{to} is the {core_team} core: {label(piece)} may not stand on it; "
            "attack it from beside.",
            spaces=[here, to],
        )


def check_challenge(state: State, piece: str, action: Action) -> None:
    target = action.get("target")
    if target not in PIECES:
        raise InvalidAction(
            f'A challenge names its "target", one of {", ".join(PIECES)}; got {target!r}.'
        )
    here = state["pieces"][piece]["at"]
    if state["pieces"][target]["team"] == state["pieces"][piece]["team"]:
        raise IllegalAction(f"{label(piece)} cannot challenge its teammate {label(target)}.",
                            spaces=[here])
    there = state["pieces"][target]["at"]
    if there is None:
        raise IllegalAction(f"{label(target)} is not on the board.", spaces=[here])
    if state["challenge"] is not None:
        return
    limit = state["options"]["challenges_per_turn"]
    if limit and state["turn"]["challenges"] >= limit:
        times = "once" if limit == 1 else f"{limit} times"
        raise IllegalAction(f"{label(piece)} has already challenged {times} this turn.",
                            spaces=[here])
    if not layout_of(state).geometry.adjacent(here, there):
        raise IllegalAction(
            f"{label(target)} on {there} is not next to {label(piece)} on {here}: "
            "challenge from a square beside it, not diagonally.",
            spaces=[here, there],
        )


def check_attack(state: State, piece: str) -> None:
    layout = layout_of(state)
    team = state["pieces"][piece]["team"]
    enemy = enemy_of(team)
    core = layout.cores[enemy]
    here = state["pieces"][piece]["at"]
    owners = {square: node["owner"] for square, node in state["nodes"].items()}
    if not layout.linked(owners, team):
        missing = sorted(s for s, owner in owners.items() if owner != team)
        raise IllegalAction(
            f"The {enemy} core is not linked: capture the prime node, "
            "or both left or both right nodes first.",
            spaces=missing,
        )
    around = layout.around(core, state["options"]["beside"])
    if here not in around:
        raise IllegalAction(
            f"{label(piece)} is not beside the {enemy} core ({core}): "
            f"stand on {_either(around)}.",
            spaces=[here, *around],
        )
    defenders = pieces_at(state, core)
    if defenders:
        raise IllegalAction(
            f"The {enemy} core is defended by {label(defenders[0])}: challenge it first.",
            spaces=[core],
        )


def check_heroism(state: State, piece: str) -> None:
    team = state["pieces"][piece]["team"]
    enemy = enemy_of(team)
    orb = state["orbs"][enemy]
    here = state["pieces"][piece]["at"]
    if orb["carrier"] is None and orb["at"] == orb["home"]:
        raise IllegalAction(f"The {enemy} orb is already on its square ({orb['home']}).",
                            spaces=[orb["home"]])
    if orb["carrier"] is not None and not state["options"]["heroism_against_carrier"]:
        raise IllegalAction(
            f"The {enemy} orb is carried by {label(orb['carrier'])}: heroism only returns "
            "an orb lying on the board in this game.",
            spaces=[orb["at"]],
        )
    near = layout_of(state).around(orb["at"], state["options"]["beside"])
    if here != orb["at"] and here not in near:
        raise IllegalAction(
            f"{label(piece)} is not beside the {enemy} orb on {orb['at']}.",
            spaces=[here, orb["at"]],
        )


def _square_of(state: State, piece: str) -> list[str]:
    at: Any = state["pieces"][piece]["at"]
    return [at] if at is not None else []


def _either(squares: list[str]) -> str:
    if len(squares) == 1:
        return squares[0]
    return ", ".join(squares[:-1]) + f" or {squares[-1]}"

"""ONSLAUGHT's options, its starting state and small questions about a state.

The state is plain JSON data holding everything the camera and the page need::

    {"game": "onslaught", "options": {...}, "phase": "roll",
     "order": ["red1", "blue1", "red2", "blue2"], "controllers": {"red1": "red1", ...},
     "turn": {"piece": "red1", "index": 0, "number": 1, "roll": null,
              "moves_left": 0, "challenges": 0},
     "pieces": {"red1": {"team": "red", "at": "D1"}, ...},   # "at": null = off the board
     "orbs": {"red": {"home": "A1", "at": "A1", "carrier": null}, ...},
     "nodes": {"D4": {"link": "prime", "owner": null, "progress": null}, ...},
     "cores": {"red": {"at": "D1", "health": 30}, ...},
     "challenge": null, "winner": null}

A node's ``progress`` is ``{"team": "red", "turns": 1, "piece": "red1"}`` while a team
is capturing an enemy node by ending turns on it. ``challenge`` is
``{"challenger": "red1", "defender": "blue2"}`` while a tied challenge waits to be
rolled again.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.base import State
from companion.games.onslaught.board import BESIDE_MODES, TEAMS, Layout, load_layout

DEFAULT_OPTIONS: dict[str, Any] = {
    "players": 4,
    "board": "onslaught",
    "first": "red",
    "turn_order": "alternate",
    "core_health": 30,
    "challenge_tie": "reroll",
    "challenges_per_turn": 1,
    "node_capture": "team",
    "beside": "orthogonal",
    "orb_spent_on": "enemy",
    "heroism_against_carrier": True,
}

_CHOICES: dict[str, tuple[Any, ...]] = {
    "players": (2, 4),
    "first": TEAMS,
    "turn_order": ("alternate", "team"),
    "challenge_tie": ("reroll", "defender", "challenger"),
    "node_capture": ("team", "piece"),
    "beside": BESIDE_MODES,
    "orb_spent_on": ("enemy", "any"),
    "heroism_against_carrier": (True, False),
}

PIECES: tuple[str, ...] = ("red1", "red2", "blue1", "blue2")


def parse_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Return the full options: ``DEFAULT_OPTIONS`` overridden by ``options``.

    Raises ``ValueError`` naming the option and the values it takes.
    """
    merged = dict(DEFAULT_OPTIONS)
    for key, value in (options or {}).items():
        if key not in DEFAULT_OPTIONS:
            known = ", ".join(sorted(DEFAULT_OPTIONS))
            raise ValueError(f"ONSLAUGHT has no option {key!r}; the options are: {known}.")
        merged[key] = value
    for key, choices in _CHOICES.items():
        value = merged[key]
        if isinstance(value, bool) is not isinstance(choices[0], bool) or value not in choices:
            shown = " or ".join(repr(c) for c in choices)
            raise ValueError(f"The option {key!r} is {shown}, not {value!r}.")
    for key, lowest in (("core_health", 1), ("challenges_per_turn", 0)):
        value = merged[key]
        if isinstance(value, bool) or not isinstance(value, int) or value < lowest:
            raise ValueError(f"The option {key!r} is a whole number from {lowest}, not {value!r}.")
    if not isinstance(merged["board"], str):
        raise ValueError("The option 'board' names a bundled board or a board file.")
    return merged


def turn_order(options: Mapping[str, Any]) -> list[str]:
    """Return the pieces in the order they take their turns."""
    first = options["first"]
    second = "blue" if first == "red" else "red"
    if options["turn_order"] == "team":
        return [f"{first}1", f"{first}2", f"{second}1", f"{second}2"]
    return [f"{first}1", f"{second}1", f"{first}2", f"{second}2"]


def new_turn(order: list[str], index: int, number: int) -> dict[str, Any]:
    """Return the turn record of the piece at ``index`` in ``order``, before its roll."""
    return {
        "piece": order[index],
        "index": index,
        "number": number,
        "roll": None,
        "moves_left": 0,
        "challenges": 0,
    }


def initial_state(options: Mapping[str, Any] | None = None) -> State:
    """Return the state at the start of a game: both pieces of a team on its core, the
    orbs on their squares, every node neutral, each core at full health."""
    opts = parse_options(options)
    layout = load_layout(opts["board"])
    order = turn_order(opts)
    if opts["players"] == 4:
        controllers = {piece: piece for piece in PIECES}
    else:
        controllers = {piece: team_of(piece) for piece in PIECES}
    return {
        "game": "onslaught",
        "options": opts,
        "phase": "roll",
        "order": order,
        "controllers": controllers,
        "turn": new_turn(order, 0, 1),
        "pieces": {p: {"team": team_of(p), "at": layout.cores[team_of(p)]} for p in PIECES},
        "orbs": {
            team: {"home": layout.orb_squares[team], "at": layout.orb_squares[team],
                   "carrier": None}
            for team in TEAMS
        },
        "nodes": {
            square: {"link": link, "owner": None, "progress": None}
            for square, link in sorted(layout.nodes.items())
        },
        "cores": {
            team: {"at": layout.cores[team], "health": opts["core_health"]} for team in TEAMS
        },
        "challenge": None,
        "winner": None,
    }


def layout_of(state: State) -> Layout:
    return load_layout(state["options"]["board"])


def team_of(piece: str) -> str:
    """``red1`` -> ``red``."""
    return piece.rstrip("0123456789")


def label(piece: str) -> str:
    """``red1`` -> ``Red 1``, the name players read."""
    team = team_of(piece)
    return f"{team.capitalize()} {piece[len(team):]}"


def pieces_at(state: State, square: str, team: str | None = None) -> list[str]:
    """Return the pieces standing on ``square`` (of ``team`` only, if given)."""
    return [
        piece
        for piece, info in state["pieces"].items()
        if info["at"] == square and (team is None or info["team"] == team)
    ]


def carried_orb(state: State, piece: str) -> str | None:
    """Return the team of the orb ``piece`` carries, or ``None``."""
    for team, orb in state["orbs"].items():
        if orb["carrier"] == piece:
            return team
    return None


def node_owners(state: State) -> dict[str, str | None]:
    return {square: node["owner"] for square, node in state["nodes"].items()}

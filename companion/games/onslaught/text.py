"""ONSLAUGHT at the command line: the short notation players type, and the board as text.

Notation (``companion referee onslaught --play``), one action a line::

    roll            roll 4          (the referee rolls when no number is typed)
    move D2         move D2 D3 D4   D2 D3 D4   (a step, or a path)
    challenge blue2                 challenge b2 5 3   (the challenger's die first)
    attack          attack 6
    heroism
    end

JSON actions are read too (``Game.parse``).
"""

from __future__ import annotations

import re

from companion.games.base import Action, InvalidAction, State
from companion.games.onslaught.board import Layout
from companion.games.onslaught.state import PIECES, label, layout_of

HELP = ("Type roll, move D2 D3, challenge blue2, attack, heroism or end "
        "(dice may follow: roll 4, challenge blue2 5 3), or the action as JSON.")

_SQUARE = re.compile(r"^[a-z]+[0-9]+$")
_ENDS = ("end", "end_turn", "done", "pass")


def parse_text(text: str) -> Action:
    """Return the action ``text`` (not JSON) names; ``InvalidAction`` explains the
    notation."""
    words = text.lower().split()
    if not words:
        raise InvalidAction(HELP)
    verb, rest = words[0], words[1:]
    if verb in _ENDS and not rest:
        return {"type": "end_turn"}
    if verb == "heroism" and not rest:
        return {"type": "heroism"}
    if verb in ("roll", "attack"):
        return _with_dice({"type": verb}, rest, 1)
    if verb == "challenge" and rest:
        return _with_dice({"type": "challenge", "target": _piece(rest[0])}, rest[1:], 2)
    squares = rest if verb == "move" else words
    if squares and all(_SQUARE.match(w) for w in squares):
        squares = [w.upper() for w in squares]
        if len(squares) == 1:
            return {"type": "move", "to": squares[0]}
        return {"type": "move", "path": squares}
    raise InvalidAction(HELP)


def _piece(word: str) -> str:
    short = {p[0] + p[-1]: p for p in PIECES}
    piece = short.get(word, word)
    if piece not in PIECES:
        raise InvalidAction(f"There is no piece {word!r}; the pieces are: {', '.join(PIECES)}.")
    return piece


def _with_dice(action: Action, words: list[str], count: int) -> Action:
    if not words:
        return action
    if len(words) != count or not all(w.isdigit() for w in words):
        raise InvalidAction(HELP)
    return {**action, "dice": [int(w) for w in words]}


def render_text(state: State) -> str:
    """Return the board, the cores, nodes, orbs and whose turn it is, as text."""
    layout = layout_of(state)
    geometry = layout.geometry
    columns = sorted({s.attrs["column"] for s in geometry.spaces()})
    rows = sorted({s.attrs["row"] for s in geometry.spaces()}, reverse=True)
    by_place = {(s.attrs["column"], s.attrs["row"]): s.name for s in geometry.spaces()}
    letters = [by_place[(c, rows[-1])].rstrip("0123456789") for c in columns]
    lines = [("    " + "".join(f"{letter:^6}" for letter in letters)).rstrip()]
    for row in rows:
        cells = [_cell(state, layout, by_place[(c, row)]) for c in columns]
        lines.append((f"{row + 1:>3} " + "".join(f"{cell:^6}" for cell in cells)).rstrip())
    lines.append("Key: RC/BC cores, P/L/R nodes (=r red, =b blue), ro/bo orbs, r1 b2 pieces")
    cores = ", ".join(f"{team} {core['health']}" for team, core in state["cores"].items())
    lines.append(f"Core health: {cores}")
    lines.append("Nodes: " + ", ".join(_node(square, node)
                                       for square, node in state["nodes"].items()))
    lines.append("Orbs: " + ", ".join(_orb(team, orb) for team, orb in state["orbs"].items()))
    off = [label(p) for p, info in state["pieces"].items() if info["at"] is None]
    if off:
        lines.append("Off the board (back on their core next turn): " + ", ".join(off))
    lines.append(_turn(state))
    return "\n".join(lines)


def _cell(state: State, layout: Layout, square: str) -> str:
    here = [p for p, info in state["pieces"].items() if info["at"] == square]
    if here:
        return "+".join(p[0] + p[-1] for p in here)
    for team, orb in state["orbs"].items():
        if orb["at"] == square:
            return f"{team[0]}o"
    core = layout.core_team(square)
    if core is not None:
        return f"{core[0].upper()}C"
    node = state["nodes"].get(square)
    if node is not None:
        mark = node["link"][0].upper()
        return mark if node["owner"] is None else f"{mark}={node['owner'][0]}"
    return "."


def _node(square: str, node: dict) -> str:
    text = f"{square} {node['owner'] or 'neutral'}"
    progress = node["progress"]
    if progress is not None:
        text += f" ({progress['team']} {progress['turns']}/2 turns)"
    return text


def _orb(team: str, orb: dict) -> str:
    if orb["carrier"] is not None:
        return f"{team} carried by {label(orb['carrier'])} on {orb['at']}"
    where = "home" if orb["at"] == orb["home"] else "dropped"
    return f"{team} on {orb['at']} ({where})"


def _turn(state: State) -> str:
    if state["winner"] is not None:
        return f"{state['winner'].capitalize()} has won."
    turn = state["turn"]
    piece = label(turn["piece"])
    player = state["controllers"][turn["piece"]]
    who = piece if player == turn["piece"] else f"{piece} (the {player} player)"
    pending = state["challenge"]
    if pending is not None:
        return f"{who}: the challenge of {label(pending['defender'])} was a tie; roll again."
    if turn["roll"] is None:
        return f"Turn {turn['number']}: {who} to roll."
    return f"Turn {turn['number']}: {who} rolled {turn['roll']}, {turn['moves_left']} moves left."

"""Go games written as SGF (FF[4]), the format Go programs and servers read.

The companion writes what ``companion.games.sgf`` reads back: the root node with the
game (``GM[1]``), the board's size (``SZ``), komi (``KM``), the rules (``RU[Chinese]``:
area scoring, suicide forbidden, simple ko, the closest of SGF's rule sets to the
companion's, docs/games/go.md), the handicap (``HA``), the date, and for a game started
from a position its stones (``AB``, ``AW``) and who moves first (``PL``); then a node a
move (``;B[dd]``, a pass ``;W[]``), a correction by hand as a node of stones set up
(``AB``/``AW``/``AE``) with its words as a comment (``C``), and the result (``RE``:
``B+R`` for a resignation, ``W+3.5`` by the score, ``0`` for a draw) with the referee's
closing words as the last node's comment.

Pure: ``game_sgf`` takes the game's steps with the states around them.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.base import Game, State
from companion.games.corrections import describe
from companion.games.go_points import COLUMNS
from companion.games.sgf import SgfError
from companion.games.stones import board_geometry

RULES = "Chinese"
"""The SGF rule set written (``RU``): area scoring like the companion's."""

Step = tuple[Mapping[str, Any], State, State]
"""One step of a game: its journal data (``{"action": ...}`` or ``{"correction": ...}``),
the state before it and the state after it."""


def board_size(state: State) -> int:
    """The lines of the square grid ``state`` is played on; ``SgfError`` for another
    board (SGF writes Go on a square grid only)."""
    board = state["options"]["board"]
    names = board_geometry(board).names
    size = math.isqrt(len(names))
    square = {f"{COLUMNS[c]}{r}" for c in range(size) for r in range(1, size + 1)}
    if size > len(COLUMNS) or set(names) != square:
        raise SgfError(f"SGF writes Go on a square grid; this game is played on {board}: "
                       "export it as a game record (.jsonl).")
    return size


def game_sgf(game: Game, start: State, steps: Sequence[Step], *, date: str = "") -> str:
    """The SGF text of a game of Go that started at ``start`` and went through
    ``steps``; ``date`` (``YYYY-MM-DD``) when it was played, if known."""
    if game.name != "go":
        raise SgfError(f"SGF holds games of Go; a game of {game.title} is exported as a "
                       "game record (.jsonl).")
    size = board_size(start)
    options = start["options"]
    root = [f"GM[1]FF[4]CA[UTF-8]AP[Tabletop Companion]SZ[{size}]",
            f"KM[{options['komi']:g}]RU[{RULES}]"]
    if options.get("handicap"):
        root.append(f"HA[{options['handicap']}]")
    if date:
        root.append(f"DT[{date}]")
    final = steps[-1][2] if steps else start
    outcome = game.outcome(final)
    if outcome is not None:
        root.append(f"RE[{_result(outcome.winners, outcome.scores, outcome.termination)}]")
    empty = game.initial_state({k: v for k, v in options.items() if k != "handicap"})
    root.append(_setup(empty["board"], start["board"], size))
    if start["to_move"] != "black" or any(start["board"].values()):
        root.append(f"PL[{_colour(start['to_move'])}]")
    nodes = ["".join(root)]
    for data, before, after in steps:
        if "correction" in data:
            words = describe(data["correction"])
            nodes.append(_setup(before["board"], after["board"], size) + _comment(words))
            continue
        action = data["action"]
        if action["type"] == "place":
            nodes.append(f"{_colour(action['player'])}[{_point(action['at'], size)}]")
        elif action["type"] == "pass":
            nodes.append(f"{_colour(action['player'])}[]")
    if outcome is not None:
        nodes[-1] += _comment(_closing(outcome.winners, outcome.scores, outcome.termination))
    return "(;" + "\n;".join(nodes) + ")\n"


def _closing(winners: Sequence[str], scores: Mapping[str, float], termination: str) -> str:
    """The referee's last words on the game, for the last node's comment."""
    area = ", ".join(f"{player.capitalize()} {score:g}" for player, score in scores.items())
    if termination == "resignation":
        return f"{winners[0].capitalize()} wins by resignation."
    if len(winners) != 1:
        return f"A draw after two passes (area: {area})."
    return f"{winners[0].capitalize()} wins after two passes (area: {area})."


def _result(winners: Sequence[str], scores: Mapping[str, float], termination: str) -> str:
    if len(winners) != 1:
        return "0"
    winner = winners[0]
    if termination == "resignation":
        return f"{_colour(winner)}+R"
    loser = "white" if winner == "black" else "black"
    return f"{_colour(winner)}+{scores[winner] - scores[loser]:g}"


def _setup(before: Mapping[str, Any], after: Mapping[str, Any], size: int) -> str:
    """``AB``/``AW``/``AE`` for the points that differ from ``before`` to ``after``."""
    groups: dict[str, list[str]] = {"AB": [], "AW": [], "AE": []}
    for name, colour in after.items():
        if before.get(name) != colour:
            key = {"black": "AB", "white": "AW", None: "AE"}[colour]
            groups[key].append(f"[{_point(name, size)}]")
    return "".join(key + "".join(sorted(points)) for key, points in groups.items() if points)


def _point(name: str, size: int) -> str:
    """``D16`` on 19 lines → ``dd`` (SGF counts rows from the top)."""
    column, row = COLUMNS.index(name[0]), size - int(name[1:])
    return chr(ord("a") + column) + chr(ord("a") + row)


def _colour(player: str) -> str:
    return "B" if player == "black" else "W"


def _comment(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace("]", "\\]")
    return f"C[{escaped}]"

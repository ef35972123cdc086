"""What ONE and Go share: stones of colours on the spaces of a board geometry.

The board of a state is a dict from every space name to the colour on it or ``None``
(plain JSON, so the camera can compare it space by space). This module finds groups
and liberties, draws the board as text for the command line, and reads the short
notation players type (``place C3``, ``jump A1 A3 A5``, ``pass``, ``resign``);
``StoneGame`` is the base of both games, which describe, read and show their actions
and boards alike.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from companion.games.base import Action, Game, InvalidAction, State
from companion.games.stones_by_hand import move_stone, set_stone
from companion.games.stones_guesses import guess_stones
from companion.geometry import Geometry, load_geometry

COLOURS: tuple[str, ...] = ("black", "white", "red", "blue", "green", "yellow")
"""Every colour a stone can have, in the order players join (clockwise from Black)."""

SYMBOLS: dict[str, str] = {
    "black": "X", "white": "O", "red": "R", "blue": "B", "green": "G", "yellow": "Y",
}

Board = dict[str, str | None]


@functools.lru_cache(maxsize=32)
def board_geometry(source: str) -> Geometry:
    """Return the geometry of a bundled board name or board file (loaded once)."""
    return load_geometry(source)


def geometry_of(state: State) -> Geometry:
    """The board a state is played on (its ``board`` option)."""
    return board_geometry(state["options"]["board"])


def title(colour: str) -> str:
    """``black`` → ``Black``: how a colour is written at the start of a sentence."""
    return colour.capitalize()


def describe_stone_action(action: Action) -> str:
    """Return a ONE or Go action in words ("Black places on C3", "White jumps A1 - A3")."""
    who = title(str(action.get("player", "")))
    kind = action.get("type")
    if kind == "place":
        return f"{who} places on {action.get('at')}"
    if kind == "jump":
        return f"{who} jumps {' - '.join(action.get('path', []))}"
    return f"{who} {'passes' if kind == 'pass' else 'resigns'}"


def group_of(geometry: Geometry, board: Mapping[str, str | None], start: str) -> set[str]:
    """Return the spaces of the group of like stones (or of empty spaces) at ``start``."""
    colour = board[start]
    group = {start}
    frontier = [start]
    while frontier:
        for neighbour in geometry.neighbours(frontier.pop()):
            if neighbour not in group and board[neighbour] == colour:
                group.add(neighbour)
                frontier.append(neighbour)
    return group


def groups(
    geometry: Geometry, board: Mapping[str, str | None], colour: str | None
) -> list[set[str]]:
    """Return every connected group of ``colour`` (``None``: of empty spaces)."""
    seen: set[str] = set()
    found = []
    for name in geometry.names:
        if board[name] == colour and name not in seen:
            group = group_of(geometry, board, name)
            seen |= group
            found.append(group)
    return found


def liberties(
    geometry: Geometry, board: Mapping[str, str | None], group: Iterable[str]
) -> set[str]:
    """Return the empty spaces next to ``group``."""
    return {n for s in group for n in geometry.neighbours(s) if board[n] is None}


def render(geometry: Geometry, board: Mapping[str, str | None]) -> str:
    """Draw the board as text: rings one per line, grids as rows, with a legend."""
    def mark(name: str) -> str:
        colour = board[name]
        if colour is not None:
            return SYMBOLS.get(colour, "?")
        return "-" if geometry.space(name).attrs.get("hash_mark") else "."

    if geometry.kind == "rings":
        rows: dict[str, list[str]] = {}
        for name in geometry.names:
            rows.setdefault(name.rstrip("0123456789"), []).append(mark(name))
        width = max(len(r) for r in rows.values())
        lines = ["    " + "".join(f"{n:>3}" for n in range(1, width + 1))]
        lines += [f"{ring:<4}" + "".join(f"{m:>3}" for m in marks) for ring, marks in rows.items()]
    elif geometry.kind == "grid":
        by_row: dict[int, list[str]] = {}
        columns: list[str] = []
        for name in geometry.names:
            row = geometry.space(name).attrs["row"]
            by_row.setdefault(row, []).append(mark(name))
            if row == 0:
                columns.append(name.rstrip("0123456789"))
        header = "    " + "".join(f"{c:>2}" for c in columns)
        lines = [header]
        lines += [
            f"{r + 1:>3} " + "".join(f"{m:>2}" for m in by_row[r])
            for r in sorted(by_row, reverse=True)
        ]
        lines.append(header)
    else:
        lines = [f"{name}: {mark(name)}" for name in geometry.names]
    used = sorted({c for c in board.values() if c is not None}, key=_colour_order)
    if used:
        lines.append("  ".join(f"{SYMBOLS.get(c, '?')} {c}" for c in used))
    return "\n".join(lines)


def _colour_order(colour: str) -> int:
    return COLOURS.index(colour) if colour in COLOURS else len(COLOURS)


def parse_notation(text: str, player: str | None) -> Action:
    """Read an action typed as ``place C3`` / ``C3`` / ``jump A1 A3 A5`` / ``pass`` /
    ``resign [colour]``; the player is the one to move unless typed."""
    text = text.strip()
    words = text.split()
    if not words:
        raise InvalidAction("Type an action, such as: place C3, jump A1 A3 A5, pass, resign.")
    verb, args = words[0].lower(), [w.upper() for w in words[1:]]
    if verb == "place" and len(args) == 1:
        return {"type": "place", "player": player, "at": args[0]}
    if verb == "jump" and len(args) >= 2:
        return {"type": "jump", "player": player, "path": args}
    if verb == "pass" and not args:
        return {"type": "pass", "player": player}
    if verb == "resign" and len(args) <= 1:
        return {"type": "resign", "player": args[0].lower() if args else player}
    if len(words) == 1 and words[0][:1].isalpha() and words[0][-1:].isdigit():
        return {"type": "place", "player": player, "at": words[0].upper()}
    raise InvalidAction(
        f"I cannot read {text!r}: type place C3, jump A1 A3 A5, pass or resign (or JSON)."
    )


class StoneGame(Game):
    """The base of ONE and Go: a state's ``board`` maps every space to a stone's colour
    or ``None``, actions are described and typed in the same words, and the board is
    corrected by hand and read by the camera alike."""

    jumps: ClassVar[bool] = False
    """Whether a stone moves by jumping (ONE): a stone that vanished where one of its
    colour appeared is then guessed to have jumped."""

    def describe(self, state: State, action: Action) -> str:
        return describe_stone_action(action)

    def parse(self, state: State, text: str) -> Action:
        """Read ``place C3``, ``jump A1 A3 A5``, ``pass``, ``resign`` (see
        ``parse_notation``), or the action as JSON."""
        if text.strip().startswith("{"):
            return super().parse(state, text)
        return parse_notation(text, self.to_move(state))

    def view(self, state: State) -> dict[str, Any]:
        """Every space → the colour of the stone on it, or ``None`` when empty."""
        return dict(state["board"])

    def set_by_hand(self, state: State, space: str, content: Any) -> None:
        set_stone(state, space, content, self.hand_choices(state))

    def move_by_hand(self, state: State, start: str, end: str) -> None:
        move_stone(state, start, end)

    def guess_actions(self, state: State, reading: Mapping[str, Any],
                      changed: Sequence[str]) -> list[Action]:
        return guess_stones(state, self.view(state), reading, changed, self.hand_choices(state),
                            jumps=geometry_of(state) if self.jumps else None)

    def holding_words(self, space: str, content: Any) -> str:
        return f"{space} already holds a {content} stone."

    def hand_choices(self, state: State) -> list[str]:
        """The colours in play: the players' (a game of Go names none: black and
        white)."""
        return list(state.get("players", ("black", "white")))

"""Go positions from SGF files: the setup stones, the player to move, the moves played.

SGF (Smart Game Format, FF[4]) is how Go programs and servers save games. The companion
reads the part of it a referee needs to start following a game from a position: the
board size (``SZ``: 9, 13 and 19 lines on the companion's own boards, another size on a
board file given as the ``board`` option), komi (``KM``), the stones set up (``AB``,
``AW``, ``AE``, with the compressed ``aa:cc`` rectangles), the player to move (``PL``),
the handicap (``HA``: its stones on the usual points become the ``handicap`` option),
and the moves of the main line (``;B[dd];W[pp]``, a pass as ``B[]`` or ``B[tt]``).
Stones set up after the first move (``AB``, ``AW``, ``AE`` in a later node: how the
companion writes a correction by hand, ``companion.games.sgf_write``) are corrections.
Variations other than the first are left out; other properties (names, comments, times,
the rules, the result) are ignored: the companion plays by its own rules
(docs/games/go.md) and finds the result itself.

SGF counts points from the top-left corner (``aa``); the companion's Go boards name
them by column letter (no I) and row number from the bottom, so on 19 lines ``aa`` is
A19 and ``ss`` is T1.

Pure: ``read_sgf`` takes the text, ``sgf_record`` gives the game as a game record
(docs/records.md: the size and komi as its options, the setup as its position, the moves
as its actions, the corrections as its comments), which is how ``companion referee``
and the table's import take an SGF file (the rules check it as they replay it); both
raise ``SgfError`` saying what is wrong. A size other than 9, 13 and 19 is played on a
board file of that size given as the ``board`` option (docs/geometry.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.errors import UserFacingError
from companion.games.go import Go
from companion.games.go_points import COLUMNS, handicap_points
from companion.games.replay import correction_line, to_line

SIZES = (9, 13, 19)
"""The Go boards the companion has (``companion/data/boards/go-N.json``); another size
is played on a board file given as the ``board`` option (``docs/geometry.md``)."""
MAX_SIZE = len(COLUMNS)
"""The most lines a board can have with one letter per column (A to Z, no I)."""

COLOURS = {"B": "black", "W": "white"}


class SgfError(UserFacingError, ValueError):
    """An SGF text that cannot be read, or a position the rules refuse."""


@dataclass(frozen=True)
class SgfGame:
    """What an SGF file says about a game: the board size, komi (or ``None``), the
    stones set up (point → ``black``/``white``), the player to move after the setup (or
    ``None``: Black, or as the first move says), and the moves: (colour, point or
    ``None`` for a pass). Points are the companion's names (``D4``)."""

    size: int
    komi: float | None = None
    setup: dict[str, str] = field(default_factory=dict)
    to_move: str | None = None
    moves: tuple[tuple[str, str | None], ...] = ()
    corrections: tuple[tuple[int, dict[str, str | None]], ...] = ()
    """Stones set up after the first move: (how many moves came before, point → colour
    or ``None``)."""
    handicap: int = 0
    """``HA``: the handicap stones the game was given (0: none)."""


def read_sgf(text: str) -> SgfGame:
    """Read the first game of an SGF text, its main line only."""
    nodes = _main_line(text)
    if not nodes:
        raise SgfError("This SGF file holds no game: it should start with '(;'.")
    root = nodes[0]
    size = _size(root.get("SZ", ["19"]))
    komi = _number(root["KM"][0], "KM") if root.get("KM", [""])[0].strip() else None
    setup: dict[str, str | None] = {}
    to_move: str | None = None
    moves: list[tuple[str, str | None]] = []
    corrections: list[tuple[int, dict[str, str | None]]] = []
    for node in nodes:
        changed: dict[str, str | None] = {}
        for key, colour in (("AB", "black"), ("AW", "white"), ("AE", None)):
            for value in node.get(key, []):
                for point in _points(value, size):
                    (changed if moves else setup)[point] = colour
        if changed:
            corrections.append((len(moves), changed))
        if "PL" in node and not moves:
            to_move = _colour(node["PL"][0], "PL")
        for key, colour in COLOURS.items():
            for value in node.get(key, []):
                moves.append((colour, _move_point(value, size)))
    stones = {p: c for p, c in setup.items() if c is not None}
    handicap = int(_number(root["HA"][0], "HA")) if "HA" in root else 0
    return SgfGame(size, komi, stones, to_move, tuple(moves), tuple(corrections), handicap)


def sgf_record(text: str) -> list[str]:
    """The game of an SGF text as the lines of a game record (docs/records.md): a header
    with the size and komi, and the setup stones and the player to move as its position;
    a line a move; a ``# correction:`` comment for stones set up after the first move."""
    game = read_sgf(text)
    options: dict[str, Any] = {"size": game.size}
    if game.komi is not None:
        options["komi"] = game.komi
    header: dict[str, Any] = {"game": Go.name, "options": options}
    to_move = game.to_move or (game.moves[0][0] if game.moves else None)
    if _is_handicap(game, to_move):
        options["handicap"] = game.handicap
    elif game.setup or to_move not in (None, "black"):
        header["position"] = {"board": dict(game.setup), "to_move": to_move or "black"}
    lines = [to_line(header)]
    corrections = list(game.corrections)
    for number, (colour, point) in enumerate(game.moves):
        while corrections and corrections[0][0] <= number:
            lines.append(correction_line(corrections.pop(0)[1]))
        lines.append(to_line({"type": "pass", "player": colour} if point is None
                             else {"type": "place", "player": colour, "at": point}))
    lines += [correction_line(spaces) for _, spaces in corrections]
    return lines


def _is_handicap(game: SgfGame, to_move: str | None) -> bool:
    """Whether the setup is the handicap ``HA`` says, on its usual points, White to move
    (then the game is started with the ``handicap`` option, as the companion does)."""
    if game.handicap < 2 or to_move not in (None, "white"):
        return False
    try:
        points = handicap_points(game.size, game.handicap)
    except ValueError:
        return False
    return game.setup == dict.fromkeys(points, "black")


def point_name(point: str, size: int) -> str:
    """``dd`` on ``size`` lines → ``D16`` (19 lines): SGF counts rows from the top."""
    if len(point) != 2 or not all("a" <= c <= "z" for c in point):
        raise SgfError(f"[{point}] is not a point: SGF writes one as two letters, "
                       "such as [dd].")
    column, row = ord(point[0]) - ord("a"), ord(point[1]) - ord("a")
    if column >= size or row >= size:
        raise SgfError(f"[{point}] is off a board of {size} lines.")
    return f"{COLUMNS[column]}{size - row}"


def _main_line(text: str) -> list[dict[str, list[str]]]:
    """The nodes of the first game's main line (each a dict of property → values)."""
    parser = _Parser(text)
    parser.skip_space()
    if not parser.at("("):
        raise SgfError("This SGF file should start with '(;'.")
    return parser.tree()


class _Parser:
    """Recursive descent over ``(;node;node(;variation)(;variation))``: each game tree
    gives its own nodes, then its first variation's."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0

    def at(self, char: str) -> bool:
        return self.i < len(self.text) and self.text[self.i] == char

    def skip_space(self) -> None:
        while self.i < len(self.text) and self.text[self.i].isspace():
            self.i += 1

    def tree(self) -> list[dict[str, list[str]]]:
        self.i += 1  # the "("
        self.skip_space()
        nodes: list[dict[str, list[str]]] = []
        while self.at(";"):
            self.i += 1
            nodes.append(self.node())
        if not nodes:
            raise SgfError(f"A game tree without a node (';') at character {self.i + 1}.")
        variations = []
        while self.at("("):
            variations.append(self.tree())
            self.skip_space()
        if not self.at(")"):
            if self.i >= len(self.text):
                raise SgfError("This SGF file ends before its game does: a ')' is missing.")
            raise SgfError(f"Unexpected {self.text[self.i]!r} at character {self.i + 1} "
                           "of the SGF file.")
        self.i += 1
        self.skip_space()
        return nodes + (variations[0] if variations else [])

    def node(self) -> dict[str, list[str]]:
        node: dict[str, list[str]] = {}
        self.skip_space()
        while self.i < len(self.text) and self.text[self.i].isalpha():
            start = self.i
            while self.i < len(self.text) and self.text[self.i].isalpha():
                self.i += 1
            key = "".join(c for c in self.text[start:self.i] if c.isupper())
            values, self.i = _values(self.text, self.i, key)
            node.setdefault(key, []).extend(values)
            self.skip_space()
        return node


def _values(text: str, i: int, key: str) -> tuple[list[str], int]:
    """The ``[...]`` values from ``i`` (``\\]`` escapes a bracket)."""
    values: list[str] = []
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text) or text[i] != "[":
            break
        i += 1
        value: list[str] = []
        while i < len(text) and text[i] != "]":
            if text[i] == "\\" and i + 1 < len(text):
                i += 1
            value.append(text[i])
            i += 1
        if i >= len(text):
            raise SgfError(f"The value of {key} is not closed with ']'.")
        values.append("".join(value))
        i += 1
    if not values:
        raise SgfError(f"Property {key} has no value: write it as {key}[...].")
    return values, i


def _size(values: list[str]) -> int:
    text = values[0].strip()
    if ":" in text:
        raise SgfError(f"SZ[{text}]: only square Go boards can be read.")
    size = _number(text, "SZ")
    if size != int(size) or not 2 <= size <= MAX_SIZE:
        raise SgfError(f"SZ[{text}]: a board of 2 to {MAX_SIZE} lines can be read.")
    return int(size)


def _number(text: str, key: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise SgfError(f"{key}[{text}] is not a number.") from None


def _colour(text: str, key: str) -> str:
    colour = COLOURS.get(text.strip().upper())
    if colour is None:
        raise SgfError(f"{key}[{text}] names no player: write B or W.")
    return colour


def _points(value: str, size: int) -> list[str]:
    """One point, or every point of a compressed rectangle ``aa:cc``."""
    if ":" not in value:
        return [point_name(value, size)]
    first, _, last = value.partition(":")
    for corner in (first, last):
        point_name(corner, size)  # each corner on the board, or SgfError
    columns = sorted((ord(first[0]), ord(last[0])))
    rows = sorted((ord(first[1]), ord(last[1])))
    return [point_name(chr(c) + chr(r), size)
            for r in range(rows[0], rows[1] + 1) for c in range(columns[0], columns[1] + 1)]


def _move_point(value: str, size: int) -> str | None:
    """A move's point, or ``None`` for a pass (``[]``, or ``[tt]`` on up to 19 lines)."""
    if value == "" or (value == "tt" and size <= 19):
        return None
    return point_name(value, size)

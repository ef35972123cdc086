"""A game file as the companion takes it in: a game record, or a Go game's SGF file.

A game record (JSON Lines, docs/records.md) is every game's format; an SGF file
(``(;GM[1]...``) is Go's, read into a record by ``companion.games.sgf.sgf_record``, so
one path replays, imports and starts from both. An SGF file is known by its first
character, ``(``, which no record's line starts with.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from companion.games.base import Game
from companion.games.replay import Record, RecordError, read_record
from companion.games.sgf import SgfError, sgf_record

SGF_SUFFIX = ".sgf"
"""The extension of SGF files: ``--save GAME.sgf`` writes one."""


def is_sgf(text: str) -> bool:
    """Whether ``text`` is an SGF file (it opens a game tree)."""
    return text.lstrip().startswith("(")


def game_file_lines(text: str, name: str = "") -> list[str]:
    """The lines of the game record ``text`` holds: its own, or an SGF file's game as a
    record (``name``: the file's name, SGF if it ends in ``.sgf``). ``RecordError`` says
    why an SGF file cannot be read."""
    if not (is_sgf(text) or name.lower().endswith(SGF_SUFFIX)):
        return text.splitlines()
    try:
        return sgf_record(text)
    except SgfError as error:
        raise RecordError(f"This SGF file cannot be read: {error}") from None


def read_game_file(text: str, game: Game, loads: Callable[[str], Any] = json.loads, *,
                   name: str = "") -> Record:
    """The record ``text`` (the file ``name``, if known) holds, a game record or an SGF
    file, for a game of ``game``; ``RecordError`` says why it cannot be (an SGF file for
    a game other than Go)."""
    record = read_record(game_file_lines(text, name), loads)
    if is_sgf(text) and record.game != game.name:
        raise RecordError(f"An SGF file holds a game of Go, not of {game.title}: give a "
                          "game record (.jsonl).")
    return record

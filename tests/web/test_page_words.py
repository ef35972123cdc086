"""What the table page writes for a person is in the game's words, never a key.

Every example record in docs/examples/ is played through a table session, and after
every step the page's data (``web.summaries.page_data``) is searched for an internal
name in the text the page shows: a snake_case key (``setup_roll``, ``two_passes``) or a
piece's key (``red1``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion import game_log
from companion.dice import DiceService
from companion.games.base import IllegalAction
from companion.games.registry import get_game
from companion.games.replay import read_record
from companion.journal import Journal
from companion.table.session import TableSession
from tests.helpers.paths import EXAMPLES as EXAMPLES_DIR
from web.summaries import page_data

EXAMPLES = sorted(path for path in EXAMPLES_DIR.glob("*.jsonl")  # the table's games
                  if get_game(read_record(path.read_text().splitlines()).game).at_the_table
                  is None)
INTERNAL = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b|\b[a-z]+\d+\b")
SHOWN_IN_SUMMARY = ("capture",)  # the panels' fields that are words, not keys


def shown_text(data: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """(where, text) for every piece of text the page shows a person as it is."""
    yield "title", data["title"]
    yield "phase_words", data["phase_words"]
    words = data["words"]
    yield "words.to_move", words["to_move"]
    yield "words.ending", words["ending"]
    for key, name in words["players"].items():
        yield f"words.players.{key}", name
    for step in data["history"]:
        yield "history", step["text"]
    for name in ("problem", "question"):
        if data[name]:
            yield name, data[name]["text"]
    for choice in data["choices"]:
        yield "choices", choice
    if data["pending_dice"]:
        yield "pending_dice.purpose", data["pending_dice"].get("purpose") or ""
    for row in _rows(data["summary"] or {}):
        for field in SHOWN_IN_SUMMARY:
            if row.get(field):
                yield f"summary.{field}", row[field]


def _rows(summary: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for value in summary.values():
        if isinstance(value, list):
            yield from (row for row in value if isinstance(row, dict))


def played(path: Path) -> Iterator[dict[str, Any]]:
    """The page's data after each step of the record at ``path`` (its illegal lines,
    which the examples keep to show a refusal, are refused and skipped)."""
    record = read_record(path.read_text(encoding="utf-8").splitlines())
    journal = Journal(":memory:")
    session = TableSession(journal, dice=DiceService(journal))
    try:
        session.start(record.game, record.options, dice=game_log.TABLE_DICE)
        yield page_data(session)
        for entry in record.entries:
            try:
                session.play(entry.action, list(entry.dice) or None)
            except IllegalAction:
                continue
            yield page_data(session)
    finally:
        session.close()


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_no_internal_name_reaches_a_person(path):
    leaks = {(where, text) for data in played(path) for where, text in shown_text(data)
             if INTERNAL.search(text)}
    assert not leaks


def test_the_examples_reach_the_words_they_are_meant_to_show():
    """The walk above sees players, phases and endings worth checking."""
    seen = {path.stem: list(played(path)) for path in EXAMPLES}
    assert seen["go-9x9"][-1]["words"]["ending"] == ("both players passed, and the board "
                                                     "was scored")
    assert seen["one-2p-60"][-1]["words"]["ending"].startswith("the stones ran out")
    assert {d["words"]["to_move"] for d in seen["onslaught-4p"]} >= {"Red 1", "Blue 2"}
    assert any(d["phase_words"] == "setting up" for d in seen["oneworld-whole-game"])
    assert any(row.get("capture") for d in seen["onslaught-4p"]
               for row in d["summary"]["nodes"])


@pytest.mark.parametrize("game, key, words", [("go", "black", "Black"),
                                              ("onslaught", "red1", "Red 1"),
                                              ("oneworld", "borg", "BORG"),
                                              ("onslaught", "blue", "Blue")])
def test_a_player_key_in_words(game, key, words):
    assert get_game(game).player_words(key) == words


def test_an_ending_in_words():
    assert get_game("go").ending_words("resignation") == "by resignation"
    assert get_game("one").ending_words("all_passed").startswith("every player passed")
    assert get_game("onslaught").ending_words("core destroyed") == "core destroyed"

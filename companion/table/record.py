"""A game of the journal as a record to export (JSON Lines, docs/records.md), or for Go
as an SGF file (``export_sgf``, ``companion.games.sgf_write``).

The header names the game and its options (and ``"dice": "table"`` for a game played
with the dice thrown at the table, ``"position"`` for one started from a position), then
each step standing in order: an action line (with its dice), or a correction as a
``# correction: {...}`` comment that ``companion referee`` skips and the page's import
applies. Every roll made for the game
is a ``# roll: {...}`` comment just where it was made, with who asked for it (or who
entered the dice thrown by hand): rolls are never taken back, so the rolls of a move
that was undone stay in the record, and a move made again with new dice shows both.
"""

from __future__ import annotations

import json
import time
from typing import Any

from companion import game_log
from companion.dice import ROLL_KIND, Roll
from companion.games.replay import CORRECTION_PREFIX, to_line
from companion.games.sgf_write import game_sgf
from companion.journal import Journal, JournalEvent
from companion.table.timeline import timeline

ROLL_PREFIX = "# roll: "
"""How a record writes a roll made for the game: a comment, read by people only."""


def export_lines(journal: Journal, game_id: str) -> list[str]:
    """Return the record of ``game_id`` as lines of text (without line ends)."""
    events = journal.events(game_id=game_id)
    start = events[0]
    header: dict[str, Any] = {"game": start.data["game"],
                              "options": start.data.get("options", {})}
    if start.data.get("dice", game_log.SERVER_DICE) != game_log.SERVER_DICE:
        header["dice"] = start.data["dice"]
    if start.data.get("position") is not None:
        header["position"] = start.data["position"]
    lines = [to_line(header)]
    standing = {event.seq for event in timeline(journal, game_id).standing}
    for event in events[1:]:
        if event.kind == ROLL_KIND:
            lines.append(ROLL_PREFIX + to_line(_roll_words(event)))
        elif event.seq not in standing:
            continue
        elif event.kind == game_log.CORRECTION:
            lines.append(CORRECTION_PREFIX + json.dumps(event.data["correction"],
                                                        sort_keys=True))
        else:
            dice = event.data.get("dice") or []
            action = dict(event.data["action"])
            lines.append(to_line({**action, "dice": dice} if dice else action))
    return lines


def export_sgf(journal: Journal, game_id: str, games: game_log.GameLookup | None = None
               ) -> str:
    """Return the game ``game_id`` (a game of Go) as SGF text: its start, every step
    standing, its result; ``SgfError`` for another game or board."""
    live = game_log.fold(journal, game_id, games=games)
    standing = list(live.timeline.standing)
    befores = [live.before(index) for index in range(len(standing))]
    afters = [*befores[1:], live.match.state][:len(befores)]
    start = befores[0] if befores else live.match.state
    steps = [(event.data, before, after)
             for event, before, after in zip(standing, befores, afters, strict=True)]
    started = journal.events(game_id=game_id)[0].time
    return game_sgf(live.match.game, start, steps,
                    date=time.strftime("%Y-%m-%d", time.localtime(started)))


def _roll_words(event: JournalEvent) -> dict[str, Any]:
    roll = Roll.from_event(event)
    words: dict[str, Any] = {"seq": roll.seq, "dice": roll.notation, "values": list(roll.values),
                             "purpose": roll.purpose, "by": roll.requested_by}
    if roll.by_hand:
        words["thrown"] = "by hand"
    return words

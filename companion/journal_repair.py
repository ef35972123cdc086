"""Check a journal and recover its readable events into a new one.

``companion journal check PATH`` says whether a file is a sound journal: what it is
(not SQLite, another program's database, a newer journal), SQLite's own
``PRAGMA quick_check``, each event that cannot be read, and runs that ended without
closing. ``companion journal recover PATH --to NEW`` copies every event it can read,
with its number, into a new journal, writes a ``journal.lost`` event (of no game) in
place of each one it could not, and says which numbers were lost. The damaged file
is only ever read (see docs/reliability.md, "Journal damage").
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

from companion.journal import Journal, JournalError, JournalEvent, _event, _text_or_undecodable

LOST = "journal.lost"
"""The kind of the event ``recover`` writes in place of each one it could not read."""

CHUNK = 256
"""Events read at once while recovering; a chunk that fails is read again one by one."""


@dataclass
class Report:
    """What a check or a recovery found: ``problems`` (empty for a sound journal),
    the events read, and the numbers of those lost."""

    path: Path
    problems: list[str] = field(default_factory=list)
    events: int = 0
    lost: list[int] = field(default_factory=list)

    def lines(self) -> list[str]:
        lost = _ranges(self.lost)
        out = [f"{self.path}: {self.events} events readable"
               + (f", {len(self.lost)} lost ({lost})" if self.lost else "")]
        out += [f"  - {problem}" for problem in self.problems]
        return out


def check(path: Path) -> Report:
    """Check ``path`` without writing to it."""
    report = Report(path)
    try:
        Journal.check_file(path)
    except JournalError as error:
        report.problems.append(str(error))
    _read_all(path, report, lambda event: None)
    return report


def recover(path: Path, to: Path) -> Report:
    """Copy every readable event of ``path``, numbers kept, into a new journal ``to``."""
    if to.exists():
        raise JournalError(f"{to} exists already; recover into a new file.")
    report = Report(path)
    with Journal(to) as new:
        db = new._db
        db.execute("BEGIN IMMEDIATE")
        _read_all(path, report, lambda event: db.execute(
            "INSERT INTO events (seq, time, kind, game_id, actor, data) "
            "VALUES (?, ?, ?, ?, ?, ?)", (event.seq, event.time, event.kind, event.game_id,
                                          event.actor, json.dumps(event.data))))
        for seq in report.lost:  # the numbers stay dense, and the loss stays on record
            db.execute("INSERT INTO events (seq, time, kind, actor, data) "
                       "VALUES (?, 0, ?, 'journal recover', ?)",
                       (seq, LOST, json.dumps({"from": str(path)})))
        db.execute("COMMIT")
    return report


def _read_all(path: Path, report: Report, keep: Callable[[JournalEvent], object]) -> None:
    """Read every event of ``path`` that can be read, in chunks, row by row where a
    chunk fails; count them into ``report`` and pass each to ``keep``."""
    if not path.is_file() or path.stat().st_size == 0:
        report.problems.append(f"{path} holds no events at all.")
        return
    uri = f"file:{quote(str(path.resolve()))}?mode=ro"
    try:
        db = sqlite3.connect(uri, uri=True)
    except sqlite3.Error as error:
        report.problems.append(f"SQLite cannot open it: {error}")
        return
    db.text_factory = _text_or_undecodable
    sql = "SELECT seq, time, kind, game_id, actor, data FROM events WHERE seq >= ? AND seq < ?"
    try:
        try:
            top = int(db.execute("SELECT MAX(seq) FROM events").fetchone()[0] or 0)
        except sqlite3.DatabaseError as error:
            report.problems.append(f"its events cannot be listed: {error}")
            return
        for start in range(1, top + 1, CHUNK):
            stop = min(start + CHUNK, top + 1)
            try:
                rows = {row[0]: row for row in db.execute(sql, (start, stop))}
            except sqlite3.DatabaseError:
                rows = {}
                for seq in range(start, stop):
                    try:
                        rows.update({row[0]: row for row in db.execute(sql, (seq, seq + 1))})
                    except sqlite3.DatabaseError:
                        pass
            for seq in range(start, stop):
                event = _event(rows[seq]) if seq in rows else None
                if event is None:
                    report.lost.append(seq)
                else:
                    report.events += 1
                    keep(event)
        if report.lost:
            report.problems.append(f"{len(report.lost)} events cannot be read: "
                                   f"{_ranges(report.lost)}")
    finally:
        db.close()


def _ranges(numbers: list[int]) -> str:
    parts: list[str] = []
    for number in numbers:
        if parts and parts[-1].split("–")[-1] == str(number - 1):
            parts[-1] = f"{parts[-1].split('–')[0]}–{number}"
        else:
            parts.append(str(number))
    return ", ".join(parts[:20]) + (" ..." if len(parts) > 20 else "")

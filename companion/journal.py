"""The event journal: an append-only SQLite file that survives a power cut.

Everything that happens at the table — a game started, an action taken, an undo, a die
rolled — is appended here as one event, and a game in progress is rebuilt from its
events (see ``companion.game_log``). There is no update or delete: undo is an event too,
and two triggers make SQLite itself refuse to change or remove a row.

Durability: the file is in WAL mode with ``synchronous=FULL``, so when ``append``
returns the event is on disk (the WAL is fsynced on every commit). A power cut or a
``kill -9`` loses at most an append that had not returned yet.

The file is marked as ours with ``PRAGMA application_id`` and carries its schema
version in ``PRAGMA user_version``. Before SQLite is allowed to touch an existing file,
its header is read as plain bytes, so a file that is not SQLite, a foreign SQLite
database or a newer journal is refused with a ``JournalError`` and left exactly as it
was; a damaged journal is found by ``PRAGMA quick_check`` on a read-only connection.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any
from urllib.parse import quote

from companion.errors import UserFacingError

APPLICATION_ID = 0x54434A4C
"""``PRAGMA application_id`` of a journal: the bytes ``TCJL`` (Tabletop Companion JournaL)."""

SCHEMA_VERSION = 1
"""``PRAGMA user_version`` this code writes and the newest it can read."""

BATCH_EVENTS = 500
"""Events a :meth:`Journal.batch` commits together (one disk flush each)."""

_SQLITE_MAGIC = b"SQLite format 3\x00"

_SCHEMA = f"""
CREATE TABLE events (
    seq     INTEGER PRIMARY KEY,
    time    REAL    NOT NULL,
    kind    TEXT    NOT NULL,
    game_id TEXT    NOT NULL DEFAULT '',
    actor   TEXT    NOT NULL DEFAULT '',
    data    TEXT    NOT NULL
);
CREATE INDEX events_by_game ON events (game_id, seq);
CREATE INDEX events_by_kind ON events (kind, seq);
CREATE TRIGGER events_are_never_updated BEFORE UPDATE ON events
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER events_are_never_deleted BEFORE DELETE ON events
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
PRAGMA application_id = {APPLICATION_ID};
PRAGMA user_version = {SCHEMA_VERSION};
"""


class JournalError(UserFacingError, ValueError):
    """A journal file that cannot be used: not a journal, damaged, or from a newer version."""


@dataclass(frozen=True)
class JournalEvent:
    """One thing that happened, as stored: ``seq`` numbers events 1, 2, 3... in order."""

    seq: int
    time: float
    kind: str
    game_id: str
    actor: str
    data: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "time": self.time,
            "kind": self.kind,
            "game_id": self.game_id,
            "actor": self.actor,
            "data": self.data,
        }


class Journal:
    """An append-only event journal in one SQLite file (or ``":memory:"`` for tests).

    Safe to share between threads: one connection, guarded by a lock. Several processes
    may also open the same file (the web server and ``companion roll``); SQLite
    serialises their appends.
    """

    def __init__(
        self,
        path: str | Path,
        *,
        clock: Callable[[], float] = time.time,
        timeout: float = 10.0,
    ) -> None:
        """Open the journal at ``path``, creating it if the file is new or empty.

        ``clock`` gives event times (seconds since the epoch); ``timeout`` is how long an
        append waits for another process's write to finish before giving up.
        """
        self.path = path if str(path) == ":memory:" else Path(path)
        self._clock = clock
        self._lock = threading.Lock()
        self._batch_owner: int | None = None
        self._batched = 0
        if isinstance(self.path, Path):
            try:
                _check_existing_file(self.path)
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise _unusable(self.path, error.strerror or error) from error
        try:
            self._db = sqlite3.connect(
                str(self.path), timeout=timeout, isolation_level=None, check_same_thread=False
            )
        except sqlite3.Error as error:
            raise _unusable(self.path, error) from error
        try:
            self._prepare()
        except sqlite3.OperationalError as error:  # read-only, locked, disk full
            self._db.close()
            raise _unusable(self.path, error) from error
        except sqlite3.DatabaseError as error:
            self._db.close()
            raise _damaged(self.path, error) from error

    def _prepare(self) -> None:
        db = self._db
        if db.execute("PRAGMA user_version").fetchone()[0] == 0:
            # A new file: create the schema and mark it in one transaction, before WAL
            # mode, so the mark is in the main file's header from the first commit on.
            db.execute("BEGIN IMMEDIATE")
            try:
                if db.execute("PRAGMA user_version").fetchone()[0] == 0:
                    for statement in _SCHEMA.strip().split(";\n"):
                        db.execute(statement)
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")

    # -- writing --------------------------------------------------------------------

    def append(
        self,
        kind: str,
        data: dict[str, Any],
        *,
        game_id: str = "",
        actor: str = "",
        at: float | None = None,
    ) -> JournalEvent:
        """Append one event and return it once it is on disk.

        ``data`` must be a dict of JSON data (``ValueError`` otherwise). ``at`` is the
        event's time in seconds since the epoch; by default, now.
        """
        if not isinstance(kind, str) or not kind:
            raise ValueError("An event needs a kind, such as 'dice.roll'.")
        if not isinstance(data, dict):
            raise ValueError(f"An event's data must be a dict, not {type(data).__name__}.")
        try:
            text = json.dumps(data, allow_nan=False, separators=(",", ":"))
        except (TypeError, ValueError) as error:
            raise ValueError(f"The data of a {kind!r} event is not JSON data: {error}") from None
        when = self._clock() if at is None else float(at)
        with self._lock:
            batched = self._batch_owner == threading.get_ident()
            try:
                if not batched:
                    self._commit_batch()  # so this event is on disk when we return
                elif not self._db.in_transaction:
                    self._db.execute("BEGIN IMMEDIATE")
                cursor = self._db.execute(
                    "INSERT INTO events (time, kind, game_id, actor, data) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (when, kind, game_id, actor, text),
                )
                if batched:
                    self._batched += 1
                    if self._batched >= BATCH_EVENTS:
                        self._commit_batch()
            except sqlite3.OperationalError as error:  # disk full, read-only, locked
                raise JournalError(
                    f"The {kind!r} event could not be written to {self.path} ({error}); "
                    "it was not recorded."
                ) from error
            seq = cursor.lastrowid
        assert seq is not None
        return JournalEvent(seq, when, kind, game_id, actor, json.loads(text))

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Group this thread's appends into one commit per ``BATCH_EVENTS`` events, and
        one more when the block ends: an import of thousands of lines costs a few disk
        flushes instead of one per line. Inside the block this thread's appends are on
        disk only once the block has ended (or at the next commit); another thread's
        append commits what is waiting first, so its own event is still on disk when it
        returns."""
        with self._lock:
            if self._batch_owner is not None:
                raise RuntimeError("The journal is already in a batch.")
            self._batch_owner = threading.get_ident()
        try:
            yield
        finally:
            with self._lock:
                self._batch_owner = None
                self._commit_batch()

    def _commit_batch(self) -> None:
        """Commit the appends a batch left waiting (the lock held)."""
        self._batched = 0
        if self._db.in_transaction:
            self._db.execute("COMMIT")

    # -- reading --------------------------------------------------------------------

    def events(
        self,
        *,
        game_id: str | None = None,
        kind: str | None = None,
        after_seq: int = 0,
        limit: int | None = None,
        newest_first: bool = False,
    ) -> list[JournalEvent]:
        """Return the events matching every filter given, oldest first unless asked."""
        sql = "SELECT seq, time, kind, game_id, actor, data FROM events WHERE seq > ?"
        params: list[Any] = [after_seq]
        if game_id is not None:
            sql += " AND game_id = ?"
            params.append(game_id)
        if kind is not None:
            sql += " AND kind = ?"
            params.append(kind)
        sql += " ORDER BY seq DESC" if newest_first else " ORDER BY seq"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(max(0, int(limit)))
        with self._lock:
            rows = self._db.execute(sql, params).fetchall()
        return [
            JournalEvent(seq, when, kind_, game, actor, json.loads(data))
            for seq, when, kind_, game, actor, data in rows
        ]

    def last_seq(self) -> int:
        """Return the ``seq`` of the newest event, or 0 for an empty journal."""
        with self._lock:
            return int(self._db.execute("SELECT COALESCE(MAX(seq), 0) FROM events").fetchone()[0])

    # -- closing --------------------------------------------------------------------

    def close(self) -> None:
        """Close the file. Further use raises ``sqlite3.ProgrammingError``."""
        with self._lock:
            self._commit_batch()
            self._db.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Journal({str(self.path)!r})"


def _check_existing_file(path: Path) -> None:
    """Refuse a file that is not one of our journals, without letting SQLite write to it."""
    if path.is_dir():
        raise JournalError(f"{path} is a folder, not a journal file; choose another --journal.")
    if not path.exists() or path.stat().st_size == 0:
        return
    with path.open("rb") as file:
        header = file.read(100)
    if len(header) < 100 or not header.startswith(_SQLITE_MAGIC):
        raise JournalError(
            f"{path} is not a Tabletop Companion journal (it is not an SQLite database); "
            "move it away or choose another --journal."
        )
    user_version = int.from_bytes(header[60:64], "big")
    application_id = int.from_bytes(header[68:72], "big")
    if application_id != APPLICATION_ID:
        raise JournalError(
            f"{path} is not a Tabletop Companion journal (it is another program's SQLite "
            "database); move it away or choose another --journal."
        )
    if user_version > SCHEMA_VERSION:
        raise _newer(path, user_version)
    uri = f"file:{quote(str(path.resolve()))}?mode=ro"
    try:
        db = sqlite3.connect(uri, uri=True, timeout=10.0)
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise _newer(path, version)
            report = [row[0] for row in db.execute("PRAGMA quick_check")]
            if report != ["ok"]:
                lines = [line for text in report for line in text.splitlines()]
                problems = [line for line in lines if not line.startswith("***")]
                raise _damaged(path, f"SQLite's check found: {problems[0]}")
            db.execute("SELECT seq, time, kind, game_id, actor, data FROM events LIMIT 1")
        finally:
            db.close()
    except sqlite3.DatabaseError as error:
        raise _damaged(path, error) from error


def _newer(path: Path, version: int) -> JournalError:
    return JournalError(
        f"{path} was written by a newer Tabletop Companion (journal schema {version}; this "
        f"version reads up to {SCHEMA_VERSION}); upgrade the companion or choose another "
        "--journal."
    )


def _unusable(path: str | Path, detail: object) -> JournalError:
    return JournalError(
        f"{path} cannot be opened as a journal ({detail}); check that its folder exists "
        "and is writable by this user, or choose another --journal."
    )


def _damaged(path: str | Path, detail: object) -> JournalError:
    return JournalError(
        f"{path} is a damaged Tabletop Companion journal ({detail}); keep a copy for "
        "recovery, then move it away or choose another --journal."
    )

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
Every refusal names the file and how to check it and recover its readable events
(``companion journal check`` / ``recover``, ``companion.journal_repair``).

Damage is loud (docs/reliability.md, "Journal damage"): a new journal is built beside
its path and linked into place whole, so a 0-byte file is never one of ours and is
refused; each process that opens the journal notes its run in a ``runs`` table and marks
it closed when it closes, so a run left open (a crash, a power cut) whose write-ahead
log (``-wal``) is gone is reported in :attr:`Journal.warnings`, since the events it held
are lost; and a row that cannot be read is skipped, logged and noted in ``warnings``,
instead of taking down every reader.
"""

from __future__ import annotations

import json
import logging
import os
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

log = logging.getLogger(__name__)

APPLICATION_ID = 0x54434A4C
"""``PRAGMA application_id`` of a journal: the bytes ``TCJL`` (Tabletop Companion JournaL)."""

SCHEMA_VERSION = 1
"""``PRAGMA user_version`` this code writes and the newest it can read."""

RUN_NOTE_WAIT_MS = 500
"""How long opening the journal waits to note its run while another process writes."""

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


_RUNS = """CREATE TABLE IF NOT EXISTS runs (
    id     INTEGER PRIMARY KEY,
    pid    INTEGER NOT NULL,
    boot   TEXT    NOT NULL,
    opened REAL    NOT NULL,
    closed REAL
)"""
"""One row per process that opened the journal (its pid, and the machine's boot it ran
in, so a pid reused after a reboot is not taken for it); ``closed`` is set by a clean
close, and to -1 for a run found ended without one."""

_BOOT_ID = Path("/proc/sys/kernel/random/boot_id")


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
        self.warnings: list[str] = []
        """Damage found while open: a lost write-ahead log, rows that cannot be read."""
        self._unreadable: set[int] = set()
        self._run: int | None = None
        self._timeout = timeout
        wal_present = True
        if isinstance(self.path, Path):
            wal_present = Path(f"{self.path}-wal").exists()  # before SQLite opens it
            try:
                if not self.path.exists() and not self.path.is_symlink():
                    self.path.parent.mkdir(parents=True, exist_ok=True)
                    _create(self.path)
                _check_existing_file(self.path)
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
        self._db.text_factory = _text_or_undecodable
        if isinstance(self.path, Path):
            self._note_run(wal_present)

    def _note_run(self, wal_present: bool) -> None:
        """Note this run, and say so loudly if a run that ended without closing lost its
        write-ahead log (the events it had not yet moved into the main file)."""
        db = self._db
        # Noting a run is worth a short wait at most: another process in the middle of
        # a batch (an import) holds the write lock, and opening must not wait for it.
        db.execute(f"PRAGMA busy_timeout = {RUN_NOTE_WAIT_MS}")
        try:
            db.execute(_RUNS)
            open_runs = db.execute("SELECT id, pid, boot, opened FROM runs "
                                   "WHERE closed IS NULL ORDER BY id").fetchall()
            ended = [(run, opened) for run, pid, boot, opened in open_runs
                     if not wal_present or not _alive(pid, boot)]
            if ended and not wal_present:
                last = db.execute("SELECT COALESCE(MAX(seq), 0), MAX(time) FROM events"
                                  ).fetchone()
                since = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(ended[-1][1]))
                self._warn(
                    f"{self.path} was not closed cleanly (a crash or a power cut in the run "
                    f"started {since}) and its write-ahead log {self.path}-wal is missing: "
                    f"events written after event {last[0]} may be lost. Check it with "
                    f"`companion journal check {self.path}`.")
            for run, _ in ended:
                db.execute("UPDATE runs SET closed = -1 WHERE id = ?", (run,))
            cursor = db.execute("INSERT INTO runs (pid, boot, opened) VALUES (?, ?, ?)",
                                (os.getpid(), _boot(), time.time()))
            self._run = cursor.lastrowid
            # Into the main file now: a WAL lost later cannot hide that this run began.
            db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except sqlite3.OperationalError as error:  # read-only, locked
            log.warning("journal: cannot note this run in %s (%s)", self.path, error)
        finally:
            db.execute(f"PRAGMA busy_timeout = {round(self._timeout * 1000)}")

    @staticmethod
    def check_file(path: Path) -> None:
        """Raise ``JournalError`` if ``path`` is not a sound journal; never write to it."""
        if not path.exists():
            raise JournalError(f"{path} does not exist.")
        _check_existing_file(path)

    def _warn(self, sentence: str) -> None:
        self.warnings.append(sentence)
        log.warning("journal: %s", sentence)

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
        events = []
        for row in rows:
            event = _event(row)
            if event is not None:
                events.append(event)
            elif row[0] not in self._unreadable:
                self._unreadable.add(row[0])
                self._warn(f"Event {row[0]} of {self.path} cannot be read (damaged) and is "
                           "skipped; `companion journal check` lists every such event.")
        return events

    def last_seq(self) -> int:
        """Return the ``seq`` of the newest event, or 0 for an empty journal."""
        with self._lock:
            return int(self._db.execute("SELECT COALESCE(MAX(seq), 0) FROM events").fetchone()[0])

    # -- closing --------------------------------------------------------------------

    def close(self) -> None:
        """Close the file. Further use raises ``sqlite3.ProgrammingError``."""
        with self._lock:
            if self._batched:
                self._commit_batch()
            if self._run is not None:
                try:
                    self._db.execute("UPDATE runs SET closed = ? WHERE id = ?",
                                     (time.time(), self._run))
                except sqlite3.Error as error:
                    log.warning("journal: cannot mark %s closed (%s)", self.path, error)
                self._run = None
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


class _Undecodable(bytes):
    """A text value whose bytes are not UTF-8: a damaged row."""


def _text_or_undecodable(data: bytes) -> str | bytes:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return _Undecodable(data)


def _event(row: tuple[Any, ...]) -> JournalEvent | None:
    """The event a row holds, or None if the row is damaged (a field of the wrong type,
    bytes that are not text, data that is not a JSON object)."""
    seq, when, kind, game_id, actor, text = row
    if not (isinstance(seq, int) and isinstance(when, (int, float))
            and all(type(value) is str for value in (kind, game_id, actor, text))):
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    return JournalEvent(seq, float(when), kind, game_id, actor, data)


def _boot() -> str:
    """This boot of the machine (Linux's boot id), or "" where there is none."""
    try:
        return _BOOT_ID.read_text().strip()
    except OSError:
        return ""


def _alive(pid: int, boot: str) -> bool:
    """Whether the process ``pid`` of the boot ``boot`` still runs on this machine (so
    its run may still be open)."""
    if boot != _boot():
        return False
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # another user's process
    return True


def _create(path: Path) -> None:
    """Create a new, empty journal at ``path`` all at once: built beside it, then linked
    into place (never over a file another process made meanwhile). So a journal file is
    never 0 bytes, and a 0-byte file at a journal's path is damage."""
    building = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.new")
    try:
        db = sqlite3.connect(str(building), isolation_level=None)
        try:
            db.executescript(_SCHEMA + _RUNS + ";")
            db.execute("PRAGMA synchronous = FULL")
        finally:
            db.close()
        with building.open("rb+") as file:
            os.fsync(file.fileno())
        try:
            os.link(building, path)
        except FileExistsError:
            pass  # another process made it first: use theirs
    finally:
        building.unlink(missing_ok=True)
    folder = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(folder)  # the new name on disk too, before any event goes in
    finally:
        os.close(folder)


def _check_existing_file(path: Path) -> None:
    """Refuse a file that is not one of our journals, without letting SQLite write to it."""
    if path.is_dir():
        raise JournalError(f"{path} is a folder, not a journal file; choose another --journal.")
    if path.stat().st_size == 0:
        raise JournalError(
            f"{path} is empty (0 bytes): a journal is never empty, so this one lost its "
            f"content (or the file is not a journal). {_HOW_TO_RECOVER.format(path=path)}")
    with path.open("rb") as file:
        header = file.read(100)
    if len(header) < 100 or not header.startswith(_SQLITE_MAGIC):
        raise JournalError(
            f"{path} is not a Tabletop Companion journal (it is not an SQLite database); "
            "move it away or choose another --journal (`companion journal check "
            f"{path}` says what it is)."
        )
    user_version = int.from_bytes(header[60:64], "big")
    application_id = int.from_bytes(header[68:72], "big")
    if application_id != APPLICATION_ID:
        raise JournalError(
            f"{path} is not a Tabletop Companion journal (it is another program's SQLite "
            "database); move it away or choose another --journal (`companion journal "
            f"check {path}` says what it is)."
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


_HOW_TO_RECOVER = (
    "Check it with `companion journal check {path}`; `companion journal recover {path} "
    "--to NEW` copies every readable event into a new journal NEW; then choose another "
    "--journal (NEW), or move the file away to start afresh.")


def _damaged(path: str | Path, detail: object) -> JournalError:
    return JournalError(
        f"{path} is a damaged Tabletop Companion journal ({detail}). "
        + _HOW_TO_RECOVER.format(path=path)
    )

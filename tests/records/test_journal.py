"""The journal: append and read back, filters, durability, threads, refusing foreign files."""

import hashlib
import random
import sqlite3
import threading

import pytest

from companion.errors import UserFacingError
from companion.journal import SCHEMA_VERSION, Journal, JournalError, JournalEvent


def tick_clock(start=1000.0):
    times = iter(range(10_000))
    return lambda: start + next(times)


@pytest.fixture
def journal():
    with Journal(":memory:", clock=tick_clock()) as journal:
        yield journal


def test_append_returns_the_stored_event_with_consecutive_seq(journal):
    first = journal.append("game.start", {"game": "go"}, game_id="g1", actor="alice")
    second = journal.append("dice.roll", {"values": [3, 5]}, actor="button")
    assert first == JournalEvent(1, 1000.0, "game.start", "g1", "alice", {"game": "go"})
    assert second.seq == 2 and second.time == 1001.0 and second.game_id == ""
    assert journal.last_seq() == 2
    assert journal.events() == [first, second]
    assert first.to_json() == {"seq": 1, "time": 1000.0, "kind": "game.start",
                               "game_id": "g1", "actor": "alice", "data": {"game": "go"}}


def test_an_explicit_time_is_kept(journal):
    assert journal.append("note", {}, at=12.5).time == 12.5


def test_empty_journal_has_no_events(journal):
    assert journal.events() == [] and journal.last_seq() == 0


def test_filters_by_game_kind_seq_limit_and_order(journal):
    for i in range(10):
        journal.append("game.action" if i % 2 else "dice.roll", {"i": i},
                       game_id="a" if i < 5 else "b")
    assert [e.data["i"] for e in journal.events(game_id="a")] == [0, 1, 2, 3, 4]
    assert [e.data["i"] for e in journal.events(kind="dice.roll")] == [0, 2, 4, 6, 8]
    assert [e.data["i"] for e in journal.events(game_id="b", kind="game.action")] == [5, 7, 9]
    assert [e.seq for e in journal.events(after_seq=7)] == [8, 9, 10]
    assert [e.seq for e in journal.events(limit=3)] == [1, 2, 3]
    assert [e.seq for e in journal.events(limit=3, newest_first=True)] == [10, 9, 8]
    assert journal.events(game_id="nobody") == []


def test_data_must_be_json(journal):
    with pytest.raises(ValueError, match="not JSON data"):
        journal.append("note", {"when": object()})
    with pytest.raises(ValueError, match="not JSON data"):
        journal.append("note", {"x": float("nan")})
    with pytest.raises(ValueError, match="must be a dict"):
        journal.append("note", [1, 2])
    with pytest.raises(ValueError, match="needs a kind"):
        journal.append("", {})
    assert journal.last_seq() == 0


def test_data_comes_back_as_json_not_the_callers_object(journal):
    data = {"dice": (1, 2)}
    event = journal.append("note", data)
    data["dice"] = "changed"
    assert event.data == {"dice": [1, 2]} and journal.events()[0].data == {"dice": [1, 2]}


def test_events_survive_closing_and_reopening(tmp_path):
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        journal.append("game.start", {"game": "go"}, game_id="g1", actor="alice")
        journal.append("game.action", {"action": {"type": "pass"}}, game_id="g1")
    with Journal(path) as journal:
        assert [e.kind for e in journal.events()] == ["game.start", "game.action"]
        assert journal.events()[0].actor == "alice"
        assert journal.append("game.undo", {}, game_id="g1").seq == 3


def test_file_is_marked_as_ours_in_wal_mode(tmp_path):
    path = tmp_path / "journal.sqlite3"
    Journal(path).close()
    db = sqlite3.connect(path)
    try:
        assert db.execute("PRAGMA application_id").fetchone()[0] == 0x54434A4C
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        db.close()


def test_sqlite_itself_refuses_to_change_or_delete_events(tmp_path):
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        journal.append("note", {"n": 1})
    db = sqlite3.connect(path)
    try:
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            db.execute("UPDATE events SET kind = 'forged'")
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            db.execute("DELETE FROM events")
    finally:
        db.close()


def test_missing_folders_are_created(tmp_path):
    with Journal(tmp_path / "a" / "b" / "journal.sqlite3") as journal:
        journal.append("note", {})
    assert (tmp_path / "a" / "b" / "journal.sqlite3").exists()


def test_an_empty_file_is_refused_since_a_journal_is_never_empty(tmp_path):
    path = tmp_path / "journal.sqlite3"
    path.touch()
    message = assert_refused(path, "is empty (0 bytes)", "companion journal check",
                             "companion journal recover")
    assert path.stat().st_size == 0 and "\n" not in message


def test_a_new_journal_is_whole_from_its_first_byte(tmp_path):
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        assert path.stat().st_size > 0
        assert journal.append("note", {}).seq == 1
    assert [p.name for p in tmp_path.iterdir()] == ["journal.sqlite3"]


def test_many_threads_appending_lose_and_repeat_nothing(tmp_path):
    threads_count, per_thread = 8, 40
    with Journal(tmp_path / "journal.sqlite3") as journal:
        start = threading.Barrier(threads_count)
        returned: list[list[int]] = [[] for _ in range(threads_count)]

        def worker(n):
            start.wait()
            for i in range(per_thread):
                returned[n].append(journal.append("note", {"thread": n, "i": i}).seq)

        threads = [threading.Thread(target=worker, args=(n,)) for n in range(threads_count)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        events = journal.events()
    total = threads_count * per_thread
    assert [e.seq for e in events] == list(range(1, total + 1))
    assert sorted(seq for seqs in returned for seq in seqs) == list(range(1, total + 1))
    for n in range(threads_count):
        assert [e.data["i"] for e in events if e.data["thread"] == n] == list(range(per_thread))


# -- files that are not (usable) journals ---------------------------------------------


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def assert_refused(path, *words):
    before = digest(path)
    with pytest.raises(JournalError) as caught:
        Journal(path)
    message = str(caught.value)
    assert str(path) in message and "choose another --journal" in message
    for word in words:
        assert word in message
    assert digest(path) == before, "a refused file must be left untouched"
    assert isinstance(caught.value, UserFacingError) and isinstance(caught.value, ValueError)
    return message


def test_random_bytes_are_refused(tmp_path):
    path = tmp_path / "journal.sqlite3"
    path.write_bytes(random.Random(7).randbytes(5000))
    assert_refused(path, "not a Tabletop Companion journal", "not an SQLite database")


def test_a_short_text_file_is_refused(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("shopping: milk\n")
    assert_refused(path, "not a Tabletop Companion journal")


def test_another_programs_sqlite_database_is_refused(tmp_path):
    path = tmp_path / "photos.db"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE photos (name TEXT)")
    db.execute("INSERT INTO photos VALUES ('cat.jpg')")
    db.commit()
    db.close()
    assert_refused(path, "not a Tabletop Companion journal", "another program's")


def test_a_journal_from_a_newer_version_is_refused(tmp_path):
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        journal.append("note", {})
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    assert_refused(path, "newer Tabletop Companion", f"schema {SCHEMA_VERSION + 1}")


def filled_journal(path, events=100):
    with Journal(path) as journal:
        for i in range(events):
            journal.append("note", {"i": i, "text": "x" * 700})
    return path.read_bytes()


def test_a_truncated_journal_is_refused(tmp_path):
    path = tmp_path / "journal.sqlite3"
    data = filled_journal(path)
    path.write_bytes(data[: len(data) // 2])
    assert_refused(path, "damaged Tabletop Companion journal")


def test_a_journal_with_garbage_inside_is_refused(tmp_path):
    path = tmp_path / "journal.sqlite3"
    data = bytearray(filled_journal(path))
    data[20_000:24_000] = random.Random(3).randbytes(4000)
    path.write_bytes(bytes(data))
    message = assert_refused(path, "damaged Tabletop Companion journal")
    assert "\n" not in message


def test_a_folder_is_refused(tmp_path):
    with pytest.raises(JournalError, match="is a folder"):
        Journal(tmp_path)


def test_a_path_that_cannot_be_created_is_a_clear_error(tmp_path):
    (tmp_path / "a-file").write_text("x")
    with pytest.raises(JournalError, match="cannot be opened as a journal .* writable"):
        Journal(tmp_path / "a-file" / "journal.sqlite3")


def test_a_failed_write_is_a_journal_error_and_records_nothing(tmp_path):
    path = tmp_path / "journal.sqlite3"
    with Journal(path, timeout=0.01) as journal:
        journal.append("note", {"n": 1})
        other = sqlite3.connect(path, timeout=0)
        other.execute("BEGIN EXCLUSIVE")
        try:
            with pytest.raises(JournalError, match="could not be written .* not recorded"):
                journal.append("note", {"n": 2})
        finally:
            other.rollback()
            other.close()
        assert [e.data["n"] for e in journal.events()] == [1]


def test_a_batch_commits_its_events_together_and_another_thread_s_append_is_on_disk(
        tmp_path):
    from companion.journal import BATCH_EVENTS

    path = tmp_path / "batch.sqlite3"
    journal = Journal(path)

    def on_disk():
        """The last event another process would read (read-only: it notes no run)."""
        reader = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            return reader.execute("SELECT COALESCE(MAX(seq), 0) FROM events").fetchone()[0]
        finally:
            reader.close()

    with journal.batch():
        for number in range(3):
            journal.append("game.action", {"n": number})
        assert on_disk() == 0  # not yet committed
        other = threading.Thread(target=journal.append, args=("dice.roll", {"d": [4]}))
        other.start()
        other.join()
        assert on_disk() == 4  # the roll is on disk, and what waited before it
        for number in range(BATCH_EVENTS):
            journal.append("game.action", {"n": number})
        assert on_disk() == 4 + BATCH_EVENTS
        journal.append("game.action", {"n": "last"})
    assert on_disk() == 5 + BATCH_EVENTS
    journal.close()


def test_opening_while_another_holds_a_batch_goes_on_without_noting_its_run(tmp_path,
                                                                           caplog):
    path = tmp_path / "busy.sqlite3"
    writer = Journal(path)
    with writer.batch():
        writer.append("game.action", {"n": 1})
        with Journal(path) as reader:  # a second process's command, mid-import
            assert reader.last_seq() == 0  # the batch is not committed yet
    assert "cannot note this run" in caplog.text
    with Journal(path) as reader:
        assert reader.last_seq() == 1
    writer.close()

"""Journal damage is loud: a lost write-ahead log after a crash is reported, a damaged
row is skipped with a note (the history still answers), and `companion journal check`
and `recover` find and keep every readable event."""

import sqlite3
from pathlib import Path

import pytest

from companion.cli import main
from companion.dice import DiceService
from companion.journal import Journal
from companion.journal_repair import check, recover
from tests.helpers.crashed_journal import crash_after, wal


def test_a_clean_stop_leaves_no_warning(tmp_path):
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        journal.append("note", {})
    with Journal(path) as journal:
        assert journal.warnings == []


def test_a_crash_with_its_wal_kept_loses_nothing_and_says_nothing(tmp_path):
    path = tmp_path / "journal.sqlite3"
    crash_after(path, 5)
    assert wal(path).exists()
    with Journal(path) as journal:
        assert journal.last_seq() == 5 and journal.warnings == []


def test_a_crash_recovered_from_its_wal_is_not_reported_later(tmp_path):
    path = tmp_path / "journal.sqlite3"
    crash_after(path, 2)
    with Journal(path) as journal:  # recovers; its clean close then removes the WAL
        assert journal.warnings == []
    assert not wal(path).exists()
    with Journal(path) as journal:
        assert journal.warnings == [] and journal.last_seq() == 2


def test_a_crash_whose_wal_was_deleted_is_reported_loudly(tmp_path, caplog):
    path = tmp_path / "journal.sqlite3"
    crash_after(path, 5)
    wal(path).unlink()
    Path(f"{path}-shm").unlink(missing_ok=True)
    with Journal(path) as journal:
        (warning,) = journal.warnings
        assert journal.last_seq() < 5  # the events only the WAL held are gone
    assert "was not closed cleanly" in warning and "-wal is missing" in warning
    assert f"companion journal check {path}" in warning
    assert "was not closed cleanly" in caplog.text
    with Journal(path) as journal:  # said once; the next start is clean
        assert journal.warnings == []


def damage_row(path, seq, data=b"\xff\xfe not json"):
    """Overwrite one event's data behind the journal's back (its triggers dropped)."""
    db = sqlite3.connect(path)
    db.execute("DROP TRIGGER IF EXISTS events_are_never_updated")
    db.execute("UPDATE events SET data = CAST(? AS TEXT) WHERE seq = ?", (data, seq))
    db.commit()
    db.close()


def test_one_damaged_row_is_skipped_with_a_note(tmp_path):
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        for number in range(5):
            journal.append("dice.roll", {"n": number})
    damage_row(path, 3)
    with Journal(path) as journal:
        assert [event.seq for event in journal.events()] == [1, 2, 4, 5]
        assert [event.seq for event in journal.events()] == [1, 2, 4, 5]
        (warning,) = journal.warnings
        assert "Event 3 of" in warning and "skipped" in warning


def test_the_history_answers_with_a_damaged_roll(tmp_path, make_app):
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        dice = DiceService(journal)
        for _ in range(3):
            dice.roll(1, 6)
    damage_row(path, 2, b'{"half a roll')
    client = make_app(JOURNAL_PATH=str(path)).test_client()
    history = client.get("/api/dice/history")
    assert history.status_code == 200 and len(history.get_json()["rolls"]) == 2
    assert client.get("/api/status").status_code == 200


def test_check_and_recover_keep_every_readable_event(tmp_path, capsys):
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        for number in range(600):
            journal.append("note", {"n": number})
    damage_row(path, 7)
    damage_row(path, 300, b"[1, 2]")
    report = check(path)
    assert report.events == 598 and report.lost == [7, 300] and report.problems
    assert main(["journal", "check", str(path)]) == 1
    assert "598 events readable, 2 lost (7, 300)" in capsys.readouterr().out
    new = tmp_path / "new.sqlite3"
    assert main(["journal", "recover", str(path), "--to", str(new)]) == 0
    assert "Recovered 598 events" in capsys.readouterr().out
    with Journal(new) as journal:
        events = journal.events()
        assert [event.seq for event in events] == list(range(1, 601))
        assert [event.seq for event in events if event.kind == "journal.lost"] == [7, 300]
        assert events[299].data == {"from": str(path)} and events[298].data == {"n": 298}
        assert journal.append("note", {}).seq == 601
    assert check(new).problems == []


def test_check_says_what_a_file_that_is_not_a_journal_is(tmp_path):
    empty = tmp_path / "empty.sqlite3"
    empty.touch()
    problems = check(empty).problems
    assert any("is empty (0 bytes)" in problem for problem in problems)
    text = tmp_path / "notes.txt"
    text.write_text("hello " * 100)
    assert "not an SQLite database" in check(text).problems[0]
    assert recover(text, tmp_path / "new.sqlite3").events == 0


def test_serve_stops_with_a_sentence_naming_the_file(tmp_path, capsys, monkeypatch):
    path = tmp_path / "journal.sqlite3"
    path.touch()
    assert main(["serve", "--journal", str(path), "--source", "none", "--no-button",
                 "--port", "0"]) == 1
    error = capsys.readouterr().err
    assert str(path) in error and "companion journal check" in error


def test_the_page_s_status_says_the_journal_lost_events(tmp_path, make_app):
    path = tmp_path / "journal.sqlite3"
    crash_after(path, 3)
    wal(path).unlink()
    client = make_app(JOURNAL_PATH=str(path)).test_client()
    (warning,) = client.get("/api/status").get_json()["journal_warnings"]
    assert "-wal is missing" in warning
    assert client.get("/healthz").get_json()["journal_warnings"] == [warning]


def test_a_game_with_a_damaged_move_still_serves_its_page(tmp_path, make_app):
    from companion.table.session import TableSession

    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        session = TableSession(journal)
        session.start("one", {"players": 2})
        session.play({"type": "place", "player": "black", "at": "A1"})
        session.play({"type": "place", "player": "white", "at": "B1"})
        session.close()
        seq = journal.events(kind="game.action")[0].seq
    damage_row(path, seq)
    client = make_app(JOURNAL_PATH=str(path)).test_client()
    for url in ("/api/game", "/api/games", "/api/status", "/api/dice/history"):
        assert client.get(url).status_code == 200, url
    assert any(f"Event {seq} of" in warning
               for warning in client.get("/api/status").get_json()["journal_warnings"])


def test_a_file_marked_as_a_journal_without_its_table_is_refused(tmp_path):
    from companion.journal import APPLICATION_ID, JournalError

    path = tmp_path / "journal.sqlite3"
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute("PRAGMA user_version = 1")
    db.execute("CREATE TABLE notes (text TEXT)")
    db.commit()
    db.close()
    with pytest.raises(JournalError, match="damaged Tabletop Companion journal .*no such "
                                           "table: events.*companion journal check"):
        Journal(path)

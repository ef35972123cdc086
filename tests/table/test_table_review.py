"""Fixes to the referee at the table found in review (issue 7), through the session and
Flask's test client: corrections without a game, the last move kept for a page that
reloads, the calibration the live loop uses."""

import pytest

from companion.table.session import NO_GAME_TO_CORRECT, NoGame, TableSession


@pytest.mark.parametrize("url, body", [
    ("/api/game/accept", None),
    ("/api/game/correct", {"correction": {"type": "set", "space": "A1", "content": None}}),
    ("/api/game/correct", {"correction": {"type": "move", "from": "A1", "to": "A2"}}),
])
def test_a_correction_without_a_game_says_there_is_none(client, url, body):
    answer = client.post(url, json=body) if body else client.post(url)
    assert answer.status_code == 409
    assert answer.get_json()["error"] == "There is no game in progress: start one first."


def test_accepting_the_board_without_a_game_is_no_game(tmp_path):
    from companion.journal import Journal

    with Journal(tmp_path / "j.sqlite3") as journal:
        table = TableSession(journal)
        with pytest.raises(NoGame, match=NO_GAME_TO_CORRECT):
            table.accept_board()


def place(client, player, at):
    return client.post("/api/game/play",
                       json={"action": {"type": "place", "player": player, "at": at}})


def test_the_last_move_is_in_the_game_the_page_reads(client):
    client.post("/api/game/start", json={"game": "one", "options": {"players": 2}})
    assert client.get("/api/game").get_json()["game"]["last_changed"] == []
    place(client, "black", "A1")
    answer = place(client, "white", "B2")
    assert answer.get_json()["game"]["last_changed"] == ["B2"]
    # A page that reloads (or a phone that reconnects) reads the game afresh.
    assert client.get("/api/game").get_json()["game"]["last_changed"] == ["B2"]
    moved = client.post("/api/game/correct", json={"correction": {
        "type": "move", "from": "A1", "to": "A2"}}).get_json()["game"]
    assert sorted(moved["last_changed"]) == ["A1", "A2"]
    undone = client.post("/api/game/undo").get_json()["game"]
    assert sorted(undone["last_changed"]) == ["A1", "A2"]


def test_the_last_move_survives_a_restart(tmp_path):
    from companion.journal import Journal

    path = tmp_path / "j.sqlite3"
    with Journal(path) as journal:
        table = TableSession(journal)
        table.start("one", {"players": 2})
        table.play({"type": "place", "player": "black", "at": "A1"})
        table.play({"type": "place", "player": "white", "at": "C3"})
        assert table.snapshot()["last_changed"] == ["C3"]
    with Journal(path) as journal:  # the server restarted: only the journal is left
        table = TableSession(journal)
        table.resume()
        assert table.snapshot()["last_changed"] == ["C3"]
        table.undo()
    with Journal(path) as journal:
        table = TableSession(journal)
        table.resume()
        assert table.snapshot()["last_changed"] == ["C3"]  # what the undo took off
        table.end()
        assert "last_changed" not in table.snapshot()


def test_a_new_game_has_no_last_move(tmp_path):
    from companion.journal import Journal

    with Journal(tmp_path / "j.sqlite3") as journal:
        table = TableSession(journal)
        table.start("go", {"board": "go-9"})
        assert table.snapshot()["last_changed"] == []
        table.resume()
        assert table.snapshot()["last_changed"] == []

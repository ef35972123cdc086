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

"""Review on the table page's API: ``GET /api/game/position?step=N`` (the board as it
was after step N, as ``/api/game`` has the live board) and ``GET /api/game/picture``
(the camera's picture of the step, where one was kept); a bad step is a 400 sentence."""

import pytest

from tests.helpers.phones import joined
from web.runtime import get_runtime

JPEG = b"\xff\xd8 a camera picture \xff\xd9"


@pytest.fixture
def go(client):
    assert client.post("/api/game/start",
                       json={"game": "go", "options": {"board": "go-9"}}).status_code == 200
    for player, at in [("black", "D4"), ("white", "E5"), ("black", "F6")]:
        answer = client.post("/api/game/play", json={
            "action": {"type": "place", "player": player, "at": at}})
        assert answer.status_code == 200
    return client


def test_a_step_s_position_is_the_board_as_the_page_draws_it(go):
    live = go.get("/api/game").get_json()["game"]
    answer = go.get("/api/game/position?step=2")
    assert answer.status_code == 200
    position = answer.get_json()
    assert position["step"] == 2 and position["steps"] == 3
    assert position["board"] == live["board"] and set(position["view"]) == set(live["view"])
    assert {s for s, c in position["view"].items() if c} == {"D4", "E5"}
    assert position["changed"] == ["E5"] and position["text"] == "White places on E5"
    assert position["picture"] is False
    last = go.get("/api/game/position?step=3").get_json()
    assert last["view"] == live["view"]


@pytest.mark.parametrize("query, words", [
    ("", "Say which step to show"), ("?step=", "Say which step"),
    ("?step=-1", "a whole number from 0"), ("?step=two", "Say which step"),
    ("?step=1.5", "Say which step"), ("?step=99999999999", "Say which step"),
    ("?step=4", "from 0 to 3: this game has 3 steps standing"),
])
def test_a_step_the_game_does_not_have_is_a_sentence(go, query, words):
    for url in ("/api/game/position", "/api/game/picture"):
        answer = go.get(url + query)
        assert answer.status_code == 400, (url, query)
        assert words in answer.get_json()["error"]


def test_no_game_no_position(client):
    answer = client.get("/api/game/position?step=0")
    assert answer.status_code == 409 and "No game" in answer.get_json()["error"]


def test_the_camera_s_picture_of_a_step_where_one_was_kept(go, app):
    missing = go.get("/api/game/picture?step=2")
    assert missing.status_code == 404
    assert "No camera picture is kept of step 2" in missing.get_json()["error"]
    table = get_runtime(app).table
    view = table.game.view(table.state)
    table.submit_reading({**view, "C3": "white"}, picture=JPEG)
    assert go.get("/api/game/position?step=4").get_json()["picture"] is True
    answer = go.get("/api/game/picture?step=4")
    assert answer.status_code == 200 and answer.mimetype == "image/jpeg"
    assert answer.data == JPEG


def test_a_watcher_may_review(go, app):
    watcher = joined(app)
    assert watcher.get("/api/game/position?step=1").status_code == 200
    assert watcher.get("/api/game/picture?step=1").status_code == 404

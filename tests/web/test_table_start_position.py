"""Games started from a position, and Go's SGF in and out, through the table's API:
a board as ``recognize --json`` prints it, an SGF file, a Go handicap; the position kept
by undo, resume, export and import; an SGF file as GNU Go writes it imported and exported
with the same position and the same moves."""

from pathlib import Path

import pytest

from companion.games.sgf import read_sgf
from web.runtime import get_runtime

GNUGO = Path(__file__).parents[1] / "data" / "sgf" / "gnugo-9x9-capture.sgf"


def cells(**stones):
    """A 9×9 board as ``recognize --json`` prints it, with ``stones`` (C3="black")."""
    from companion.games.stones import board_geometry

    return [{"space": name, "content": stones.get(name, "empty")}
            for name in board_geometry("go-9").names]


def start(client, **body):
    return client.post("/api/game/start", json={"game": "go", "options": {"size": 9}, **body})


def game(client):
    return client.get("/api/game").get_json()["game"]


def test_a_game_starts_from_the_board_the_camera_read(client):
    answer = start(client, position={"cells": cells(C3="black", D4="white"), "to_move": "white"})
    assert answer.status_code == 200
    assert answer.get_json()["verdict"]["text"] == ("A new game of Go begins from the position "
                                                   "set up: White to move.")
    data = game(client)
    assert data["view"]["C3"] == "black" and data["view"]["D4"] == "white"
    assert data["to_move"] == "white" and data["history"] == []
    assert client.post("/api/game/play", json={"action": {
        "type": "place", "player": "white", "at": "E5"}}).status_code == 200
    client.post("/api/game/undo")
    refused = client.post("/api/game/undo")  # never below the start position
    assert refused.status_code == 409
    assert game(client)["view"]["C3"] == "black"


@pytest.mark.parametrize("position, words", [
    ({"cells": cells(A1="black", A2="white", B1="white")},
     "The black stone on A1 has no liberties: in Go it would have been captured."),
    ({"cells": [*cells(), {"space": "Z9", "content": "black"}]},
     "There is no space Z9 on this board."),
    ({"cells": cells(C3="unsure")}, "C3 could not be read"),
    ({"cells": cells(C3="black"), "to_move": "red"}, "'red' does not play Go"),
    ({"sgf": "(;GM[1]SZ[9];B[ee];W[ee])"}, "Line 3 of the record is illegal: E5 is taken"),
    ("C3", '"position" is {"cells"'),
])
def test_a_position_the_game_cannot_start_from_is_refused_in_one_sentence(
        client, position, words):
    answer = start(client, position=position)
    assert answer.status_code == 400
    assert words in answer.get_json()["error"]
    assert game(client) is None


def test_a_game_of_one_is_not_started_from_an_sgf_file(client):
    answer = client.post("/api/game/start", json={"game": "one", "position": {
        "sgf": "(;GM[1]SZ[9]AB[cc])"}})
    assert answer.status_code == 400
    assert answer.get_json()["error"] == ("An SGF file holds a game of Go, not of ONE: give a "
                                          "game record (.jsonl).")


def test_a_game_starts_from_where_an_sgf_file_ends(client):
    answer = client.post("/api/game/start", json={"game": "go", "position": {
        "sgf": GNUGO.read_text()}})
    assert answer.status_code == 200
    data = game(client)
    assert data["view"]["C3"] is None and data["view"]["C4"] == "black"  # captured
    assert data["to_move"] == "white" and data["outcome"] is None  # play goes on from it


def test_a_handicap_sets_the_star_points_and_white_moves(client):
    start(client, options={"size": 13, "handicap": 5})
    data = game(client)
    assert sorted(s for s, c in data["view"].items() if c) == ["D10", "D4", "G7", "K10", "K4"]
    assert data["to_move"] == "white" and data["state"]["options"]["komi"] == 0.5
    sgf = client.get("/api/game/export?format=sgf").get_data(as_text=True)
    assert "HA[5]" in sgf and "PL[W]" in sgf and "KM[0.5]" in sgf


def test_the_position_survives_a_restart_and_an_export(make_app, tmp_path):
    path = str(tmp_path / "kept.sqlite3")
    first = make_app(JOURNAL_PATH=path).test_client()
    start(first, position={"cells": cells(E5="black"), "to_move": "white"})
    record = first.get("/api/game/export").get_data(as_text=True)
    assert '"position": {"board": {"E5": "black"}, "to_move": "white"}' in record
    get_runtime(first.application).close()
    again = make_app(JOURNAL_PATH=path).test_client()
    assert game(again)["view"]["E5"] == "black" and game(again)["to_move"] == "white"
    imported = again.post("/api/game/import", data=record, content_type="text/plain")
    assert imported.status_code == 200
    assert game(again)["view"]["E5"] == "black" and game(again)["to_move"] == "white"


def test_an_sgf_file_as_gnu_go_writes_it_goes_in_and_out_unchanged(client):
    original = read_sgf(GNUGO.read_text())
    imported = client.post("/api/game/import", data=GNUGO.read_text(),
                           content_type="application/x-go-sgf")
    assert imported.status_code == 200 and imported.get_json()["skipped"] == []
    data = game(client)
    assert data["view"]["C3"] is None  # the capture was made
    winner = data["outcome"]["winners"][0]
    exported = client.get("/api/game/export?format=sgf")
    assert exported.status_code == 200
    assert exported.headers["Content-Disposition"].endswith('.sgf"')
    text = exported.get_data(as_text=True)
    again = read_sgf(text)
    assert (again.size, again.komi, again.setup, again.to_move, again.moves) == (
        original.size, original.komi, original.setup, original.to_move, original.moves)
    assert f"RE[{winner[0].upper()}+" in text and "RU[Chinese]" in text
    assert f"C[{winner.capitalize()} wins after two passes" in text


def test_a_correction_goes_out_as_stones_set_up_and_comes_back(client):
    start(client)
    client.post("/api/game/play", json={"action": {"type": "place", "player": "black",
                                                   "at": "E5"}})
    client.post("/api/game/correct", json={"correction": {"type": "set", "space": "C3",
                                                          "content": "white"}})
    text = client.get("/api/game/export?format=sgf").get_data(as_text=True)
    assert ";AW[cg]C[Correction: C3 set to white]" in text
    client.post("/api/game/import", data=text, content_type="text/plain")
    data = game(client)
    assert data["view"]["C3"] == "white" and data["view"]["E5"] == "black"
    assert [h["kind"] for h in data["history"]] == ["game.action", "game.correction"]


def test_sgf_is_for_go_only(client):
    client.post("/api/game/start", json={"game": "one", "options": {"players": 2}})
    answer = client.get("/api/game/export?format=sgf")
    assert answer.status_code == 400
    assert answer.get_json()["error"] == ("SGF holds games of Go; a game of ONE is exported as "
                                          "a game record (.jsonl).")
    assert client.get("/api/game/export?format=pdf").status_code == 400


def test_a_handicap_game_goes_out_and_back_in_as_a_handicap(client):
    start(client, options={"size": 19, "handicap": 4})
    client.post("/api/game/play", json={"action": {"type": "place", "player": "white",
                                                   "at": "R3"}})
    text = client.get("/api/game/export?format=sgf").get_data(as_text=True)
    assert client.post("/api/game/import", data=text,
                       content_type="text/plain").status_code == 200
    data = game(client)
    assert data["state"]["options"]["handicap"] == 4 and data["view"]["R3"] == "white"
    record = client.get("/api/game/export").get_data(as_text=True)
    assert '"position"' not in record.splitlines()[0]  # the option says it all


def test_the_file_says_the_board_not_the_start_form(client):
    answer = client.post("/api/game/start", json={"game": "go", "options": {
        "board": "go-9"}, "position": {"sgf": "(;GM[1]SZ[19]AB[pd]PL[W])"}})
    assert answer.status_code == 200
    data = game(client)
    assert data["board"] == "go-19" and data["view"]["Q16"] == "black"

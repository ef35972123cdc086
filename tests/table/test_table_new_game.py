"""A new rules-only game is one package plus one registry line: Nim, a toy game package
in ``tests/data/toy_game`` that no other file knows of, is registered by one entry and
played through the table's web API and its session (start, play, a refusal with the
rule's reason, undo and redo, the game's panel, the end, a restart), every other hook
keeping its default."""

from pathlib import Path

import pytest

from companion.games import registry
from companion.games.replay import RecordError
from companion.vision.games import game_vision
from hardware.follow_frames import start_record
from web.runtime import get_runtime

TOY_GAMES = Path(__file__).parents[1] / "data"  # tests/data


@pytest.fixture(autouse=True)
def nim_registered(monkeypatch):
    """The one registry line a new game adds (its package made importable first)."""
    monkeypatch.syspath_prepend(str(TOY_GAMES))
    monkeypatch.setitem(registry._GAMES, "nim", "toy_game:Nim")


def take(client, player, count):
    return client.post("/api/game/play",
                       json={"action": {"type": "take", "player": player, "count": count}})


@pytest.fixture
def nim(client):
    """A client with a three-player game of Nim on a pile of 5 started."""
    answer = client.post("/api/game/start",
                         json={"game": "nim", "options": {"players": 3, "pile": 5}})
    assert answer.status_code == 200
    return client


def test_the_page_offers_the_new_game_with_its_choices(client):
    offered = {g["name"]: g for g in client.get("/api/games").get_json()["games"]}
    assert offered["nim"]["title"] == "Nim"
    assert offered["nim"]["players"] == [2, 3] and offered["nim"]["boards"] == []
    assert offered["nim"]["options"] == {"players": 2, "pile": 10}


def test_a_start_the_rules_refuse_is_a_sentence(client):
    answer = client.post("/api/game/start", json={"game": "nim", "options": {"players": 4}})
    assert answer.status_code == 400
    assert answer.get_json()["error"] == "Nim is played by 2 or 3 players."


def test_play_see_the_panel_and_be_refused_with_the_rules_reason(nim):
    game = nim.get("/api/game").get_json()["game"]
    assert game["title"] == "Nim" and game["to_move"] == "first"
    assert game["view"] is None and game["summary"] == {"kind": "nim", "pile": 5}
    played = take(nim, "first", 2).get_json()
    assert played["game"]["summary"]["pile"] == 3 and played["game"]["to_move"] == "second"
    too_many = take(nim, "second", 4)
    assert too_many.status_code == 409
    assert too_many.get_json()["error"] == "Take 1 to 3 counters, not 4."
    out_of_turn = take(nim, "third", 1)
    assert out_of_turn.status_code == 409
    assert out_of_turn.get_json()["error"] == "It is second's turn."


def test_undo_and_redo(nim):
    take(nim, "first", 2)
    undone = nim.post("/api/game/undo").get_json()
    assert undone["verdict"]["text"] == "Undone: First takes 2."
    assert undone["game"]["summary"]["pile"] == 5 and undone["game"]["to_move"] == "first"
    redone = nim.post("/api/game/redo").get_json()
    assert redone["game"]["summary"]["pile"] == 3 and redone["game"]["to_move"] == "second"


def test_the_last_counter_wins(nim):
    for player, count in (("first", 3), ("second", 1), ("third", 1)):
        assert take(nim, player, count).status_code == 200
    game = nim.get("/api/game").get_json()["game"]
    assert game["to_move"] is None and game["summary"]["pile"] == 0
    assert take(nim, "first", 1).get_json()["error"] == "The game is over."


def test_the_defaults_of_the_hooks_a_rules_only_game_leaves_out(nim):
    """No board view: no correction by hand, no reading from the camera."""
    answer = nim.post("/api/game/correct",
                      json={"correction": {"type": "move", "from": "a", "to": "b"}})
    assert answer.status_code == 400
    assert answer.get_json()["error"] == "Nim has no board to correct."
    table = get_runtime(nim.application).table
    assert table.game.guess_actions(table.state, {}, ()) == []
    assert table.game.piece_words({"pile": 5}) == "pile 5"
    assert table.game.camera is None
    with pytest.raises(ValueError, match="The camera cannot read 'nim' yet; it reads: go, "
                                         "one, oneworld, onslaught."):
        game_vision("nim")


def test_a_restarted_server_goes_on_with_the_new_game(make_app, tmp_path):
    path = str(tmp_path / "kept.sqlite3")
    first = make_app(JOURNAL_PATH=path).test_client()
    first.post("/api/game/start", json={"game": "nim"})
    take(first, "first", 3)
    get_runtime(first.application).close()
    again = make_app(JOURNAL_PATH=path).test_client()
    game = again.get("/api/game").get_json()["game"]
    assert game["summary"]["pile"] == 7 and game["to_move"] == "second"


def test_a_game_other_than_go_is_not_started_from_an_sgf_file(tmp_path):
    start = tmp_path / "start.sgf"
    start.write_text("(;GM[1]FF[4]SZ[9]AB[cc])", encoding="utf-8")
    with pytest.raises(RecordError, match=r"^An SGF file holds a game of Go, not of Nim: give "
                                          r"a game record \(\.jsonl\)\.$"):
        start_record(registry.get_game("nim"), str(start), {})
    record = start_record(registry.get_game("go"), str(start), {})
    assert record.position == {"board": {"C7": "black"}, "to_move": "black"}

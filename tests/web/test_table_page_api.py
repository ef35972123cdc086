"""The table page's game API with Flask's test client: start, play, refusals with the
rule's reason, readings, choices, corrections, undo/redo, export/import, resume/end,
the dice a rule asks for, live events, and malformed requests answered in one sentence."""

import json

import pytest

from tests.helpers.paths import EXAMPLES
from web.runtime import get_runtime


@pytest.fixture
def one(client):
    """A client with a two-player game of ONE started."""
    answer = client.post("/api/game/start", json={"game": "one", "options": {"players": 2}})
    assert answer.status_code == 200
    return client


def place(client, player, at):
    return client.post("/api/game/play",
                       json={"action": {"type": "place", "player": player, "at": at}})


def view(client):
    return client.get("/api/game").get_json()["game"]["view"]


def test_without_a_game_the_page_is_told_so(client):
    data = client.get("/api/game").get_json()
    assert data["game"] is None and data["verdict"] is None
    assert data["referee"]["status"] == "off"
    for url in ("/api/game/undo", "/api/game/end", "/api/game/redo"):
        answer = client.post(url)
        assert answer.status_code == 409
        assert "No game is being played" in answer.get_json()["error"]
    assert client.get("/api/game/export").status_code == 409
    assert client.get("/api/game/actions").status_code == 409


def test_the_games_offered_and_their_boards(client):
    data = client.get("/api/games").get_json()
    by_name = {g["name"]: g for g in data["games"]}
    assert set(by_name) == {"go", "one", "onslaught", "oneworld", "outdoor", "cards",
                            "flags", "quiz"}
    assert by_name["cards"]["players"] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert by_name["one"]["title"] == "ONE" and by_name["one"]["players"] == [2, 3, 4, 5, 6]
    assert by_name["go"]["boards"] == ["go-9", "go-13", "go-19"]
    board = client.get("/api/board/one-60").get_json()
    assert board["kind"] == "rings" and len(board["spaces"]) == 60
    missing = client.get("/api/board/no-such-board")
    assert missing.status_code == 400 and "no board called" in missing.get_json()["error"]


def test_start_a_game_of_one_and_see_its_panel(one):
    data = one.get("/api/game").get_json()["game"]
    assert data["title"] == "ONE" and data["to_move"] == "black"
    assert data["board"] == "one-60" and len(data["view"]) == 60
    assert [p["player"] for p in data["summary"]["players"]] == ["black", "white"]
    assert one.get("/api/games").get_json()["saved"][0]["game"] == "one"


@pytest.mark.parametrize("body, words", [
    ({"game": "chess"}, "Choose a game"),
    ({"game": "one", "options": [2]}, '"options" must be a JSON object'),
    ({"game": "one", "options": {"players": 9}}, "ONE is for 2 to 6 players"),
])
def test_a_game_that_cannot_start_is_a_sentence(client, body, words):
    answer = client.post("/api/game/start", json=body)
    assert answer.status_code == 400 and words in answer.get_json()["error"]


def test_a_game_s_name_is_taken_in_any_case(client):
    answer = client.post("/api/game/start", json={"game": "ONE"})
    assert answer.status_code == 200 and answer.get_json()["game"]["game"] == "one"


def test_a_move_from_the_page_and_the_scores(one):
    answer = place(one, "black", "A1")
    assert answer.status_code == 200
    assert answer.get_json()["verdict"] == {"kind": "applied", "text": "Black places on A1.",
                                            "spaces": [], "choices": []}
    game = answer.get_json()["game"]
    assert game["view"]["A1"] == "black" and game["to_move"] == "white"
    assert game["summary"]["players"][0]["largest_group"] == 1
    assert game["history"][-1]["text"] == "Black places on A1"


def test_an_illegal_move_gives_the_rules_reason_and_spaces(one):
    place(one, "black", "A1")
    answer = place(one, "white", "A1")
    assert answer.status_code == 409
    assert answer.get_json() == {"error": "A1 is taken by Black.", "spaces": ["A1"]}
    out_of_turn = place(one, "black", "B1")
    assert out_of_turn.status_code == 409 and "White" in out_of_turn.get_json()["error"]
    assert view(one)["B1"] is None


def test_legal_moves_of_a_space_name_the_spaces_they_change(one):
    place(one, "black", "A1")
    place(one, "white", "B1")
    moves = one.get("/api/game/actions?space=C1").get_json()["actions"]
    by_type = {m["action"]["type"]: m for m in moves}
    assert by_type["place"]["spaces"] == ["C1"]
    assert set(by_type["jump"]["spaces"]) == {"A1", "B1", "C1"}
    assert by_type["jump"]["text"].startswith("Black jumps")
    other = [m for m in one.get("/api/game/actions").get_json()["actions"] if not m["spaces"]]
    assert [m["action"]["type"] for m in other] == ["resign"]
    bad = one.get("/api/game/actions?space=Z9")
    assert bad.status_code == 400 and "no space 'Z9'" in bad.get_json()["error"]


def test_a_reading_is_held_against_the_game(one):
    reading = {**view(one), "A1": "black"}
    answer = one.post("/api/game/reading", json={"reading": reading})
    assert answer.get_json()["verdict"]["kind"] == "applied"
    foreign = one.post("/api/game/reading", json={"reading": {"Q99": "black"}})
    assert foreign.status_code == 400 and "not on this board" in foreign.get_json()["error"]
    assert one.post("/api/game/reading", json={"reading": [1]}).status_code == 400


def test_an_ambiguous_reading_is_put_as_a_choice(make_app):
    client = make_app(TABLE_LIMITS={"max_tries": 1}).test_client()
    client.post("/api/game/start", json={"game": "one", "options": {"stones": 4}})
    answer = client.post("/api/game/reading", json={"reading": {**view(client), "A1": "black"}})
    assert answer.get_json()["verdict"]["kind"] == "ambiguous"
    assert answer.get_json()["game"]["choices"] == ["Black places on A1"]
    chosen = client.post("/api/game/choose", json={"index": 0})
    assert chosen.get_json()["verdict"]["kind"] == "applied"
    again = client.post("/api/game/choose", json={"index": 0})
    assert again.status_code == 409 and "no such choice" in again.get_json()["error"]
    assert client.post("/api/game/choose", json={"index": "0"}).status_code == 400


def test_a_board_that_does_not_match_is_corrected_or_accepted(one):
    place(one, "black", "A1")
    mismatch = {**view(one), "A1": None, "C3": "white", "C4": "white"}
    answer = one.post("/api/game/reading", json={"reading": mismatch})
    verdict = answer.get_json()["verdict"]
    assert verdict["kind"] in ("mismatch", "illegal") and "A1" in verdict["spaces"]
    assert answer.get_json()["game"]["problem"]["spaces"] == verdict["spaces"]
    accepted = one.post("/api/game/accept").get_json()
    assert accepted["verdict"]["kind"] == "corrected"
    assert accepted["game"]["problem"] is None
    assert accepted["game"]["view"]["C3"] == "white" and accepted["game"]["view"]["A1"] is None
    fixed = one.post("/api/game/correct",
                     json={"correction": {"type": "move", "from": "C3", "to": "D3"}})
    assert fixed.get_json()["verdict"]["text"].startswith("Correction: what was on C3 moved")
    bad = one.post("/api/game/correct", json={"correction": {"type": "paint"}})
    assert bad.status_code == 400 and '"type" is one of' in bad.get_json()["error"]
    assert one.post("/api/game/correct", json={"correction": "C3"}).status_code == 400


def test_undo_and_redo_are_events(one):
    place(one, "black", "A1")
    undone = one.post("/api/game/undo").get_json()
    assert undone["verdict"]["text"] == "Undone: Black places on A1."
    assert undone["game"]["can_redo"] and not undone["game"]["can_undo"]
    redone = one.post("/api/game/redo").get_json()
    assert redone["verdict"]["kind"] == "redone" and redone["game"]["view"]["A1"] == "black"
    nothing = one.post("/api/game/redo")
    assert nothing.status_code == 409 and nothing.get_json()["error"] == "There is nothing to redo."
    kinds = [e.kind for e in get_runtime(one.application).journal.events()]
    assert kinds.count("game.undo") == 1 and kinds.count("game.action") == 2


def test_export_then_import_gives_the_same_game(one):
    place(one, "black", "A1")
    place(one, "white", "B1")
    corrected = one.post("/api/game/correct", json={"correction": {
        "type": "set", "space": "C5", "content": "white"}})
    assert corrected.status_code == 200
    place(one, "black", "C1")
    before = view(one)
    exported = one.get("/api/game/export")
    assert exported.mimetype == "application/x-ndjson"
    assert "attachment" in exported.headers["Content-Disposition"]
    lines = exported.get_data(as_text=True).splitlines()
    assert json.loads(lines[0]) == {"game": "one", "options": {"players": 2}}
    assert json.loads(lines[1]) == {"type": "place", "player": "black", "at": "A1"}
    assert lines[3] == '# correction: {"content": "white", "space": "C5", "type": "set"}'
    imported = one.post("/api/game/import", data=exported.get_data(),
                        content_type="text/plain").get_json()
    assert imported["skipped"] == []
    assert imported["game"]["game_id"] != get_runtime(one.application).journal.events()[0].game_id
    assert imported["game"]["view"] == before


def test_an_import_reports_the_lines_it_could_not_use(client):
    record = "\n".join([
        '{"game": "one", "options": {"players": 2}}',
        '{"type": "place", "player": "black", "at": "A1"}',
        '{"type": "place", "player": "white", "at": "A1"}',
        "not json",
        '{"type": "place", "player": "white", "at": "B1"}',
    ])
    data = client.post("/api/game/import", json={"record": record}).get_json()
    assert [s["line"] for s in data["skipped"]] == [3, 4]
    assert data["skipped"][0]["reason"] == "A1 is taken by Black."
    assert data["game"]["view"]["B1"] == "white"


@pytest.mark.parametrize("body, words", [
    (b"", "The record is empty."),
    (b'{"type": "place"}', "no header line"),
    (b'{"game": "chess"}', "no game called"),
    (b"\xff\xfe", "UTF-8"),
])
def test_a_record_that_cannot_be_imported_is_a_sentence(client, body, words):
    answer = client.post("/api/game/import", data=body, content_type="text/plain")
    assert answer.status_code == 400 and words in answer.get_json()["error"]


def test_end_and_resume(one):
    place(one, "black", "A1")
    game_id = one.get("/api/game").get_json()["game"]["game_id"]
    assert one.post("/api/game/end").get_json()["game"] is None
    resumed = one.post("/api/game/resume", json={"game_id": game_id}).get_json()
    assert resumed["game"]["view"]["A1"] == "black"
    assert one.post("/api/game/resume", json={"game_id": 7}).status_code == 400
    unknown = one.post("/api/game/resume", json={"game_id": "nope"})
    assert unknown.status_code == 400 and "no game 'nope'" in unknown.get_json()["error"]


def test_a_restarted_server_goes_on_with_the_game(make_app, tmp_path):
    path = str(tmp_path / "kept.sqlite3")
    first = make_app(JOURNAL_PATH=path).test_client()
    first.post("/api/game/start", json={"game": "one"})
    place(first, "black", "A1")
    get_runtime(first.application).close()
    again = make_app(JOURNAL_PATH=path).test_client()
    assert again.get("/api/game").get_json()["game"]["view"]["A1"] == "black"


def test_the_dice_a_rule_asks_for_are_rolled_by_the_button_and_applied(make_app):
    client = make_app(DICE_RANDBELOW=lambda n: 3).test_client()  # every die shows 4
    game = client.post("/api/game/start", json={"game": "onslaught"}).get_json()["game"]
    assert game["pending_dice"] == {"count": 1, "sides": 6, "purpose": "Red 1's moves",
                                    "for": "Red 1 rolls the die"}
    pending = client.get("/api/status").get_json()["dice"]["pending"]
    assert pending["purpose"] == "Red 1's moves"
    roll = client.post("/api/dice/roll", json={"by": "page"}).get_json()
    assert roll["purpose"] == "Red 1's moves" and roll["values"] == [4]
    game = client.get("/api/game").get_json()["game"]
    assert game["state"]["turn"]["moves_left"] == 4 and game["pending_dice"] is None
    assert game["history"][-1]["text"] == "Red 1 rolls the die"
    assert game["summary"]["turn"] == {"piece": "red1", "number": 1, "roll": 4,
                                       "moves_left": 4}


def test_a_move_played_from_the_page_that_needs_dice_waits_for_them(make_app):
    client = make_app(DICE_RANDBELOW=lambda n: 1).test_client()
    client.post("/api/game/start", json={"game": "onslaught"})
    client.post("/api/game/end")
    client.post("/api/game/start", json={"game": "onslaught"})
    answer = client.post("/api/game/play", json={"action": {"type": "roll", "piece": "red1"}})
    assert answer.get_json()["verdict"]["kind"] == "dice"
    assert "roll 1d6 (Red 1's moves)" in answer.get_json()["verdict"]["text"]
    rolled = client.post("/api/dice/roll", json={"by": "page"}).get_json()
    assert rolled["values"] == [2] and rolled["purpose"] == "Red 1's moves"
    game = client.get("/api/game").get_json()["game"]
    assert game["state"]["turn"]["moves_left"] == 2


def test_dice_sent_with_a_move_are_refused_in_a_sentence(make_app):
    client = make_app(DICE_RANDBELOW=lambda n: 1).test_client()
    client.post("/api/game/start", json={"game": "onslaught"})
    for body in ({"action": {"type": "roll", "piece": "red1"}, "dice": [6]},
                 {"action": {"type": "end_turn", "piece": "red1"}, "dice": []}):
        answer = client.post("/api/game/play", json=body)
        assert answer.status_code == 409
        assert answer.get_json()["error"].startswith("In this game the companion rolls")
    assert client.post("/api/game/dice", json={"dice": [6]}).status_code == 409
    game = client.get("/api/game").get_json()["game"]
    assert game["dice"] == "server" and game["state"]["turn"]["roll"] is None


def test_the_rolls_made_for_a_game_are_in_its_record_with_who_asked(make_app):
    client = make_app(DICE_RANDBELOW=lambda n: 1).test_client()
    client.post("/api/game/start", json={"game": "onslaught"})
    client.post("/api/dice/roll", json={"by": "page"})
    client.post("/api/dice/roll", json={"count": 2, "sides": 6, "by": "bob"})  # no game's
    lines = client.get("/api/game/export").get_data(as_text=True).splitlines()
    assert lines[1].startswith("# roll: ") and json.loads(lines[1][len("# roll: "):]) == {
        "seq": 2, "dice": "1d6", "values": [2], "purpose": "Red 1's moves", "by": "page"}
    assert json.loads(lines[2]) == {"type": "roll", "piece": "red1", "dice": [2]}
    assert len(lines) == 3


def test_a_game_with_the_tables_dice_takes_the_thrown_dice_from_the_page(make_app):
    client = make_app().test_client()
    assert client.post("/api/game/start", json={"game": "onslaught", "dice": "dice"}
                       ).status_code == 400
    game = client.post("/api/game/start", json={"game": "onslaught", "dice": "table"}
                       ).get_json()["game"]
    assert game["dice"] == "table" and game["pending_dice"]["purpose"] == "Red 1's moves"
    assert client.get("/api/status").get_json()["dice"]["pending"] is None
    assert client.post("/api/game/dice", json={"dice": "4"}).status_code == 400
    refused = client.post("/api/game/dice", json={"dice": [9]})
    assert refused.status_code == 409 and "from 1 to 6" in refused.get_json()["error"]
    game = client.post("/api/game/dice", json={"dice": [4]}).get_json()["game"]
    assert game["state"]["turn"]["moves_left"] == 4
    roll = client.get("/api/dice/history?limit=1").get_json()["rolls"][0]
    assert (roll["values"], roll["by_hand"], roll["requested_by"]) == ([4], True, "page")
    record = client.get("/api/game/export").get_data(as_text=True)
    assert json.loads(record.splitlines()[0])["dice"] == "table"
    assert '"thrown": "by hand"' in record.splitlines()[1]
    imported = client.post("/api/game/import", data=record, content_type="text/plain")
    assert imported.get_json()["skipped"] == [] and imported.get_json()["game"]["dice"] == "table"


def test_changes_and_dice_requests_go_live_to_every_page(make_app):
    from tests.helpers.event_stream import next_event

    app = make_app(SSE_KEEPALIVE=0.05)
    client = app.test_client()
    response = client.get("/api/events")
    chunks = (c.decode() if isinstance(c, bytes) else c for c in response.response)
    next(chunks)
    client.post("/api/game/start", json={"game": "onslaught"})
    assert next_event(chunks, "dice_request")["pending"]["purpose"] == "Red 1's moves"
    table = next_event(chunks, "table")
    assert table["verdict"]["kind"] == "started" and table["game"]["title"] == "ONSLAUGHT"
    client.post("/api/dice/roll", json={"by": "page"})
    assert next_event(chunks, "dice_request") == {"pending": None}
    assert next_event(chunks, "table")["verdict"]["kind"] == "applied"
    response.close()


@pytest.mark.parametrize("url", [
    "/api/game/start", "/api/game/resume", "/api/game/play", "/api/game/choose",
    "/api/game/correct", "/api/game/reading", "/api/calibration/register",
])
def test_a_body_that_is_not_a_json_object_is_a_sentence(one, url):
    for body in (b"not json", b"[1, 2]"):
        answer = one.post(url, data=body, content_type="application/json")
        assert answer.status_code == 400
        assert answer.get_json()["error"].endswith(".")


@pytest.mark.parametrize("body", [
    {"action": "place"}, {"action": {"at": "A1"}},
    {"action": {"type": "place", "player": "black", "at": "A1"}, "dice": "6"},
    {"action": {"type": "place", "player": "black", "at": "A1"}, "dice": [True]},
])
def test_a_malformed_action_is_a_sentence(one, body):
    answer = one.post("/api/game/play", json=body)
    assert answer.status_code == 400 and answer.get_json()["error"]


def test_an_action_of_the_wrong_shape_is_refused_by_the_rules(one):
    answer = one.post("/api/game/play", json={"action": {"type": "fly", "player": "black"}})
    assert answer.status_code == 409 and answer.get_json()["error"]


def test_calibration_without_a_camera(client):
    assert client.get("/api/calibration").get_json()["status"] == "off"
    answer = client.post("/api/calibration/register")
    assert answer.status_code == 400
    assert answer.get_json()["error"] == "There is no camera to register the board in."


NOT_HERE = "The ONE WORLD Quiz is played from the command line for now."


@pytest.fixture
def quiz_not_here(monkeypatch):
    """The quiz as a game the table cannot host (``Game.at_the_table``): every game of
    the deck can be now, so one is made so for the test."""
    from companion.games.quiz.game import Quiz

    monkeypatch.setattr(Quiz, "at_the_table", NOT_HERE)


def test_a_game_the_table_cannot_host_yet_is_neither_offered_nor_started(client,
                                                                         quiz_not_here):
    answer = client.post("/api/game/start", json={"game": "quiz", "options": {"players": 2}})
    assert answer.status_code == 400 and answer.get_json()["error"] == NOT_HERE
    assert client.get("/api/game").get_json()["game"] is None
    assert "quiz" not in {g["name"] for g in client.get("/api/games").get_json()["games"]}


def test_its_record_is_not_imported_either(client, quiz_not_here):
    record = (EXAMPLES / "quiz-2p.jsonl").read_bytes()
    answer = client.post("/api/game/import", data=record, content_type="text/plain")
    assert answer.status_code == 400 and answer.get_json()["error"] == NOT_HERE

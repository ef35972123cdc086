"""Bounded input: each limit answers a 4xx with a sentence, and nothing unbounded reaches
the journal (docs/reliability.md, "Bad input")."""

import json
import shutil

import pytest

from companion.geometry.loader import DATA_DIR, MAX_BOARD_FILE, load_geometry
from companion.journal import Journal
from web.request_body import MAX_DEPTH, nesting_depth
from web.table_api import MAX_IMPORT_BODY, MAX_IMPORT_STEPS


def post_raw(client, path, data, content_type="application/json"):
    return client.post(path, data=data, content_type=content_type)


def error_of(response, status):
    assert response.status_code == status, response.get_data(as_text=True)
    return response.get_json()["error"]


def actions_journaled(app):
    with Journal(app.config["JOURNAL_PATH"]) as journal:
        return [e.data["action"] for e in journal.events(kind="game.action")]


# -- bodies ---------------------------------------------------------------------------


def test_a_body_over_64_kib_is_413_with_a_sentence(client):
    body = json.dumps({"purpose": "x" * (64 * 1024)})
    assert error_of(post_raw(client, "/api/dice/roll", body), 413) == (
        "The request body is too large: at most 64 KiB on /api/dice/roll.")


def test_a_body_over_the_limit_is_413_even_where_the_view_does_not_read_it(client):
    response = post_raw(client, "/api/game/undo", "x" * (64 * 1024 + 1), "text/plain")
    assert error_of(response, 413) == (
        "The request body is too large: at most 64 KiB on /api/game/undo.")


def test_an_import_takes_more_than_64_kib_but_not_more_than_8_mib(client):
    header = '{"game": "go", "options": {"size": 9}}\n'
    padded = header + "# a comment\n" * 10_000
    assert len(padded) > 64 * 1024
    response = post_raw(client, "/api/game/import", padded, "text/plain")
    assert response.status_code == 200 and response.get_json()["skipped"] == []
    huge = header + "#" * MAX_IMPORT_BODY
    assert error_of(post_raw(client, "/api/game/import", huge, "text/plain"), 413) == (
        "The request body is too large: at most 8 MiB on /api/game/import.")


def test_an_import_of_more_steps_than_a_game_has_is_refused_before_any_is_journaled(
        app, client):
    header = '{"game": "go", "options": {"size": 9}}\n'
    passes = '{"type": "pass"}\n' * MAX_IMPORT_STEPS + '# correction: {"type": "annul"}\n'
    answer = post_raw(client, "/api/game/import", header + passes, "text/plain")
    assert error_of(answer, 400) == (
        f"A record of at most {MAX_IMPORT_STEPS:,} actions and corrections can be "
        f"imported; this one has {MAX_IMPORT_STEPS + 1:,}.")
    with Journal(app.config["JOURNAL_PATH"]) as journal:
        assert journal.events() == []


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 20_000])
def test_json_nested_too_deep_is_400(client, depth):
    body = '{"count": ' + "[" * depth + "]" * depth + "}"
    assert "nested too deep" in error_of(post_raw(client, "/api/dice/roll", body), 400)


def test_nesting_is_counted_outside_strings_only():
    assert nesting_depth('{"a": "[[[[{{{{", "b": [[1], {"c": "]]]\\"[["}]}') == 3
    assert nesting_depth('"unterminated [[[[') == 0
    assert nesting_depth("[" * 40) == 40


@pytest.mark.parametrize("body, words", [
    ('{"count": NaN}', "NaN"),
    ('{"count": Infinity}', "Infinity"),
    ('{"count": -Infinity}', "-Infinity"),
    ('{"count": 1e999}', "too large a number"),
    ('{"count": ' + "9" * 50 + "}", "at most 30"),
    ('{"by": "\\ud800"}', "lone surrogate"),
    ('{"\\udfff": 1}', "lone surrogate"),
])
def test_json_that_is_not_plain_json_is_400(client, body, words):
    assert words in error_of(post_raw(client, "/api/dice/roll", body), 400)


def test_an_unexpected_error_on_the_api_is_a_500_sentence_and_logged(client, monkeypatch,
                                                                     caplog):
    def broken():
        raise RuntimeError("a bug")

    monkeypatch.setattr("web.api.status_data", broken)
    assert "Something went wrong" in error_of(client.get("/api/status"), 500)
    assert "a bug" in caplog.text and "Traceback" in caplog.text


# -- query parameters -----------------------------------------------------------------


@pytest.mark.parametrize("limit", ["²", "٣", " 3", "3 ", "-1", "0", "501", "1e2", "", "9" * 40])
def test_limit_is_ascii_digits_in_range(client, limit):
    assert error_of(client.get("/api/dice/history", query_string={"limit": limit}), 400) == (
        f"limit must be a whole number from 1 to 500, not {limit[:20]!r}.")


def test_a_game_id_to_resume_is_a_short_text(client):
    for game_id in ("x" * 65, 12, ["a"]):
        assert '"game_id" must be' in error_of(
            client.post("/api/game/resume", json={"game_id": game_id}), 400)


# -- actions, corrections, readings ---------------------------------------------------


def start_go(client):
    response = client.post("/api/game/start", json={"game": "go", "options": {"size": 9}})
    assert response.status_code == 200


def test_an_unknown_field_in_an_action_is_refused_and_not_journaled(app, client):
    start_go(client)
    junk = {"type": "place", "player": "black", "at": "C3", "junk": "x"}
    assert error_of(client.post("/api/game/play", json={"action": junk}), 400) == (
        "A 'place' action of Go has no field 'junk'; its fields are at, player, type.")
    assert actions_journaled(app) == []
    fine = {"type": "place", "player": "black", "at": "C3"}
    assert client.post("/api/game/play", json={"action": fine}).status_code == 200
    assert actions_journaled(app) == [fine]


@pytest.mark.parametrize("action, words", [
    ({"type": "place", "player": "black", "at": "C" * 200}, "at most 128"),
    ({"type": "place", "player": "black", "at": ["C3"] * 100}, "at most 64"),
    ({"type": "place", "player": "black", "at": 10**9}, "beyond"),
    ({"type": "place", "player": "black", "at": [[[["C3"]]]]}, "deep"),
    ({"type": "place", "Player": "black"}, "lower-case"),
])
def test_an_oversized_action_is_refused(app, client, action, words):
    start_go(client)
    assert words in error_of(client.post("/api/game/play", json={"action": action}), 400)
    assert actions_journaled(app) == []


def test_dice_are_bounded_in_shape(client):
    start_go(client)
    action = {"type": "pass", "player": "black"}
    for dice in ([1] * 101, [-1], [10**6], "6"):
        body = {"action": action, "dice": dice}
        assert '"dice" must be' in error_of(client.post("/api/game/play", json=body), 400)


def test_a_secret_s_fields_are_known_though_no_legal_action_lists_them():
    from companion.games.action_shape import ActionShapeError, check_action
    from companion.games.oneworld.game import OneWorld

    game = OneWorld()
    state = game.initial_state({})
    check_action(game, state, {"type": "commit", "player": "red", "commitment": "ab" * 32})
    with pytest.raises(ActionShapeError, match="no field 'note'"):
        check_action(game, state, {"type": "commit", "player": "red", "note": "x"})


def test_corrections_and_readings_are_bounded(client):
    start_go(client)
    extra = {"type": "set", "space": "C3", "content": "black", "why": "x"}
    assert "has no field 'why'" in error_of(
        client.post("/api/game/correct", json={"correction": extra}), 400)
    long = {"type": "set", "space": "C3", "content": "b" * 500}
    assert "at most 128" in error_of(
        client.post("/api/game/correct", json={"correction": long}), 400)
    reading = {"C3": "black" * 100}
    assert "at most 128" in error_of(
        client.post("/api/game/reading", json={"reading": reading}), 400)


def test_every_kind_of_correction_has_its_fields_bounded():
    from companion.games.action_shape import CORRECTION_FIELDS, ActionShapeError, check_correction
    from companion.games.corrections import KINDS

    assert set(CORRECTION_FIELDS) == set(KINDS)
    with pytest.raises(ActionShapeError, match="no field 'round'"):
        check_correction({"type": "annul", "round": 2})


def test_an_imported_line_that_is_hostile_is_skipped_not_journaled(app, client):
    record = "\n".join([
        '{"game": "go", "options": {"size": 9}}',
        '{"type": "place", "player": "black", "at": "C3", "junk": "' + "x" * 500 + '"}',
        "[" * 5000 + "]" * 5000,
        '{"type": "place", "player": "black", "at": NaN}',
        '# correction: {"type": "set", "space": "C3", "content": "black", "why": 1}',
        '{"type": "place", "player": "black", "at": "D4"}',
    ])
    response = post_raw(client, "/api/game/import", record, "text/plain")
    assert response.status_code == 200
    assert [s["line"] for s in response.get_json()["skipped"]] == [2, 3, 4, 5]
    assert actions_journaled(app) == [{"type": "place", "player": "black", "at": "D4"}]


# -- boards ---------------------------------------------------------------------------


@pytest.mark.parametrize("board", ["/dev/zero", "/tmp", "/etc/passwd", "../journal.json",
                                   "go-9.json/../../x.json", {"kind": "grid"}])
def test_a_board_outside_the_data_folder_is_refused(client, companion_home, board):
    response = client.post("/api/game/start", json={"game": "go", "options": {"board": board}})
    assert "board" in error_of(response, 400)


def test_a_board_file_in_the_data_folder_is_played_on_and_drawn(client, companion_home):
    (companion_home / "boards").mkdir(parents=True)
    shutil.copy(DATA_DIR / "go-9.json", companion_home / "boards" / "small.json")
    shutil.copy(DATA_DIR / "go-13.json", companion_home / "medium.json")
    response = client.post("/api/game/start",
                           json={"game": "go", "options": {"board": "boards/small.json"}})
    assert response.status_code == 200
    assert len(response.get_json()["game"]["view"]) == 81
    assert len(client.get("/api/board/medium.json").get_json()["spaces"]) == 169
    assert error_of(client.get("/api/board/pyproject.toml"), 400) == (
        "There is no board called 'pyproject.toml'.")


def test_a_board_file_is_read_only_if_it_is_a_small_regular_file(tmp_path):
    with pytest.raises(ValueError, match="is not a board file"):
        load_geometry("/dev/zero")
    with pytest.raises(ValueError, match="is not a board file"):
        load_geometry(str(tmp_path))
    big = tmp_path / "big.json"
    big.write_text(" " * (MAX_BOARD_FILE + 1))
    with pytest.raises(ValueError, match="larger than"):
        load_geometry(str(big))


# -- calibration specs ----------------------------------------------------------------


@pytest.mark.parametrize("spec, words", [
    ("5x7:99999:9999", "at most 1000 mm"),
    ("999x999:1:0.5", "at most 40 squares"),
    ("30x30:10:8", "needs 450 markers"),
    ("5x7:33:25:" + "D" * 100, "COLSxROWS"),
])
def test_a_huge_charuco_spec_is_refused(client, spec, words):
    response = client.get("/calibrate/charuco.pdf", query_string={"spec": spec})
    assert words in error_of(response, 400)


def test_a_chessboard_spec_is_bounded():
    from web.calibration_runner import make_finder

    for spec in ("9999x6", "9x6:inf", "9x6:1000"):
        with pytest.raises(ValueError, match="chessboard"):
            make_finder("chessboard", spec)

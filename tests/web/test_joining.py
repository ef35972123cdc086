"""Joining the table: PINs, seats, cookies, reconnecting, the referee freeing a seat,
PIN guessing slowed down, and changes refused from other web pages (CSRF)."""

import os
import stat

import pytest

from tests.helpers.phones import anonymous, joined
from web.access import COOKIE, get_access
from web.pin_guard import PER_ADDRESS_PER_WINDOW, TOTAL_PER_WINDOW, WINDOW


@pytest.fixture
def go_app(make_app):
    app = make_app()
    app.test_client().post("/api/game/start", json={"game": "go"})
    return app


def cookie_of(client):
    return client.get_cookie(COOKIE)


def test_a_phone_joins_a_seat_with_the_table_pin_and_gets_a_safe_cookie(go_app):
    phone = anonymous(go_app)
    answer = phone.post("/api/join", json={"pin": get_access(go_app).table_pin,
                                           "seat": "black"})
    assert answer.status_code == 200
    assert answer.get_json()["role"] == "player" and answer.get_json()["seat"] == "black"
    header = answer.headers["Set-Cookie"]
    assert "HttpOnly" in header and "SameSite=Strict" in header and "Path=/" in header
    me = phone.get("/api/me").get_json()
    assert me["role"] == "player" and me["seat"] == "black"
    assert me["pin"] == get_access(go_app).table_pin
    assert me["join_url"] == f"http://localhost/join?pin={me['pin']}"


def test_a_wrong_pin_or_a_seat_the_game_has_not_is_refused(go_app):
    phone = anonymous(go_app)
    wrong = phone.post("/api/join", json={"pin": "000000x", "watch": True})
    assert wrong.status_code == 403 and "not the table's PIN" in wrong.get_json()["error"]
    pin = get_access(go_app).table_pin
    no_seat = phone.post("/api/join", json={"pin": pin, "seat": "red"})
    assert no_seat.status_code == 400
    assert no_seat.get_json()["error"] == ("There is no seat 'red' at this game; the seats "
                                           "are black, white.")
    assert phone.get("/api/me").get_json()["role"] is None


def test_the_referee_pin_makes_the_referee_who_may_also_sit(go_app):
    referee = joined(go_app, "white", referee=True)
    me = referee.get("/api/me").get_json()
    assert (me["role"], me["seat"]) == ("referee", "white")
    assert referee.post("/api/game/end", json={}).status_code == 200


def test_a_phone_that_comes_back_is_in_its_seat_and_no_one_else_takes_it(go_app):
    black = joined(go_app, "black")
    # The phone lost Wi-Fi: a new connection, the same cookie.
    again = anonymous(go_app)
    again.set_cookie(COOKIE, cookie_of(black).value)
    assert again.get("/api/me").get_json()["seat"] == "black"
    other = anonymous(go_app)
    taken = other.post("/api/join", json={"pin": get_access(go_app).table_pin,
                                          "seat": "black"})
    assert taken.status_code == 409
    assert taken.get_json()["error"] == ("The black seat is taken by another phone; the "
                                         "referee can free it.")
    seats = other.get("/api/seats").get_json()
    assert seats["seats"][0] == {"seat": "black", "name": "Black", "taken": True,
                                 "referee": False, "yours": False}


def test_the_referee_frees_a_lost_phones_seat_for_another(go_app):
    lost = joined(go_app, "black")
    assert black_seat_taker(go_app).status_code == 409
    freed = go_app.test_client().post("/api/seats/free", json={"seat": "black"})
    assert freed.get_json() == {"freed": True, "seat": "black"}
    assert lost.get("/api/me").get_json()["role"] == "watcher"
    assert black_seat_taker(go_app).status_code == 200
    refused = lost.post("/api/game/play",
                        json={"action": {"type": "pass", "player": "black"}})
    assert refused.status_code == 403


def black_seat_taker(app):
    return anonymous(app).post("/api/join", json={"pin": get_access(app).table_pin,
                                                  "seat": "black"})


def test_a_joined_phone_changes_seat_without_the_pin_and_leaves(go_app):
    phone = joined(go_app)
    assert phone.post("/api/join", json={"seat": "white"}).get_json()["seat"] == "white"
    assert phone.post("/api/join", json={"watch": True}).get_json()["role"] == "watcher"
    assert phone.post("/api/leave", json={}).get_json()["role"] is None
    assert phone.get("/api/me").get_json()["role"] is None
    assert anonymous(go_app).post("/api/join", json={"seat": "white"}).status_code == 403


def test_with_no_game_a_phone_can_only_watch(make_app):
    app = make_app()
    answer = anonymous(app).post("/api/join", json={"pin": get_access(app).table_pin,
                                                    "seat": "black"})
    assert answer.status_code == 400 and "No game is being played" in answer.get_json()["error"]


def test_joined_phones_keep_their_seats_through_a_restart(make_app, tmp_path):
    path = tmp_path / "data" / "sessions.json"
    first = make_app(SESSIONS_PATH=str(path), JOURNAL_PATH=str(tmp_path / "j.sqlite3"))
    first.test_client().post("/api/game/start", json={"game": "go"})
    value = cookie_of(joined(first, "black")).value
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert value not in path.read_text()  # only digests of the ids are kept
    again = anonymous(make_app(SESSIONS_PATH=str(path), JOURNAL_PATH=str(tmp_path / "j.sqlite3")))
    again.set_cookie(COOKIE, value)
    assert again.get("/api/me").get_json()["seat"] == "black"


def test_a_phone_joining_again_and_again_does_not_grow_the_sessions_for_ever():
    from web.sessions import MAX_SESSIONS, Member, Sessions

    sessions = Sessions()
    first = sessions.join(Member("watcher"))
    for _ in range(MAX_SESSIONS):
        sessions.join(Member("watcher"))
    assert len(sessions.members()) == MAX_SESSIONS and sessions.get(first) is None


def test_the_join_link_opens_the_page_with_the_pin_in_the_fragment(client):
    assert client.get("/join?pin=123456").headers["Location"] == "/#pin=123456"
    assert client.get("/join?referee=12345678").headers["Location"] == "/#referee=12345678"
    assert client.get("/join?pin=<script>").headers["Location"] == "/"


def test_the_qr_code_is_for_joined_phones_only(go_app):
    assert anonymous(go_app).get("/join/qr.svg").status_code == 401
    svg = joined(go_app).get("/join/qr.svg")
    assert svg.mimetype == "image/svg+xml" and svg.data.startswith(b"<svg")


# -- guessing the PIN ---------------------------------------------------------------------


def guess(app, address, pin="999999x"):
    return anonymous(app).post("/api/join", json={"pin": pin, "watch": True},
                               environ_base={"REMOTE_ADDR": address})


def test_a_phone_guessing_pins_must_wait_even_for_the_right_one(make_app, fake_clock):
    app = make_app(ACCESS_CLOCK=fake_clock)
    pin = get_access(app).table_pin
    for _ in range(PER_ADDRESS_PER_WINDOW):
        assert guess(app, "10.0.0.9").status_code == 403
    waiting = guess(app, "10.0.0.9", pin)
    assert waiting.status_code == 429
    assert waiting.headers["Retry-After"] == str(int(WINDOW))
    assert guess(app, "10.0.0.8", pin).status_code == 200  # another phone is not held up
    fake_clock.advance(WINDOW)
    assert guess(app, "10.0.0.9", pin).status_code == 200


def test_many_phones_guessing_together_hold_everyone_up(make_app, fake_clock):
    app = make_app(ACCESS_CLOCK=fake_clock)
    for n in range(TOTAL_PER_WINDOW):
        assert guess(app, f"10.0.1.{n}").status_code == 403
    assert guess(app, "10.0.2.1", get_access(app).table_pin).status_code == 429
    fake_clock.advance(WINDOW)
    assert guess(app, "10.0.2.1", get_access(app).table_pin).status_code == 200


# -- changes from other web pages (CSRF) -------------------------------------------------------


@pytest.fixture
def referee_phone(go_app):
    return joined(go_app, referee=True)


def test_a_change_from_another_origin_is_refused(referee_phone):
    refused = referee_phone.post("/api/game/end", json={},
                                 headers={"Origin": "http://evil.example"})
    assert refused.status_code == 403
    assert refused.get_json()["error"] == ("A request from http://evil.example may not "
                                           "change this table.")
    cross = referee_phone.post("/api/game/end", json={}, headers={"Sec-Fetch-Site": "cross-site"})
    assert cross.status_code == 403
    same = referee_phone.post("/api/game/end", json={}, headers={"Origin": "http://localhost"})
    assert same.status_code == 200


def test_a_change_sent_as_text_or_a_form_is_refused(referee_phone):
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data"):
        refused = referee_phone.post("/api/game/end", data="{}", content_type=kind)
        assert refused.status_code == 403, kind
        assert "must be sent as JSON" in refused.get_json()["error"]
    assert referee_phone.post("/api/game/end", data="{}",
                              content_type="application/json").status_code == 200


def test_the_token_is_the_referee_and_a_wrong_token_is_no_one(go_app):
    script = go_app.test_client()  # the token: a record may be sent as plain text
    record = '{"game": "go", "options": {}}\n{"type": "pass", "player": "black"}\n'
    assert script.post("/api/game/import", data=record,
                       content_type="text/plain").status_code == 200
    wrong = anonymous(go_app).post("/api/game/end", json={},
                                   headers={"Authorization": "Bearer guessed"})
    assert wrong.status_code == 401

"""Each role against each route: the table of who may call what, walked over the app's
own routes, so that a new route without a rule (here and in ``web.access_rules``) fails.

The phones: not joined, a watcher, the player of another seat (white), the player of
the seat that acts (black, to move in a game of Go) and the referee. A refused call
must be 401 (not joined) or 403 (joined, but not allowed); an allowed one may still be
refused by the route itself (400, 404, 409), never by access."""

import pytest

from tests.helpers.phones import anonymous, joined
from web.access_rules import RULES

# What each route is, as the issue asks: who may call it.
OPEN, WATCH, MEMBER, PLAYER, SEAT, REFEREE = ("open", "watch", "member", "player", "seat",
                                              "referee")
EXPECTED = {
    "static": OPEN, "pages.table": OPEN, "pages.favicon": OPEN, "pages.healthz": OPEN,
    "join_api.join_link": OPEN, "join_api.join": OPEN, "join_api.me": OPEN,
    "pages.frame_jpg": WATCH, "pages.video_mjpg": WATCH, "join_api.seats": WATCH,
    "pages.card_flag": WATCH,
    "api.history": WATCH, "api.status": WATCH, "api.events": WATCH,
    "table_api.games": WATCH, "table_api.board": WATCH, "table_api.game": WATCH,
    "table_api.actions": WATCH, "table_api.calibration": WATCH, "table_api.hand": MEMBER,
    "table_api.position": WATCH, "table_api.picture": WATCH,
    "calibration_page.page": WATCH, "calibration_page.frame_jpg": WATCH,
    "calibration_page.charuco_pdf": WATCH, "calibration_page.status": WATCH,
    "join_api.qr_code": MEMBER, "join_api.leave": MEMBER,
    "api.press_demo_button": PLAYER, "api.resume_demo": REFEREE,
    "api.roll": SEAT, "table_api.play": SEAT, "table_api.choose": SEAT,
    "join_api.free": REFEREE, "table_api.start": REFEREE, "table_api.resume": REFEREE,
    "table_api.end": REFEREE, "table_api.correct": REFEREE, "table_api.accept": REFEREE,
    "table_api.from_camera": REFEREE, "table_api.clear_board": REFEREE,
    "table_api.undo": REFEREE, "table_api.redo": REFEREE, "table_api.reading": REFEREE,
    "table_api.export": REFEREE, "table_api.import_record": REFEREE,
    "table_api.thrown": REFEREE, "pages.calibration": WATCH, "openapi.openapi_json": WATCH,
    "table_api.reregister": REFEREE, "calibration_page.start": REFEREE,
    "calibration_page.finish": REFEREE, "calibration_page.cancel": REFEREE,
    "calibration_page.save": REFEREE,
}

# Who may call each kind of route, by phone (in the order the phones call).
PHONES = ("nobody", "watcher", "other seat", "own seat", "referee")
ALLOWED = {
    OPEN: set(PHONES),
    WATCH: set(PHONES),
    MEMBER: {"watcher", "other seat", "own seat", "referee"},
    PLAYER: {"other seat", "own seat", "referee"},
    SEAT: {"own seat", "referee"},
    REFEREE: {"referee"},
}

# A body for each route that takes one; the pending roll is what ``api.roll`` is about.
BODIES = {
    "table_api.play": {"action": {"type": "pass", "player": "black"}},
    "table_api.choose": {"index": 0},
    "table_api.start": {"game": "go"},
    "table_api.correct": {"correction": {"type": "set", "space": "C3", "content": None}},
    "table_api.reading": {"reading": {}},
    "table_api.import_record": {"record": '{"game": "go", "options": {}}\n'},
    "join_api.free": {"seat": "nobody's"},
    "table_api.thrown": {"dice": [3]},
}
ARGUMENTS = {"filename": "js/api.js", "name": "go-9", "code": "FRA"}


def app_routes(app):
    return [rule for rule in app.url_map.iter_rules()]


def test_every_route_has_a_rule_and_the_rules_name_only_routes(app):
    endpoints = {rule.endpoint for rule in app_routes(app)}
    assert endpoints == set(RULES), "give each route a rule in web/access_rules.py"
    assert endpoints == set(EXPECTED), "say here who may call each route"


def phones(app):
    """Each phone's client; the game is Go with Black to move and a roll pending."""
    from web.runtime import get_runtime

    referee = app.test_client()
    assert referee.post("/api/game/start", json={"game": "go"}).status_code == 200
    get_runtime(app).dice.request(1, 6, purpose="to test", for_whom="black")
    return {"nobody": anonymous(app), "watcher": joined(app),
            "other seat": joined(app, "white"), "own seat": joined(app, "black"),
            "referee": referee}


def call(client, rule, endpoint):
    from flask import url_for

    method = sorted(rule.methods - {"HEAD", "OPTIONS"})[0]
    with client.application.test_request_context():
        path = url_for(endpoint, **{k: ARGUMENTS[k] for k in rule.arguments})
    if method == "GET":
        response = client.get(path, buffered=False)
    else:
        body = BODIES.get(endpoint, {})
        if endpoint == "join_api.join":
            from web.access import get_access

            body = {"pin": get_access(client.application).table_pin, "watch": True}
        response = client.open(path, method=method, json=body)
    status = response.status_code
    response.close()  # the live streams end here
    return status


@pytest.mark.parametrize("endpoint", sorted(EXPECTED))
def test_each_phone_may_call_only_what_its_role_allows(make_app, endpoint):
    app = make_app(SSE_KEEPALIVE=0.01)
    rule = next(r for r in app_routes(app) if r.endpoint == endpoint)
    clients = phones(app)
    allowed = ALLOWED[EXPECTED[endpoint]]
    for name in PHONES:  # the refused first: an allowed call may change the game
        status = call(clients[name], rule, endpoint)
        if name in allowed:
            assert status not in (401, 403), f"{name} refused {endpoint}: {status}"
        else:
            assert status == (401 if name == "nobody" else 403), f"{name} {endpoint}"


def test_with_private_nobody_may_watch_without_joining(make_app):
    app = make_app(PRIVATE=True)
    nobody, watcher = anonymous(app), joined(app)
    for path in ("/api/game", "/api/status", "/frame.jpg", "/api/seats", "/api/events"):
        refused = nobody.get(path, buffered=False)
        assert refused.status_code == 401 and "Join the table" in refused.get_json()["error"]
        refused.close()
        seen = watcher.get(path, buffered=False)
        assert seen.status_code == 200, path
        seen.close()
    assert nobody.get("/").status_code == 200  # the page, with its join panel
    assert nobody.get("/api/me").get_json() == {"role": None, "seat": None, "private": True}


def test_a_player_acts_for_their_own_seat_only(make_app):
    app = make_app()
    referee = app.test_client()
    referee.post("/api/game/start", json={"game": "go"})
    black, white = joined(app, "black"), joined(app, "white")
    as_black = {"action": {"type": "place", "player": "black", "at": "D4"}}
    refused = white.post("/api/game/play", json=as_black)
    assert refused.status_code == 403
    assert refused.get_json()["error"] == ("This phone sits at white: it may act for white "
                                           "only, not for black.")
    with_dice = {**as_black, "dice": [6]}
    assert black.post("/api/game/play", json=with_dice).get_json()["error"] == (
        "Only the referee enters dice thrown at the table.")
    assert black.post("/api/game/play", json=as_black).status_code == 200
    # Without a player named, the action is the player to move's (White's now; Go then
    # asks who passes, which access leaves to the rules).
    assert black.post("/api/game/play", json={"action": {"type": "pass"}}).status_code == 403
    assert white.post("/api/game/play", json={"action": {"type": "pass"}}).status_code == 409
    for path in ("/api/game/undo", "/api/game/end", "/api/game/accept"):
        assert black.post(path, json={}).get_json()["error"] == (
            "Only the referee may do that; this phone is a player.")


def test_a_seat_in_onslaught_is_a_team_and_acts_for_its_pieces(make_app):
    app = make_app()
    app.test_client().post("/api/game/start", json={"game": "onslaught",
                                                    "options": {"players": 2}})
    red, blue = joined(app, "red"), joined(app, "blue")
    roll = {"action": {"type": "roll", "piece": "red1"}}
    assert blue.post("/api/game/play", json=roll).status_code == 403
    assert red.post("/api/game/play", json=roll).status_code not in (401, 403)


def test_the_roll_a_game_waits_for_is_rolled_by_the_player_it_is_for(make_app):
    from web.runtime import get_runtime

    app = make_app()
    app.test_client().post("/api/game/start", json={"game": "go"})
    black, white = joined(app, "black"), joined(app, "white")
    get_runtime(app).dice.request(2, 6, purpose="for Black's move")
    assert white.post("/api/dice/roll", json={}).status_code == 403
    assert white.post("/api/dice/roll", json={"count": 1, "sides": 20}).status_code == 200
    assert black.post("/api/dice/roll", json={}).get_json()["count"] == 2


def test_a_roll_is_journaled_as_the_phone_that_asked_whatever_it_says(make_app):
    app = make_app()
    script = app.test_client()  # the token: a script names itself
    script.post("/api/game/start", json={"game": "go"})
    black = joined(app, "black")
    assert black.post("/api/dice/roll", json={"count": 1, "by": "white"}).get_json()[
        "requested_by"] == "black"
    assert script.post("/api/dice/roll", json={"count": 1, "by": "bot"}).get_json()[
        "requested_by"] == "bot"

"""The JSON API: rolls are journaled, history, status, and errors as one sentence."""

import random

import pytest

from companion.journal import Journal
from web.runtime import get_runtime


def journaled_rolls(app):
    with Journal(app.config["JOURNAL_PATH"]) as journal:
        return journal.events(kind="dice.roll")


def test_a_roll_through_the_api_is_journaled(app, client):
    response = client.post("/api/dice/roll",
                           json={"count": 3, "sides": 8, "purpose": "Alice's attack",
                                 "by": "alice"})
    assert response.status_code == 200
    roll = response.get_json()
    assert roll["count"] == 3 and roll["sides"] == 8 and len(roll["values"]) == 3
    assert all(1 <= v <= 8 for v in roll["values"]) and roll["total"] == sum(roll["values"])
    [event] = journaled_rolls(app)
    assert event.seq == roll["seq"] and event.actor == "alice"
    assert event.data["values"] == roll["values"]
    assert event.data["purpose"] == "Alice's attack"


@pytest.mark.parametrize("body, notation, modifier", [
    ({"dice": "2d6+3"}, "2d6+3", 3), ({"dice": "d20"}, "1d20", 0),
    ({"count": 3, "sides": 6, "modifier": -1}, "3d6-1", -1),
])
def test_dice_with_a_modifier_add_it_to_their_sum(app, client, body, notation, modifier):
    roll = client.post("/api/dice/roll", json=body).get_json()
    assert roll["notation"] == notation and roll["modifier"] == modifier
    assert roll["total"] == sum(roll["values"]) + modifier
    (event,) = journaled_rolls(app)
    assert event.data.get("modifier", 0) == modifier and event.data["total"] == roll["total"]


def test_an_empty_roll_does_what_the_button_does(app, client):
    default = client.post("/api/dice/roll").get_json()
    assert default["notation"] == "1d6" and default["requested_by"] == "api"
    get_runtime(app).dice.request(2, 10, "Bob's defence", for_whom="bob")
    pending = client.get("/api/status").get_json()["dice"]["pending"]
    assert pending == {"count": 2, "sides": 10, "purpose": "Bob's defence", "for_whom": "bob"}
    rolled = client.post("/api/dice/roll", json={"by": "page"}).get_json()
    assert (rolled["notation"], rolled["purpose"], rolled["for_whom"], rolled["requested_by"]) \
        == ("2d10", "Bob's defence", "bob", "page")
    assert client.get("/api/status").get_json()["dice"]["pending"] is None


def test_seeded_dice_give_known_values(make_app):
    client = make_app(DICE_RANDBELOW=random.Random(7).randrange).test_client()
    first = client.post("/api/dice/roll", json={"count": 5, "sides": 6}).get_json()
    expected = random.Random(7)
    assert first["values"] == [expected.randrange(6) + 1 for _ in range(5)]


def test_history_is_newest_first_and_limited(client):
    for sides in (4, 6, 8, 10):
        client.post("/api/dice/roll", json={"count": 1, "sides": sides})
    rolls = client.get("/api/dice/history?limit=3").get_json()["rolls"]
    assert [r["sides"] for r in rolls] == [10, 8, 6]
    assert len(client.get("/api/dice/history").get_json()["rolls"]) == 4


def test_status_tells_camera_dice_and_button(client):
    assert client.get("/api/status").get_json()["dice"]["last"] is None
    client.post("/api/dice/roll", json={"count": 2, "sides": 6})
    status = client.get("/api/status").get_json()
    assert status["camera"]["status"] == "no camera"
    assert status["dice"]["last"]["notation"] == "2d6"
    assert status["dice"]["default"] == {"count": 1, "sides": 6}
    assert status["button"] == {"status": "no button", "simulated": False}


@pytest.mark.parametrize("body, message", [
    ({"count": 0}, "number of dice must be a whole number from 1"),
    ({"count": 2, "sides": "x"}, "sides from 2 to 1000, not 'x'"),
    ({"count": True}, "number of dice"),
    ({"count": 2.5}, "number of dice"),
    ({"count": 101}, "number of dice"),
    ({"sides": 1}, "sides from 2"),
    ({"count": 1, "purpose": "x" * 201}, "purpose must be a text of at most 200"),
    ({"by": 7}, "by must be a text"),
    ({"purpose": "attack"}, "A purpose needs the dice"),
    ({"dice": "2d6+"}, "is not dice; write them like 2d6"),
    ({"dice": 26}, "is not dice"),
    ({"dice": "d20", "modifier": 2}, 'Give the dice as "dice": "2d6+3"'),
    ({"count": 2, "modifier": 0.5}, "added to the dice must be a whole number"),
    ({"dice": "3d6+1001"}, "from -1000 to 1000"),
])
def test_bad_rolls_are_400_with_a_sentence(app, client, body, message):
    response = client.post("/api/dice/roll", json=body)
    assert response.status_code == 400
    assert message in response.get_json()["error"]
    assert journaled_rolls(app) == []


@pytest.mark.parametrize("data", [b"{", b"[1, 2]", b"\"six\"", b"\xff\xfe"])
def test_a_body_that_is_not_a_json_object_is_400(client, data):
    response = client.post("/api/dice/roll", data=data, content_type="application/json")
    assert response.status_code == 400
    assert response.get_json() == {"error": "The request body must be a JSON object, such as "
                                            '{"count": 2, "sides": 6}.'}


@pytest.mark.parametrize("limit", ["0", "-1", "x", "501", ""])
def test_a_bad_history_limit_is_400(client, limit):
    response = client.get(f"/api/dice/history?limit={limit}")
    assert response.status_code == 400
    assert "limit must be a whole number from 1 to 500" in response.get_json()["error"]


def test_unknown_api_routes_and_methods_answer_json(client):
    missing = client.get("/api/nothing")
    assert missing.status_code == 404
    assert missing.get_json() == {"error": "There is no /api/nothing here."}
    wrong = client.get("/api/dice/roll")
    assert wrong.status_code == 405
    assert wrong.get_json() == {"error": "/api/dice/roll does not take GET requests."}
    assert client.get("/no-such-page").status_code == 404


def test_the_demo_button_is_not_there_outside_the_demo(client):
    response = client.post("/api/demo/button")
    assert response.status_code == 404
    assert "not the demo" in response.get_json()["error"]


def test_the_simulated_button_rolls_once_per_press_and_journals(make_app):
    app = make_app(DEMO=True)
    client = app.test_client()
    presses = [client.post("/api/demo/button").get_json() for _ in range(3)]
    assert all(p["pressed"] for p in presses)
    assert [p["roll"]["requested_by"] for p in presses] == ["simulated button"] * 3
    assert [e.seq for e in journaled_rolls(app)] == [p["roll"]["seq"] for p in presses]
    assert client.get("/api/status").get_json()["button"] == {
        "status": "simulated button on mock GPIO17", "simulated": True}


def test_a_real_button_on_injected_pins_rolls_for_the_page(make_app, mock_pin_factory):
    app = make_app(BUTTON_PIN=4, PIN_FACTORY=mock_pin_factory)
    runtime = get_runtime(app)
    assert runtime.button_status == "button on GPIO4"
    pin = mock_pin_factory.pin(4)
    pin.drive_low()
    rolls = app.test_client().get("/api/dice/history").get_json()["rolls"]
    assert [r["requested_by"] for r in rolls] == ["button"]


def test_without_gpio_the_app_runs_without_the_button(make_app, monkeypatch):
    from gpiozero import Device

    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "no-such-factory")
    app = make_app(BUTTON_PIN=17)
    runtime = get_runtime(app)
    assert runtime.button is None
    assert runtime.button_problem.startswith("No GPIO pins are available here")
    # The page (often a phone) says it in a few words, not the GPIO library's paragraph.
    assert runtime.button_status == "no dice button here: roll with the Roll button"
    assert app.test_client().get("/api/status").get_json()["button"]["status"] == (
        runtime.button_status)
    assert app.test_client().post("/api/dice/roll").status_code == 200

"""Listeners hear of dice requests as they are made and cleared (the page shows them live)."""

import pytest

from companion.dice import DiceService


@pytest.fixture
def dice():
    return DiceService(randbelow=lambda n: 3)  # every die shows 4


def test_a_request_is_told_with_its_purpose(dice):
    heard = []
    dice.subscribe_requests(heard.append)
    dice.request(2, 6, "Blue 1's attack", for_whom="blue1")
    assert heard == [{"count": 2, "sides": 6, "purpose": "Blue 1's attack",
                      "for_whom": "blue1"}]


def test_rolling_the_request_clears_it_before_the_roll_is_told(dice):
    order = []
    dice.request(1, 6, "Red 1's moves")
    dice.subscribe_requests(lambda pending: order.append(("request", pending)))
    dice.subscribe(lambda roll: order.append(("roll", roll.purpose)))
    dice.roll_pending_or_default(requested_by="button")
    assert order == [("request", None), ("roll", "Red 1's moves")]


def test_a_default_roll_and_a_cancel_with_nothing_pending_tell_nothing(dice):
    heard = []
    dice.subscribe_requests(heard.append)
    dice.roll_pending_or_default(requested_by="button")
    dice.cancel_request()
    assert heard == []


def test_cancel_is_told_and_unsubscribe_stops_the_news(dice):
    heard = []
    unsubscribe = dice.subscribe_requests(heard.append)
    dice.request(1, 6, "who sets up first")
    dice.cancel_request()
    unsubscribe()
    dice.request(1, 6, "again")
    assert heard == [{"count": 1, "sides": 6, "purpose": "who sets up first",
                      "for_whom": ""}, None]


def test_a_failing_listener_does_not_stop_the_request_or_the_others(dice):
    heard = []

    def broken(pending):
        raise RuntimeError("boom")

    dice.subscribe_requests(broken)
    dice.subscribe_requests(heard.append)
    dice.request(1, 20, "a Fault of Chaos")
    assert dice.pending()["sides"] == 20
    assert heard[0]["purpose"] == "a Fault of Chaos"

"""Hidden information at the table (rulings H1-H3): the card game played from two
phones, and every route and stream walked as each phone at the table (the two seats,
the referee by token and by PIN, a watcher, a phone that has not joined), none of
them ever given a card of a hand that is not its own, nor the seed that fixes them."""

import json

import pytest

from companion.cards.deck import load_deck
from tests.helpers.phones import anonymous, joined
from web.runtime import get_runtime
from web.table_events import TableEvents

DECK = load_deck()
SEATS = ("player1", "player2")


@pytest.fixture
def table(make_app):
    """A two-player card game (seed 5) and a phone for each way of being at the table;
    ``sent`` collects the live ``table`` events."""
    app = make_app()
    referee = app.test_client()
    answer = referee.post("/api/game/start", json={
        "game": "cards", "options": {"players": 2, "seed": 5, "end_at": 6}})
    assert answer.status_code == 200, answer.get_json()
    session = get_runtime(app).table
    sent = []
    session.subscribe(TableEvents(session, lambda kind, data: sent.append(data)))
    phones = {"player1": joined(app, "player1"), "player2": joined(app, "player2"),
              "referee": referee, "referee phone": joined(app, referee=True),
              "watcher": joined(app), "nobody": anonymous(app)}
    return {"app": app, "session": session, "phones": phones, "sent": sent}


def others_cards(session, seat):
    """The codes and names of every card in a hand other than ``seat``'s, and in the
    deck, as JSON strings: what ``seat``'s phone must never be sent."""
    state = session.state
    codes = [code for who, hand in state["hands"].items() if who != seat for code in hand]
    codes += state["deck"]
    return [f'"{text}"' for code in codes for text in (code, DECK.card(code).name)]


def leaks(text, session, seat):
    return [word for word in others_cards(session, seat) if word in text]


def turn(table, seat):
    """``seat`` plays a turn from its phone: a meld if it can, else a discard; the answer."""
    phone = table["phones"][seat]
    listed = phone.get("/api/game/actions").get_json()["actions"]
    melds = [item["action"] for item in listed if item["action"]["type"] == "meld"
             and "missions" not in item["action"]]
    action = (melds or [item["action"] for item in listed
                        if item["action"]["type"] == "discard"])[0]
    answer = phone.post("/api/game/play", json={"action": action})
    assert answer.status_code == 200, answer.get_json()
    return answer


def test_each_seat_gets_its_own_hand_and_no_one_else_any(table):
    session, phones = table["session"], table["phones"]
    for seat in SEATS:
        own = phones[seat].get("/api/game/hand").get_json()
        assert own["seat"] == seat
        assert [c["code"] for c in own["private"]["hand"]] == session.state["hands"][seat]
    for name in ("referee", "referee phone", "watcher"):
        assert phones[name].get("/api/game/hand").get_json() == {"seat": None,
                                                                 "private": None}
    assert phones["nobody"].get("/api/game/hand").status_code == 401


def test_no_route_or_event_gives_a_phone_another_hand(table):
    session, phones = table["session"], table["phones"]
    answers = {name: [] for name in phones}
    for seat in (*SEATS, *SEATS):
        answers[seat].append(turn(table, seat).get_data(as_text=True))
    steps = len(session.snapshot()["history"])
    paths = ["/api/game", "/api/game/actions", "/api/game/hand", "/api/games", "/api/seats",
             "/api/game/export", "/api/status", "/api/openapi.json",
             *(f"/api/game/position?step={n}" for n in range(steps + 1)),
             *(f"/api/game/picture?step={n}" for n in range(steps + 1))]
    for name, phone in phones.items():
        seat = name if name in SEATS else None
        for path in paths:
            text = phone.get(path).get_data(as_text=True)
            assert not leaks(text, session, seat), (name, path)
            assert f'"seed": {session.state["options"]["seed"]}' not in text, (name, path)
            assert '"seed":5' not in text.replace(" ", ""), (name, path)
        for text in answers[name]:
            assert not leaks(text, session, seat), name
    for event in table["sent"]:
        assert not leaks(json.dumps(event), session, None)
        assert "seed" not in event["game"]["state"]["options"]
        assert not {"hands", "deck", "mission_deck"} & set(event["game"]["state"])


def test_the_moves_of_a_turn_are_listed_to_the_seat_to_move_only(table):
    phones = table["phones"]
    assert phones["player1"].get("/api/game/actions").get_json()["actions"]
    for name in ("player2", "referee", "referee phone", "watcher", "nobody"):
        answer = phones[name].get("/api/game/actions").get_json()
        assert answer["actions"] == [] and "only the phone of the player to move" in (
            answer["withheld"]), name


def test_a_space_asked_of_a_game_without_a_board_is_a_sentence(table):
    answer = table["phones"]["player1"].get("/api/game/actions?space=A1")
    assert answer.status_code == 400
    assert answer.get_json()["error"] == "There is no space 'A1' on this board."


def test_a_hand_is_played_from_its_own_phone_only(table):
    session, phones = table["session"], table["phones"]
    card = session.state["hands"]["player1"][0]
    discard = {"action": {"type": "discard", "player": "player1", "cards": [card]}}
    for name in ("referee", "referee phone"):
        refused = phones[name].post("/api/game/play", json=discard)
        assert refused.status_code == 403
        assert refused.get_json()["error"] == (
            "In ONE WORLD (cards) a hand is played from its own phone only, the referee's "
            "included: this phone does not sit at player1 (ruling H2).")
    assert phones["player2"].post("/api/game/play", json=discard).status_code == 403
    # the referee who plays too plays their own seat
    app = table["app"]
    phones["player1"].post("/api/leave", json={})
    playing_referee = joined(app, "player1", referee=True)
    assert [c["code"] for c in playing_referee.get("/api/game/hand").get_json()[
        "private"]["hand"]] == session.state["hands"]["player1"]
    turn({"phones": {"player1": playing_referee}}, "player1")


def test_a_refusal_names_no_card_of_another_hand(table):
    session, phones = table["session"], table["phones"]
    hands = session.state["hands"]
    tries = [{"type": "discard", "player": "player1", "cards": hands["player2"][:1]},
             {"type": "meld", "player": "player1", "cards": hands["player1"][:4]},
             {"type": "meld", "player": "player1", "cards": hands["player1"][:3]},
             {"type": "take", "player": "player1"}]
    for action in tries:
        answer = phones["player1"].post("/api/game/play", json={"action": action})
        if answer.status_code == 200:
            break
        named = {code for code in action.get("cards", [])}
        text = answer.get_data(as_text=True)
        assert not [code for code in hands["player2"] if code not in named
                    and DECK.card(code).name in text]


def test_the_record_is_exported_once_the_game_is_over(table):
    session, referee = table["session"], table["phones"]["referee"]
    refused = referee.get("/api/game/export")
    assert refused.status_code == 409
    assert refused.get_json()["error"] == (
        "The record of ONE WORLD (cards) is exported once the game is over: its seed "
        "fixes every hand and every card still to come.")
    seat = 0
    while not session.game.is_over(session.state):
        turn(table, SEATS[seat % 2])
        seat += 1
    record = referee.get("/api/game/export").get_data(as_text=True).splitlines()
    assert json.loads(record[0])["options"]["seed"] == 5
    assert len(record) == 1 + seat


def _started(make_app, game: str, options: dict):
    """A table whose referee started ``game`` with ``options``: the app, the referee's
    client and the table session."""
    app = make_app()
    referee = app.test_client()
    referee.post("/api/game/start", json={"game": game, "options": options})
    return app, referee, get_runtime(app).table


def _two_seats_and_a_watcher(app):
    """Phones joined as player1, as player2 and as a watcher."""
    return joined(app, "player1"), joined(app, "player2"), joined(app)


def test_a_game_started_without_a_seed_gets_a_fresh_one(make_app, monkeypatch):
    import web.table_api

    monkeypatch.setattr(web.table_api.secrets, "randbits", lambda bits: 424242 + bits)
    app, referee, session = _started(make_app, "cards", {"players": 3})
    assert session.state["options"]["seed"] == 424242 + 31
    assert "options" not in referee.get("/api/games").get_json()["saved"][0]
    referee.post("/api/game/start", json={"game": "one"})  # a game that shuffles nothing
    assert "seed" not in session.state["options"]


def test_a_card_s_flag_is_served_by_its_code(client):
    flag = client.get("/cards/flags/FRA.png")
    assert flag.status_code == 200 and flag.mimetype == "image/png"
    assert flag.data.startswith(b"\x89PNG")
    for code in ("XYZ", "Chad", "..", "FRANCE"):
        missing = client.get(f"/cards/flags/{code}.png")
        assert missing.status_code == 404 and "no flag" in missing.get_json()["error"]


def test_battle_of_flags_sends_no_pile_and_reveals_from_the_phone_to_move(make_app):
    app, referee, session = _started(make_app, "flags", {"cards": 30})
    first, second, watcher = _two_seats_and_a_watcher(app)
    reveal = {"action": {"type": "reveal"}}
    assert referee.post("/api/game/play", json=reveal).status_code == 403
    assert second.post("/api/game/play", json=reveal).status_code == 403
    assert first.post("/api/game/play", json=reveal).status_code == 200
    piles = [code for pile in session.state["piles"].values() for code in pile]
    for phone in (first, second, watcher, referee):
        game = phone.get("/api/game").get_json()["game"]
        assert not {"piles", "aside", "pot"} & set(game["state"])
        assert "seed" not in game["state"]["options"]
        assert game["summary"]["kind"] == "flags" and game["summary"]["round"] == 1
        assert not [code for code in piles if f'"{code}"' in json.dumps(game)]
        assert phone.get("/api/game/hand").get_json()["private"] is None
    assert referee.get("/api/game/export").status_code == 409


def test_the_quiz_sends_no_answer_before_it_is_given(make_app):
    app, referee, session = _started(make_app, "quiz", {"seed": 4})
    first, second, watcher = _two_seats_and_a_watcher(app)
    card = DECK.card(session.state["question"]["code"])  # Saint Vincent and the Grenadines
    for phone in (first, second, watcher, referee):
        game = phone.get("/api/game").get_json()["game"]
        assert card.name not in json.dumps(game) and f'"{card.code}"' not in json.dumps(game)
        assert not {"pile", "question"} & set(game["state"])
        assert game["summary"]["question"] == ("Question 1 of 20, for Player 1: Which "
                                               f"country has {card.capital} as its capital?")
        assert phone.get("/api/game/actions").get_json()["actions"] == (
            [] if phone is not first else [{"action": {"type": "pass", "player": "player1"},
                                            "text": "Player 1 passes", "spaces": [],
                                            "dice": None, "seat": "player1"}])
    answer = {"action": {"type": "answer", "player": "player1", "text": "Atlantis"}}
    assert referee.post("/api/game/play", json=answer).status_code == 403
    assert second.post("/api/game/play", json=answer).status_code == 403
    said = first.post("/api/game/play", json=answer).get_json()["verdict"]["text"]
    assert said.startswith(f"Wrong (Atlantis): it is {card.name}. Question 2 of 20, for "
                           "Player 2:")

"""A tap on a space no move touches says why in words, under the board where the tap
was: what stands there ("D4 already holds a black stone."), from the game's
``holding_words``."""

from companion.games.registry import get_game


def test_a_tap_on_an_occupied_point_says_what_holds_it(client):
    client.post("/api/game/start", json={"game": "go", "options": {"size": 9}})
    client.post("/api/game/play",
                json={"action": {"type": "place", "player": "black", "at": "D4"}})
    found = client.get("/api/game/actions?space=D4").get_json()
    assert found["actions"] == []
    assert found["occupied"] == "D4 already holds a black stone."


def test_an_empty_point_or_a_point_with_moves_says_nothing_more(client):
    client.post("/api/game/start", json={"game": "go", "options": {"size": 9}})
    found = client.get("/api/game/actions?space=D4").get_json()
    assert len(found["actions"]) == 1 and "occupied" not in found


def test_other_games_name_what_stands_there_in_their_words():
    assert get_game("onslaught").holding_words("D4", {"pieces": ["red1"]}) == (
        "D4 already holds Red 1.")
    assert get_game("one").holding_words("A1", "white") == "A1 already holds a white stone."

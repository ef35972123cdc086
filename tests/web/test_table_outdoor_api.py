"""The outdoor game through the table page's API, as its field (web/static/js/field.js)
plays it: poses in inches with fractions, the listed actions each with the seat that
takes them, a measured move refused with the engine's sentence, and the shipped record
imported."""

from tests.helpers.paths import ROOT

SHORT = {"characters": 1, "sequences": 1}


def start(client, **options):
    answer = client.post("/api/game/start", json={"game": "outdoor", "options": options})
    assert answer.status_code == 200, answer.get_json()


def play(client, action):
    return client.post("/api/game/play", json={"action": action})


def listed(client):
    return client.get("/api/game/actions").get_json()["actions"]


def test_the_field_plays_poses_in_inches_with_fractions(client):
    start(client, **SHORT)
    [row] = listed(client)
    assert row["action"]["type"] == "place" and row["seat"] == "north"
    assert row["spaces"] == []  # the field has no spaces: the page draws it from the summary
    assert play(client, row["action"]).status_code == 200
    south = {"S1": {"x": 12.5, "y": 12.25, "facing": 355.5}}
    assert play(client, {"type": "place", "player": "south", "pieces": south}).status_code == 200
    assert play(client, {"type": "first", "goes_first": "north"}).status_code == 200
    game = client.get("/api/game").get_json()["game"]
    s1 = next(c for c in game["summary"]["characters"] if c["id"] == "S1")
    assert (s1["x"], s1["y"], s1["facing"], s1["set"]) == (12.5, 12.25, 355.5, "observed")
    assert game["summary"]["field"] == [24.0, 24.0]
    moves = {(a["action"]["type"], a["action"]["character"]) for a in listed(client)}
    assert moves == {("stay", "N1")}  # an observed character's moves are tapped, not listed


def test_a_move_too_long_is_refused_with_how_much(client):
    start(client, **SHORT)
    play(client, listed(client)[0]["action"])
    play(client, listed(client)[0]["action"])
    play(client, {"type": "first", "goes_first": "north"})
    too_far = {"type": "move", "player": "north", "character": "N1", "x": 12, "y": 9.4}
    answer = play(client, too_far)
    assert answer.status_code == 409
    assert answer.get_json()["error"].startswith(
        "N1 moved 6.4 in: 0.4 in more than the 6 in it may")
    within = {"type": "move", "player": "north", "character": "N1", "x": 12, "y": 9.2,
              "facing": 170.5}
    assert play(client, within).status_code == 200


def test_the_shipped_record_imports_on_the_page(client):
    record = (ROOT / "docs/examples/outdoor-one-sequence.jsonl").read_text()
    answer = client.post("/api/game/import", json={"record": record})
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["skipped"] == []
    assert answer.get_json()["game"]["summary"]["results"]

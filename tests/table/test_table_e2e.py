"""Turns of ONSLAUGHT played through the live loop and the table page's API, on
rendered frames read by the real ONSLAUGHT recogniser (``tests/helpers/rendered_table.py``):
the pieces, orbs and capture tokens as ``companion print pieces`` prints them, on the
printed board. Moves seen and applied, an illegal move refused and put back, a hand
over the board that applies nothing, a knocked orb accepted by hand and undone, and the
dice the rules ask for rolled by the button and by the page; and a whole short game
(core health 3), from the set-up to the core destroyed. (OneWorld's turn:
``test_table_e2e_oneworld.py``.)
"""

import itertools
import threading

import pytest

from companion.vision.scene import Pose
from hardware.referee_feed import OCCLUDED, STEADY
from tests.helpers.rendered_table import rendered_table
from web.runtime import get_runtime

POSE = Pose(tilt_deg=18.0, azimuth_deg=-7.0, fill=0.85)


def shown(view):
    """What lies on the board for the game's ``view``: its occupied squares."""
    return {square: content for square, content in view.items() if content}


@pytest.fixture
def table(make_app):
    """The app, its table, the referee loop with the real ONSLAUGHT recogniser, and the
    camera: ``see(board)`` shows the board (the game's view's form) for a few frames."""
    rolls = itertools.cycle([3, 0, 4, 1])  # dice show 4, 1, 5, 2, 4, 1, ...
    app = make_app(DICE_RANDBELOW=lambda n: next(rolls) % n)
    runtime = get_runtime(app)
    camera = rendered_table(runtime.table, "onslaught", "onslaught", seed=8, pose=POSE)

    def see(board, **how):
        return camera.see(shown(board), **how)

    yield app.test_client(), runtime, see, camera.statuses
    camera.feed.stop()


def page(client):
    return client.get("/api/game").get_json()["game"]


def last(client):
    data = client.get("/api/game").get_json()
    return data["game"]["history"][-1]["text"] if data["game"]["history"] else None


def verdicts(runtime):
    heard = []
    runtime.table.subscribe(lambda verdict, snapshot: heard.append(verdict))
    return heard


@pytest.mark.slow
def test_turns_of_onslaught_through_the_loop(table):
    client, runtime, see, statuses = table
    heard = verdicts(runtime)
    game = client.post("/api/game/start", json={"game": "onslaught",
                                                "options": {"players": 2}}).get_json()["game"]
    board = dict(game["view"])
    assert see(board)["status"] == STEADY
    assert heard[-1].kind == "unchanged"
    # Red 1's roll is asked for with its purpose; the GPIO button rolls it.
    assert runtime.dice.pending()["purpose"] == "Red 1's moves"
    runtime.dice.roll_pending_or_default(requested_by="button")
    assert page(client)["summary"]["turn"]["moves_left"] == 4

    # Red 1 walks D1 → D2 on the board: seen and applied.
    board["D1"] = {"pieces": ["red2"], "orbs": [], "token": None}
    board["D2"] = {"pieces": ["red1"], "orbs": [], "token": None}
    see(board)
    assert heard[-1].kind == "applied" and heard[-1].text.startswith("Red 1 moves D1 to D2")

    # Red 2 moves instead: refused with the rule's reason, and put back.
    moved = {**board, "D1": None,
             "C1": {"pieces": ["red2"], "orbs": [], "token": None}}
    see(moved)
    assert heard[-1].kind == "illegal" and "Red 1" in heard[-1].text
    assert set(heard[-1].spaces) == {"C1", "D1"}
    assert page(client)["problem"]["kind"] == "illegal"
    see(board)
    assert heard[-1].text == "The board is as the game has it again."

    # A hand over the board while Red 1 steps on: nothing is applied until it is gone.
    board["D2"] = None
    board["D3"] = {"pieces": ["red1"], "orbs": [], "token": None}
    before, statuses_before = len(heard), len(statuses)
    see(board, hand=True, count=8)
    assert OCCLUDED in {s["status"] for s in statuses[statuses_before:]}
    assert STEADY not in {s["status"] for s in statuses[statuses_before:]}
    assert all(v.kind != "applied" for v in heard[before:])
    see(board)
    assert heard[-1].kind == "applied" and page(client)["summary"]["turn"]["moves_left"] == 2

    # The blue orb knocked off its square: the board does not match; accepted by hand.
    knocked = {**board, "G7": None,
               "G6": {"pieces": [], "orbs": ["blue"], "token": None}}
    see(knocked)
    assert heard[-1].kind in ("mismatch", "illegal") and "G7" in heard[-1].spaces
    accepted = client.post("/api/game/accept").get_json()
    assert accepted["verdict"]["kind"] == "corrected"
    assert accepted["game"]["summary"]["teams"][1]["orb_at"] == "G6"
    # ... then undone from the page: the orb goes home in the game, and on the board.
    undone = client.post("/api/game/undo").get_json()
    assert undone["verdict"]["kind"] == "undone" and "G7" in undone["verdict"]["spaces"]
    see(board)
    assert heard[-1].text == "The board is as the game has it again."

    # Red 1 ends the turn from the page: Blue 1's roll is asked for; the page rolls it.
    client.post("/api/game/play", json={"action": {"type": "end_turn", "piece": "red1"}})
    assert client.get("/api/status").get_json()["dice"]["pending"]["purpose"] == "Blue 1's moves"
    client.post("/api/dice/roll", json={"by": "page"})
    assert page(client)["summary"]["turn"]["piece"] == "blue1"
    board["D7"] = {"pieces": ["blue2"], "orbs": [], "token": None}
    board["D6"] = {"pieces": ["blue1"], "orbs": [], "token": None}
    see(board)
    assert heard[-1].kind == "applied" and last(client).startswith("Blue 1 moves")
    rolls = [r["purpose"] for r in client.get("/api/dice/history").get_json()["rolls"]]
    assert rolls == ["Blue 1's moves", "Red 1's moves"]



@pytest.fixture
def short_game(make_app):
    """As ``table``, with the dice set to what the whole short game below rolls."""
    faces = iter([3, 1, 1, 1, 2, 3])
    app = make_app(DICE_RANDBELOW=lambda n: next(faces) - 1)
    runtime = get_runtime(app)
    camera = rendered_table(runtime.table, "onslaught", "onslaught", seed=13, pose=POSE)
    yield app.test_client(), runtime, camera
    camera.feed.stop()


@pytest.mark.slow
def test_a_whole_short_game_of_onslaught_through_the_loop(short_game):
    """Core health 3: Red 1 takes the prime node, the blue core is left empty, and Red 1
    attacks it from beside; every step on the board is seen by the camera, every roll is
    the button's, and the game ends with Red's win."""
    client, runtime, camera = short_game
    heard = verdicts(runtime)
    game = client.post("/api/game/start", json={
        "game": "onslaught", "options": {"players": 2, "core_health": 3}}).get_json()["game"]
    camera.see(shown(game["view"]))

    def walk(piece, *squares):
        """``piece`` steps along ``squares`` on the table, one square at a time (with a
        capture token laid on a node it takes, as the rules say)."""
        for square in squares:
            engine, state = runtime.table.game, runtime.table.state
            after, _ = engine.apply(state, {"type": "move", "piece": piece, "to": square})
            camera.see(shown(engine.view(after)))
            assert heard[-1].kind == "applied", heard[-1].text

    def turn(piece, roll, *squares, end=True):
        """``piece``'s turn: its roll by the button, its steps on the table, and the
        turn ended from the page."""
        assert runtime.dice.pending()["purpose"] == f"{piece.title()[:-1]} {piece[-1]}'s moves"
        assert runtime.dice.roll_pending_or_default(requested_by="button").total == roll
        walk(piece, *squares)
        if end:
            client.post("/api/game/play", json={"action": {"type": "end_turn",
                                                           "piece": piece}})

    turn("red1", 3, "D2", "D3", "D4")
    summary = page(client)["summary"]
    assert {"square": "D4", "link": "prime", "owner": "red", "progress": None,
            "capture": ""} in summary["nodes"]
    assert summary["teams"][0]["linked"]
    turn("blue1", 1, "E7")
    turn("red2", 1, "C1")
    turn("blue2", 1, "C7")  # the blue core is empty now
    turn("red1", 2, "D5", "D6", end=False)
    attack = client.post("/api/game/play", json={"action": {"type": "attack",
                                                            "piece": "red1"}}).get_json()
    assert "roll 1d6" in attack["verdict"]["text"]
    won = threading.Event()  # the roll is applied, and told, off the button's thread
    runtime.table.subscribe(lambda verdict, _: won.set() if "red wins" in verdict.text else None)
    runtime.dice.roll_pending_or_default(requested_by="button")
    assert won.wait(10)
    assert heard[-1].kind == "applied" and "The blue core is destroyed: red wins." in heard[-1].text
    assert runtime.table.game.outcome(runtime.table.state).winners == ("red",)
    # The board still shows the game as it ended: nothing more happens.
    before = len(heard)
    assert camera.see(shown(runtime.table.game.view(runtime.table.state)))["status"] == STEADY
    assert len(heard) == before

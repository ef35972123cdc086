"""Turns of ONSLAUGHT played through the live loop and the table page's API.

ONSLAUGHT's pieces are not printed yet (``"printed": false`` in the vision settings), so
what the camera sees is injected at the recogniser's boundary: a scripted recogniser
returns the reading a real one would, frame by frame, and everything after it is the
real loop (stability gate, session, rules, journal, dice, API). A hand over the board is
a reading the recogniser marks occluded. (OneWorld's turn runs on rendered frames read
by the real counters recogniser: ``test_table_e2e_oneworld.py``.)
"""

import itertools

import numpy as np
import pytest

from companion.geometry import load_geometry
from companion.vision.pipeline import Reading
from hardware.referee_feed import BoardLocator, RefereeFeed
from web.runtime import get_runtime

STEADY_FRAMES = 4  # the first frame of a new board is motion to the gate, then 3 steady


class ScriptedCamera:
    """The recogniser's boundary: reads whatever the test says the board shows."""

    def __init__(self, game: str, board: str | None) -> None:
        self.geometry = load_geometry(board or game)
        self.board: dict = {}
        self.hand = False
        self._texture = np.random.default_rng(5).integers(0, 255, (40, 40, 3), np.uint8)

    def read(self, image, homography) -> Reading:
        cells = {name: "empty" if self.board.get(name) is None else self.board[name]
                 for name in self.geometry.names}
        view = self._texture.copy()
        if self.hand:
            view[: 10 + int(image[0, 0, 0]) % 20] = 0  # a hand, somewhere else each frame
        return Reading(cells, dict.fromkeys(cells, 1.0), [], self.hand,
                       "board occluded: a hand" if self.hand else "", view=view)


@pytest.fixture
def table(make_app):
    """The app, its table, a referee loop on a scripted camera, and the frames to feed."""
    rolls = itertools.cycle([3, 0, 4, 1])  # dice show 4, 1, 5, 2, 4, 1, ...
    app = make_app(DICE_RANDBELOW=lambda n: next(rolls) % n)
    runtime = get_runtime(app)
    cameras = []

    def recogniser_for(game, board):
        cameras.append(ScriptedCamera(game, board))
        return cameras[-1]

    def known(geometry):
        locator = BoardLocator(geometry)
        locator.fix(np.eye(3), "scripted")
        return locator

    feed = RefereeFeed(runtime.table, locator_for=known, recogniser_for=recogniser_for)
    frames = itertools.count()

    def see(board, *, hand=False, count=STEADY_FRAMES):
        """The camera sees ``board`` (space → content) for ``count`` frames."""
        image = np.zeros((4, 4, 3), np.uint8)
        feed.process(image)  # make sure the loop follows the session's game first
        camera = cameras[-1]
        camera.board, camera.hand = dict(board), hand
        for _ in range(count):
            image[0, 0, 0] = next(frames) % 256
            status = feed.process(image)
        return status

    yield app.test_client(), runtime, see
    feed.stop()


def page(client):
    return client.get("/api/game").get_json()["game"]


def last(client):
    data = client.get("/api/game").get_json()
    return data["game"]["history"][-1]["text"] if data["game"]["history"] else None


def verdicts(runtime):
    heard = []
    runtime.table.subscribe(lambda verdict, snapshot: heard.append(verdict))
    return heard


def test_turns_of_onslaught_through_the_loop(table):
    client, runtime, see = table
    heard = verdicts(runtime)
    game = client.post("/api/game/start", json={"game": "onslaught",
                                                "options": {"players": 2}}).get_json()["game"]
    board = dict(game["view"])
    see(board)
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
    before = len(heard)
    see(board, hand=True, count=8)
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

"""Turns of ONSLAUGHT and a OneWorld turn with a combat, played through the live loop
and the table page's API.

The camera cannot read ONSLAUGHT's pieces or OneWorld's counters yet (the recogniser
reads stones only), so what the camera sees is injected at the recogniser's boundary: a
scripted recogniser returns the reading a real one would, frame by frame, and everything
after it is the real loop (stability gate, session, rules, journal, dice, API). A hand
over the board is a reading the recogniser marks occluded.
"""

import itertools

import numpy as np
import pytest

from companion.games.oneworld_secrets import seal
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


def set_up_oneworld(client, runtime):
    """OneWorld's set-up: the first roll by the button, the rest from the page."""
    start = client.post("/api/game/start", json={"game": "oneworld"}).get_json()
    assert start["game"]["pending_dice"]["purpose"].startswith("who sets up first")
    runtime.dice.roll_pending_or_default(requested_by="button")
    while page(client)["phase"] != "movement":
        first = client.get("/api/game/actions").get_json()["actions"][0]
        assert client.post("/api/game/play", json={"action": first["action"]}).status_code == 200


def test_a_oneworld_turn_with_a_combat_through_the_loop(table):
    client, runtime, see = table
    heard = verdicts(runtime)
    set_up_oneworld(client, runtime)
    game = page(client)
    assert game["to_move"] == "chez" and game["summary"]["gods"]["borg"]["lives"] == 3
    board = dict(game["view"])
    see(board)

    # A Stone moved two hexes at once: refused with the rule, and put back.
    moved = {**board, "C18": None, "C16": board["C18"]}
    see(moved)
    assert heard[-1].kind == "illegal" and "Stone moves one hex a turn" in heard[-1].text
    see(board)
    assert heard[-1].text == "The board is as the game has it again."

    # The referee moves a CHEZ stack by hand (a correction), and on the table.
    corrected = client.post("/api/game/correct", json={"correction": {
        "type": "move", "from": "C18", "to": "E2"}}).get_json()
    assert corrected["verdict"]["kind"] == "corrected"
    board = dict(corrected["game"]["view"])
    see(board)
    assert heard[-1].kind == "unchanged"

    # CHEZ's Stone steps onto BORG's Stone on D1: seen, applied, combat follows.
    moves = client.get("/api/game/actions?space=D1").get_json()["actions"]
    step = next(m for m in moves if m["action"].get("from") == "E2")
    assert set(step["spaces"]) == {"E2", "D1"}
    after = dict(board)
    engine = runtime.table.game
    state, _ = engine.apply(runtime.table.state, step["action"])
    after = engine.view(state)
    see(after)
    assert heard[-1].kind == "applied" and "combat follows" in heard[-1].text
    client.post("/api/game/play", json={"action": {"type": "end_movement", "player": "chez"}})
    combat = page(client)["summary"]["combat"]
    assert combat["at"] == "D1" and combat["waiting"] == ["chez", "borg"]
    assert combat["sides"] == {"borg": {"stone": 1}, "chez": {"stone": 1}}

    # Each side commits in secret; only the commitments reach the server.
    chez = seal("chez", {"fog": 1}, "chez-salt-0123456789")
    borg = seal("borg", {"stone": 1}, "borg-salt-0123456789")
    for action in (chez["commit"], borg["commit"]):
        assert client.post("/api/game/play", json={"action": action}).status_code == 200
    committed = [e.data["action"] for e in runtime.journal.events(kind="game.action")[-2:]]
    assert committed == [chez["commit"], borg["commit"]]
    assert all(set(action) == {"type", "player", "commitment"} for action in committed)
    early = client.post("/api/game/play", json={"action": {**chez["reveal"],
                                                           "salt": "x" * 20}})
    assert early.status_code == 409 and "does not match the commitment" in early.get_json()["error"]
    client.post("/api/game/play", json={"action": chez["reveal"]})
    answer = client.post("/api/game/play", json={"action": borg["reveal"]}).get_json()
    assert "BORG loses 1 Stone" in answer["verdict"]["text"]
    assert answer["game"]["summary"]["combat"] is None
    assert {"at": "D1", "chez": {"fog": 1}} in answer["game"]["summary"]["stacks"]

    # Undo the last reveal: the combat is open again, waiting for BORG's reveal; redo.
    undone = client.post("/api/game/undo").get_json()
    assert undone["game"]["summary"]["combat"]["waiting"] == ["borg"]
    redone = client.post("/api/game/redo").get_json()
    assert redone["game"]["summary"]["combat"] is None
    # The board after the combat: the lost BORG child is off D1.
    see(redone["game"]["view"])
    assert heard[-1].kind == "unchanged"

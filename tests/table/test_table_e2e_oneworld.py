"""A OneWorld turn with a combat through the live loop on rendered frames.

Every frame the camera gives is rendered by ``companion.vision.scene`` from what the
players have laid on the map (the game's view: each hex's top counter and whether it
holds a stack), read by the real counters recogniser through the referee loop
(``RefereeFeed``: stability gate, table session, rules, journal), and the turn goes on
through the table page's API: moves seen and applied, an illegal move refused and put
back, a correction by hand, a combat with its secret commitments and reveals that undo
may not cross, an undo and a redo after it;
a hand over the map never applies a move.
"""

import itertools

import pytest

from companion.games.oneworld.secrets import seal
from companion.games.oneworld.state import PLAYERS, count_at, stack
from companion.vision.scene import Pose
from hardware.referee_feed import OCCLUDED, STEADY
from tests.helpers.rendered_table import rendered_table
from web.runtime import get_runtime

POSE = Pose(tilt_deg=12.0, azimuth_deg=8.0, fill=0.9)


def laid(engine, state):
    """What the players have on each hex, as they lay it: the view's top counter, and
    for a stack whose counters differ (the view leaves out what they do not share) one
    of its own children on top."""
    pieces = {}
    for hex_, content in engine.view(state).items():
        if content is None:
            continue
        side = content.get("side") or next(p for p in PLAYERS if count_at(state, p, hex_))
        face = content.get("face") or next(a for a, n in stack(state, side, hex_).items() if n)
        pieces[hex_] = {"side": side, "face": face, "stack": content["stack"]}
    return pieces


@pytest.fixture
def table(make_app):
    """The app, its table, the referee loop with the real counters recogniser, and the
    camera: ``see(pieces)`` shows the map with ``pieces`` for a few frames."""
    rolls = itertools.cycle([3, 0, 4, 1])  # dice show 4, 1, 5, 2, 4, 1, ...
    app = make_app(DICE_RANDBELOW=lambda n: next(rolls) % n)
    runtime = get_runtime(app)
    camera = rendered_table(runtime.table, "oneworld", "counters", seed=21, pose=POSE)
    yield app.test_client(), runtime, camera.see, camera.statuses
    camera.feed.stop()


def page(client):
    return client.get("/api/game").get_json()["game"]


def set_up_oneworld(client, runtime):
    """OneWorld's set-up: the first roll by the button, the rest from the page."""
    start = client.post("/api/game/start", json={"game": "oneworld"}).get_json()
    assert start["game"]["pending_dice"]["purpose"].startswith("who sets up first")
    runtime.dice.roll_pending_or_default(requested_by="button")
    while page(client)["phase"] != "movement":
        first = client.get("/api/game/actions").get_json()["actions"][0]
        assert client.post("/api/game/play", json={"action": first["action"]}).status_code == 200


@pytest.mark.slow
def test_a_oneworld_turn_with_a_combat_through_the_loop(table):
    client, runtime, see, statuses = table
    heard = []
    runtime.table.subscribe(lambda verdict, snapshot: heard.append(verdict))
    set_up_oneworld(client, runtime)
    game = page(client)
    assert game["to_move"] == "chez" and game["summary"]["gods"]["borg"]["lives"] == 3
    board = laid(runtime.table.game, runtime.table.state)
    assert see(board)["status"] == STEADY
    assert heard[-1].kind == "unchanged"

    # A Stone moved two hexes at once: refused with the rule, and put back.
    see({**{h: c for h, c in board.items() if h != "C18"}, "C16": board["C18"]})
    assert heard[-1].kind == "illegal" and "Stone moves one hex a turn" in heard[-1].text
    see(board)
    assert heard[-1].text == "The board is as the game has it again."

    # The referee moves a CHEZ stack by hand (a correction), and on the table.
    corrected = client.post("/api/game/correct", json={"correction": {
        "type": "move", "from": "C18", "to": "E2"}}).get_json()
    assert corrected["verdict"]["kind"] == "corrected"
    board = laid(runtime.table.game, runtime.table.state)
    see(board)
    assert heard[-1].kind == "unchanged"

    # CHEZ's Stone steps onto BORG's Stone on D1 while a hand is over the map: nothing
    # is applied until the hand has gone; then it is seen once, and combat follows.
    moves = client.get("/api/game/actions?space=D1").get_json()["actions"]
    step = next(m for m in moves if m["action"].get("from") == "E2")
    engine = runtime.table.game
    after, _ = engine.apply(runtime.table.state, step["action"])
    before, heard_before = len(statuses), len(heard)
    see(laid(engine, after), hand=True, count=6)
    assert OCCLUDED in {s["status"] for s in statuses[before:]}
    assert STEADY not in {s["status"] for s in statuses[before:]}
    assert all(verdict.kind != "applied" for verdict in heard[heard_before:])
    see(laid(engine, after))
    assert [v.kind for v in heard[heard_before:]].count("applied") == 1
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

    # The lost BORG Stone is taken off D1: the map matches the game again.
    see(laid(runtime.table.game, runtime.table.state))
    assert heard[-1].kind in ("unchanged", "applied")
    assert heard[-1].text == "The board is as the game has it again."

    # The reveals are sealed: undo may not cross them (the referee would annul the round
    # as a correction instead), and the game is left as it was.
    refused = client.post("/api/game/undo")
    assert refused.status_code == 409
    assert refused.get_json()["error"] == ("A combat's secret choices cannot be undone once "
                                           "one is revealed: the referee can annul the "
                                           "combat round as a correction.")
    assert page(client)["summary"]["combat"] is None

    # Outside combat undo and redo are as ever: BORG's first move is taken back (it goes
    # back on the map too) and made again.
    move = next(m for m in client.get("/api/game/actions").get_json()["actions"]
                if m["action"]["type"] == "move" and m["dice"] is None)
    client.post("/api/game/play", json={"action": move["action"]})
    see(laid(runtime.table.game, runtime.table.state))
    undone = client.post("/api/game/undo").get_json()
    assert undone["verdict"]["kind"] == "undone" and undone["verdict"]["spaces"]
    see(laid(runtime.table.game, runtime.table.state))
    assert heard[-1].text == "The board is as the game has it again."
    redone = client.post("/api/game/redo").get_json()
    assert redone["verdict"]["kind"] == "redone"
    see(laid(runtime.table.game, runtime.table.state))
    assert heard[-1].text == "The board is as the game has it again."
    history = [step["text"] for step in page(client)["history"]]
    assert history[-7:-1] == ["CHEZ moves a Stone from E2 to D1", "CHEZ ends movement",
                              "CHEZ seals a secret choice", "BORG seals a secret choice",
                              "CHEZ reveals 1 Fog", "BORG reveals 1 Stone"]
    assert history[-1] == move["text"]

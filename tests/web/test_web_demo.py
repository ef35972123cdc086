"""``companion demo``: the bundled game of ONE refereed through the live loop, move by
move, captures included; the replay held so the gate sees the board hold still; the hand
over the board changes nothing; a new game at each pass."""

import pytest

from companion.geometry import load_geometry
from companion.journal import Journal
from companion.table import verdict as v
from companion.table.session import TableSession
from hardware.referee_feed import RefereeFeed
from hardware.replays import make_demo_one
from web.demo import (
    FINAL_HOLD,
    GAME,
    HOLD,
    OPTIONS,
    DemoGames,
    HeldReplay,
    demo_homography,
    demo_locator,
)


@pytest.fixture
def demo():
    """The demo's pieces on a session in memory: the held replay (as fast as it can be
    read), the referee loop with the demo's locator, and every verdict heard."""
    journal = Journal(":memory:")
    session = TableSession(journal)
    heard = []
    session.subscribe(lambda verdict, snapshot: heard.append(verdict))
    games = DemoGames()
    games.table = session
    source = HeldReplay(games.new_game, fps=None)
    feed = RefereeFeed(session, locator_for=demo_locator)
    yield session, source, feed, heard
    feed.stop()
    source.close()
    journal.close()


@pytest.mark.slow
def test_the_whole_replayed_game_is_refereed_move_by_move_and_the_hand_changes_nothing(demo):
    session, source, feed, heard = demo
    steps = make_demo_one.game()
    pictures = len(steps) + 2  # the empty board, one per move, the hand
    statuses = [feed.process(source.read().image)["status"] for _ in range(pictures * HOLD)]
    assert session.game.name == GAME and session.state["options"]["board"] == OPTIONS["board"]
    assert [verdict.kind for verdict in heard].count(v.STARTED) == 1
    assert all(verdict.kind in (v.STARTED, v.UNCHANGED, v.APPLIED) for verdict in heard)
    # Every move seen, in order, in the engine's words: one verdict per picture.
    applied = [verdict.text for verdict in heard if verdict.kind == v.APPLIED]
    assert applied == [step.text for step in steps]
    captures = [text for text in applied if "captures" in text]
    assert captures[0] == "Black jumps from B3 over B4 to B5 and captures a White stone."
    assert len(captures) == 3
    # A whole game: White's last stone ends it, and the referee says who won.
    assert applied[-1].endswith("The game is over: White wins (Black 8, White 9).")
    assert session.game.outcome(session.state).winners == ("white",)
    assert session.state["captured"] == {"black": {"white": 2}, "white": {"black": 1}}
    assert session.state["moves"] == len(steps)
    assert session.game.view(session.state) == {
        space: steps[-1].board.get(space) for space in session.state["board"]}
    # The hand's picture: the board was not steady, and no move was made from it.
    hand = make_demo_one.HAND_BEFORE + 1
    assert set(statuses[hand * HOLD:(hand + 1) * HOLD]) == {"occluded"}
    assert statuses[(hand + 2) * HOLD - 1] == statuses[-1] == "steady"


def test_each_pass_of_the_replay_is_a_new_game(demo):
    session, source, feed, heard = demo
    pictures = len(make_demo_one.MOVES) + 2
    for _ in range((pictures - 1) * HOLD + FINAL_HOLD):  # the game over held longest
        feed.process(source.read().image)
    assert session.game.outcome(session.state) is not None
    first = session.game_id
    feed.process(source.read().image)  # the empty board again
    assert session.game_id != first and heard[-1].kind == v.STARTED
    assert session.state["moves"] == 0 and session.game.name == GAME
    for _ in range(2 * HOLD - 1):  # the empty board steady, then the first move
        feed.process(source.read().image)
    assert heard[-1].kind == v.APPLIED and heard[-1].text == "Black places on C4."


def test_the_demo_knows_where_its_board_is_and_searches_for_any_other():
    one = load_geometry(OPTIONS["board"])
    assert demo_locator(one).locate(None).method == "demo (board position known)"
    nine = demo_locator(load_geometry("go-9"))  # the drawn Go replay's board
    assert nine.locate(None).homography.tolist() == demo_homography(load_geometry("go-9")).tolist()
    with pytest.raises(LookupError, match="No bundled replay shows the board"):
        demo_homography(load_geometry("go-19"))


def test_each_picture_is_held_and_handed_out_at_the_rate_asked(fake_clock):
    starts = []
    source = HeldReplay(lambda: starts.append(fake_clock()), hold=3, fps=2.0,
                        clock=fake_clock, sleep=fake_clock.sleep)
    frames = [source.read() for _ in range(7)]
    assert len(starts) == 1
    assert frames[0].image is frames[2].image and frames[3].image is not frames[2].image
    assert [round(f.timestamp - frames[0].timestamp, 2) for f in frames] == [
        0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0]
    assert fake_clock.sleeps == [pytest.approx(0.5)] * 6
    pictures = len(make_demo_one.MOVES) + 2
    for _ in range((pictures - 1) * 3 - 7):
        source.read()
    last = [source.read().image for _ in range(FINAL_HOLD)]  # the game over, held longer
    assert all(image is last[0] for image in last) and len(starts) == 1
    source.read()
    assert len(starts) == 2
    source.close()


def test_demo_games_wait_for_the_table_and_end_the_game_before():
    games = DemoGames()
    games.new_game()  # no table yet: nothing to do
    journal = Journal(":memory:")
    games.table = TableSession(journal)
    games.new_game()
    first = games.table.game_id
    assert games.table.game.name == "one" and games.table.state["players"] == ["black", "white"]
    games.new_game()
    assert games.table.game_id != first
    assert [e.game_id for e in journal.events(kind="game.end")] == [first]
    journal.close()


def test_a_paused_replay_holds_its_picture_and_resumes_from_the_start(fake_clock):
    games = DemoGames()
    starts = []
    source = HeldReplay(lambda: starts.append(1), hold=2, fps=None, control=games)
    first = source.read().image
    source.read()
    second = source.read().image
    assert second is not first
    games.pause()
    assert games.paused and all(source.read().image is second for _ in range(10))
    assert len(starts) == 1  # no new game while a person plays
    games.resume()
    again = source.read().image
    assert not games.paused and len(starts) == 2  # a new pass: a new game of ONE
    assert (again == first).all()
    source.close()


def test_a_person_playing_the_demo_pauses_its_replay_until_resumed(make_app):
    games = DemoGames()
    app = make_app(DEMO_REPLAY=games)
    client = app.test_client()
    assert client.get("/api/status").get_json()["demo"] == {"paused": False}
    client.post("/api/dice/roll", json={})  # dice change no game: the replay runs on
    client.post("/api/game/start", json={"game": "chess"})  # refused: nothing happened
    assert not games.paused
    assert client.post("/api/game/start", json={"game": "go"}).status_code == 200
    assert games.paused and client.get("/api/status").get_json()["demo"] == {"paused": True}
    assert client.post("/api/demo/resume", json={}).get_json() == {"paused": False}
    assert not games.paused and games.take_rewind()
    outside = make_app()
    assert outside.test_client().post("/api/demo/resume", json={}).status_code == 404
    assert outside.test_client().get("/api/status").get_json()["demo"] is None

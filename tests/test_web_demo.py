"""``companion demo``: the bundled Go replay refereed through the live loop, move by move;
the replay held so the gate sees the board hold still; a new game at each pass."""

import pytest

from companion.journal import Journal
from companion.table import verdict as v
from companion.table.session import TableSession
from hardware.referee_feed import RefereeFeed
from hardware.replays import make_demo
from web.demo import GAME, HOLD, OPTIONS, DemoGames, HeldReplay, demo_locator


def test_the_whole_replayed_game_is_refereed_move_by_move_and_the_hand_changes_nothing():
    journal = Journal(":memory:")
    session = TableSession(journal)
    heard = []
    session.subscribe(lambda verdict, snapshot: heard.append(verdict))
    games = DemoGames()
    games.table = session
    source = HeldReplay(games.new_game, fps=None)
    feed = RefereeFeed(session, locator_for=demo_locator)
    pictures = len(make_demo.MOVES) + 2
    statuses = []
    for _ in range(pictures * HOLD):
        statuses.append(feed.process(source.read().image)["status"])
    applied = [verdict.text for verdict in heard if verdict.kind == v.APPLIED]
    assert len(applied) == len(make_demo.MOVES)
    assert applied[:3] == ["Black places on C3.", "White places on G7.", "Black places on G3."]
    assert [verdict.kind for verdict in heard].count(v.STARTED) == 1
    assert all(verdict.kind in (v.STARTED, v.UNCHANGED, v.APPLIED) for verdict in heard)
    # The hand frame: the board was not steady, and no move was made from it.
    hand = slice(make_demo.HAND_FRAME * HOLD, (make_demo.HAND_FRAME + 1) * HOLD)
    assert "steady" not in statuses[hand]
    assert session.game.name == GAME and session.state["options"]["board"] == OPTIONS["board"]
    # The replay starts over: that game ends and a new one begins on the empty board.
    first = session.game_id
    source.read()
    assert session.game_id != first and heard[-1].kind == v.STARTED
    assert session.state["moves"] == 0
    feed.stop()
    source.close()
    journal.close()


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
    source.close()


def test_demo_games_wait_for_the_table_and_end_the_game_before():
    games = DemoGames()
    games.new_game()  # no table yet: nothing to do
    journal = Journal(":memory:")
    games.table = TableSession(journal)
    games.new_game()
    first = games.table.game_id
    games.new_game()
    assert games.table.game_id != first
    assert [e.game_id for e in journal.events(kind="game.end")] == [first]
    journal.close()

"""The companion rolls every die (docs/dice.md): dice sent with a move are refused, unless
the game was started with the dice thrown at the table; every roll made for a game is
journaled with who asked for it and shows in the game's record; a move taken back and
made again keeps its dice; a journal written before these rules still resumes."""

import json

import pytest

from companion import game_log
from companion.dice import ROLL_KIND, DiceService
from companion.journal import Journal
from companion.table import verdict as v
from companion.table.dice_wait import DiceRefused
from companion.table.record import ROLL_PREFIX, export_lines
from companion.table.session import TableSession

ROLL = {"type": "roll", "piece": "red1"}


@pytest.fixture
def journal():
    journal = Journal(":memory:")
    yield journal
    journal.close()


@pytest.fixture
def table(journal):
    dice = DiceService(journal, randbelow=lambda n: 2)  # every die shows 3
    session = TableSession(journal, dice=dice)
    yield session, dice
    session.close()


def rolls_in_record(session):
    return [json.loads(line[len(ROLL_PREFIX):])
            for line in export_lines(session.journal, session.game_id)
            if line.startswith(ROLL_PREFIX)]


def test_dice_sent_with_a_move_are_refused_in_words_and_change_nothing(table):
    session, dice = table
    session.start("onslaught")
    events = len(session.journal.events())
    with pytest.raises(DiceRefused, match="the companion rolls the dice") as refused:
        session.play(ROLL, [6])
    assert str(refused.value).endswith(".")
    with pytest.raises(DiceRefused):
        session.enter_dice([6])
    assert len(session.journal.events()) == events
    assert session.state["turn"]["roll"] is None
    assert dice.pending()["purpose"] == "Red 1's moves"  # the roll is still asked for


def test_the_roll_a_game_waits_for_goes_with_the_game(table):
    session, dice = table
    session.start("onslaught")
    assert dice.pending() is not None  # Red 1's first roll
    session.end()
    assert dice.pending() is None  # the button rolls plain dice again
    session.start("onslaught")
    assert dice.pending()["purpose"] == "Red 1's moves"
    session.start("go")  # another game started over it
    assert dice.pending() is None


def test_each_roll_is_journaled_for_the_game_with_who_asked_and_in_the_record(table):
    session, dice = table
    session.start("onslaught")
    roll = dice.roll_pending_or_default(requested_by="button")
    assert session.state["turn"]["moves_left"] == 3
    [event] = session.journal.events(kind=ROLL_KIND)
    assert (event.game_id, event.actor, event.data["values"]) == (session.game_id, "button", [3])
    action = session.journal.events(kind=game_log.ACTION)[-1]
    assert action.data == {"action": ROLL, "dice": [3], "roll": roll.seq}
    session.play({"type": "end_turn", "piece": "red1"})
    dice.roll_pending_or_default(requested_by="page")
    assert rolls_in_record(session) == [
        {"seq": roll.seq, "dice": "1d6", "values": [3], "purpose": "Red 1's moves",
         "by": "button"},
        {"seq": roll.seq + 3, "dice": "1d6", "values": [3], "purpose": "Blue 1's moves",
         "by": "page"}]


def test_a_roll_for_no_game_stays_out_of_the_games_record(table):
    session, dice = table
    session.start("onslaught")
    dice.roll(2, 6, requested_by="alice")
    assert rolls_in_record(session) == []
    assert dice.history(1)[0].game_id == ""


def test_a_move_undone_and_made_again_keeps_its_dice(journal):
    faces = iter([0, 5])  # the first roll shows 1, a second would show 6
    dice = DiceService(journal, randbelow=lambda n: next(faces))
    session = TableSession(journal, dice=dice)
    session.start("onslaught")
    dice.roll_pending_or_default(requested_by="button")
    session.undo()
    assert session.play(ROLL).kind == v.APPLIED  # no new roll: the die was thrown
    assert session.state["turn"]["moves_left"] == 1
    assert len(journal.events(kind=ROLL_KIND)) == 1
    assert session.snapshot()["can_redo"] is False
    session.close()


def test_a_table_dice_game_takes_the_dice_entered_and_journals_them_by_hand(table):
    session, dice = table
    session.start("onslaught", dice="table")
    assert session.snapshot()["dice"] == "table"
    assert dice.pending() is None  # the companion's dice are not asked for
    heard = []
    dice.subscribe(heard.append)
    verdict = session.play(ROLL)
    assert verdict.kind == v.DICE and "throw 1d6 (Red 1's moves)" in verdict.text
    with pytest.raises(ValueError, match="needs 1d6: enter 1 dice, not 2"):
        session.enter_dice([4, 4], entered_by="referee")
    with pytest.raises(ValueError, match="from 1 to 6, not 7"):
        session.enter_dice([7], entered_by="referee")
    assert session.enter_dice([4], entered_by="referee").kind == v.APPLIED
    assert session.state["turn"]["moves_left"] == 4
    [event] = session.journal.events(kind=ROLL_KIND)
    assert (event.actor, event.game_id, event.data["by_hand"]) == ("referee",
                                                                 session.game_id, True)
    assert heard[0].by_hand and heard[0].values == (4,)
    assert rolls_in_record(session) == [{"seq": event.seq, "dice": "1d6", "values": [4],
                                         "purpose": "Red 1's moves", "by": "referee",
                                         "thrown": "by hand"}]
    assert json.loads(export_lines(session.journal, session.game_id)[0])["dice"] == "table"


def test_a_table_dice_game_refuses_dice_for_a_move_that_needs_none(table):
    session, _ = table
    session.start("onslaught", dice="table")
    session.play(ROLL, [2])
    with pytest.raises(ValueError, match="needs no dice"):
        session.play({"type": "end_turn", "piece": "red1"}, [3])


def test_an_unknown_dice_mode_is_refused_in_words(table):
    session, _ = table
    with pytest.raises(ValueError, match='thrown at the table \\("table"\\)'):
        session.start("onslaught", dice="mine")


def test_a_journal_written_before_the_dice_rule_resumes_and_exports(journal):
    """Events as the companion wrote them before: a start without "dice", a page's own
    dice on an action, a roll for no game."""
    journal.append("game.start", {"game": "onslaught", "options": {}}, game_id="old",
                   actor="table")
    journal.append(ROLL_KIND, {"count": 1, "sides": 6, "values": [5], "total": 5,
                               "purpose": "Red 1's moves", "for_whom": "red1"},
                   actor="button")
    journal.append("game.action", {"action": ROLL, "dice": [5]}, game_id="old",
                   actor="table")
    dice = DiceService(journal, randbelow=lambda n: 0)
    session = TableSession(journal, dice=dice)
    assert session.resume().kind == v.STARTED
    assert session.state["turn"]["moves_left"] == 5
    assert session.snapshot()["dice"] == "server"
    assert game_log.list_games(journal)[0].dice == "server"
    assert export_lines(journal, "old")[1:] == ['{"dice": [5], "piece": "red1", "type": "roll"}']
    with pytest.raises(DiceRefused):
        session.play({"type": "end_turn", "piece": "red1"}, [])
    session.undo()
    assert session.state["turn"]["roll"] is None
    session.close()


def test_a_move_undone_and_seen_again_by_the_camera_keeps_its_dice(journal):
    from companion.games.oneworld import OneWorld
    from tests.helpers.oneworld_positions import pos

    state = pos(borg={"E6": {"blade": 1}})

    class FromPosition(OneWorld):
        def initial_state(self, options=None):
            return state

    dice = DiceService(journal, randbelow=lambda n: 5)  # every die shows 6
    session = TableSession(journal, dice=dice, games={"oneworld": FromPosition})
    session.start("oneworld")
    reading = dict(session.game.view(state))
    reading["E6"], reading["E11"] = None, {"side": "borg", "face": "blade", "stack": False}
    assert session.submit_reading(reading).kind == v.DICE
    dice.roll_pending_or_default(requested_by="button")
    moved = session.state
    session.undo()
    assert session.submit_reading(reading).kind == v.APPLIED  # no roll asked for again
    assert session.state == moved and dice.pending() is None
    assert len(journal.events(kind=ROLL_KIND)) == 1
    session.close()

"""Review through the session: the board as it was after each step standing (from the
states the live game keeps, nothing replayed), the camera's picture of a step taken from
a reading, the bounded store of those pictures, and Go's moves in its short notation."""

import pytest

from companion.journal import Journal
from companion.table.explain import SearchLimits
from companion.table.session import TableSession
from companion.table.step_pictures import StepPictures
from tests.helpers.tables import table_in_memory

JPEG = b"\xff\xd8 a camera picture \xff\xd9"


@pytest.fixture
def table():
    with table_in_memory("go", {"board": "go-9"}) as session:
        yield session


def place(table, player, at):
    return table.play({"type": "place", "player": player, "at": at})


def stones(view):
    return {space: content for space, content in view.items() if content}


def test_each_step_s_position_is_the_board_after_it(table):
    place(table, "black", "D4")
    place(table, "white", "E5")
    table.play({"type": "pass", "player": "black"})
    start = table.position(0)
    assert start["step"] == 0 and start["steps"] == 3 and start["text"] is None
    assert stones(start["view"]) == {} and start["changed"] == []
    second = table.position(2)
    assert stones(second["view"]) == {"D4": "black", "E5": "white"}
    assert second["changed"] == ["E5"] and second["text"] == "White places on E5"
    assert second["board"] == "go-9" and second["to_move"] == "black"
    last = table.position(3)
    assert last["view"] == table.game.view(table.state) and last["changed"] == []
    assert last["picture"] is False and table.picture(3) is None


def test_a_capture_is_seen_in_the_position_of_its_step(table):
    for player, at in [("black", "A2"), ("white", "A1"), ("black", "B1")]:
        place(table, player, at)
    before, after = table.position(2), table.position(3)
    assert before["view"]["A1"] == "white" and after["view"]["A1"] is None
    assert after["changed"] == ["A1", "B1"]


def test_an_undone_step_is_no_longer_reviewed(table):
    place(table, "black", "D4")
    place(table, "white", "E5")
    table.undo()
    assert table.position(1)["steps"] == 1
    with pytest.raises(ValueError, match="from 0 to 1: this game has 1 step standing"):
        table.position(2)
    with pytest.raises(ValueError, match="whole number"):
        table.position(-1)


def test_go_s_history_pairs_by_its_notation(table):
    place(table, "black", "D4")
    table.correct({"type": "set", "space": "A1", "content": "white"})
    table.play({"type": "pass", "player": "white"})
    history = table.snapshot()["history"]
    assert [(h.get("player"), h.get("notation")) for h in history] == [
        ("black", "D4"), (None, None), ("white", "pass")]


def test_a_camera_reading_taken_as_a_move_keeps_its_picture(table):
    view = table.game.view(table.state)
    table.submit_reading({**view, "C3": "black"}, picture=JPEG)
    assert table.position(1)["picture"] is True and table.picture(1) == JPEG
    place(table, "white", "G7")  # from the page: no picture
    assert table.position(2)["picture"] is False and table.picture(2) is None
    refused = table.submit_reading({**table.game.view(table.state), "A1": "white"},
                                   picture=b"refused")  # White again, out of turn
    assert refused.kind == "illegal" and table.position(2)["steps"] == 2


def test_a_reading_of_two_moves_keeps_its_picture_for_the_last(table):
    view = table.game.view(table.state)
    table.submit_reading({**view, "C3": "black", "D4": "white"}, picture=JPEG)
    assert table.position(2)["text"] == "White places on D4"
    assert table.picture(1) is None and table.picture(2) == JPEG


def test_a_reading_offered_as_a_choice_keeps_its_picture_once_chosen():
    journal = Journal(":memory:")
    table = TableSession(journal, limits=SearchLimits(max_tries=1))
    table.start("one", {"stones": 4})
    reading = {**table.game.view(table.state), "A1": "black"}
    assert table.submit_reading(reading, picture=JPEG).kind == "ambiguous"
    table.choose(0)
    assert table.position(1)["text"] == "Black places on A1" and table.picture(1) == JPEG
    table.close()
    journal.close()


def test_the_store_keeps_only_the_newest_pictures():
    store = StepPictures(limit=3)
    for seq in range(1, 6):
        store.keep(seq, bytes([seq]))
    assert len(store) == 3 and 2 not in store and store.get(5) == b"\x05"
    store.keep(3, b"again")  # kept again: the newest
    store.keep(6, b"\x06")
    assert 3 in store and 4 not in store
    with pytest.raises(ValueError):
        StepPictures(limit=0)


def test_a_move_seen_that_waits_for_its_roll_keeps_its_picture_once_rolled():
    from companion.dice import DiceService
    from companion.games.oneworld import OneWorld
    from tests.helpers.oneworld_positions import pos

    state = pos(borg={"E6": {"blade": 1}})

    class FromPosition(OneWorld):
        def initial_state(self, options=None):
            return state

    journal = Journal(":memory:")
    dice = DiceService(journal, randbelow=lambda n: 5)  # every die shows 6
    table = TableSession(journal, dice=dice, games={"oneworld": FromPosition})
    table.start("oneworld")
    reading = dict(table.game.view(state))
    reading["E6"], reading["E11"] = None, {"side": "borg", "face": "blade", "stack": False}
    assert table.submit_reading(reading, picture=JPEG).kind == "dice"
    dice.roll_pending_or_default(requested_by="button")
    assert table.position(1)["changed"] == ["E6", "E11"] and table.picture(1) == JPEG
    table.close()
    journal.close()

"""Review through the session: the board as it was after each step standing (from the
states the live game keeps, nothing replayed), the camera's picture of a step taken from
a reading, the bounded store of those pictures, and Go's moves in its short notation."""

import pytest

from companion.journal import Journal
from companion.table.session import TableSession
from companion.table.step_pictures import StepPictures

JPEG = b"\xff\xd8 a camera picture \xff\xd9"


@pytest.fixture
def table():
    journal = Journal(":memory:")
    session = TableSession(journal)
    session.start("go", {"board": "go-9"})
    yield session
    session.close()
    journal.close()


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
    encoded = []

    def picture():
        encoded.append(1)
        return JPEG

    view = table.game.view(table.state)
    table.submit_reading(view, picture=picture)  # nothing changed: nothing encoded
    assert encoded == []
    table.submit_reading({**view, "C3": "black"}, picture=picture)
    assert table.position(1)["picture"] is True and table.picture(1) == JPEG
    place(table, "white", "G7")  # from the page: no picture
    assert table.position(2)["picture"] is False and table.picture(2) is None
    assert encoded == [1]


def test_a_picture_that_cannot_be_encoded_leaves_the_move_standing(table, caplog):
    def broken():
        raise ValueError("no JPEG")

    view = table.game.view(table.state)
    table.submit_reading({**view, "C3": "black"}, picture=broken)
    assert table.state["board"]["C3"] == "black" and table.picture(1) is None
    assert "could not be kept" in caplog.text


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

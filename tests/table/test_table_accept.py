"""Accept the board: right after a move tapped on the page the camera has not seen the
move, and accepting its older reading would quietly take the move back while its turn
stays passed: that is refused in words (docs/table.md). After an undo or a correction,
Accept takes the board as the camera reads it, as before."""

import pytest

from companion.games.base import IllegalAction
from companion.table import verdict as v
from tests.helpers.tables import table_in_memory


@pytest.fixture
def table():
    with table_in_memory("go", {"size": 9}, dice=True) as session:
        yield session


def seen(session, **changes):
    """The camera reads the game's board with ``changes`` (space=colour/None)."""
    reading = {**session.game.view(session.state), **changes}
    return session.submit_reading(reading)


def test_accept_right_after_a_tapped_move_is_refused_and_keeps_the_move(table):
    assert seen(table).kind == v.UNCHANGED
    table.play({"type": "place", "player": "black", "at": "D4"})  # a tap on the page
    with pytest.raises(IllegalAction, match="camera has not seen the board since the last "
                                            r"move \(Black places on D4\)") as refused:
        table.accept_board()
    assert refused.value.spaces == ("D4",)
    assert table.state["board"]["D4"] == "black"
    assert table.game.to_move(table.state) == "white"
    assert [e.kind for e in table.journal.events(game_id=table.game_id)] == [
        "game.start", "game.action"]


def test_once_the_camera_has_looked_again_its_reading_is_accepted(table):
    seen(table)
    table.play({"type": "place", "player": "black", "at": "D4"})
    # The camera sees the tapped move, and two more black stones no move explains.
    assert seen(table, D4="black", E5="black", F5="black").kind == v.ILLEGAL
    assert table.accept_board().kind == v.CORRECTED
    assert [table.state["board"][s] for s in ("D4", "E5", "F5")] == ["black"] * 3


def test_a_move_the_camera_saw_itself_does_not_stand_in_the_way(table):
    seen(table, D4="black")  # applied from the camera's own reading
    assert table.state["board"]["D4"] == "black"
    assert seen(table, D4="black", E5="black", F5="black").kind == v.ILLEGAL
    assert table.accept_board().kind == v.CORRECTED
    assert table.state["board"]["F5"] == "black"


def test_after_an_undo_from_the_page_accept_takes_the_board_as_it_stands(table):
    seen(table, D4="black")
    table.undo()  # the stone stays on the table: the referee keeps it
    assert table.accept_board().kind == v.CORRECTED
    assert table.state["board"]["D4"] == "black"

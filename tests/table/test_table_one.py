"""The referee at the table on a game of ONE: readings made from game states (the view
after the moves, with changes and unsure spaces), explained, refused or applied."""

import pytest

from companion.games.base import IllegalAction
from companion.games.one import One
from companion.table import verdict as v
from companion.table.explain import explain
from companion.table.reading import UNSURE
from tests.helpers.tables import camera_reads as board
from tests.helpers.tables import table_in_memory

GAME = One()
OPTIONS = {"stones": 6}


@pytest.fixture
def session():
    with table_in_memory("one", OPTIONS, randbelow=lambda n: 0) as table:
        yield table



def place(table, *spaces):
    """Play placements from the page, turn by turn."""
    for at in spaces:
        table.play({"type": "place", "player": table.game.to_move(table.state), "at": at})


def test_a_placement_is_recognised_and_journaled(session):
    result = session.submit_reading(board(session, B3="black"))
    assert result.kind == v.APPLIED
    assert result.text == "Black places on B3."
    assert session.state["board"]["B3"] == "black"
    assert session.state["to_move"] == "white"
    assert [e["text"] for e in session.snapshot()["history"]] == ["Black places on B3"]


def test_the_same_board_again_changes_nothing(session):
    session.submit_reading(board(session, B3="black"))
    result = session.submit_reading(board(session))
    assert result.kind == v.UNCHANGED
    assert session.state["moves"] == 1


def test_two_placements_between_steady_frames_are_explained_together(session):
    result = session.submit_reading(board(session, B3="black", C5="white"))
    assert result.kind == v.APPLIED
    assert result.text == "Black places on B3. White places on C5."
    assert session.state["board"]["B3"] == "black"
    assert session.state["board"]["C5"] == "white"
    assert session.state["to_move"] == "black"


def test_a_chain_of_two_jumps_is_one_action(session):
    place(session, "A1", "A2", "D7", "A4")
    reading = board(session, A1=None, A2=None, A4=None, A5="black")
    found = explain(GAME, session.state, reading).candidates
    assert [c.actions for c in found] == [
        ({"type": "jump", "player": "black", "path": ["A1", "A3", "A5"]},)]
    result = session.submit_reading(reading)
    assert result.kind == v.APPLIED
    assert "captures a White stone" in result.text
    assert session.state["captured"]["black"]["white"] == 2
    assert len(session.snapshot()["history"]) == 5


def test_the_state_tells_where_a_stone_came_from_when_its_space_is_unsure(session):
    place(session, "A1", "A2", "D7", "A4")
    result = session.submit_reading(board(session, A1=UNSURE, A2=None, A4=None, A5="black"))
    assert result.kind == v.APPLIED
    assert session.state["board"]["A5"] == "black"
    assert session.state["board"]["A1"] is None


def test_a_stone_out_of_turn_is_refused_with_the_space_to_take_back(session):
    session.submit_reading(board(session, B3="black"))
    result = session.submit_reading(board(session, C4="black"))
    assert result.kind == v.ILLEGAL
    assert result.text == "It is White's turn, not Black's."
    assert result.spaces == ("C4",)
    assert session.problem == result
    assert session.state["board"]["C4"] is None
    restored = session.submit_reading(board(session))
    assert restored.kind == v.UNCHANGED
    assert restored.text == "The board is as the game has it again."
    assert session.problem is None


def test_a_jump_the_rules_forbid_is_refused_with_their_reason(session):
    place(session, "A1", "A2")
    result = session.submit_reading(board(session, A1=None, B1="black"))
    assert result.kind == v.ILLEGAL
    assert "a jump goes over a stone onto the space beyond it" in result.text
    assert set(result.spaces) == {"A1", "B1"}


def test_an_unsure_space_never_makes_a_move(session):
    result = session.submit_reading(board(session, B3=UNSURE))
    assert result.kind == v.UNCHANGED
    assert session.state["moves"] == 0
    result = session.submit_reading(board(session, B3=UNSURE, B4=UNSURE))
    assert session.state["moves"] == 0


def test_a_hidden_board_is_occluded_and_concludes_nothing(session):
    reading = {space: UNSURE for space in session.game.view(session.state)}
    reading["B3"] = "black"
    result = session.submit_reading(reading)
    assert result.kind == v.OCCLUDED
    assert session.state["moves"] == 0


def test_a_board_that_matches_no_move_is_a_mismatch_with_its_spaces(session):
    result = session.submit_reading(board(session, B3="red"))
    assert result.kind == v.MISMATCH
    assert result.spaces == ("B3",)
    assert session.snapshot()["problem"]["spaces"] == ["B3"]


def test_a_correction_is_journaled_undone_and_redone(session):
    session.submit_reading(board(session, B3="black"))
    result = session.correct({"type": "move", "from": "B3", "to": "B4"})
    assert result.kind == v.CORRECTED
    assert session.state["board"]["B4"] == "black"
    assert set(result.spaces) == {"B3", "B4"}
    assert session.problem is not None
    session.undo()
    assert session.state["board"]["B3"] == "black"
    assert session.problem is None
    session.redo()
    assert session.state["board"]["B4"] == "black"
    kinds = [e.kind for e in session.journal.events(game_id=session.game_id)]
    assert kinds == ["game.start", "game.action", "game.correction", "game.undo",
                     "game.correction"]


def test_accepting_the_board_corrects_the_game_to_the_reading(session):
    # two black stones before any move: left on the table, not a move (see test_table_start)
    assert session.submit_reading(board(session, B3="black", C2="black")).kind == v.OFF_START
    session.accept_board()
    assert session.state["board"]["B3"] == session.state["board"]["C2"] == "black"
    assert session.state["hand"]["black"] == OPTIONS["stones"] - 2
    assert session.problem is None
    with pytest.raises(IllegalAction, match="already matches"):
        session.accept_board()


def test_undo_and_redo_are_events_and_a_new_move_ends_redo(session):
    place(session, "B3", "C5")
    session.undo()
    assert session.state["board"]["C5"] is None
    assert session.snapshot()["can_redo"]
    session.redo()
    assert session.state["board"]["C5"] == "white"
    session.undo()
    place(session, "C6")
    assert not session.snapshot()["can_redo"]
    with pytest.raises(IllegalAction, match="nothing to redo"):
        session.redo()
    kinds = [e.kind for e in session.journal.events(game_id=session.game_id)]
    assert kinds.count("game.undo") == 2


def test_readings_from_another_board_are_refused(session):
    with pytest.raises(ValueError, match="not on this board"):
        session.submit_reading({"Z99": "black"})


"""A game started while stones lie on the table: the session offers to start from what
the camera sees or to clear the board (``verdict.OFF_START``), waits calmly while it is
cleared (``verdict.CLEARING``), and starts again from the camera's reading, checked by
the rules."""

import pytest

from companion.games.base import IllegalAction
from companion.games.position import PositionError
from companion.games.stones import board_geometry
from companion.journal import Journal
from companion.table import verdict as v
from companion.table.session import TableSession


@pytest.fixture
def session():
    table = TableSession(Journal(":memory:"))
    table.start("go", {"size": 9})
    return table


def reading(**stones):
    return {name: stones.get(name) for name in board_geometry("go-9").names}


LEFT_OVER = {"C3": "black", "D4": "white", "E5": "black", "F6": "white"}


def test_stones_left_on_the_table_are_offered_as_the_start_not_called_illegal(session):
    result = session.submit_reading(reading(**LEFT_OVER))
    assert result.kind == v.OFF_START
    assert result.text == ("The board does not show the game's start (F6, E5, D4, C3): start "
                           "from what the camera sees, or clear the board.")
    assert set(result.spaces) == set(LEFT_OVER)


def test_clearing_the_board_waits_without_an_error_until_it_is_empty(session):
    session.submit_reading(reading(**LEFT_OVER))
    assert session.clear_board().kind == v.CLEARING
    fewer = dict(LEFT_OVER)
    del fewer["C3"]
    result = session.submit_reading(reading(**fewer))
    assert result.kind == v.CLEARING and "C3" not in result.spaces
    assert result.text.startswith("Take the pieces off the board: ")
    assert session.submit_reading(reading()).kind == v.UNCHANGED
    assert session.problem is None
    assert session.submit_reading(reading(E5="black")).kind == v.APPLIED  # play begins


def test_the_game_starts_again_from_what_the_camera_sees(session):
    first = session.game_id
    session.submit_reading(reading(**LEFT_OVER))
    result = session.start_from_camera("black")
    assert result.kind == v.STARTED and result.text.endswith("Black to move.")
    assert session.game_id != first and session.problem is None
    assert {s: c for s, c in session.state["board"].items() if c} == LEFT_OVER
    ended = [e.game_id for e in session.journal.events(kind="game.end")]
    assert ended == [first]  # the empty game it replaces is not left to resume
    assert session.submit_reading(reading(**LEFT_OVER)).kind == v.UNCHANGED
    # and the camera referees it from there: Black's stone on G7 is its move
    assert session.submit_reading(reading(**LEFT_OVER, G7="black")).kind == v.APPLIED
    assert session.state["board"]["G7"] == "black" and session.game.to_move(
        session.state) == "white"
    assert session.submit_reading(reading(**LEFT_OVER, G7="black", A1="black")).kind == (
        v.ILLEGAL)


@pytest.mark.parametrize("stones, first", [
    (LEFT_OVER, "black"),  # as many black stones as white: Black moves
    ({**LEFT_OVER, "G7": "black"}, "white"),  # one more black: White moves
    ({**LEFT_OVER, "G7": "black", "H8": "black"}, None),  # a handicap? the players say
])
def test_go_says_who_moves_next_where_the_stones_tell(session, stones, first):
    session.submit_reading(reading(**stones))
    snapshot = session.snapshot()
    assert snapshot["first_mover"] == first
    assert snapshot["first_movers"] == ["black", "white"]
    session.start_from_camera()
    assert session.game.to_move(session.state) == (first or "black")


def test_a_position_the_rules_refuse_is_not_started_from(session):
    session.submit_reading(reading(A1="black", A2="white", B1="white", E5="black"))
    with pytest.raises(PositionError, match="The black stone on A1 has no liberties"):
        session.start_from_camera("white")
    assert len(session.journal.events(kind="game.start")) == 1


def test_one_wrong_move_at_the_start_is_still_refused_with_the_rule(session):
    assert session.submit_reading(reading(E5="white")).kind == v.ILLEGAL


def test_once_the_game_has_begun_the_offer_is_gone(session):
    session.play({"type": "place", "player": "black", "at": "E5"})
    with pytest.raises(IllegalAction, match="The game has begun"):
        session.start_from_camera()
    with pytest.raises(IllegalAction, match="The game has begun"):
        session.clear_board()


def test_onslaught_starts_from_the_camera_with_the_turn_its_rules_give():
    table = TableSession(Journal(":memory:"))
    table.start("onslaught", {"players": 2})
    view = dict(table.game.view(table.state))
    taken = [space for space, content in view.items() if content is not None][:3]
    free = [space for space, content in view.items() if content is None][:3]
    for start, end in zip(taken, free, strict=True):
        view[end], view[start] = view[start], None
    assert table.submit_reading(view).kind == v.OFF_START
    assert table.snapshot()["first_movers"] == []  # its rules say who moves: not asked
    with pytest.raises(PositionError, match="a position cannot choose who moves first"):
        table.start_from_camera("blue")
    assert table.start_from_camera().text == ("A new game of ONSLAUGHT begins from the "
                                              "position set up.")
    assert table.submit_reading(view).kind == v.UNCHANGED


def test_one_asks_who_moves_first_and_takes_the_stones_from_the_hands():
    table = TableSession(Journal(":memory:"))
    table.start("one", {"players": 2})
    view = dict(table.game.view(table.state))
    view.update({"A1": "black", "B1": "black", "C1": "white", "D1": "black"})
    table.submit_reading(view)
    assert table.snapshot()["first_movers"] == ["black", "white"]
    hand = dict(table.state["hand"])
    table.start_from_camera("white")
    assert table.state["hand"] == {"black": hand["black"] - 3, "white": hand["white"] - 1}
    assert table.game.to_move(table.state) == "white"


def test_a_state_is_a_position_and_the_journal_keeps_only_its_board_and_turn():
    from companion.games.go import Go

    state, _ = Go().apply(Go().initial_state({"size": 9}),
                          {"type": "place", "player": "black", "at": "E5"})
    table = TableSession(Journal(":memory:"))
    table.start("go", {"size": 9}, position=state)
    assert table.state["board"]["E5"] == "black" and table.state["to_move"] == "white"
    start = table.journal.events(kind="game.start")[0].data
    assert start["position"] == {"board": {"E5": "black"}, "to_move": "white"}

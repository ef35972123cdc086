"""A piece read surely where the rules refuse it, photo after photo
(``companion.table.misread``, T38): held-out game 42194 before T35 read White's F8 black,
and every later photo was refused ("It is White's turn, not Black's."), a dead end the
players could not mend. After the same refusal on the same space in three readings in a
row, the table asks "Is F8 black or white?"; answered, it plays the moves, or keeps the
refusal."""

import pytest

from companion.table import verdict as v
from companion.table.reading import UNSURE
from tests.helpers.tables import camera_reads as board
from tests.helpers.tables import table_in_memory


@pytest.fixture
def go():
    with table_in_memory("go", {"size": 9}) as table:
        yield table


def f8_read_black(table):
    """Black played G4 and White F8, which the camera reads black, then Black D4 and
    White E5: three readings refused, the third asks."""
    table.play({"type": "place", "player": "black", "at": "G4"})
    assert table.submit_reading(board(table)).kind == v.UNCHANGED
    first = table.submit_reading(board(table, F8="black"))
    second = table.submit_reading(board(table, F8="black", D4="black"))
    third = table.submit_reading(board(table, F8="black", D4="black", E5="white"))
    return first, second, third


def test_the_same_refusal_three_times_becomes_a_question(go):
    first, second, third = f8_read_black(go)
    assert first.kind == second.kind == v.ILLEGAL
    assert first.text == "It is White's turn, not Black's."
    assert third.kind == v.QUESTION and third.text == "Is F8 black or white?"
    assert third.spaces == ("F8",)
    assert go.choices == ["Black: It is White's turn, not Black's.",
                          "White: White places on F8, then Black places on D4, then White "
                          "places on E5"]
    assert go.state["moves"] == 1
    asked = go.snapshot()["question"]
    assert [a["words"] for a in asked["answers"]] == ["black", "white"]
    assert asked["answers"][0]["move"] is None
    assert asked["answers"][0]["means"] == "It is White's turn, not Black's."


def test_answered_with_the_legal_colour_the_moves_are_played(go):
    f8_read_black(go)
    result = go.choose(1)
    assert result.kind == v.APPLIED
    assert result.text.startswith("F8 is white, as answered: ")
    assert go.state["moves"] == 4 and go.problem is None
    assert {s: go.state["board"][s] for s in ("F8", "D4", "E5")} == {
        "F8": "white", "D4": "black", "E5": "white"}
    # The camera still reads F8 black: a known piece no move can take is kept.
    result = go.submit_reading(board(go, F8="black", C3="black"))
    assert result.kind == v.APPLIED and "misread F8" in result.text
    assert go.state["board"]["F8"] == "white" and go.state["board"]["C3"] == "black"


def test_answered_with_the_colour_read_the_refusal_stands_and_is_not_asked_again(go):
    f8_read_black(go)
    result = go.choose(0)
    assert result.kind == v.ILLEGAL
    assert result.text == "F8 is black, as answered. It is White's turn, not Black's."
    assert go.state["moves"] == 1 and go.question is None
    result = go.submit_reading(board(go, F8="black", D4="black", E5="white", C3="black"))
    assert result.kind == v.ILLEGAL


def test_a_refusal_that_is_not_repeated_is_not_asked_about(go):
    go.play({"type": "place", "player": "black", "at": "G4"})
    go.submit_reading(board(go))
    assert go.submit_reading(board(go, F8="black")).kind == v.ILLEGAL
    assert go.submit_reading(board(go)).kind == v.UNCHANGED  # put back
    assert go.submit_reading(board(go, F8="black")).kind == v.ILLEGAL
    assert go.submit_reading(board(go, F8="black", D4="black")).kind == v.ILLEGAL


def test_the_question_is_put_again_past_the_searchs_reach(go):
    """A fourth move since F8: no three legal moves reach the reading, the question
    asked is put again; answered, its moves are played and the reading read from
    there."""
    f8_read_black(go)
    result = go.submit_reading(board(go, F8="black", D4="black", E5="white", C3="black"))
    assert result.kind == v.QUESTION and result.text == "Is F8 black or white?"
    assert go.state["moves"] == 1
    result = go.choose(1)
    assert result.kind == v.APPLIED and go.state["moves"] == 5
    assert go.state["board"]["C3"] == "black" and go.state["board"]["F8"] == "white"


def test_a_move_that_may_hide_where_the_camera_never_read_is_asked_first(go):
    """White's A9 set where the camera has not read since before (never asked about),
    then Black's D4: refused as "White's turn" three times, it is the move lost in A9
    that is asked about, not D4's colour, whose other answer would be wrong."""
    go.play({"type": "place", "player": "black", "at": "G4"})
    assert go.submit_reading(board(go, A9=UNSURE)).kind == v.UNCHANGED
    for _ in range(2):
        assert go.submit_reading(board(go, A9=UNSURE, D4="black")).kind == v.ILLEGAL
    result = go.submit_reading(board(go, A9=UNSURE, D4="black"))
    assert result.kind == v.QUESTION and result.text == "Is A9 empty or white?"
    assert go.choices[1] == "White: White places on A9, then Black places on D4"
    # "Empty": the move is not there; then the colour read is asked about.
    result = go.choose(0)
    assert result.kind == v.QUESTION
    assert result.text == ("A9 is empty, as the game has it. Is D4 black or white?")
    assert go.choices == ["Black: It is White's turn, not Black's.",
                          "White: White places on D4"]

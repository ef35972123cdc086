"""A question nobody answered (``companion.table.unlearned``, T36): held-out game 42194
asked "Is A9 empty or white?" and nobody answered; Black's C9 then took A9 and B9, and two
photos later the game took "White D5, Black C9" and kept White's B9 as a piece "no legal
move could change", a position the table never showed. The positions the question's moves
lead to count too: B9 is not kept, and the moves through the question's move are offered
to confirm, never played on the picture's word."""

from companion.table import verdict as v
from companion.table.reading import UNSURE
from tests.helpers.tables import camera_reads as board


def a9_asked(table):
    """White's B9 between Black's A8 and B8, White to move; the camera saw the board,
    then cannot read A9: "Is A9 empty or white?", and nobody answers."""
    for player, at in (("black", "A8"), ("white", "B9"), ("black", "B8"),
                       ("white", "E5"), ("black", "E6")):
        table.play({"type": "place", "player": player, "at": at})
    assert table.submit_reading(board(table)).kind == v.UNCHANGED
    result = table.submit_reading(board(table, A9=UNSURE))
    assert result.kind == v.QUESTION and result.text == "Is A9 empty or white?"


def test_a_capture_through_the_space_asked_about_is_offered_not_played(go):
    a9_asked(go)
    result = go.submit_reading(board(go, B9=None, C9="black"))
    assert result.kind == v.AMBIGUOUS
    assert go.choices == ["White places on A9, then Black places on C9"]
    assert go.state["moves"] == 5
    assert go.choose(0).kind == v.APPLIED
    assert go.state["board"]["A9"] is None and go.state["board"]["B9"] is None
    assert go.state["board"]["C9"] == "black"


def test_a_piece_whose_fate_hangs_on_the_question_is_not_kept_by_the_game(go):
    """Two photos on (White's D5 too), the moves read cannot take B9 on a game without
    A9: B9 is not kept as misread, nor any move played past the question."""
    a9_asked(go)
    go.submit_reading(board(go, B9=None, C9="black"))
    result = go.submit_reading(board(go, B9=None, C9="black", D5="white"))
    assert result.kind == v.AMBIGUOUS and "misread" not in result.text
    assert go.choices == ["White places on A9, then Black places on C9, then White "
                          "places on D5"]
    assert go.state["moves"] == 5 and go.state["board"]["B9"] == "white"
    result = go.submit_reading(board(go, B9=None, C9="black", D5="white", J5="black"))
    assert result.kind != v.APPLIED and "misread" not in result.text
    assert go.state["moves"] == 5


def test_a_known_piece_is_still_kept_once_the_question_is_answered(go):
    """Answered "nothing happened", the game knows A9 again: a highlight that hides B9
    is a misread B9 (T8)."""
    a9_asked(go)
    assert go.choose(0).kind == v.ANSWERED
    result = go.submit_reading(board(go, B9=None))
    assert "The camera misread B9" in result.text
    assert go.state["board"]["B9"] == "white"


def test_a_board_past_the_catch_up_puts_the_question_again(go):
    """More moves than the search follows past the question nobody answered: not "It is
    White's turn", which the players cannot mend, but the question again; answered, the
    board is read again from there and the moves seen are played."""
    a9_asked(go)
    seen = board(go, B9=None, C9="black", D5="white", J5="black")
    result = go.submit_reading(seen)
    assert result.kind == v.QUESTION and result.text == "Is A9 empty or white?"
    result = go.choose(1)
    assert result.kind == v.APPLIED and go.state["moves"] == 9
    assert result.text.startswith("A9 is white, as answered: White places on A9.")
    assert {k: c for k, c in go.game.view(go.state).items()} == {**seen, "A9": None}

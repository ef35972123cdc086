"""The game resolves the doubt the picture leaves (issue 14, point 4): a capture is part
of the move that makes it (the stones it takes off are the rules' to say once the
picture names the stone that captures), and a space the picture's odds read all but
surely and no longer do is asked about like a space newly unread (T28)."""

from companion.table import verdict as v
from companion.table.likely import picture_answer
from companion.table.question import unseen
from companion.table.reading import UNSURE
from tests.helpers.tables import camera_reads as board


def white(share=0.999):
    return {"empty": 1.0 - share, "black": 0.0, "white": share}


def corner_to_take(table):
    """Black's J1 in the corner, White's H1 beside it, White to move: White's J2 takes
    J1. The camera has seen the board as the game has it."""
    for player, at in (("black", "J1"), ("white", "H1"), ("black", "A9")):
        table.play({"type": "place", "player": player, "at": at})
    assert table.submit_reading(board(table)).kind == v.UNCHANGED


def test_a_capture_the_picture_cannot_read_is_the_moves(go):
    """Held-out game 13625, photo 20: J2 leans white all but surely, J1 (the stone taken)
    gives no odds. The one legal move that explains both is taken, the capture with it."""
    corner_to_take(go)
    result = go.submit_reading(board(go, J2=UNSURE, J1=UNSURE), odds={"J2": white()})
    assert result.kind == v.APPLIED
    assert "White places on J2" in result.text
    assert go.state["board"]["J2"] == "white" and go.state["board"]["J1"] is None


def test_a_capture_whose_stone_the_picture_does_not_name_is_asked(go):
    corner_to_take(go)
    result = go.submit_reading(board(go, J2=UNSURE, J1=UNSURE),
                               odds={"J2": white(0.9)})
    assert result.kind == v.QUESTION
    assert go.state["board"]["J1"] == "black"
    assert go.submit_reading(board(go, J2=UNSURE, J1=UNSURE), odds={}).kind in (
        v.QUESTION, v.UNCHANGED)
    assert go.state["board"]["J1"] == "black"


def test_a_space_no_answer_takes_a_piece_off_still_needs_the_picture(go):
    """C4 leans white, D5 gives no odds: White's C4 leaves D5 as it is, and a White
    D5 is as legal; the picture does not say which, so nothing is taken from it."""
    go.play({"type": "place", "player": "black", "at": "A1"})
    go.submit_reading(board(go))
    asked = unseen(go.game, go.state, board(go, C4=UNSURE, D5=UNSURE), {"C4", "D5"})
    view = go.game.view(go.state)
    assert picture_answer(asked, view, {"C4": white()}) is None
    assert picture_answer(asked, view, {"C4": white(), "D5": {"empty": 1.0}}).words == (
        "C4 white")


def test_a_space_the_picture_read_and_no_longer_does_is_asked_about(go):
    """Held-out game 12908, photos 17–18: H3 read unsure, its odds all but surely empty;
    then White set a stone there, and the picture gave no odds. The space was read by
    the picture, so it is asked about, where it was taken as "nothing changed" and the
    move was lost."""
    go.play({"type": "place", "player": "black", "at": "A1"})
    assert go.submit_reading(board(go)).kind == v.UNCHANGED
    first = go.submit_reading(board(go, H3=UNSURE), odds={"H3": {"empty": 1.0}})
    assert first.kind == v.ANSWERED  # newly unread, and the picture says empty
    result = go.submit_reading(board(go, H3=UNSURE), odds={})
    assert result.kind == v.QUESTION
    assert result.text == "Is H3 empty or white?"

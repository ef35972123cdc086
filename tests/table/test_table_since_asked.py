"""A question answered late catches up with the photos it was put on
(``companion.table.since_asked``, T40): while nobody answers, the moves seen elsewhere
are not played and the question is put again; once a move answers it, each reading it
was put on is read again in order, so an answer four or five moves late plays every
move the table showed, where the search alone reaches three."""

import pytest

from companion.table import verdict as v
from companion.table.reading import UNSURE
from tests.helpers.tables import camera_reads as board
from tests.helpers.tables import table_in_memory

LATER = [("A4", "black"), ("J7", "white"), ("H3", "black"), ("F1", "white"), ("B2", "black")]


@pytest.fixture
def go():
    with table_in_memory("go", {"size": 9}) as table:
        table.play({"type": "place", "player": "black", "at": "G4"})
        assert table.submit_reading(board(table)).kind == v.UNCHANGED
        yield table


def test_a_stone_set_where_the_camera_cannot_read_answered_five_moves_late(go):
    """White set H1, which the camera read empty before and cannot read now (held-out
    game 71424 at photo 20, its light changed): "Is H1 empty or white?", put again at
    each of the five photos after it. Answered "white", every move is played."""
    seen = {"H1": UNSURE}
    assert go.submit_reading(board(go, **seen)).text == "Is H1 empty or white?"
    for space, colour in LATER:
        seen[space] = colour
        assert go.submit_reading(board(go, **seen)).text == "Is H1 empty or white?"
    result = go.choose(1)
    assert result.kind == v.APPLIED and go.problem is None
    assert result.text == ("H1 is white, as answered: White places on H1. Black places on "
                           "A4. White places on J7. Black places on H3. White places on F1. "
                           "Black places on B2.")
    assert go.state["moves"] == 7
    assert go.state["board"]["H1"] == "white"
    assert all(go.state["board"][space] == colour for space, colour in LATER)


def test_a_colour_misread_answered_four_moves_after_its_moves(go):
    """T38's question "Is F8 black or white?" (F8 read black, refused three times),
    put again for four more photos: answered "white", the moves the search reached
    and the four after them are played, F8 read black all along."""
    seen = {}
    for space, colour in [("F8", "black"), ("D4", "black"), ("E5", "white"),
                          ("C3", "black"), ("B7", "white"), ("G2", "black"),
                          ("A8", "white")]:
        seen[space] = colour
        result = go.submit_reading(board(go, **seen))
    assert result.text == "Is F8 black or white?"
    result = go.choose(1)
    assert result.kind == v.APPLIED and go.problem is None
    assert go.state["moves"] == 8
    assert go.state["board"]["F8"] == "white"
    assert all(go.state["board"][s] == seen[s] for s in ("D4", "E5", "C3", "B7", "G2", "A8"))


def test_answered_nothing_happened_the_photos_since_are_not_played_past_it(go):
    """Answered "empty", no move answers the question: nothing is caught up with, and
    the last reading is read as before (a Black stone while White is to move: not
    played)."""
    go.submit_reading(board(go, H1=UNSURE))
    go.submit_reading(board(go, H1=UNSURE, A4="black"))
    result = go.choose(0)
    assert go.state["moves"] == 1
    assert result.kind != v.APPLIED and result.text.startswith("H1 is empty, as the game has it.")


def test_a_question_answered_at_once_plays_its_move_alone(go):
    assert go.submit_reading(board(go, H1=UNSURE)).text == "Is H1 empty or white?"
    result = go.choose(1)
    assert result.text == "H1 is white, as answered: White places on H1."
    assert go.state["moves"] == 2


def test_one_move_seen_does_not_answer_a_question_past_a_stone_seen_and_taken_since():
    """Held-out game 71455, sharpened (T14, T40): Black's B9 unread, "Is B9 empty or
    black?"; White's A5 seen surely, the question put again; then Black's A4 takes A5.
    "Black places on A4" alone explains the last photo, and used to answer the
    question: the game held a position without B9 the table never showed. The photo
    before showed White's A5, which that move never had: the question is put again."""
    with table_in_memory("go", {"size": 9}) as go:
        for player, at in [("black", "A6"), ("white", "J9"), ("black", "B5"), ("white", "J8")]:
            go.play({"type": "place", "player": player, "at": at})
        assert go.submit_reading(board(go)).kind == v.UNCHANGED
        assert go.submit_reading(board(go, B9=UNSURE)).text == "Is B9 empty or black?"
        assert go.submit_reading(board(go, B9=UNSURE, A5="white")).text == \
            "Is B9 empty or black?"
        result = go.submit_reading(board(go, B9=UNSURE, A4="black"))
        assert result.kind == v.QUESTION and result.text == "Is B9 empty or black?"
        assert go.state["moves"] == 4
        result = go.choose(1)  # black: B9, then White's A5 and Black's A4 taking it
        assert go.state["moves"] == 7 and go.problem is None
        assert {s: go.state["board"][s] for s in ("B9", "A5", "A4")} == {
            "B9": "black", "A5": None, "A4": "black"}


def test_one_move_seen_elsewhere_still_answers_the_question(go):
    """T14 as before: White's H1 asked about, White's move seen elsewhere: it was
    White's move, played."""
    assert go.submit_reading(board(go, H1=UNSURE)).text == "Is H1 empty or white?"
    result = go.submit_reading(board(go, H1=UNSURE, C7="white"))
    assert result.kind == v.APPLIED and go.state["board"]["C7"] == "white"

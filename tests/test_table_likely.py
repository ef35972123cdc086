"""The picture settles a question the rules leave open (issue 14, point 4): where the
camera cannot read a space surely but its picture leans clearly one way among the legal
answers, the table takes that answer instead of asking; where it does not, or the
picture cannot tell at all, it asks as before."""

import pytest
from test_table_question import board, new_session, white_to_move

from companion.table import verdict as v
from companion.table.from_camera import UNSEEN_STONES
from companion.table.likely import MIN_SHARE, picture_answer
from companion.table.question import unseen
from companion.table.reading import UNSURE


@pytest.fixture
def session():
    table = new_session()
    yield table
    table.close()
    table.journal.close()


def leaning(colour, share=1.0, others=("empty", "black", "white")):
    """Odds for one space: ``share`` on ``colour``, the rest spread over ``others``."""
    rest = [o for o in others if o != colour]
    return {colour: share, **{o: (1.0 - share) / len(rest) for o in rest}}


def question_about_c4(table):
    """White to move, C4 unread: "Is C4 empty or white?" and the game's board."""
    white_to_move(table)
    view = table.game.view(table.state)
    asked = unseen(table.game, table.state, board(table, C4=UNSURE), {"C4"})
    assert asked is not None and [a.words for a in asked.answers] == ["empty", "white"]
    return asked, view


def test_the_answer_the_picture_shows_is_taken(session):
    asked, view = question_about_c4(session)
    assert picture_answer(asked, view, {"C4": leaning("white")}).words == "white"
    assert picture_answer(asked, view, {"C4": leaning("empty")}).words == "empty"


def test_a_picture_that_leans_too_little_or_not_at_all_answers_nothing(session):
    asked, view = question_about_c4(session)
    even = {"C4": {"empty": 0.5, "black": 0.0, "white": 0.5}}
    assert picture_answer(asked, view, even) is None
    short = 1.0 - (1.0 - MIN_SHARE) * 2
    assert picture_answer(asked, view, {"C4": leaning("white", short)}) is None
    assert picture_answer(asked, view, {}) is None  # glare: no odds given
    assert picture_answer(asked, view, {"D5": leaning("white")}) is None


def test_a_picture_likeliest_for_a_colour_no_answer_has_answers_nothing(session):
    """White is to move: a space that looks black is not made white because white is
    the likelier of the two answers the rules allow."""
    asked, view = question_about_c4(session)
    odds = {"C4": {"empty": 0.0, "black": 0.9, "white": 0.1}}
    assert picture_answer(asked, view, odds) is None


def test_a_stone_the_picture_shows_is_played_without_a_question(session):
    white_to_move(session)
    result = session.submit_reading(board(session, C4=UNSURE), odds={"C4": leaning("white")})
    assert result.kind == v.APPLIED
    assert result.text == ("C4 is white, as the picture shows it most likely: "
                           "White places on C4.")
    assert session.state["board"]["C4"] == "white"
    assert session.question is None


def test_an_empty_space_the_picture_shows_is_not_asked_about_and_stays_watched(session):
    """The picture leans empty: nothing happened, and nothing is asked; the space is not
    set aside as answered: after a hand has passed, a stone the picture shows there is
    played."""
    white_to_move(session)
    first = session.submit_reading(board(session, C4=UNSURE), odds={"C4": leaning("empty")})
    assert first.kind == v.ANSWERED
    assert first.text == "C4 is empty most likely, as the game has it: nothing changed."
    assert session.state["board"]["C4"] is None and session.question is None
    later = session.submit_reading(board(session, C4=UNSURE), odds={"C4": leaning("white")},
                                   disturbed=True)
    assert later.kind == v.APPLIED and session.state["board"]["C4"] == "white"


def test_without_a_clear_picture_the_players_are_asked_as_before(session):
    white_to_move(session)
    even = {"C4": {"empty": 0.6, "black": 0.0, "white": 0.4}}
    result = session.submit_reading(board(session, C4=UNSURE), odds=even)
    assert result.kind == v.QUESTION and result.text == "Is C4 empty or white?"
    assert session.state["board"]["C4"] is None


def test_a_move_that_leaves_out_a_stone_the_picture_half_sees_is_not_taken(session):
    """White's stone on D5 is read surely; C4, unread, all but surely shows a black
    stone: more happened than the camera can read, and the one move it reads would
    put a position into the game the table never showed."""
    white_to_move(session)
    result = session.submit_reading(board(session, C4=UNSURE, D5="white"),
                                    odds={"C4": leaning("black")})
    assert result.kind == v.MISMATCH and result.text == UNSEEN_STONES
    assert session.state["moves"] == 1 and session.state["board"]["D5"] is None
    # Read without that doubt, the same move is taken.
    assert session.submit_reading(board(session, C4=UNSURE, D5="white")).kind == v.APPLIED


def test_moves_seen_past_an_unanswered_question_are_not_taken_alone(session):
    """C4 is asked about and still unread when three moves appear elsewhere: a move may
    hide in C4 among them (a follow nobody answers would otherwise jump to a position
    the table never showed), so the question is put again and nothing is played."""
    white_to_move(session)
    assert session.submit_reading(board(session, C4=UNSURE)).kind == v.QUESTION
    result = session.submit_reading(board(session, C4=UNSURE, D5="white", D8="black",
                                          D14="white"))
    assert result.kind == v.QUESTION and result.text == "Is C4 empty or white?"
    assert session.state["moves"] == 1
    # Answered, the moves seen are read again and played.
    result = session.choose(0)
    assert result.kind == v.APPLIED and result.text == (
        "C4 is empty, as the game has it. White places on D5. Black places on D8. "
        "White places on D14.")
    assert session.state["moves"] == 4

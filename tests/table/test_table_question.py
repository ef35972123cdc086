"""The table asks about a space the camera cannot read ("Is C4 empty or white?") instead
of losing a move put down in a glare spot: when it asks, what the answers do, when it
does not ask again, when a sure change wins, and the question through the web API; and
where the picture leans clearly one way among the legal answers, the answer it shows is
taken instead of asking (issue 14, point 4)."""

import pytest

from companion import game_log
from companion.dice import DiceService
from companion.games.onslaught import Onslaught
from companion.games.registry import get_game
from companion.games.words import content_words
from companion.geometry import load_geometry
from companion.journal import Journal
from companion.table import verdict as v
from companion.table.from_camera import UNSEEN_STONES
from companion.table.likely import MIN_SHARE, picture_answer
from companion.table.question import unseen
from companion.table.reading import UNSURE
from companion.table.session import TableSession
from tests.helpers.tables import camera_reads as board
from tests.helpers.tokens_game import Tokens


def new_session(game="one", options=None, games=None):
    journal = Journal(":memory:")
    table = TableSession(journal, dice=DiceService(journal, randbelow=lambda n: 0),
                         games=games)
    table.start(game, options if options is not None else {"stones": 6})
    return table


@pytest.fixture
def session():
    table = new_session()
    yield table
    table.close()
    table.journal.close()



def white_to_move(table):
    """Black has played A1; the camera has seen the board as the game has it."""
    table.play({"type": "place", "player": "black", "at": "A1"})
    assert table.submit_reading(board(table)).kind == v.UNCHANGED


def test_a_stone_in_a_glare_spot_is_asked_about(session):
    white_to_move(session)
    heard = []
    session.subscribe(lambda verdict, snapshot: heard.append((verdict, snapshot)))
    result = session.submit_reading(board(session, C4=UNSURE))
    assert result.kind == v.QUESTION
    assert result.text == "Is C4 empty or white?"
    assert result.spaces == ("C4",)
    assert result.choices == ("Empty: nothing happened there", "White: White places on C4")
    verdict, snapshot = heard[-1]
    assert verdict == result
    assert snapshot["question"] == {
        "text": "Is C4 empty or white?", "spaces": ["C4"],
        "answers": [{"words": "empty", "move": None, "means": "nothing happened there",
                     "text": "Empty: nothing happened there"},
                    {"words": "white", "move": "White places on C4",
                     "means": "White places on C4", "text": "White: White places on C4"}]}
    assert snapshot["choices"] == list(result.choices)
    assert session.state["board"]["C4"] is None  # nothing is applied by asking


def test_answering_with_the_move_journals_it_like_any_move(session):
    white_to_move(session)
    session.submit_reading(board(session, C4=UNSURE))
    result = session.choose(1)
    assert result.kind == v.APPLIED
    assert result.text == "C4 is white, as answered: White places on C4."
    assert session.state["board"]["C4"] == "white"
    assert session.question is None and session.snapshot()["question"] is None
    actions = session.journal.events(game_id=session.game_id, kind=game_log.ACTION)
    assert actions[-1].data == {"action": {"type": "place", "player": "white", "at": "C4"},
                                "dice": []}
    assert session.snapshot()["last_changed"] == ["C4"]
    # The camera still cannot read C4: nothing more is asked, and undo takes it back.
    assert session.submit_reading(board(session, C4=UNSURE)).kind == v.UNCHANGED
    assert session.undo().text == "Undone: White places on C4."
    assert session.state["board"]["C4"] is None


def test_answering_nothing_happened_changes_nothing_and_is_not_asked_again(session):
    white_to_move(session)
    session.submit_reading(board(session, C4=UNSURE))
    result = session.choose(0)
    assert result.kind == v.ANSWERED
    assert result.text == "C4 is empty, as the game has it: nothing changed."
    assert session.state["moves"] == 1
    assert session.question is None and session.choices == []
    # The same reading again, then another while C4 stays unread: only D8, newly
    # unread, is asked about (C4 comes first on the board, and is not asked again).
    assert session.submit_reading(board(session, C4=UNSURE)).kind == v.UNCHANGED
    assert session.submit_reading(board(session, C4=UNSURE, D8=UNSURE)).text == (
        "Is D8 empty or white?")
    session.choose(0)
    # The game moves on elsewhere; C4, still unread, is still not asked about.
    assert session.submit_reading(board(session, C4=UNSURE, D8=UNSURE, D5="white")).kind == (
        v.APPLIED)
    assert session.submit_reading(board(session, C4=UNSURE, D8=UNSURE)).kind == v.UNCHANGED
    # Read again, then lost again: a new reading of C4, asked about once more.
    assert session.submit_reading(board(session)).kind == v.UNCHANGED
    assert session.submit_reading(board(session, C4=UNSURE)).text == "Is C4 empty or black?"


def test_a_space_the_camera_has_never_read_is_not_asked_about(session):
    # The first reading since the server started: no sign that anything happened on C4.
    assert session.submit_reading(board(session, C4=UNSURE)).kind == v.UNCHANGED
    assert session.submit_reading(board(session, C4=UNSURE, D5=UNSURE)).text == (
        "Is D5 empty or black?")


def test_after_a_hand_passed_a_space_never_read_is_asked_about_once_a_position(session):
    # A lamp's glare on C4 all along: the camera never reads it, so nothing shows a move.
    assert session.submit_reading(board(session, C4=UNSURE)).kind == v.UNCHANGED
    assert session.submit_reading(board(session, C4=UNSURE)).kind == v.UNCHANGED
    # A hand passed over the board and the sure spaces show no change: asked.
    result = session.submit_reading(board(session, C4=UNSURE), disturbed=True)
    assert result.text == "Is C4 empty or black?"
    assert session.choose(0).kind == v.ANSWERED
    # A hand again in the same position (a player pointing): not asked again.
    assert session.submit_reading(board(session, C4=UNSURE), disturbed=True).kind == (
        v.UNCHANGED)
    # Black plays elsewhere; in the new position White may have put a stone on C4.
    assert session.submit_reading(board(session, C4=UNSURE, D5="black"),
                                  disturbed=True).kind == v.APPLIED
    result = session.submit_reading(board(session, C4=UNSURE), disturbed=True)
    assert result.text == "Is C4 empty or white?"
    assert session.choose(1).text == "C4 is white, as answered: White places on C4."


def test_the_question_stays_while_its_space_is_unread_and_goes_when_it_is_read(session):
    white_to_move(session)
    asked = session.submit_reading(board(session, C4=UNSURE))
    assert asked.text == "Is C4 empty or white?"
    # Another space newly unread: it joins the question, which still asks about C4.
    again = session.submit_reading(board(session, C4=UNSURE, D8=UNSURE))
    assert again.kind == v.QUESTION and again.text == "What is on C4 and D8 now?"
    result = session.submit_reading(board(session))  # the glare moved off C4: it is empty
    assert result.kind == v.UNCHANGED and session.question is None
    with pytest.raises(ValueError, match="There is no such choice"):
        session.choose(1)


def test_a_stone_read_surely_once_the_glare_is_gone_is_applied(session):
    white_to_move(session)
    session.submit_reading(board(session, C4=UNSURE))
    result = session.submit_reading(board(session, C4="white"))
    assert result.kind == v.APPLIED and result.text == "White places on C4."
    assert session.question is None


def test_a_sure_move_elsewhere_wins_over_a_question(session):
    white_to_move(session)
    result = session.submit_reading(board(session, C4=UNSURE, D5="white"))
    assert result.kind == v.APPLIED and result.text == "White places on D5."
    assert session.question is None
    # A question pending ends when a move is seen elsewhere: it answered it.
    session.submit_reading(board(session))
    assert session.submit_reading(board(session, C4=UNSURE)).kind == v.QUESTION
    result = session.submit_reading(board(session, C4=UNSURE, D8="black"))
    assert result.kind == v.APPLIED and session.question is None
    assert session.submit_reading(board(session, C4=UNSURE)).kind == v.UNCHANGED


def test_two_moves_seen_beside_a_space_asked_about_are_not_taken_as_the_whole_story(session):
    """White may have played in the glare spot C4 first, then Black and White where the
    camera sees: the two moves seen alone would put the turns the wrong way round."""
    white_to_move(session)
    assert session.submit_reading(board(session, C4=UNSURE)).kind == v.QUESTION
    result = session.submit_reading(board(session, C4=UNSURE, D5="white", D8="black"))
    assert result.kind == v.QUESTION and result.text == "Is C4 empty or white?"
    assert session.state["board"]["D5"] is None  # nothing applied before the answer
    applied = session.choose(1)
    assert applied.kind == v.APPLIED
    assert session.state["board"]["C4"] == "white" and session.state["to_move"] == "black"


def test_spaces_newly_unread_together_are_one_question(session):
    white_to_move(session)
    result = session.submit_reading(board(session, C4=UNSURE, D5=UNSURE, D8=UNSURE))
    assert result.text == "What is on C4, D5 and D8 now?"
    assert result.spaces == ("C4", "D5", "D8")
    assert result.choices == ("C4, D5 and D8 empty: nothing happened there",
                              "C4 white: White places on C4", "D5 white: White places on D5",
                              "D8 white: White places on D8")
    assert session.choose(0).text == "C4, D5 and D8 empty, as the game has it: nothing changed."
    assert session.question is None and session.state["moves"] == 1


def test_two_moves_in_two_unread_spaces_are_asked_about_in_turn(session):
    white_to_move(session)
    first = session.submit_reading(board(session, C4=UNSURE, D5=UNSURE))
    assert first.text == "What is on C4 and D5 now?"
    second = session.choose(1)
    assert second.kind == v.QUESTION
    assert second.text == ("C4 white, as answered: White places on C4. "
                           "Is D5 empty or black?")
    assert session.question.text == "Is D5 empty or black?"
    assert session.choose(1).text == "D5 is black, as answered: Black places on D5."
    assert [e["text"] for e in session.snapshot()["history"]] == [
        "Black places on A1", "White places on C4", "Black places on D5"]
    assert session.question is None


def test_a_stone_out_of_turn_beside_a_newly_unread_space_asks_if_a_move_hides_there(session):
    white_to_move(session)
    result = session.submit_reading(board(session, C4=UNSURE, D5="black"))
    assert result.kind == v.QUESTION and result.text == "Is C4 empty or white?"
    assert session.choices == ["Empty: nothing happened there",
                               "White: White places on C4, then Black places on D5"]
    applied = session.choose(1)
    assert applied.kind == v.APPLIED
    assert applied.text == ("C4 is white, as answered: White places on C4. "
                            "Black places on D5.")
    assert session.state["board"]["C4"] == "white" and session.state["to_move"] == "white"


def test_a_stone_out_of_turn_is_refused_when_nothing_hides_in_the_unread_space(session):
    white_to_move(session)
    session.submit_reading(board(session, C4=UNSURE, D5="black"))
    result = session.choose(0)
    assert result.kind == v.ILLEGAL
    assert result.text == "C4 is empty, as the game has it. It is White's turn, not Black's."
    assert session.question is None and session.problem.text == (
        "It is White's turn, not Black's.")
    again = session.submit_reading(board(session, C4=UNSURE, D5="black"))
    assert again.kind == v.ILLEGAL  # asked once: C4 is no longer fresh
    assert session.state["board"]["C4"] is None


def test_a_move_the_rules_forbid_is_refused_beside_a_space_never_read(session):
    session.play({"type": "place", "player": "black", "at": "A1"})
    result = session.submit_reading(board(session, C4=UNSURE, D5="black"))
    assert result.kind == v.ILLEGAL and result.text == "It is White's turn, not Black's."
    assert session.question is None and session.problem == result


def first_line_of_three():
    """Three spaces of ONE's board in a line: a jump from the first over the second."""
    geometry = load_geometry("one-60")
    for start in geometry.names:
        for over in geometry.neighbours(start):
            landing = geometry.beyond(start, over)
            if landing is not None:
                return start, over, landing
    raise AssertionError("the board has no line of three")


def test_moves_that_differ_only_where_the_camera_cannot_read_are_asked_about(session):
    start, over, landing = first_line_of_three()
    session.play({"type": "place", "player": "black", "at": start})
    session.play({"type": "place", "player": "white", "at": over})
    # A black stone on the landing space; the camera cannot read the two behind it: a
    # placement, or the jump that took the white stone.
    result = session.submit_reading(board(session, **{start: UNSURE, over: UNSURE,
                                                      landing: "black"}))
    assert result.kind == v.QUESTION
    assert result.text == f"What is on {start} and {over} now?"
    assert result.spaces == (start, over)
    assert result.choices == (
        f"{start} black, {over} white: Black places on {landing}",
        f"{start} and {over} empty: Black jumps {start} - {landing}")
    result = session.choose(1)
    assert result.kind == v.APPLIED
    assert result.text.startswith(f"{start} and {over} empty, as answered: Black jumps")
    assert session.state["board"][over] is None


def test_look_alike_moves_and_moves_that_need_dice_are_answers_too():
    table = new_session("tokens", {}, games={"tokens": Tokens})
    table.submit_reading({"a": None, "b": None, "c": None})
    result = table.submit_reading({"a": UNSURE, "b": None, "c": None})
    assert result.text == "Is a empty, x or t?"
    assert result.choices == ("Empty: nothing happened there", "X: put calm on a",
                              "X: put bold on a", "T: toss on a")
    result = table.choose(3)
    assert result.kind == v.DICE
    assert result.text == "a is t, as answered: toss on a: roll 1d6 (the toss)."
    table.close()


def test_go_asks_in_its_own_words():
    table = new_session("go", {"board": "go-9"})
    table.submit_reading(board(table))
    table.play({"type": "place", "player": "black", "at": "E5"})
    # White's stone in the glare, captured nothing: asked as in ONE.
    assert table.submit_reading(board(table, C3=UNSURE)).text == "Is C3 empty or white?"
    table.close()


def test_the_words_for_what_stands_on_a_space():
    squares = Onslaught().view(Onslaught().initial_state({}))
    onslaught, oneworld = get_game("onslaught"), get_game("oneworld")
    assert content_words(onslaught, squares["D7"]) == "Blue 1 and Blue 2"
    assert content_words(onslaught, squares["G7"]) == "the blue orb"
    assert content_words(onslaught, {"pieces": ["red1"], "orbs": ["blue"],
                                    "token": "red"}) == "Red 1, the blue orb and a red token"
    assert content_words(onslaught, {"pieces": [], "orbs": [], "token": None}) == "empty"
    assert content_words(oneworld, {"side": "borg", "face": "stone", "stack": False}) == (
        "a BORG Stone")
    assert content_words(oneworld, {"side": "chez", "face": "fog", "stack": True}) == (
        "a stack of CHEZ Fogs")
    assert content_words(oneworld, {"side": "borg", "stack": True}) == "a BORG stack"
    assert content_words(oneworld, None) == "empty"
    assert content_words(get_game("go"), "white") == "white"
    assert content_words(Tokens(), {"pieces": ["p"], "lit": True}) == "pieces p; lit True"


# -- through the web API -------------------------------------------------------------------


def test_the_question_and_its_answer_through_the_api(client):
    client.post("/api/game/start", json={"game": "one", "options": {"players": 2}})
    client.post("/api/game/play",
                json={"action": {"type": "place", "player": "black", "at": "A1"}})
    seen = client.get("/api/game").get_json()["game"]["view"]
    client.post("/api/game/reading", json={"reading": seen})
    answer = client.post("/api/game/reading", json={"reading": {**seen, "C4": UNSURE}})
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["verdict"]["kind"] == "question"
    assert body["verdict"]["text"] == "Is C4 empty or white?"
    assert body["game"]["question"]["spaces"] == ["C4"]
    assert [a["words"] for a in body["game"]["question"]["answers"]] == ["empty", "white"]
    answered = client.post("/api/game/choose", json={"index": 1}).get_json()
    assert answered["verdict"]["kind"] == "applied"
    assert answered["game"]["question"] is None
    assert answered["game"]["view"]["C4"] == "white"
    assert client.post("/api/game/choose", json={"index": 1}).status_code == 409


def test_a_reading_after_a_hand_passed_through_the_api(client):
    client.post("/api/game/start", json={"game": "one", "options": {"players": 2}})
    seen = {**client.get("/api/game").get_json()["game"]["view"], "C4": UNSURE}
    quiet = client.post("/api/game/reading", json={"reading": seen}).get_json()
    assert quiet["verdict"]["kind"] == "unchanged"
    asked = client.post("/api/game/reading", json={"reading": seen, "disturbed": True})
    assert asked.get_json()["verdict"]["text"] == "Is C4 empty or black?"
    wrong = client.post("/api/game/reading", json={"reading": seen, "disturbed": "yes"})
    assert wrong.status_code == 400
    assert wrong.get_json()["error"] == '"disturbed" must be true or false.'


# -- the picture settles what the rules leave open (companion.table.likely) ------------


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


EVEN = {"empty": 0.5, "black": 0.0, "white": 0.5}
"""Odds for a space the picture cannot tell: empty or a white stone alike."""


def test_a_question_leaves_out_the_spaces_the_picture_shows_as_the_game_has_them(session):
    """A blurred photo: C4, D5 and D8 newly unread. The picture all but surely shows D5
    and D8 empty, and cannot tell C4: a move on D5 or D8 is ruled out, as a move the
    picture contradicts is no explanation, and the players are asked about C4 alone."""
    white_to_move(session)
    odds = {"C4": EVEN, "D5": leaning("empty"), "D8": leaning("empty")}
    result = session.submit_reading(board(session, C4=UNSURE, D5=UNSURE, D8=UNSURE),
                                    odds=odds)
    assert result.kind == v.QUESTION and result.text == "Is C4 empty or white?"
    assert result.choices == ("Empty: nothing happened there", "White: White places on C4")
    assert session.state["board"]["C4"] is None


def test_two_moves_the_picture_shows_equally_likely_are_asked_about(session):
    """C4 and D5 newly unread, each as likely empty as white: White played on one of
    them, or on neither; the picture cannot tell which, so the players are asked."""
    white_to_move(session)
    result = session.submit_reading(board(session, C4=UNSURE, D5=UNSURE),
                                    odds={"C4": EVEN, "D5": EVEN})
    assert result.kind == v.QUESTION and result.text == "What is on C4 and D5 now?"
    assert len(result.choices) == 3
    assert session.state["board"]["C4"] is None and session.state["board"]["D5"] is None


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


STONE_OF_NO_COLOUR = {"empty": 0.001, "black": 0.4995, "white": 0.4995}
"""A space the picture shows is no longer empty without naming the stone's colour (a
white glass stone on white vinyl: ``LearnedLook._changed``)."""


def test_a_stone_the_picture_sees_without_its_colour_is_the_one_legal_stone_there(session):
    """Nothing else changed and the one legal move there is White's: the game names the
    colour the picture cannot (T16)."""
    white_to_move(session)
    result = session.submit_reading(board(session, C4=UNSURE), odds={"C4": STONE_OF_NO_COLOUR})
    assert result.kind == v.APPLIED
    assert result.text == ("C4 is white, as the picture shows it most likely: "
                           "White places on C4.")
    assert session.state["board"]["C4"] == "white"


def test_two_stones_of_no_colour_where_one_move_was_made_are_asked_about(session):
    white_to_move(session)
    result = session.submit_reading(board(session, C4=UNSURE, D5=UNSURE),
                                    odds={"C4": STONE_OF_NO_COLOUR, "D5": STONE_OF_NO_COLOUR})
    assert result.kind == v.QUESTION
    assert session.state["board"]["C4"] is None and session.state["board"]["D5"] is None


def test_a_move_seen_elsewhere_is_taken_beside_a_stone_of_no_colour(session):
    """The picture does not name a stone on C4, so the move read surely on D5 leaves out
    nothing it shows (an empty edge space whose line blurs away on a real photo looks
    so): D5 is played and C4 stays as the game has it."""
    white_to_move(session)
    result = session.submit_reading(board(session, C4=UNSURE, D5="white"),
                                    odds={"C4": STONE_OF_NO_COLOUR})
    assert result.kind == v.APPLIED
    assert session.state["board"]["D5"] == "white" and session.state["board"]["C4"] is None


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


def never_read_c4(table):
    """Black has played A1; the camera has never read C4."""
    table.play({"type": "place", "player": "black", "at": "A1"})
    assert table.submit_reading(board(table, C4=UNSURE)).kind == v.UNCHANGED


def test_a_stone_the_picture_names_where_the_camera_never_read_is_played(session):
    """C4 was never read surely (a lamp's glare all along, or the shadow of the stone
    put beside it just before), so nothing made it worth a question; yet the picture
    all but surely names a white stone there, the game has none, and White's is the
    legal move: it is played (held-out game 31's last photo read "nothing changed")."""
    never_read_c4(session)
    result = session.submit_reading(board(session, C4=UNSURE), odds={"C4": leaning("white")})
    assert result.kind == v.APPLIED and session.state["board"]["C4"] == "white"


def test_where_the_camera_never_read_a_picture_that_cannot_tell_asks_nothing(session):
    """Leaning to white short of all but surely, or seeing a stone without its colour,
    on a space never read surely: no sign of a move the game could take; nothing is
    asked or played."""
    never_read_c4(session)
    for odds in (leaning("white", 0.95), STONE_OF_NO_COLOUR):
        result = session.submit_reading(board(session, C4=UNSURE), odds={"C4": odds})
        assert result.kind == v.UNCHANGED and session.state["board"]["C4"] is None

"""TableSession: choices, dice waited for, resuming from the journal, ending, listeners
and threads. A tiny game of tokens stands in where a case needs a shape no real game has
on demand (two moves that look the same, a visible move that needs a die)."""

import threading

import pytest

from companion import game_log
from companion.dice import DiceService
from companion.games.base import Game, IllegalAction
from companion.journal import Journal, JournalError
from companion.table import verdict as v
from companion.table.explain import SearchLimits
from companion.table.from_camera import UNCHECKED
from companion.table.session import NoGame, TableSession
from tests.helpers.tokens_game import Tokens


def make_session(journal, face=4):
    dice = DiceService(journal, randbelow=lambda n: face - 1)
    return TableSession(journal, dice=dice, games={"tokens": Tokens}), dice


@pytest.fixture
def tokens():
    journal = Journal(":memory:")
    session, dice = make_session(journal)
    session.start("tokens")
    yield session, dice
    session.close()


def test_moves_that_look_alike_are_offered_as_a_choice(tokens):
    session, _ = tokens
    result = session.submit_reading({"a": "x", "b": None, "c": None})
    assert result.kind == v.AMBIGUOUS
    assert result.choices == ("put calm on a", "put bold on a")
    assert session.snapshot()["choices"] == list(result.choices)
    assert session.choose(1).kind == v.APPLIED
    assert session.state["score"] == 2
    with pytest.raises(IllegalAction, match="no such choice"):
        session.choose(0)


def test_a_move_seen_on_the_board_that_needs_a_die_waits_for_the_roll(tokens):
    session, dice = tokens
    reading = {"a": None, "b": "t", "c": None}
    result = session.submit_reading(reading)
    assert result.kind == v.DICE
    assert result.text == "toss on b: roll 1d6 (the toss)."
    assert dice.pending()["purpose"] == "the toss"
    assert session.submit_reading(reading).kind == v.DICE
    dice.roll(1, 6, purpose="something else")
    assert session.state["board"]["b"] is None
    dice.roll_pending_or_default(requested_by="button")
    assert session.state["board"]["b"] == "t"
    assert session.pending_dice is None
    assert session.problem is None


def test_a_roll_that_changes_the_board_asks_for_it_to_be_made_to_match():
    journal = Journal(":memory:")
    session, dice = make_session(journal, face=1)
    session.start("tokens")
    session.submit_reading({"a": None, "b": "t", "c": None})
    dice.roll_pending_or_default(requested_by="button")
    assert session.state["board"]["b"] is None
    assert session.problem.kind == v.MISMATCH
    assert session.problem.spaces == ("b",)


def test_the_board_put_back_while_a_roll_waits_cancels_the_request(tokens):
    session, dice = tokens
    session.submit_reading({"a": None, "b": "t", "c": None})
    result = session.submit_reading({"a": None, "b": None, "c": None})
    assert result.kind == v.UNCHANGED
    assert session.pending_dice is None and dice.pending() is None


def test_a_move_from_the_page_that_needs_a_die_waits_for_the_button(tokens):
    session, dice = tokens
    assert session.play({"type": "toss", "at": "c"}).kind == v.DICE
    assert session.pending_dice == {"count": 1, "sides": 6, "purpose": "the toss",
                                    "for": "toss on c"}
    dice.roll_pending_or_default(requested_by="page")
    assert session.state["board"]["c"] == "t"
    with pytest.raises(IllegalAction, match="c is not free"):
        session.play({"type": "put", "at": "c", "style": "calm"})


def test_the_game_goes_on_from_the_page_alone(tokens):
    session, _ = tokens
    for at in "abc":
        session.play({"type": "put", "at": at, "style": "calm"})
    assert session.state["score"] == 3
    assert session.problem is None
    assert len(session.snapshot()["history"]) == 3


def test_resume_after_a_restart_gives_the_same_game_undo_and_redo(tmp_path):
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        session = TableSession(journal)
        session.start("one", {"stones": 4})
        session.submit_reading({**session.game.view(session.state), "B2": "black"})
        session.submit_reading({**session.game.view(session.state), "C3": "white"})
        session.correct({"type": "set", "space": "D1", "content": "black"})
        session.undo()
        session.submit_reading({**session.game.view(session.state), "A1": "red"})
        before = session.state
        assert session.problem is not None
    with Journal(path) as journal:
        restarted = TableSession(journal)
        result = restarted.resume()
        assert result.text == "The game of ONE goes on (2 steps so far)."
        assert restarted.state == before
        assert restarted.problem is None  # observations are not journaled
        assert restarted.snapshot()["can_redo"]
        restarted.redo()
        assert restarted.state["board"]["D1"] == "black"
        assert restarted.state["hand"]["black"] == 2


def test_resuming_says_how_far_a_game_is_in_words_that_agree(tmp_path):
    with Journal(tmp_path / "journal.sqlite3") as journal:
        session = TableSession(journal)
        session.start("go", {"size": 9})
        assert session.resume().text == "The game of Go goes on (no step yet)."
        session.play({"type": "place", "player": "black", "at": "E5"})
        assert session.resume().text == "The game of Go goes on (1 step so far)."
        session.play({"type": "resign", "player": "white"})
        assert session.resume().text == "The game of Go is over: here is how it ended."


def test_an_ended_game_is_not_resumed(tmp_path):
    journal = Journal(tmp_path / "journal.sqlite3")
    session = TableSession(journal)
    with pytest.raises(NoGame):
        session.submit_reading({})
    session.start("go", {"board": "go-9"})
    first = session.game_id
    session.start("one")
    session.end()
    assert session.snapshot() == {"game_id": None}
    assert TableSession(journal).resume().kind == v.STARTED
    other = TableSession(journal)
    other.resume()
    assert other.game_id == first
    other.end()
    with pytest.raises(NoGame, match="no game to resume"):
        TableSession(journal).resume()


def test_listeners_hear_every_change_and_a_failing_one_breaks_nothing(tokens):
    session, _ = tokens
    heard = []

    def broken(verdict, snapshot):
        raise RuntimeError("the page went away")

    session.subscribe(broken)
    stop = session.subscribe(lambda verdict, snapshot: heard.append(
        (verdict.kind, snapshot["state"]["score"])))
    session.play({"type": "put", "at": "a", "style": "bold"})
    session.undo()
    stop()
    session.redo()
    assert heard == [(v.APPLIED, 2), (v.UNDONE, 0)]
    assert session.state["score"] == 2


def test_readings_from_many_threads_apply_a_move_once():
    journal = Journal(":memory:")
    session = TableSession(journal)
    session.start("one", {"stones": 4})
    reading = {**session.game.view(session.state), "B2": "black"}
    start = threading.Barrier(6)
    kinds = []

    def submit():
        start.wait()
        kinds.append(session.submit_reading(reading).kind)

    threads = [threading.Thread(target=submit) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(kinds) == [v.APPLIED] + [v.UNCHANGED] * 5
    assert session.state["moves"] == 1


def test_a_correction_survives_rebuild_and_counts_as_a_step(tmp_path):
    journal = Journal(tmp_path / "journal.sqlite3")
    session = TableSession(journal)
    session.start("one", {"stones": 4})
    session.correct({"type": "set", "space": "C2", "content": "white"})
    rebuilt = game_log.rebuild(journal, session.game_id)
    assert rebuilt.state["board"]["C2"] == "white"
    assert rebuilt.state == session.state
    assert game_log.list_games(journal)[0].actions == 1
    journal.append(game_log.CORRECTION, {"correction": {"type": "move", "from": "A1",
                                                        "to": "A2"}},
                   game_id=session.game_id)
    with pytest.raises(JournalError, match="cannot be replayed"):
        game_log.rebuild(journal, session.game_id)


def test_an_explanation_found_when_the_search_ran_out_is_only_offered():
    journal = Journal(":memory:")
    session = TableSession(journal, limits=SearchLimits(max_tries=1))
    session.start("one", {"stones": 4})
    result = session.submit_reading({**session.game.view(session.state), "A1": "black"})
    assert result.kind == v.AMBIGUOUS
    assert result.text.startswith("The board may show this, but not every reading")
    assert result.choices == ("Black places on A1",)
    assert session.state["moves"] == 0
    session.choose(0)
    assert session.state["board"]["A1"] == "black"


def test_a_rule_is_called_broken_only_when_every_reading_was_checked():
    """A white stone where Black is to move breaks the turn order; but when the search
    ran out before it tried every sequence, no rule is known broken: the table says it
    could not check, and blames nobody."""
    for limits, kind in ((SearchLimits(), v.ILLEGAL), (SearchLimits(max_tries=1), v.MISMATCH)):
        session = TableSession(Journal(":memory:"), limits=limits)
        session.start("one", {"stones": 4})
        reading = {**session.game.view(session.state), "A1": "white"}
        result = session.submit_reading(reading)
        assert result.kind == kind
        assert session.state["moves"] == 0
    assert result.text == UNCHECKED and result.spaces == ("A1",)


class Plain(Tokens):
    """Tokens with no board view: a game the camera cannot follow."""

    name = "plain"
    view = Game.view


def test_a_game_without_a_board_view_is_played_from_the_page_alone():
    session = TableSession(Journal(":memory:"), games={"plain": Plain})
    session.start("plain")
    session.play({"type": "put", "at": "a", "style": "calm"})
    assert session.snapshot()["view"] is None
    assert session.state["score"] == 1
    with pytest.raises(NotImplementedError, match="Tokens has no board view"):
        session.submit_reading({"a": "x"})

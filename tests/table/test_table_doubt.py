"""The game resolves the camera's doubt: a piece no legal move could change keeps its
state whatever the picture says, an unsure space never makes a move, and a move the
picture shows is still taken (captures included) or refused with the rule's reason."""

import pytest

from companion.games.go import Go
from companion.journal import Journal
from companion.table import verdict as v
from companion.table.doubt import changeable, keep_known
from companion.table.reading import UNSURE, compare
from companion.table.session import TableSession


@pytest.fixture
def session():
    table = TableSession(Journal(":memory:"))
    table.start("go", {"size": 9})
    for at in ("E5", "C3", "D5"):
        table.play({"type": "place", "player": table.state["to_move"], "at": at})
    return table  # White to move; Black E5 and D5, White C3


def seen(table, **spaces):
    reading = dict(table.game.view(table.state))
    reading.update({space: None if c == "empty" else c for space, c in spaces.items()})
    return reading


def test_a_known_stone_no_move_can_change_is_kept_when_misread(session):
    for misread in ("white", "empty"):
        result = session.submit_reading(seen(session, E5=misread))
        assert result.kind == v.UNCHANGED
        assert "misread E5" in result.text
        assert session.state["board"]["E5"] == "black"
        assert session.problem is None


def test_a_misread_stone_beside_a_real_move_does_not_spoil_it(session):
    result = session.submit_reading(seen(session, E5="white", G7="white"))
    assert result.kind == v.APPLIED
    assert session.state["board"]["G7"] == "white"
    assert session.state["board"]["E5"] == "black"
    assert session.problem is None  # the board is not "made to match" for the misread


def test_an_unsure_space_no_legal_move_could_change_keeps_its_state(session):
    result = session.submit_reading(seen(session, E5=UNSURE, D5=UNSURE))
    assert result.kind == v.UNCHANGED
    assert session.state["board"]["E5"] == "black"
    result = session.submit_reading(seen(session, E5=UNSURE, G7="white"))
    assert result.kind == v.APPLIED and session.state["board"]["E5"] == "black"


def test_an_unsure_space_alone_never_makes_a_move(session):
    result = session.submit_reading(seen(session, G7=UNSURE))
    assert result.kind == v.UNCHANGED
    assert session.state["board"]["G7"] is None
    assert session.state["to_move"] == "white"


def test_a_stone_a_move_captures_is_taken_off_by_that_move():
    table = TableSession(Journal(":memory:"))
    table.start("go", {"size": 9})
    for at in ("A9", "B9", "J1"):  # Black A9 in atari, White B9, Black J1
        table.play({"type": "place", "player": table.state["to_move"], "at": at})
    result = table.submit_reading(seen(table, A8="white", A9="empty"))
    assert result.kind == v.APPLIED
    assert table.state["board"]["A9"] is None
    assert table.state["captures"]["white"] == 1


def test_a_stone_of_the_wrong_player_is_still_refused(session):
    result = session.submit_reading(seen(session, G7="black"))
    assert result.kind == v.ILLEGAL
    assert result.text == "It is White's turn, not Black's."


def test_only_pieces_no_legal_action_changes_are_kept():
    go = Go()
    state = go.initial_state({"size": 9})
    for at in ("A9", "B9", "J1"):
        state, _ = go.apply(state, {"type": "place", "player": state["to_move"], "at": at})
    could = changeable(go, state)
    assert "A9" in could  # White to move can capture Black's A9 at A8: not kept
    assert "B9" not in could and "E5" in could
    reading = dict(go.view(state), A9=None, B9=None)
    kept = keep_known(go, state, reading, compare(go.view(state), reading))
    assert kept is not None and kept.spaces == ("B9",)
    assert kept.reading["B9"] == "white" and kept.reading["A9"] is None

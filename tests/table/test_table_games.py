"""The referee at the table on ONSLAUGHT (rolls asked for, moves after a roll) and
OneWorld (a move read from the counters, a Fault crossing that waits for its die)."""

import threading

import pytest

from companion.dice import DiceService
from companion.journal import Journal
from companion.table import verdict as v
from companion.table.explain import explain
from companion.table.guesses import guess
from companion.table.reading import compare
from companion.table.session import TableSession
from tests.helpers.oneworld_positions import GAME as ONEWORLD
from tests.helpers.oneworld_positions import pos


@pytest.fixture
def table():
    journal = Journal(":memory:")
    dice = DiceService(journal, randbelow=lambda n: 2)  # every die shows 3
    session = TableSession(journal, dice=dice)
    yield session, dice
    session.close()
    journal.close()


def after(session, *actions):
    """The view the camera reads once ``actions`` are made on the real board."""
    state = session.state
    for action in actions:
        state, _ = session.game.apply(state, action)
    return session.game.view(state)


def moves(game, state):
    return [a for a in game.legal_actions(state) if a["type"] == "move"]


# -- ONSLAUGHT -----------------------------------------------------------------------------


def test_onslaught_asks_for_the_roll_with_its_purpose_and_applies_it(table):
    session, dice = table
    session.start("onslaught")
    assert dice.pending() == {"count": 1, "sides": 6, "purpose": "Red 1's moves",
                              "for_whom": "red1"}
    assert session.pending_dice["purpose"] == "Red 1's moves"
    seen = []
    applied = threading.Event()  # the roll is applied, and told, off the roller's thread

    def hear(verdict, snapshot):
        seen.append((verdict.kind, snapshot))
        if verdict.kind == v.APPLIED:
            applied.set()

    session.subscribe(hear)
    dice.roll_pending_or_default(requested_by="button")
    assert session.state["turn"]["moves_left"] == 3
    assert session.pending_dice is None and dice.pending() is None
    assert applied.wait(10)
    assert seen[-1][0] == v.APPLIED
    assert seen[-1][1]["history"][-1]["text"] == "Red 1 rolls the die"


def test_onslaught_a_move_after_the_roll_is_read_from_the_board(table):
    session, dice = table
    session.start("onslaught")
    dice.roll_pending_or_default(requested_by="button")
    first = moves(session.game, session.state)[0]
    result = session.submit_reading(after(session, first))
    assert result.kind == v.APPLIED
    assert result.text.startswith(f"Red 1 moves D1 to {first['to']}")
    assert session.state["pieces"]["red1"]["at"] == first["to"]
    assert session.state["turn"]["moves_left"] == 2


def test_onslaught_two_steps_between_frames_are_read_as_a_walk(table):
    session, dice = table
    session.start("onslaught")
    dice.roll_pending_or_default(requested_by="button")
    game = session.game
    one = moves(game, session.state)[0]
    middle, _ = game.apply(session.state, one)
    two = next(a for a in moves(game, middle) if a["to"] != "D1")
    result = session.submit_reading(after(session, one, two))
    assert result.kind == v.APPLIED
    assert session.state["pieces"]["red1"]["at"] == two["to"]
    assert session.state["turn"]["moves_left"] == 1


def test_onslaught_a_piece_moved_before_its_roll_is_refused(table):
    session, dice = table
    session.start("onslaught")
    reading = dict(session.game.view(session.state))
    reading["D1"] = {"pieces": ["red2"], "orbs": [], "token": None}
    reading["D2"] = {"pieces": ["red1"], "orbs": [], "token": None}
    result = session.submit_reading(reading)
    assert result.kind == v.ILLEGAL
    assert result.text == "Red 1 begins the turn by rolling the die."
    assert set(result.spaces) == {"D1", "D2"}


def test_onslaught_the_next_pieces_roll_is_asked_for_after_the_turn_ends(table):
    session, dice = table
    session.start("onslaught")
    dice.roll_pending_or_default(requested_by="button")
    session.play({"type": "end_turn", "piece": "red1"})
    assert dice.pending()["purpose"] == "Blue 1's moves"


def test_onslaught_a_die_thrown_at_the_table_is_entered_and_clears_the_wait(table):
    session, dice = table
    session.start("onslaught", dice="table")
    assert session.pending_dice["purpose"] == "Red 1's moves"
    assert dice.pending() is None  # the companion's dice are not asked: the table throws
    result = session.play({"type": "roll", "piece": "red1"}, [2], requested_by="referee")
    assert result.kind == v.APPLIED
    assert session.state["turn"]["moves_left"] == 2
    assert dice.pending() is None and session.pending_dice is None


# -- OneWorld ---------------------------------------------------------------------------------


def set_up_oneworld(session):
    """Play OneWorld's set-up from the page (each die thrown at the table and entered:
    the game is started with the table's dice) up to the first movement."""
    game = session.game
    while session.state["phase"] != "movement":
        action = next(game.legal_actions(session.state))
        request = game.dice_needed(session.state, action)
        session.play(action, [5, 2][: request.count] if request else None)


def test_oneworld_a_move_is_read_from_the_counters(table):
    session, _ = table
    session.start("oneworld", dice="table")
    set_up_oneworld(session)
    game = session.game
    view = game.view(session.state)
    move = next(a for a in moves(game, session.state) if view[a["to"]] is None
                and game.dice_needed(session.state, a) is None)
    result = session.submit_reading(after(session, move))
    assert result.kind == v.APPLIED, result.text
    assert session.snapshot()["view"][move["to"]]["side"] == move["player"]
    assert session.state["this_turn"]["moved"]


def test_oneworld_a_blade_run_across_a_fault_waits_for_its_die():
    state = pos(borg={"E6": {"blade": 1}})
    reading = dict(ONEWORLD.view(state))
    reading["E6"], reading["E11"] = None, {"side": "borg", "face": "blade", "stack": False}
    found = explain(ONEWORLD, state, reading).candidates
    assert len(found) == 1
    assert found[0].state is None
    assert found[0].dice.purpose == "Fault of Chaos between E8 and E9"
    assert found[0].actions == ({"type": "move", "player": "borg", "from": "E6",
                                 "aspect": "blade", "to": "E11", "direction": "S"},)


def test_oneworld_a_child_moved_where_it_cannot_go_is_refused_with_the_rule():
    state = pos(borg={"E3": {"stone": 1}})
    reading = dict(ONEWORLD.view(state))
    reading["E3"], reading["E5"] = None, {"side": "borg", "face": "stone", "stack": False}
    assert explain(ONEWORLD, state, reading).candidates == ()
    guessed = guess(ONEWORLD, state, reading, compare(ONEWORLD.view(state), reading))
    assert guessed == [{"type": "move", "player": "borg", "from": "E3", "aspect": "stone",
                        "to": "E5"}]
    assert "Stone moves one hex a turn" in ONEWORLD.validate(state, guessed[0]).reason


def test_onslaught_a_walk_onto_a_node_without_its_token_is_offered_then_the_token_asked(table):
    session, dice = table
    session.start("onslaught")
    dice.roll_pending_or_default(requested_by="button")
    reading = dict(session.game.view(session.state))
    reading["D1"] = {"pieces": ["red2"], "orbs": [], "token": None}
    reading["D4"] = {"pieces": ["red1"], "orbs": [], "token": None}
    result = session.submit_reading(reading)
    assert result.kind == v.MISMATCH
    assert result.choices == ("Red 1 moves to D2 → D3 → D4",)
    chosen = session.choose(0)
    assert chosen.kind == v.APPLIED
    assert "Red 1 captures D4 by entering it" in chosen.text
    assert chosen.spaces == ("D4",)
    assert session.problem.spaces == ("D4",)
    reading["D4"] = {"pieces": ["red1"], "orbs": [], "token": "red"}
    assert session.submit_reading(reading).kind == v.UNCHANGED
    assert session.problem is None


def test_oneworld_two_children_moved_between_frames_are_one_explanation():
    state = pos(borg={"E3": {"stone": 1}, "G3": {"fog": 1}})
    first = {"type": "move", "player": "borg", "from": "E3", "aspect": "stone", "to": "E4"}
    second = {"type": "move", "player": "borg", "from": "G3", "aspect": "fog", "to": "G5"}
    middle, _ = ONEWORLD.apply(state, first)
    end, _ = ONEWORLD.apply(middle, second)
    found = explain(ONEWORLD, state, ONEWORLD.view(end)).candidates
    assert len(found) == 1  # either order: the same moves, the same board
    assert sorted(a["from"] for a in found[0].actions) == ["E3", "G3"]
    assert ONEWORLD.view(found[0].state) == ONEWORLD.view(end)


# -- Go ------------------------------------------------------------------------------------------


def test_go_a_capture_is_read_as_the_placement_that_made_it(table):
    session, _ = table
    session.start("go", {"board": "go-9"})
    for at in ("B1", "A1"):
        session.play({"type": "place", "player": session.game.to_move(session.state), "at": at})
    result = session.submit_reading(after(session, {"type": "place", "player": "black",
                                                    "at": "A2"}))
    assert result.kind == v.APPLIED
    assert result.text.startswith("Black places on A2.")
    assert session.state["board"]["A1"] is None
    assert session.state["captures"]["black"] == 1

"""A sequence to its end and the game to its end (rulings O10, O11): the split when
one side has no characters left, the last character's walk, seven sequences."""

import pytest

from companion.games.outdoor.sequence import OPPOSITE, begin_action, next_mover
from tests.helpers.outdoor_field import GAME, play, refused, set_up


def finish_turn(state):
    """Every character that still may stays put, every player acts no more."""
    turn = state["turn"]
    while state["turn"] == turn and GAME.phase(state) in ("movement", "action"):
        player = GAME.to_move(state)
        if GAME.phase(state) == "action":
            state = play(state, {"type": "done", "player": player})
            continue
        cid = next(c for c, v in state["characters"].items()
                   if v["side"] == player and v["status"] == "in" and not v["moved"])
        state = play(state, {"type": "stay", "player": player, "character": cid})
    return state


def knocked_out(state, *ids):
    """The state at the start of the turn with ``ids`` on their sides (by a referee's
    hand), the first player with a character left to move moving first."""
    for cid in ids:
        state["characters"][cid]["status"] = "fallen"
    state["to_move"] = next_mover(state, OPPOSITE[state["first"]])
    if state["to_move"] is None:  # no one left to move: the turn goes on to its end
        begin_action(state, [])
    return state


FOUR_ON_ONE = ({"N1": (12, 6, 180)},
               {"S1": (4, 18, 0), "S2": (9, 18, 0), "S3": (15, 18, 0), "S4": (20, 18, 0)})


def test_when_a_side_has_no_one_left_the_other_splits_and_the_opponent_picks_a_group():
    state = knocked_out(set_up(*FOUR_ON_ONE), "N1")
    state = finish_turn(state)
    assert (GAME.phase(state), GAME.to_move(state)) == ("split", "south")
    assert refused(state, {"type": "split", "player": "south",
                           "groups": [["S1"], ["S2", "S3", "S4"]]}) == (
        "The groups must be as equal as can be: 4 split 2 and 2.")
    state = play(state, {"type": "split", "player": "south",
                         "groups": [["S1", "S2"], ["S3", "S4"]]})
    assert (GAME.phase(state), GAME.to_move(state)) == ("choose", "north")
    state = play(state, {"type": "choose", "player": "north", "group": 2})
    sides = {cid: c["side"] for cid, c in state["characters"].items()}
    assert sides == {"N1": "north", "S1": "south", "S2": "south", "S3": "north", "S4": "north"}
    assert GAME.phase(state) == "movement" and state["turn"] == 2


def test_an_odd_split_leaves_the_splitter_the_larger_group():
    state = knocked_out(set_up(*FOUR_ON_ONE), "N1", "S4")
    state = finish_turn(state)
    state = play(state, {"type": "split", "player": "south",
                         "groups": [["S1", "S2"], ["S3"]]})
    assert state["characters"]["S3"]["side"] == "north"
    assert [c["side"] for c in state["characters"].values()][1:3] == ["south", "south"]


def test_the_splitter_may_decide_which_equal_group_goes_where_by_ruling():
    state = knocked_out(set_up(*FOUR_ON_ONE, split_choice="splitter"), "N1", "S3", "S4")
    state = finish_turn(state)
    state = play(state, {"type": "split", "player": "south", "groups": [["S2"], ["S1"]]})
    assert state["characters"]["S2"]["side"] == "north" and GAME.phase(state) == "movement"


def test_the_last_character_walks_off_and_the_next_sequence_begins():
    state = knocked_out(set_up({"N1": (12, 6, 180)}, {"S1": (12, 18, 0)}), "S1")
    state["falls"]["north"] = 1
    assert GAME.to_move(state) == "north"
    assert refused(state, {"type": "stay", "player": "north", "character": "N1"}) == (
        "N1 is unobserved (it is the last character on the field): it must walk 12 in "
        "towards the edge.")
    state = play(state, {"type": "move", "player": "north", "character": "N1", "leaves": True})
    assert state["results"] == [{"sequence": 1, "falls": {"north": 1, "south": 0},
                                 "winner": "north"}]
    assert (state["sequence"], GAME.phase(state), GAME.to_move(state)) == (2, "setup", "north")
    assert all(c["status"] == "waiting" for c in state["characters"].values())


def test_the_game_ends_after_its_sequences_with_the_sequences_each_side_won():
    state = set_up({"N1": (12, 6, 180)}, {"S1": (12, 18, 0)}, sequences=1)
    state = knocked_out(state, "N1", "S1")
    outcome = GAME.outcome(state)
    assert outcome.termination == "its sequence played"
    assert outcome.winners == ("north", "south") and outcome.scores == {"north": 0, "south": 0}
    assert GAME.to_move(state) is None and GAME.phase_words(state) == ""


def test_with_no_scoring_the_game_names_no_winner():
    state = set_up({"N1": (12, 6, 180)}, {"S1": (12, 18, 0)}, sequences=1, scoring="none")
    state = knocked_out(state, "N1", "S1")
    assert GAME.outcome(state).winners == () and GAME.outcome(state).scores == {}


def test_who_goes_first_by_a_roll_rolls_again_on_a_tie():
    state = GAME.initial_state({"characters": 1})
    for _ in range(2):  # each side lined up as the companion offers
        state = play(state, next(GAME.legal_actions(state)))
    assert GAME.dice_needed(state, {"type": "roll_first"}).count == 2
    tied = play(state, {"type": "roll_first"}, 4, 4)
    assert GAME.phase(tied) == "first"
    state = play(state, {"type": "roll_first"}, 2, 5)
    assert state["first"] == "south" and GAME.to_move(state) == "south"


def test_pieces_start_in_the_field_facing_the_other_side():
    state = GAME.initial_state({"characters": 1})
    assert refused(state, {"type": "place", "player": "north",
                           "pieces": {"N1": {"x": 30, "y": 3, "facing": 180}}}) == (
        "N1 at (30, 3) is not within the 24 × 24 in field.")
    assert refused(state, {"type": "place", "player": "north",
                           "pieces": {"N1": {"x": 3, "y": 3, "facing": 90}}}) == (
        "N1 must face the other side (south) at the start: it faces 90° away from it.")


@pytest.mark.parametrize("options, words", [
    ({"colour": "red"}, "The outdoor game has no option 'colour'"),
    ({"vision": 0}, "The option 'vision' is a number from 1 to 360, not 0."),
    ({"edge": "far"}, "The option 'edge' is one of nearest, home, not 'far'."),
    ({"characters": [3]}, "The option 'characters' is each player's number"),
    ({"field": [24]}, "The option 'field' is the field's width and height in inches"),
])
def test_bad_options_are_sentences(options, words):
    with pytest.raises(ValueError, match=words.replace("(", r"\(")):
        GAME.initial_state(options)

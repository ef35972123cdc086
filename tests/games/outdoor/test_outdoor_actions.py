"""The action phase (rulings O8, O9): the number to roll over, from the text's own
examples, the free response, and whose turn it is to act."""

import pytest

from companion.games.outdoor.acting import odds
from tests.helpers.outdoor_field import GAME, play, refused, set_up


def fight(north, south, **options):
    """A game in its action phase: every character has stayed where it was put."""
    state = set_up(north, south, **options)
    while GAME.phase(state) == "movement":
        player = GAME.to_move(state)
        cid = next(c for c, v in state["characters"].items()
                   if v["side"] == player and v["status"] == "in" and not v["moved"])
        state = play(state, {"type": "stay", "player": player, "character": cid})
    return state


ONE_ON_ONE = ({"N1": (12, 11, 180)}, {"S1": (12, 12.5, 0)})


def test_two_characters_on_their_own_both_need_to_roll_above_three():
    state = fight(*ONE_ON_ONE)
    assert GAME.phase(state) == "action" and GAME.to_move(state) == "north"
    assert odds(state, "N1", "S1").target == 3 and odds(state, "S1", "N1").target == 3
    assert GAME.dice_needed(state, {"type": "act", "character": "N1", "target": "S1"}).count == 1


def test_a_roll_over_the_number_puts_the_target_on_its_side():
    state = fight(*ONE_ON_ONE)
    after = play(state, {"type": "act", "player": "north", "character": "N1", "target": "S1"}, 4)
    assert after["characters"]["S1"]["status"] == "fallen"
    assert after["falls"] == {"north": 1, "south": 0}
    n1, s1 = after["characters"]["N1"], after["characters"]["S1"]
    assert (n1["x"], n1["y"]) == (12, 11.5)  # moved as close as it can: edges touching
    assert s1["y"] == 12.5


def test_a_failed_action_gives_the_target_a_free_response():
    state = fight(*ONE_ON_ONE)
    state = play(state, {"type": "act", "player": "north", "character": "N1", "target": "S1"}, 3)
    assert (GAME.phase(state), GAME.to_move(state)) == ("response", "south")
    declined = play(state, {"type": "decline", "player": "south"})
    assert declined["characters"]["N1"]["status"] == "in"
    answered = play(state, {"type": "respond", "player": "south"}, 5)
    assert answered["characters"]["N1"]["status"] == "fallen"
    assert answered["falls"] == {"north": 0, "south": 1}
    assert not answered["characters"]["S1"]["acted"]  # its own action is still to come


def test_a_target_with_two_friends_near_needs_above_five_and_a_fellow_lowers_it_to_four():
    # "if a character is acting on a character who has 2 other friendly characters within
    # acting range of itself ... it must roll above 5"
    north = {"N1": (12, 10, 180), "N2": (3, 3, 180)}
    south = {"S1": (12, 11.5, 0), "S2": (10.8, 12, 0), "S3": (13.2, 12, 0)}
    state = fight(north, south)
    assert odds(state, "N1", "S1").target == 5
    # "if it were to have a fellow character within acting range ... lower the difference to 4"
    state["characters"]["N2"].update(x=11.0, y=9.5)
    assert odds(state, "N1", "S1").target == 4
    assert odds(state, "N1", "S1").words() == (
        "over 4 (roll 3, difference +0, +2 for the target's friends, -1 for the actor's friends)")


def test_the_difference_is_absolute_unless_ruled_signed():
    state = fight(*ONE_ON_ONE)
    state["characters"]["S1"]["idle"] = 2  # S1 now uses the unobserved set: roll 5
    assert odds(state, "N1", "S1").target == 3 + 2
    assert odds(state, "S1", "N1").target == 5 + 2  # no roll of a d6 is over 7
    state["options"]["difference"] = "signed"
    assert odds(state, "N1", "S1").target == 5 and odds(state, "S1", "N1").target == 3


def test_a_six_succeeds_against_any_number_only_when_ruled_so():
    state = fight(*ONE_ON_ONE)
    state["characters"]["N1"]["idle"] = 2
    act = {"type": "act", "player": "north", "character": "N1", "target": "S1"}
    assert play(state, act, 6)["characters"]["S1"]["status"] == "in"
    state["options"]["six_succeeds"] = True
    assert play(state, act, 6)["characters"]["S1"]["status"] == "fallen"


def test_only_an_enemy_within_an_inch_may_be_acted_on_once_a_turn():
    north = {"N1": (12, 11, 180), "N2": (20, 11, 180)}
    south = {"S1": (12, 12.5, 0), "S2": (4, 12.5, 0)}
    state = fight(north, south)
    assert refused(state, {"type": "act", "player": "north", "character": "N2",
                           "target": "S1"}) == "S1 is not an enemy within 1 in of N2."
    state = play(state, {"type": "act", "player": "north", "character": "N1", "target": "S1"}, 1)
    state = play(state, {"type": "decline", "player": "south"})
    assert GAME.to_move(state) == "south"  # the turn to act passes to the other side
    state = play(state, {"type": "done", "player": "south"})
    assert state["turn"] == 2 and GAME.phase(state) == "movement"  # N1 has acted: no one left


@pytest.mark.parametrize("action, reason", [
    ({"type": "act", "player": "north", "character": "S1", "target": "N1"},
     "S1 is South's, not North's."),
    ({"type": "act", "player": "north", "character": "N9", "target": "S1"},
     'Name the "character": one of N1, S1.'),
    ({"type": "move", "player": "north", "character": "N1", "x": 1, "y": 1},
     "In the action phase the actions are act or done, not move."),
])
def test_wrong_actions_say_why(action, reason):
    assert refused(fight(*ONE_ON_ONE), action) == reason

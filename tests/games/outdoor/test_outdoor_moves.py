"""The movement phase judged from poses alone (rulings O6, O7): how far, which way,
who moves next, and walking off the field."""

import pytest

from tests.helpers.outdoor_field import GAME, play, refused, set_up

NORTH = {"N1": (12, 6, 180), "N2": (4, 6, 180)}
SOUTH = {"S1": (12, 18, 0), "S2": (20, 18, 0)}


def move(cid, x, y, **more):
    player = "north" if cid.startswith("N") else "south"
    return {"type": "move", "player": player, "character": cid, "x": x, "y": y, **more}


def test_an_observed_character_moves_up_to_six_inches_and_a_longer_move_says_by_how_much():
    state = set_up(NORTH, SOUTH)
    assert refused(state, move("N1", 12, 13.3)) == (
        "N1 moved 7.3 in: 1.3 in more than the 6 in it may (seen by and seeing N2, S1 and "
        "S2).")
    assert GAME.validate(state, move("N1", 12, 12.2)).ok  # within the 0.25 in tolerance
    after = play(state, move("N1", 15, 10, facing=200))
    assert (after["characters"]["N1"]["x"], after["characters"]["N1"]["facing"]) == (15, 200)


def test_players_take_turns_moving_one_character_each_until_all_have_moved():
    state = set_up(NORTH, SOUTH, first="south")
    assert GAME.to_move(state) == "south"
    assert refused(state, move("N1", 12, 8)) == "It is South's turn, not North's."
    state = play(state, move("S1", 12, 16))
    assert GAME.to_move(state) == "north"
    state = play(state, {"type": "stay", "player": "north", "character": "N1"})
    assert refused(state, move("S1", 12, 15)) == "S1 has already moved this turn."
    state = play(state, move("S2", 20, 16))
    state = play(state, move("N2", 4, 8))
    # no one within an inch of an enemy: the action phase passes, turn 2 begins
    assert (GAME.phase(state), state["turn"], GAME.to_move(state)) == ("movement", 2, "south")


def test_an_unobserved_character_walks_twelve_inches_straight_to_the_nearest_edge():
    state = set_up(NORTH, SOUTH)
    # N2 turns west, 4 in from the west edge, its back to the others
    state["characters"]["N2"].update(x=4.0, y=10.0, facing=270.0)
    assert refused(state, {"type": "stay", "player": "north", "character": "N2"}).startswith(
        "N2 is unobserved (it is unaware: its back is to N1, S1 and S2): it must walk 12 in")
    assert refused(state, move("N2", 4, 16)) == (
        "N2 is unobserved (it is unaware: its back is to N1, S1 and S2) and must walk straight "
        "towards the west edge: it went 90° off that line.")
    assert refused(state, move("N2", 1, 10)) == (
        "N2 must walk off the field: the west edge is 4.0 in away, within its 12 in "
        "(1.0 in still to go).")
    after = play(state, {"type": "move", "player": "north", "character": "N2", "leaves": True})
    assert after["characters"]["N2"]["status"] == "left"
    assert (after["characters"]["N2"]["x"], after["characters"]["N2"]["y"]) == (0.0, 10.0)


def test_an_unobserved_walk_must_be_the_full_twelve_inches_unless_ruled_otherwise():
    state = set_up({"N1": (12, 10, 180)}, {"S1": (12, 14, 0)}, field=[48, 48])
    state["characters"]["N1"].update(x=24.0, y=20.0, facing=0.0)  # nearest edge: north, 20 in
    state["characters"]["S1"].update(x=24.0, y=40.0, facing=135.0)
    assert refused(state, move("N1", 24, 12)) == (
        "N1 walked 8.0 in; unobserved (it sees no one: it faces the horizon), it must walk "
        "the full 12 in towards the north edge.")
    assert refused(state, move("N1", 24, 5)) == (
        "N1 walked 15.0 in: 3.0 in more than the 12 in of an unobserved character (it sees "
        "no one: it faces the horizon).")
    assert GAME.validate(state, move("N1", 25, 8.1)).ok  # 4.8° off, within the tolerance
    state["options"]["must_walk"] = False
    assert GAME.validate(state, move("N1", 24, 12)).ok
    assert GAME.validate(state, {"type": "stay", "player": "north", "character": "N1"}).ok


def test_the_home_edge_ruling_sends_an_unobserved_character_back_to_its_own_side():
    state = set_up(NORTH, SOUTH, edge="home")
    state["characters"]["S2"].update(facing=90.0)
    state["characters"]["S1"].update(facing=90.0)
    state = play(state, {"type": "stay", "player": "north", "character": "N1"})
    assert "towards the south edge" in refused(state, move("S2", 23, 18))
    assert GAME.validate(state, {"type": "move", "player": "south", "character": "S2",
                                 "leaves": True}).ok


def test_an_observed_character_may_walk_off_the_field_within_its_six_inches():
    state = set_up(NORTH, SOUTH)
    state["characters"]["N1"]["y"] = 8.0
    assert refused(state, {"type": "move", "player": "north", "character": "N1",
                           "leaves": True}) == (
        "N1 is 8.0 in from the nearest edge, beyond the 6 in it may move (seen by and "
        "seeing S1 and S2).")
    state["characters"]["N1"]["y"] = 3.0
    after = play(state, move("N1", 12, -1))
    assert after["characters"]["N1"]["status"] == "left"


@pytest.mark.parametrize("bad", [{"x": "far"}, {"x": float("nan")}, {"facing": "north"}])
def test_a_move_with_bad_numbers_is_refused_with_a_sentence(bad):
    state = set_up(NORTH, SOUTH)
    reason = refused(state, move("N1", 12, 8) | bad)
    assert reason.startswith(("A move gives where", "A facing is a compass bearing")), reason


def test_a_move_a_tenth_of_an_inch_too_long_passes_within_the_tolerance_and_not_without():
    state = set_up(NORTH, SOUTH)
    assert GAME.validate(state, move("N1", 12, 12.1)).ok
    state["options"]["distance_tolerance"] = 0.0
    assert refused(state, move("N1", 12, 12.1)) == (
        "N1 moved 6.1 in: 0.1 in more than the 6 in it may (seen by and seeing N2, S1 and "
        "S2).")

"""Facing and observation as the rules define them (rulings O1-O5): who sees whom, who
is observed, and which set of statistics each character uses."""

from companion.games.outdoor.field import bearing, gap, in_view, turn_between
from companion.games.outdoor.observation import OBSERVED, UNOBSERVED, observers, standing
from tests.helpers.outdoor_field import play, set_up

NORTH = {"N1": (12, 6, 180)}
SOUTH = {"S1": (12, 18, 0)}


def test_bearings_are_compass_bearings_on_the_field_as_seen_from_above():
    assert bearing(12, 12, 12, 2) == 0.0  # north is up the field (y falls)
    assert bearing(12, 12, 20, 12) == 90.0
    assert bearing(12, 12, 12, 20) == 180.0
    assert turn_between(350, 10) == 20.0
    assert gap({"x": 0, "y": 0, "r": 0.5}, {"x": 3, "y": 4, "r": 0.5}) == 4.0


def test_the_field_of_vision_is_the_front_half_by_default_and_an_option():
    viewer = {"x": 0, "y": 0, "facing": 90.0}
    assert in_view(viewer, {"x": 5, "y": 0}, 180)  # straight ahead
    assert in_view(viewer, {"x": 0, "y": 5}, 180)  # abeam, on the edge of the front half
    assert not in_view(viewer, {"x": -5, "y": 1}, 180)  # behind
    assert not in_view(viewer, {"x": 1, "y": 5}, 120)
    assert in_view(viewer, {"x": -5, "y": 0}, 360)


def test_two_characters_facing_each_other_both_observe_and_are_observed():
    state = set_up(NORTH, SOUTH)
    assert observers(state, "N1") == ["S1"] and observers(state, "S1") == ["N1"]
    assert standing(state, "N1").stats is OBSERVED
    assert standing(state, "N1").why == "seen by and seeing S1"


def test_a_character_whose_back_is_seen_is_unaware_and_unobserved():
    state = set_up(NORTH, SOUTH)
    state["characters"]["S1"]["facing"] = 180.0  # S1 turns its back on N1
    now = standing(state, "S1")
    assert now.stats is UNOBSERVED
    assert now.why == "it is unaware: its back is to N1"


def test_a_character_watching_a_back_unseen_uses_the_observed_set_unless_ruled_otherwise():
    state = set_up(NORTH, SOUTH)
    state["characters"]["S1"]["facing"] = 180.0
    assert standing(state, "N1").stats is OBSERVED
    assert standing(state, "N1").why == "it is watching S1, unseen"
    state["options"]["watcher"] = "unobserved"
    assert standing(state, "N1").stats is UNOBSERVED


def test_a_character_that_sees_no_one_faces_the_horizon():
    state = set_up(NORTH, SOUTH)
    state["characters"]["N1"]["facing"] = 45.0  # both look away east
    state["characters"]["S1"]["facing"] = 135.0
    assert standing(state, "N1") == standing(state, "S1")
    assert standing(state, "N1").why == "it sees no one: it faces the horizon"


def test_friends_that_face_each_other_observe_each_other_too():
    state = set_up({"N1": (6, 6, 180), "N2": (18, 6, 180)}, {"S1": (6, 20, 0), "S2": (18, 20, 0)})
    state["characters"]["N1"]["facing"] = state["characters"]["N2"]["facing"] = 0.0
    state["characters"]["S1"]["facing"], state["characters"]["S2"]["facing"] = 90.0, 270.0
    assert observers(state, "S1") == ["S2"]
    assert standing(state, "S1").stats is OBSERVED


def test_two_turns_without_moving_or_acting_make_a_character_unobserved():
    state = set_up(NORTH, SOUTH)
    for _ in range(2):
        assert standing(state, "N1").stats is OBSERVED
        state = play(state, {"type": "stay", "player": "north", "character": "N1"})
        state = play(state, {"type": "stay", "player": "south", "character": "S1"})
    now = standing(state, "N1")
    assert now.stats is UNOBSERVED and now.why == "it has not moved or acted for 2 turns"
    state["options"]["idle_turns"] = 0
    assert standing(state, "N1").stats is OBSERVED


def test_the_last_character_on_the_field_is_unobserved():
    state = set_up(NORTH, SOUTH)
    state["characters"]["S1"]["status"] = "fallen"
    assert standing(state, "N1").why == "it is the last character on the field"


def test_with_blocking_a_piece_between_two_characters_hides_them_from_each_other():
    north, south = {"N1": (12, 6, 180), "N2": (12, 12, 180)}, {"S1": (12, 18, 0), "S2": (3, 18, 0)}
    state = set_up(north, south)
    assert "N1" in observers(state, "S1")
    state["options"]["blocking"] = True
    assert "N1" not in observers(state, "S1")
    state["characters"]["N2"]["status"] = "fallen"
    assert "N1" in observers(state, "S1")  # a piece on its side blocks nothing
    state["options"]["fallen_block"] = True
    assert "N1" not in observers(state, "S1")


def test_three_in_a_triangle_each_facing_the_next_observe_only_where_sight_is_mutual():
    # A faces B, B faces C, C faces A, round a triangle: each sees the one it faces, and
    # with a 100-degree vision no one sees the third, 60 degrees off its facing.
    state = set_up({"N1": (12, 6, 180)}, {"S1": (6, 16, 0), "S2": (18, 16, 0)})
    pieces = state["characters"]
    pieces["N1"]["facing"], pieces["S1"]["facing"], pieces["S2"]["facing"] = 211.0, 90.0, 329.0
    state["options"]["vision"] = 100.0
    assert [observers(state, cid) for cid in ("N1", "S1", "S2")] == [[], [], []]
    assert standing(state, "N1").why == "it is watching S1, unseen"
    state["options"]["vision"] = 180.0  # the front half: each now also sees the one beside
    assert sorted(observers(state, "S1")) == ["N1", "S2"]

"""OneWorld movement, rule by rule (5.1-5.6, 6.2-6.4, 7.2, 7.3, 10.4), each illegal
move with its reason, on a small test map:

    Pylons C4 C5 D4 and F9 F10; a Runeline between E5 and E6; a Fault between E8 and E9;
    the Tower hexes A7 (BORG) and I7 (CHEZ); BORG's gods on E1, CHEZ's on E13.
"""

import pytest

from companion.games.base import IllegalAction
from tests.helpers.oneworld_positions import GAME, pos, refused, where


def move(player="borg", **fields):
    return {"type": "move", "player": player, **fields}


# -- 6.2 Stone ---------------------------------------------------------------------------

def test_stone_moves_one_hex_and_never_two():
    state = pos(borg={"E3": {"stone": 1}})
    after, events = GAME.apply(state, move(**{"from": "E3", "aspect": "stone", "to": "E4"}))
    assert where(after, "borg", "E4") == ["stone"]
    assert events[-1]["type"] == "move"
    refused(state, move(**{"from": "E3", "aspect": "stone", "to": "E5"}),
            "Stone moves one hex a turn; E5 is 2 hexes from E3")


def test_stone_bounces_from_flatland_onto_a_pylon_and_ignores_faults():
    state = pos(borg={"B4": {"stone": 1}, "E8": {"stone": 1}})
    assert GAME.validate(state, move(**{"from": "B4", "aspect": "stone", "to": "C4"}))
    crossing = move(**{"from": "E8", "aspect": "stone", "to": "E9"})
    assert GAME.dice_needed(state, crossing) is None
    after, _ = GAME.apply(state, crossing)
    assert where(after, "borg", "E9") == ["stone"]


def test_stone_and_fog_cannot_cross_a_runeline_but_blade_ignores_it():
    state = pos(borg={"E5": {"stone": 1, "fog": 1, "blade": 1}})
    verdict = refused(state, move(**{"from": "E5", "aspect": "stone", "to": "E6"}),
                      "Stone cannot cross a Runeline between E5 and E6")
    assert verdict.spaces == ("E5", "E6")
    refused(state, move(**{"from": "E5", "aspect": "fog", "path": ["E6"]}),
            "Fog cannot cross a Runeline between E5 and E6")
    # Fog may go round the end of the Runeline instead.
    assert GAME.validate(state, move(**{"from": "E5", "aspect": "fog", "to": "E6"}))
    after, _ = GAME.apply(state, move(**{"from": "E5", "aspect": "blade", "direction": "S"}),
                          [4])
    assert where(after, "borg", "E10") == ["blade"]


# -- 6.3 Blade ---------------------------------------------------------------------------

def test_blade_moves_exactly_five_hexes_in_a_straight_line():
    state = pos(borg={"B2": {"blade": 1}})
    after, _ = GAME.apply(state, move(**{"from": "B2", "aspect": "blade", "to": "B7"}))
    assert where(after, "borg", "B7") == ["blade"]
    refused(state, move(**{"from": "B2", "aspect": "blade", "to": "B5"}),
            "must move all five hexes unless it is blocked", "goes on to B7, not B5")
    refused(state, move(**{"from": "B2", "aspect": "blade", "path": ["B3", "B4", "C4"]}),
            "A Blade moves exactly five hexes in a straight line; this path turns at B4")
    refused(state, move(**{"from": "B2", "aspect": "blade", "to": "D6"}),
            "B2 to D6 is not a straight line")


def test_blade_never_goes_from_flatland_to_a_pylon_it_stops_before_it():
    state = pos(borg={"C1": {"blade": 1}})
    after, _ = GAME.apply(state, move(**{"from": "C1", "aspect": "blade", "direction": "S"}))
    assert where(after, "borg", "C3") == ["blade"]
    refused(state, move(**{"from": "C1", "aspect": "blade", "to": "C6"}), "goes on to C3")
    blocked = pos(borg={"C3": {"blade": 1}})
    refused(blocked, move(**{"from": "C3", "aspect": "blade", "direction": "S"}),
            "A Blade heading S from C3 is blocked at once")


def test_pylon_to_pylon_and_pylon_to_flatland_are_open_to_all():
    state = pos(borg={"C4": {"blade": 1, "fog": 1}})
    after, _ = GAME.apply(state, move(**{"from": "C4", "aspect": "blade", "direction": "S"}))
    assert where(after, "borg", "C9") == ["blade"]  # C5 is a Pylon too, then flatland
    assert GAME.validate(state, move(**{"from": "C4", "aspect": "fog", "to": "D4"}))
    assert GAME.validate(state, move(**{"from": "C4", "aspect": "fog", "path": ["C5", "C6"]}))
    refused(pos(borg={"B4": {"fog": 1}}), move(**{"from": "B4", "aspect": "fog", "to": "C4"}),
            "Fog cannot move from flatland to a Pylon (B4 to C4)")


def test_blade_stopped_by_a_tower_and_entering_enemy_children():
    state = pos(borg={"A2": {"blade": 1}, "G7": {"blade": 1}}, chez={"G10": {"fog": 1}})
    after, _ = GAME.apply(state, move(**{"from": "A2", "aspect": "blade", "direction": "S"}))
    assert where(after, "borg", "A6") == ["blade"]  # A7 holds BORG's Tower
    after, events = GAME.apply(state, move(**{"from": "G7", "aspect": "blade", "direction": "S"}))
    assert where(after, "borg", "G10") == ["blade"]
    assert events[-1]["type"] == "encounter"
    stopping = pos(borg={"G7": {"blade": 1}}, chez={"G10": {"fog": 1}},
                   blade_meets_enemy="stops")
    after, _ = GAME.apply(stopping, move(**{"from": "G7", "aspect": "blade", "direction": "S"}))
    assert where(after, "borg", "G9") == ["blade"]


def test_blade_running_off_the_edge_is_lost_in_chaos():
    state = pos(borg={"B2": {"blade": 1}})
    action = move(**{"from": "B2", "aspect": "blade", "direction": "N"})
    after, events = GAME.apply(state, action)
    assert [c["at"] for c in after["children"]["borg"]].count("chaos") == 1
    assert "lost for good" in events[-1]["text"]
    assert GAME.validate(state, move(**{"from": "B2", "aspect": "blade", "to": "chaos",
                                        "direction": "N"}))
    refused(state, move(**{"from": "B2", "aspect": "blade", "to": "chaos"}), "several directions")


def test_blade_rolls_for_each_fault_and_dies_on_one_or_two():
    state = pos(borg={"E7": {"blade": 1}})
    action = move(**{"from": "E7", "aspect": "blade", "direction": "S"})
    request = GAME.dice_needed(state, action)
    assert request.count == 1 and request.purpose == "Fault of Chaos between E8 and E9"
    with pytest.raises(IllegalAction, match="needs 1 d6"):
        GAME.apply(state, action)
    after, events = GAME.apply(state, action, [2])
    assert [c["at"] for c in after["children"]["borg"]].count("under_tower") == 13
    assert "under its Tower" in events[0]["text"]
    after, _ = GAME.apply(state, action, [3])
    assert where(after, "borg", "E12") == ["blade"]


# -- 6.4 Fog -----------------------------------------------------------------------------

def test_fog_moves_one_to_three_hexes_along_any_path():
    state = pos(borg={"G3": {"fog": 1}})
    for to in ("G4", "H4", "G6", "I5"):
        assert GAME.validate(state, move(**{"from": "G3", "aspect": "fog", "to": to})), to
    refused(state, move(**{"from": "G3", "aspect": "fog", "to": "G7"}),
            "Fog moves one to three hexes a turn; G7 is 4 hexes from G3")
    refused(state, move(**{"from": "G3", "aspect": "fog", "path": ["G4", "G5", "G6", "G7"]}),
            "this path is 4 hexes long")
    refused(state, move(**{"from": "G3", "aspect": "fog", "path": ["G4", "G6"]}),
            "G6 is not next to G4")


def test_fog_rolls_for_faults_and_the_path_chooses_which():
    state = pos(borg={"E8": {"fog": 1}})
    straight = move(**{"from": "E8", "aspect": "fog", "path": ["E9"]})
    assert GAME.dice_needed(state, straight).purpose == "Fault of Chaos between E8 and E9"
    around = move(**{"from": "E8", "aspect": "fog", "path": ["D8", "E9"]})
    assert GAME.dice_needed(state, around) is None
    # Given only a destination, the engine takes the path with the fewest Faults.
    assert GAME.dice_needed(state, move(**{"from": "E8", "aspect": "fog", "to": "E9"})) is None
    after, _ = GAME.apply(state, straight, [1])
    assert after["children"]["borg"][0]["at"] == "under_tower"


# -- 5.5 Towers, 5.6 Chaos, 7.2 stacking, 7.3 parental concern ---------------------------------

def test_towers_cannot_be_entered_only_left():
    state = pos(borg={"A6": {"stone": 1}, "A7": {"fog": 1}})
    refused(state, move(**{"from": "A6", "aspect": "stone", "to": "A7"}),
            "No being can enter the Tower of Balance on A7")
    assert GAME.validate(state, move(**{"from": "A7", "aspect": "fog", "to": "B8"}))


def test_stone_or_fog_may_walk_into_chaos_and_is_lost():
    state = pos(borg={"A3": {"stone": 1}, "B3": {"fog": 1}})
    after, _ = GAME.apply(state, move(**{"from": "A3", "aspect": "stone", "to": "chaos"}))
    assert after["children"]["borg"][0]["at"] == "chaos"
    refused(state, move(**{"from": "B3", "aspect": "fog", "path": ["chaos"]}),
            "B3 is not on the edge")
    after, events = GAME.apply(state, move(**{"from": "B3", "aspect": "fog",
                                              "path": ["A3", "chaos"]}))
    assert after["children"]["borg"][1]["at"] == "chaos" and "lost for good" in events[-1]["text"]


def test_stacking_limit_of_four_per_god_per_hex():
    state = pos(borg={"G7": {"stone": 2, "fog": 2}, "G6": {"stone": 1}, "G4": {"blade": 1}},
                chez={"G9": {"fog": 4}})
    verdict = refused(state, move(**{"from": "G6", "aspect": "stone", "to": "G7"}),
                      "Four BORG children already stand on G7; no more than 4 may share a hex")
    assert verdict.spaces == ("G7",)
    # Passing through a full hex is allowed unless the ruling says otherwise.
    after, _ = GAME.apply(state, move(**{"from": "G4", "aspect": "blade", "direction": "S"}))
    assert where(after, "borg", "G9") == ["blade"]
    strict = pos(borg={"G7": {"stone": 4}, "G4": {"blade": 1}}, pass_through_full_stacks=False)
    refused(strict, move(**{"from": "G4", "aspect": "blade", "direction": "S"}),
            "no child passes through a full hex")


def test_children_never_enter_their_own_gods_hex():
    state = pos(borg={"E2": {"stone": 1}, "E4": {"blade": 1}, "D1": {"fog": 1}})
    refused(state, move(**{"from": "E2", "aspect": "stone", "to": "E1"}),
            "BORG's children may never enter the hex where their god dwells (E1, 7.3)")
    refused(state, move(**{"from": "E4", "aspect": "blade", "direction": "N"}),
            "a Blade heading N from E4 would cross E1")
    refused(state, move(**{"from": "D1", "aspect": "fog", "path": ["E1", "F1"]}), "E1, 7.3")


def test_each_child_moves_once_a_turn_and_only_on_its_players_turn():
    state = pos(borg={"G3": {"stone": 2}}, chez={"G11": {"stone": 1}})
    once, _ = GAME.apply(state, move(**{"from": "G3", "aspect": "stone", "to": "G4"}))
    twice, _ = GAME.apply(once, move(**{"from": "G3", "aspect": "stone", "to": "H3"}))
    refused(twice, move(**{"from": "G4", "aspect": "stone", "to": "G5"}),
            "Every BORG Stone on G4 has already moved this turn")
    refused(state, move(**{"from": "G5", "aspect": "stone", "to": "G6"}),
            "No BORG Stone stands on G5")
    refused(state, move("chez", **{"from": "G11", "aspect": "stone", "to": "G10"}),
            "It is not CHEZ's turn")


def test_meeting_enemy_children_ends_a_move():
    state = pos(borg={"G3": {"fog": 1}}, chez={"G4": {"stone": 1}})
    refused(state, move(**{"from": "G3", "aspect": "fog", "path": ["G4", "G5"]}),
            "stops there to fight", "G4 must be the last hex")
    assert GAME.validate(state, move(**{"from": "G3", "aspect": "fog", "path": ["G4"]}))


def test_only_one_child_a_turn_may_accost_the_enemy_god():
    state = pos(borg={"E12": {"stone": 1}, "D12": {"stone": 1}})
    after, events = GAME.apply(state, move(**{"from": "E12", "aspect": "stone", "to": "E13"}))
    assert events[-1]["type"] == "god_attack"
    refused(after, move(**{"from": "D12", "aspect": "stone", "to": "E13"}),
            "Only one child may attack CHEZ in a turn")


def test_legal_actions_are_all_legal_and_include_every_kind_of_move():
    state = pos(borg={"E7": {"blade": 1, "fog": 1}, "C5": {"stone": 1}})
    actions = list(GAME.legal_actions(state))
    assert all(GAME.validate(state, a) for a in actions)
    kinds = {(a["type"], a.get("aspect")) for a in actions}
    assert kinds == {("move", "blade"), ("move", "fog"), ("move", "stone"), ("end_movement", None)}
    assert {a["to"] for a in actions if a.get("aspect") == "stone"} >= {"C4", "C6", "D4"}


def test_appendix_a_movement_of_the_children():
    """Appendix A, sentence by sentence, on one position."""
    state = pos(borg={"B2": {"blade": 1}, "C1": {"blade": 1}, "C4": {"blade": 1},
                      "E7": {"blade": 1, "fog": 1}, "G3": {"fog": 1}, "E5": {"stone": 1, "fog": 1},
                      "B4": {"stone": 1}, "B5": {"fog": 1}},
                chez={"G9": {"stone": 1}})
    ok = lambda **f: bool(GAME.validate(state, move(**f)))  # noqa: E731
    # (1) Blade: five hexes, in a straight line, all five unless blocked by a Pylon or
    # enemy Children; never flatland to Pylon; Pylon to Pylon and Pylon to flatland; Faults.
    assert ok(**{"from": "B2", "aspect": "blade", "to": "B7"})
    assert not ok(**{"from": "B2", "aspect": "blade", "to": "B6"})
    assert ok(**{"from": "C1", "aspect": "blade", "to": "C3"})  # blocked by the Pylon C4
    assert ok(**{"from": "C4", "aspect": "blade", "to": "C9"})  # C4, C5 Pylons, then flatland
    faults = GAME.dice_needed(state, move(**{"from": "E7", "aspect": "blade", "to": "E12"}))
    assert faults.count == 1
    # (2) Fog: one, two or three hexes, not in a straight line; not flatland to Pylon; not
    # across Runelines; rolls for Faults.
    assert ok(**{"from": "G3", "aspect": "fog", "path": ["G4", "H4", "H5"]})
    assert not ok(**{"from": "B5", "aspect": "fog", "to": "C5"})
    assert not ok(**{"from": "E5", "aspect": "fog", "path": ["E6"]})
    assert GAME.dice_needed(state, move(**{"from": "E7", "aspect": "fog", "path": ["E8", "E9"]}))
    # (3) Stone: one hex; crosses Faults without rolling; not Runelines; flatland to Pylon.
    assert ok(**{"from": "B4", "aspect": "stone", "to": "C4"})
    assert not ok(**{"from": "E5", "aspect": "stone", "to": "E6"})
    assert not ok(**{"from": "B4", "aspect": "stone", "to": "B6"})

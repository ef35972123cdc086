"""Every optional rule of section 12, each changing exactly what it says (small test map
of ``test_oneworld_movement``: Pylons C4 C5 D4 F9 F10, Towers A7 and I7)."""

import pytest

from companion.games import Match
from companion.games.base import IllegalAction
from companion.games.oneworld import OneWorld
from tests.helpers.oneworld_positions import (
    BOARD,
    GAME,
    fight_round,
    pos,
    refused,
    to_combat,
    where,
)


def move(**fields):
    return {"type": "move", "player": fields.pop("player", "borg"), **fields}


def test_singing_grasses_is_recorded_and_changes_nothing_else():
    plain = GAME.initial_state({"board": BOARD})
    singing = GAME.initial_state({"board": BOARD, "singing_grasses": True})
    assert singing["options"]["singing_grasses"] is True
    singing["options"]["singing_grasses"] = False
    assert singing == plain


def test_friendly_obstacle_lets_a_blade_stop_on_a_friendly_stone():
    layout = {"B2": {"blade": 2}, "B4": {"stone": 1}}
    stop = move(**{"from": "B2", "aspect": "blade", "to": "B4", "direction": "S"})
    refused(pos(borg=layout), stop, "must move all five hexes")
    state = pos(borg=layout, friendly_obstacle=True)
    after, _ = GAME.apply(state, stop)
    assert where(after, "borg", "B4") == ["blade", "stone"]
    refused(after, stop, "a friendly Stone for it", "1 Stone(s) and 1 Blade(s)")
    assert {"type": "move", "player": "borg", "from": "B2", "aspect": "blade", "to": "B4",
            "direction": "S"} in list(GAME.legal_actions(state))


def test_pylon_movement_changes_only_pylon_to_pylon_moves():
    layout = {"C4": {"stone": 1, "blade": 1, "fog": 1}}
    plain, pylons = pos(borg=layout), pos(borg=layout, pylon_movement=True)
    stone_run = move(**{"from": "C4", "aspect": "stone", "path": ["C5", "D4"]})
    refused(plain, stone_run, "this path is 2 hexes long")
    assert GAME.validate(pylons, stone_run)
    refused(pylons, move(**{"from": "C4", "aspect": "stone", "path": ["C5", "D4", "D5"]}),
            "Stone moves one hex a turn; this path is 3 hexes long")
    blade_step = move(**{"from": "C4", "aspect": "blade", "to": "D4"})
    assert GAME.validate(pylons, blade_step)
    refused(pylons, move(**{"from": "C4", "aspect": "blade", "direction": "S"}), "blocked at once")
    after, _ = GAME.apply(plain, move(**{"from": "C4", "aspect": "blade", "direction": "S"}))
    assert where(after, "borg", "C9") == ["blade"]
    refused(pylons, move(**{"from": "C4", "aspect": "fog", "path": ["C5", "C6"]}),
            "cannot be combined with other movement")
    assert GAME.validate(pylons, move(**{"from": "C4", "aspect": "fog", "path": ["B4", "B5"]}))


def test_flee_while_you_can_moves_a_wounded_god_one_hex():
    state = pos(borg={"G3": {"stone": 1}}, flee_while_you_can=True)
    flee = {"type": "move_gods", "player": "borg", "to": "D1"}
    refused_god = GAME.validate(state, flee)
    assert "only after losing a life" in refused_god.reason
    state["gods"]["borg"]["lives"] = 2
    after, _ = GAME.apply(state, flee)
    assert after["gods"]["borg"]["at"] == "D1"
    with pytest.raises(IllegalAction, match="one hex a turn"):
        GAME.apply(after, {"type": "move_gods", "player": "borg", "to": "C1"})
    crowded = pos(borg={"D1": {"stone": 1}}, flee_while_you_can=True)
    crowded["gods"]["borg"]["lives"] = 2
    assert "holding gods or children" in GAME.validate(crowded, flee).reason
    basic = pos()
    basic["gods"]["borg"]["lives"] = 2
    assert "never want to move" in GAME.validate(basic, flee).reason


def test_god_lives_alterations():
    assert GAME.initial_state({"god_lives": 2})["gods"]["borg"]["lives"] == 2
    novice = GAME.initial_state({"god_lives": {"borg": 2, "chez": 3}})
    assert [novice["gods"][p]["lives"] for p in ("borg", "chez")] == [2, 3]
    with pytest.raises(ValueError, match="god_lives"):
        GAME.initial_state({"god_lives": 4})


def test_tower_elimination_removes_towers_kills_for_good_and_can_tie():
    state = pos(borg={"G7": {"stone": 1}}, chez={"G8": {"fog": 1}}, player="chez",
                tower_elimination=True)
    assert state["towers"] == {} and state["gods"]["borg"]["lives"] == 1
    match = to_combat(state, move(player="chez", **{"from": "G8", "aspect": "fog", "to": "G7"}))
    events = fight_round(match, {"stone": 1}, {"fog": 1})
    assert match.state["children"]["borg"][0]["at"] == "gone"
    assert match.outcome() is None
    tie = pos(borg={"G7": {"blade": 1}}, chez={"G8": {"fog": 1}}, player="chez",
              tower_elimination=True)
    match = to_combat(tie, move(player="chez", **{"from": "G8", "aspect": "fog", "to": "G7"}))
    events = fight_round(match, {"fog": 1}, {"stone": 1})
    # BORG's Fog kills CHEZ's last child; BORG still has one, so no tie.
    assert match.outcome() is None and where(match.state, "borg", "G7") == ["fog"]
    tie = pos(borg={"G7": {"blade": 1}}, chez={"G8": {"stone": 1}}, player="chez",
              tower_elimination=True, frustration_clause=True)
    match = to_combat(tie, move(player="chez", **{"from": "G8", "aspect": "stone", "to": "G7"}))
    for _ in range(3):
        events = fight_round(match, {"stone": 1}, {"stone": 1})
    assert match.outcome().is_tie and events[-1]["type"] == "game_over"
    assert Match(GAME, {"tower_elimination": True}).state["setup"]["steps"][3] == ["second", "gods"]


@pytest.mark.parametrize("count, rounds, ends_at", [("consecutive", [0, 0, 1, 0, 0, 0], 6),
                                                      ("total", [0, 0, 1, 0], 4)])
def test_frustration_clause_counts_rounds_without_damage(count, rounds, ends_at):
    state = pos(borg={"G7": {"stone": 4}}, chez={"G8": {"stone": 4}}, player="chez",
                frustration_clause=True, frustration_rounds=count)
    match = to_combat(state, *[move(player="chez", **{"from": "G8", "aspect": "stone",
                                                     "to": "G7"})] * 4)
    for k, damage in enumerate(rounds, start=1):
        borg = {"stone": 4}
        chez = {"stone": 3, "fog": 1} if damage else {"stone": 4}
        events = fight_round(match, borg, chez)
        if k < ends_at:
            assert match.phase() == "combat", k
    assert any(e["type"] == "frustration" for e in events)
    assert where(match.state, "borg", "G7") == [] and where(match.state, "chez", "G7") == []


def test_without_the_frustration_clause_quiet_rounds_go_on():
    state = pos(borg={"G7": {"stone": 1}}, chez={"G8": {"stone": 1}}, player="chez")
    match = to_combat(state, move(player="chez", **{"from": "G8", "aspect": "stone", "to": "G7"}))
    for _ in range(4):
        fight_round(match, {"stone": 1}, {"stone": 1})
    assert match.phase() == "combat" and match.state["combat"]["current"]["round"] == 5


@pytest.mark.parametrize("direction, to", [("clockwise", "A6"), ("counterclockwise", "A8")])
def test_moving_towers_step_along_the_edge_after_each_turn(direction, to):
    state = pos(borg={"G3": {"stone": 4}}, moving_towers=direction,
                optional_reinforcement=True)
    match = Match(GAME, state=state)
    match.push({"type": "end_movement", "player": "borg"})
    events = match.push({"type": "decline_reinforcement", "player": "borg"})
    assert match.state["towers"]["borg"] == to and events[-2]["type"] == "tower_moves"
    assert match.state["towers"]["chez"] == "I7"


def test_new_geography_swaps_the_set_up_of_towers_and_gods():
    match = Match(GAME, {"board": BOARD, "new_geography": True})
    match.push({"type": "roll_for_setup"}, [6, 1])
    match.push({"type": "choose_setup_order", "player": "borg", "first": "borg"})
    match.push({"type": "choose_end", "player": "borg", "end": "north"})
    with pytest.raises(IllegalAction, match="within 3 hexes of the north end"):
        match.push({"type": "place_tower", "player": "borg", "at": "E5"})
    match.push({"type": "place_tower", "player": "borg", "at": "E2"})
    match.push({"type": "choose_god_site", "player": "chez", "at": "I7"})
    assert match.state["gods"]["borg"]["at"] == "A7" and match.state["gods"]["chez"]["at"] == "I7"
    match.push({"type": "place_children", "player": "borg", "children": {
        "B7": {"stone": 4}, "B8": {"fog": 4}, "C7": {"blade": 4}, "C8": {"fog": 1}}})
    match.push({"type": "place_tower", "player": "chez", "at": "E12"})
    match.push({"type": "place_children", "player": "chez", "children": {
        "H7": {"stone": 4}, "H8": {"fog": 4}, "G7": {"blade": 4}, "G8": {"fog": 1}}})
    assert match.state["towers"] == {"borg": "E2", "chez": "E12"}
    assert match.phase() == "movement" and match.to_move() == "chez"


def test_more_balance_reinforces_only_the_god_with_fewer_children():
    fewer = pos(borg={"G3": {"stone": 2}}, chez={"G11": {"stone": 3}}, more_balance=True)
    after, _ = GAME.apply(fewer, {"type": "end_movement", "player": "borg"})
    assert after["phase"] == "reinforcement"
    even = pos(borg={"G3": {"stone": 3}}, chez={"G11": {"stone": 3}}, more_balance=True)
    after, events = GAME.apply(even, {"type": "end_movement", "player": "borg"})
    assert "More Balance" in events[0]["text"] and after["player"] == "chez"


def test_variant_stacking_limits_fixed_or_rolled():
    state = pos(borg={"G3": {"stone": 2}, "G4": {"stone": 1}}, stacking_limit=2)
    refused(state, move(**{"from": "G4", "aspect": "stone", "to": "G3"}),
            "Two BORG children already stand on G3; no more than 2 may share a hex")
    match = Match(GAME, {"stacking_limit": "roll"})
    assert match.phase() == "stacking_roll" and match.state["stacking_limit"] is None
    match.push({"type": "roll_stacking_limit"}, [6])
    assert match.state["stacking_limit"] == 6 and match.phase() == "setup_roll"


def test_chaos_gambit_one_returns_beings_from_chaos_to_the_tower():
    state = pos(borg={"B2": {"blade": 1}}, chaos_gambit_1=True)
    after, events = GAME.apply(state, move(**{"from": "B2", "aspect": "blade", "direction": "N"}))
    assert after["children"]["borg"][0]["at"] == "under_tower" and "Gambit I" in events[-1]["text"]


def test_chaos_gambit_two_the_universe_is_curved():
    state = pos(borg={"B2": {"blade": 1}, "A3": {"stone": 1}}, chaos_gambit_2=True)
    after, _ = GAME.apply(state, move(**{"from": "B2", "aspect": "blade", "direction": "N"}))
    assert where(after, "borg", "B10") == ["blade"]  # B1, then B13, B12, B11, B10
    refused(state, move(**{"from": "A3", "aspect": "stone", "to": "chaos"}), "curved")
    assert GAME.validate(state, move(**{"from": "A3", "aspect": "stone", "to": "I3"}))


def test_non_aligned_towers_roll_for_the_left_or_right_hand_tower():
    state = pos(borg={"G3": {"stone": 3}}, non_aligned_towers=True)
    state, _ = GAME.apply(state, {"type": "end_movement", "player": "borg"})
    request = GAME.dice_needed(state, {"type": "reinforce", "player": "borg"})
    assert request.count == 2 and "left-hand" in request.purpose
    # BORG defends the north end: facing south, his left hand is the east Tower, I7.
    odd, _ = GAME.apply(state, {"type": "reinforce", "player": "borg"}, [3, 1])
    assert where(odd, "borg", "I7") == ["stone"]
    even, _ = GAME.apply(state, {"type": "reinforce", "player": "borg"}, [4, 6])
    assert where(even, "borg", "A7") == ["fog"]


def test_god_powers_transform_children_out_of_combat():
    state = pos(borg={"G3": {"stone": 2}, "G8": {"fog": 1}}, chez={"G9": {"fog": 1}},
                god_powers=1)
    change = {"type": "transform", "player": "borg", "at": "G3", "aspect": "stone", "to": "blade"}
    after, _ = GAME.apply(state, change)
    assert where(after, "borg", "G3") == ["blade", "stone"]
    assert "transform 1 child(ren) a turn" in GAME.validate(after, change).reason
    after, _ = GAME.apply(after, move(**{"from": "G8", "aspect": "fog", "to": "G9"}))
    fight = {"type": "transform", "player": "borg", "at": "G9", "aspect": "fog", "to": "stone"}
    fresh = pos(borg={"G9": {"fog": 1}}, chez={"G9": {"fog": 1}}, god_powers=1)
    assert "about to fight" in GAME.validate(fresh, fight).reason
    assert "no God Powers" in GAME.validate(pos(borg={"G3": {"stone": 1}}), change).reason


def test_the_borg_chez_scenario():
    state = OneWorld().initial_state({"borg_chez_scenario": True})
    assert state["options"]["god_powers"] == {"borg": 2, "chez": 0}
    assert state["gods"]["borg"]["lives"] == 1 and state["gods"]["chez"]["lives"] == 3
    with pytest.raises(ValueError, match="sets 'god_lives' itself"):
        OneWorld().initial_state({"borg_chez_scenario": True, "god_lives": 2})


@pytest.mark.parametrize("options, message", [
    ({"flying_stones": True}, "no option 'flying_stones'"),
    ({"chaos_gambit_1": True, "chaos_gambit_2": True}, "choose one of them"),
    ({"tower_elimination": True, "more_balance": True}, "cannot be used with it"),
    ({"moving_towers": "clockwise", "new_geography": True}, "choose one of them"),
    ({"moving_towers": "sideways"}, "'moving_towers' is one of"),
    ({"stacking_limit": 0}, "stacking_limit"),
    ({"friendly_obstacle": "yes"}, "true or false"),
    ({"board": {"kind": "grid", "columns": 3, "rows": 3}}, "hex map"),
])
def test_bad_options_say_what_is_wrong(options, message):
    with pytest.raises(ValueError, match=message):
        GAME.initial_state(options)

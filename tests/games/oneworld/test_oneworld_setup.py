"""OneWorld set-up (3.1-3.5) on the default mapsheet, and reinforcement (9.2)."""

import pytest

from companion.games import Match
from companion.games.base import IllegalAction
from companion.games.oneworld import OneWorld
from tests.helpers.oneworld_positions import GAME, pos, where

NORTH_CHILDREN = {"F4": {"stone": 2, "blade": 2}, "G4": {"stone": 2, "fog": 2},
                  "H4": {"fog": 4}, "G5": {"blade": 1}}
SOUTH_CHILDREN = {"F18": {"stone": 4}, "G17": {"blade": 4}, "H18": {"fog": 4},
                  "G16": {"stone": 1}}


def started():
    match = Match(OneWorld())
    match.push({"type": "roll_for_setup"}, [5, 2])
    return match


def test_the_die_roll_decides_who_chooses_and_ties_roll_again():
    match = Match(OneWorld())
    assert match.phase() == "setup_roll"
    request = match.game.dice_needed(match.state, {"type": "roll_for_setup"})
    assert request.count == 2 and "who sets up first" in request.purpose
    events = match.push({"type": "roll_for_setup"}, [4, 4])
    assert "roll again" in events[0]["text"] and match.phase() == "setup_roll"
    match.push({"type": "roll_for_setup"}, [2, 6])
    assert match.phase() == "setup_order" and match.to_move() == "chez"
    with pytest.raises(IllegalAction, match="not BORG's turn"):
        match.push({"type": "choose_setup_order", "player": "borg", "first": "borg"})
    match.push({"type": "choose_setup_order", "player": "chez", "first": "borg"})
    assert match.phase() == "setup_end" and match.to_move() == "borg"


def test_a_whole_set_up_in_the_order_of_the_rules():
    match = started()
    match.push({"type": "choose_setup_order", "player": "borg", "first": "borg"})
    match.push({"type": "choose_end", "player": "borg", "end": "north"})
    assert match.state["ends"] == {"borg": "north", "chez": "south"}
    match.push({"type": "place_gods", "player": "borg", "at": "G2"})
    match.push({"type": "place_children", "player": "borg", "children": NORTH_CHILDREN})
    assert match.phase() == "setup_tower_site" and match.to_move() == "chez"
    match.push({"type": "choose_tower_site", "player": "chez", "at": "M11"})
    assert match.state["towers"] == {"chez": "M11", "borg": "A11"}
    match.push({"type": "place_gods", "player": "chez", "at": "G20"})
    events = match.push({"type": "place_children", "player": "chez", "children": SOUTH_CHILDREN})
    assert "CHEZ set up last and moves first" in events[-1]["text"]
    assert match.phase() == "movement" and match.to_move() == "chez" and match.state["turn"] == 1
    assert where(match.state, "borg", "H4") == ["fog"] * 4


def test_set_up_refuses_what_the_rules_forbid():
    match = started()
    match.push({"type": "choose_setup_order", "player": "borg", "first": "chez"})
    assert match.to_move() == "chez"
    with pytest.raises(IllegalAction, match="Choose an end to defend: north, south"):
        match.push({"type": "choose_end", "player": "chez", "end": "west"})
    match.push({"type": "choose_end", "player": "chez", "end": "south"})
    with pytest.raises(IllegalAction, match="within 3 hexes of the south end; G17 is 5 hexes"):
        match.push({"type": "place_gods", "player": "chez", "at": "G17"})
    match.push({"type": "place_gods", "player": "chez", "at": "G19"})
    for children, reason in [
        ({"G18": {"stone": 4}}, "places all 13 children; this placement has 4"),
        ({**SOUTH_CHILDREN, "G16": {"stone": 0}, "G11": {"stone": 1}},
         "within 7 hexes of their god; G11 is 8 hexes from G19"),
        ({**SOUTH_CHILDREN, "G16": {"stone": 0}, "G19": {"stone": 1}},
         "may never enter the hex where their god dwells"),
        ({**SOUTH_CHILDREN, "G16": {"stone": 0}, "G17": {"blade": 5}}, "would hold 5"),
    ]:
        with pytest.raises(IllegalAction, match=reason):
            match.push({"type": "place_children", "player": "chez", "children": children})
    match.push({"type": "place_children", "player": "chez", "children": SOUTH_CHILDREN})
    with pytest.raises(IllegalAction, match="one of A11, M11"):
        match.push({"type": "choose_tower_site", "player": "borg", "at": "A10"})


def test_legal_actions_carry_a_game_through_set_up():
    match = started()
    for _ in range(8):
        if match.phase() == "movement":
            break
        action = next(iter(match.legal_actions))
        match.push(action)
    assert match.phase() == "movement"
    assert sum(c["at"] not in ("unplaced",) for c in match.state["children"]["chez"]) == 13


# -- 9.2 reinforcement -----------------------------------------------------------------------

def end_movement(state):
    return GAME.apply(state, {"type": "end_movement", "player": state["player"]})[0]


@pytest.mark.parametrize("die, aspect", [(1, "stone"), (2, "stone"), (3, "blade"), (4, "blade"),
                                         (5, "fog"), (6, "fog")])
def test_reinforcement_rolls_the_tower_chart_and_stands_on_the_tower(die, aspect):
    state = end_movement(pos(borg={"G7": {"stone": 3}}))
    assert state["phase"] == "reinforcement"
    request = GAME.dice_needed(state, {"type": "reinforce", "player": "borg"})
    assert request.count == 1 and request.purpose == "Tower chart reinforcement"
    after, _ = GAME.apply(state, {"type": "reinforce", "player": "borg"}, [die])
    assert where(after, "borg", "A7") == [aspect]
    assert after["phase"] == "movement" and after["player"] == "chez"


def test_reinforcement_is_compulsory_by_default_and_optional_as_an_option():
    state = end_movement(pos(borg={"G7": {"stone": 3}}))
    with pytest.raises(IllegalAction, match="not optional"):
        GAME.apply(state, {"type": "decline_reinforcement", "player": "borg"})
    optional = end_movement(pos(borg={"G7": {"stone": 3}}, optional_reinforcement=True))
    after, _ = GAME.apply(optional, {"type": "decline_reinforcement", "player": "borg"})
    assert where(after, "borg", "A7") == [] and after["player"] == "chez"


def test_no_reinforcement_when_nothing_waits_or_the_tower_hex_is_full():
    full = {"G7": {"stone": 4}, "G8": {"stone": 4}, "G9": {"stone": 4}, "G10": {"stone": 1}}
    state = GAME.apply(pos(borg=full), {"type": "end_movement", "player": "borg"})
    after, events = state
    assert "No BORG counter waits under the Tower" in events[0]["text"]
    assert after["player"] == "chez"
    crowded, events = GAME.apply(pos(borg={"A7": {"fog": 4}}),
                                 {"type": "end_movement", "player": "borg"})
    assert "4 BORG children already stand on the Tower on A7" in events[0]["text"]
    assert crowded["player"] == "chez"

"""ONSLAUGHT, rule paragraph by rule paragraph (/work/shared/rules/onslaught.txt and
docs/rulings.md), with every illegal action the text implies and its reason."""

from __future__ import annotations

import copy
import json

import pytest

from companion.games import IllegalAction, Match, get_game
from companion.games.base import InvalidAction
from companion.geometry import load_geometry
from tests.helpers.paths import ROOT

GAME = get_game("onslaught")
DATA = ROOT / "companion" / "data" / "boards"


def new(**options):
    return GAME.initial_state(options)


def arrange(state, *, turn=None, roll=None, **squares):
    """Return a copy of ``state`` with pieces moved (``red1="C3"``, ``blue2=None`` for
    off the board) and, if ``turn`` is given, that piece's turn with ``roll`` rolled."""
    state = copy.deepcopy(state)
    for piece, square in squares.items():
        state["pieces"][piece]["at"] = square
    if turn is not None:
        state["turn"].update(piece=turn, index=state["order"].index(turn),
                             roll=roll, moves_left=roll or 0, challenges=0)
        state["phase"] = "roll" if roll is None else "move"
    return state


def own(state, **owners):
    state = copy.deepcopy(state)
    for square, team in owners.items():
        state["nodes"][square]["owner"] = team
    return state


def play(state, action, dice=()):
    new_state, events = GAME.apply(state, action, dice)
    return new_state, [e["type"] for e in events]


def refused(state, action, dice=()):
    verdict = GAME.validate(state, action)
    assert not verdict.ok
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, action, dice)
    assert caught.value.reason == verdict.reason
    return verdict


# -- Board and setup ------------------------------------------------------------------


def test_the_board_has_its_special_squares_and_is_symmetric_by_a_half_turn():
    board = load_geometry("onslaught")
    kinds = {s.name: (s.attrs.get("kind"), s.attrs.get("team"), s.attrs.get("link"))
             for s in board.spaces() if "kind" in s.attrs}
    assert len(board) == 49
    assert sorted(k[0] for k in kinds.values()) == ["core"] * 2 + ["node"] * 5 + ["orb"] * 2
    # Turned half round the board, red's squares become blue's and the nodes on red's
    # left (column B) land on column F, which is blue's left.
    swap = {"red": "blue", "blue": "red", "left": "right", "right": "left",
            "prime": "prime", None: None}
    for name, (kind, team, link) in kinds.items():
        turned = "ABCDEFG"[6 - "ABCDEFG".index(name[0])] + str(8 - int(name[1:]))
        assert kinds[turned] == (kind, swap[team], swap[link])


def test_setup_puts_each_team_on_its_core_orbs_home_nodes_neutral_health_30():
    state = new()
    assert {p: i["at"] for p, i in state["pieces"].items()} == {
        "red1": "D1", "red2": "D1", "blue1": "D7", "blue2": "D7"}
    assert state["orbs"]["red"] == {"home": "A1", "at": "A1", "carrier": None}
    assert state["orbs"]["blue"] == {"home": "G7", "at": "G7", "carrier": None}
    assert all(node["owner"] is None for node in state["nodes"].values())
    assert {t: c["health"] for t, c in state["cores"].items()} == {"red": 30, "blue": 30}
    assert state["order"] == ["red1", "blue1", "red2", "blue2"]
    assert GAME.to_move(state) == "red1" and GAME.phase(state) == "roll"


def test_two_players_each_command_both_pieces_of_a_team():
    state = new(players=2)
    assert state["controllers"] == {"red1": "red", "red2": "red",
                                    "blue1": "blue", "blue2": "blue"}
    assert new()["controllers"]["red2"] == "red2"


@pytest.mark.parametrize("options, order", [
    ({"first": "blue"}, ["blue1", "red1", "blue2", "red2"]),
    ({"turn_order": "team"}, ["red1", "red2", "blue1", "blue2"]),
])
def test_turn_order_options(options, order):
    assert new(**options)["order"] == order


@pytest.mark.parametrize("options, message", [
    ({"players": 3}, "'players' is 2 or 4"),
    ({"players": True}, "'players'"),
    ({"colour": "green"}, "no option 'colour'"),
    ({"core_health": 0}, "'core_health' is a whole number"),
    ({"challenge_tie": "coin"}, "'challenge_tie'"),
    ({"board": "no-such-board"}, "No board file"),
])
def test_bad_options_say_what_is_wrong(options, message):
    with pytest.raises(ValueError, match=message):
        new(**options)


# -- Move -----------------------------------------------------------------------------


def test_a_turn_begins_with_one_die_and_allows_that_many_orthogonal_steps():
    state = new()
    assert refused(state, {"type": "move", "to": "D2"}).reason == (
        "Red 1 begins the turn by rolling the die.")
    request = GAME.dice_needed(state, {"type": "roll"})
    assert (request.count, request.sides) == (1, 6)
    with pytest.raises(InvalidAction, match="needs 1 d6"):
        GAME.apply(state, {"type": "roll"})
    state, _ = play(state, {"type": "roll"}, [3])
    assert state["turn"]["moves_left"] == 3
    state, _ = play(state, {"type": "move", "to": "D2"})
    state, _ = play(state, {"type": "move", "path": ["C2", "C3"]})
    assert state["pieces"]["red1"]["at"] == "C3" and state["turn"]["moves_left"] == 0
    assert refused(state, {"type": "move", "to": "C4"}).reason == (
        "Red 1 has no moves left: end the turn.")


def test_illegal_moves_and_their_reasons():
    state = arrange(new(), turn="red1", roll=2, red1="C3")
    cases = {
        "D4": "No diagonal moves: C3 to D4.",
        "C5": "C3 to C5 is more than one step: move one square at a time or give the whole path.",
        "C3": "Red 1 is already on C3.",
        "H3": "H3 is not a square of the board.",
    }
    for to, reason in cases.items():
        assert refused(state, {"type": "move", "to": to}).reason == reason
    verdict = refused(state, {"type": "move", "path": ["C4", "C5", "C6"]})
    assert verdict.reason == "Red 1 has 2 moves left, not 3."
    assert verdict.spaces == ("C3", "C4", "C5", "C6")
    assert refused(state, {"type": "move", "path": ["C4", "D5"]}).reason == (
        "No diagonal moves: C4 to D5.")
    with pytest.raises(InvalidAction):
        GAME.apply(state, {"type": "move"})
    with pytest.raises(InvalidAction):
        GAME.apply(state, {"type": "fly", "to": "C4"})


def test_only_the_piece_whose_turn_it_is_acts_and_only_once_it_has_rolled_once():
    state = new()
    verdict = refused(state, {"type": "roll", "piece": "blue1"}, [3])
    assert verdict.reason == "It is Red 1's turn, not Blue 1's." and verdict.spaces == ("D1",)
    state, _ = play(state, {"type": "roll", "piece": "red1"}, [4])
    assert refused(state, {"type": "roll"}, [2]).reason == (
        "Red 1 has already rolled a 4 this turn and has 4 moves left.")


def test_ending_the_turn_early_passes_to_the_next_piece_in_order():
    state, _ = play(new(), {"type": "roll"}, [6])
    state, _ = play(state, {"type": "move", "to": "D2"})
    state, events = play(state, {"type": "end_turn"})
    assert events == ["turn_ended"]
    assert state["turn"]["piece"] == "blue1" and state["turn"]["roll"] is None
    assert state["turn"]["number"] == 2


def test_teammates_may_share_a_square_but_nobody_stands_on_the_enemy_core():
    state = arrange(new(), turn="red1", roll=3, red1="C1", red2="C2", blue1="B6")
    state, _ = play(state, {"type": "move", "to": "C2"})
    assert sorted(p for p, i in state["pieces"].items() if i["at"] == "C2") == ["red1", "red2"]
    state = arrange(new(), turn="red1", roll=3, red1="D6", blue1="A7", blue2="B7")
    assert refused(state, {"type": "move", "to": "D7"}).reason == (
        "D7 is the blue core: Red 1 may not stand on it; attack it from beside.")


# -- Challenges -----------------------------------------------------------------------


def test_an_occupied_square_must_be_challenged_not_entered():
    state = arrange(new(), turn="red1", roll=3, red1="D3", blue2="D4")
    verdict = refused(state, {"type": "move", "to": "D4"})
    assert verdict.reason == "D4 is held by Blue 2: challenge it instead."
    assert verdict.spaces == ("D3", "D4")
    assert refused(state, {"type": "move", "path": ["C3", "C4", "D4"]}).reason == (
        "D4 is held by Blue 2: challenge it instead.")


def test_the_lower_roll_leaves_the_board_and_challenging_costs_no_moves():
    state = arrange(new(), turn="red1", roll=3, red1="D3", blue2="D4")
    request = GAME.dice_needed(state, {"type": "challenge", "target": "blue2"})
    assert request.count == 2 and "Red 1's die, then Blue 2's" in request.purpose
    state, events = play(state, {"type": "challenge", "target": "blue2"}, [5, 2])
    assert events == ["challenge", "removed"]
    assert state["pieces"]["blue2"]["at"] is None
    assert state["turn"]["moves_left"] == 3
    state, _ = play(state, {"type": "move", "to": "D4"})
    assert state["pieces"]["red1"]["at"] == "D4"


def test_a_losing_challenger_leaves_the_board_and_its_turn_ends():
    state = arrange(new(), turn="red1", roll=3, red1="D3", blue2="D4")
    state, events = play(state, {"type": "challenge", "target": "blue2"}, [1, 6])
    assert events == ["challenge", "removed", "turn_ended"]
    assert state["pieces"]["red1"]["at"] is None
    assert state["turn"]["piece"] == "blue1"


def test_a_removed_piece_comes_back_on_its_core_at_the_start_of_its_next_turn():
    state = arrange(new(), turn="blue2", blue2=None)
    state, events = play(state, {"type": "roll"}, [2])
    assert events == ["returned", "rolled"]
    assert state["pieces"]["blue2"]["at"] == "D7"
    state, _ = play(state, {"type": "move", "to": "D6"})


def test_a_tied_challenge_is_rolled_again_by_default():
    state = arrange(new(), turn="red1", roll=3, red1="D3", blue2="D4")
    state, events = play(state, {"type": "challenge", "target": "blue2"}, [4, 4])
    assert events == ["challenge", "challenge_tied"]
    assert state["challenge"] == {"challenger": "red1", "defender": "blue2"}
    assert GAME.phase(state) == "challenge"
    assert list(GAME.legal_actions(state)) == [
        {"type": "challenge", "piece": "red1", "target": "blue2"}]
    assert refused(state, {"type": "end_turn"}).reason == (
        "Red 1's challenge of Blue 2 was a tie: roll it again")
    state, events = play(state, {"type": "challenge", "target": "blue2"}, [2, 3])
    assert events == ["challenge", "removed", "turn_ended"]
    assert state["challenge"] is None


@pytest.mark.parametrize("tie, loser", [("defender", "red1"), ("challenger", "blue2")])
def test_tie_options_name_who_wins_a_tie(tie, loser):
    state = arrange(new(challenge_tie=tie), turn="red1", roll=3, red1="D3", blue2="D4")
    state, _ = play(state, {"type": "challenge", "target": "blue2"}, [3, 3])
    assert state["pieces"][loser]["at"] is None


def test_limits_on_challenging():
    state = arrange(new(), turn="red1", roll=3, red1="D3", blue1="D2", blue2="D4")
    assert refused(state, {"type": "challenge", "target": "red2"}).reason == (
        "Red 1 cannot challenge its teammate Red 2.")
    state, _ = play(state, {"type": "challenge", "target": "blue2"}, [6, 1])
    assert refused(state, {"type": "challenge", "target": "blue1"}, [6, 1]).reason == (
        "Red 1 has already challenged once this turn.")
    assert refused(state, {"type": "challenge", "target": "blue2"}).reason == (
        "Blue 2 is not on the board.")
    far = arrange(new(), turn="red1", roll=3, red1="D3", blue1="E4")
    verdict = refused(far, {"type": "challenge", "target": "blue1"})
    assert verdict.reason == ("Blue 1 on E4 is not next to Red 1 on D3: "
                              "challenge from a square beside it, not diagonally.")
    assert verdict.spaces == ("D3", "E4")
    with pytest.raises(InvalidAction):
        GAME.apply(far, {"type": "challenge", "target": "green1"}, [1, 2])


def test_unlimited_challenges_when_the_option_is_zero():
    state = arrange(new(challenges_per_turn=0), turn="red1", roll=3,
                    red1="D3", blue1="D2", blue2="D4")
    state, _ = play(state, {"type": "challenge", "target": "blue2"}, [6, 1])
    state, _ = play(state, {"type": "challenge", "target": "blue1"}, [6, 1])
    assert state["pieces"]["blue1"]["at"] is None


def test_challenging_a_piece_on_its_core_is_not_an_attack_on_the_core():
    state = arrange(new(), turn="red1", roll=3, red1="D6", blue2="A7")
    state, events = play(state, {"type": "challenge", "target": "blue1"}, [6, 1])
    assert "core_attacked" not in events and state["cores"]["blue"]["health"] == 30


# -- Nodes and capturing --------------------------------------------------------------


def test_a_neutral_node_is_captured_by_entering_it_at_no_cost():
    state = arrange(new(), turn="red1", roll=4, red1="D3")
    state, events = play(state, {"type": "move", "to": "D4"})
    assert events == ["move", "node_captured"]
    assert state["nodes"]["D4"]["owner"] == "red" and state["turn"]["moves_left"] == 3


def test_an_enemy_node_falls_after_two_team_turns_ended_on_it_by_either_teammate():
    state = own(arrange(new(), turn="red1", roll=2, red1="B4"), B5="blue")
    state, _ = play(state, {"type": "move", "to": "B5"})
    assert state["nodes"]["B5"]["owner"] == "blue"
    state, events = play(state, {"type": "end_turn"})
    assert events == ["capture_started", "turn_ended"]
    assert state["nodes"]["B5"]["progress"] == {"team": "red", "turns": 1, "piece": "red1"}
    state, _ = play(state, {"type": "roll"}, [1])
    state, _ = play(state, {"type": "end_turn"})  # blue1's turn
    state, _ = play(state, {"type": "roll"}, [1])
    state, events = play(state, {"type": "end_turn"})  # red2's turn, red1 still on B5
    assert events == ["node_captured", "turn_ended"]
    assert state["nodes"]["B5"] == {"link": "left", "owner": "red", "progress": None}


def test_an_enemy_node_left_between_the_two_turns_is_not_captured():
    state = own(arrange(new(), turn="red1", roll=1, red1="B5"), B5="blue")
    state, _ = play(state, {"type": "end_turn"})
    state = arrange(state, turn="red1", roll=2)
    state, events = play(state, {"type": "move", "to": "B4"})
    assert events == ["move", "capture_failed"]
    state, _ = play(state, {"type": "move", "to": "B5"})
    state, events = play(state, {"type": "end_turn"})
    assert "capture_started" in events and state["nodes"]["B5"]["owner"] == "blue"


def test_a_capture_fails_when_its_holder_is_challenged_off():
    state = own(arrange(new(), turn="red1", roll=1, red1="B5"), B5="blue")
    state, _ = play(state, {"type": "end_turn"})
    state = arrange(state, turn="blue1", roll=2, blue1="B6")
    state, events = play(state, {"type": "challenge", "target": "red1"}, [6, 2])
    assert events == ["challenge", "removed", "capture_failed"]
    assert state["nodes"]["B5"]["progress"] is None


def test_with_node_capture_by_piece_the_same_piece_must_end_both_turns():
    state = own(arrange(new(node_capture="piece"), turn="red1", roll=1,
                        red1="B5", red2="B5"), B5="blue")
    state, _ = play(state, {"type": "end_turn"})
    state = arrange(state, turn="red2", roll=1)
    state, events = play(state, {"type": "end_turn"})
    assert "node_captured" not in events
    state = arrange(state, turn="red2", roll=1)
    state, _ = play(state, {"type": "move", "to": "B4"})
    state = arrange(state, turn="red1", roll=1)
    state, events = play(state, {"type": "end_turn"})
    assert state["nodes"]["B5"]["owner"] == "red"


def test_standing_on_an_own_node_changes_nothing():
    state = own(arrange(new(), turn="red1", roll=1, red1="B2"), B3="red")
    state, events = play(state, {"type": "move", "to": "B3"})
    state, events = play(state, {"type": "end_turn"})
    assert events == ["turn_ended"] and state["nodes"]["B3"]["progress"] is None


# -- Links and attacking the core -----------------------------------------------------


def test_no_attack_without_a_link():
    state = own(arrange(new(), turn="red1", roll=1, red1="D6", blue1="A7", blue2="B7"),
                B3="red", F5="red")
    verdict = refused(state, {"type": "attack"}, [6])
    assert verdict.reason == ("The blue core is not linked: capture the prime node, "
                              "or both left or both right nodes first.")
    assert verdict.spaces == ("B5", "D4", "F3")


@pytest.mark.parametrize("nodes", [{"D4": "red"}, {"B3": "red", "B5": "red"},
                                   {"F3": "red", "F5": "red"}])
def test_any_of_the_three_links_opens_the_core_and_an_attack_ends_the_turn(nodes):
    state = own(arrange(new(), turn="red1", roll=4, red1="D6", blue1="A7", blue2="B7"),
                **nodes)
    state, events = play(state, {"type": "attack"}, [5])
    assert events == ["core_attacked", "turn_ended"]
    assert state["cores"]["blue"]["health"] == 25 and state["turn"]["piece"] == "blue1"


def test_the_core_must_be_unoccupied_and_the_attacker_beside_it():
    state = own(arrange(new(), turn="red1", roll=4, red1="D6", blue2="A7"), D4="red")
    verdict = refused(state, {"type": "attack"}, [5])
    assert verdict.reason == "The blue core is defended by Blue 1: challenge it first."
    state = arrange(state, red1="C6", blue1="A6")
    verdict = refused(state, {"type": "attack"}, [5])
    assert verdict.reason == "Red 1 is not beside the blue core (D7): stand on C7, D6 or E7."
    assert GAME.validate(own(arrange(new(beside="surrounding"), turn="red1", roll=4,
                                     red1="C6", blue1="A6", blue2="A7"), D4="red"),
                         {"type": "attack"})


def test_a_broken_link_makes_the_core_invulnerable_again():
    state = own(arrange(new(), turn="red1", roll=4, red1="D6", blue1="A7", blue2="B7"),
                D4="red")
    assert GAME.validate(state, {"type": "attack"})
    assert not GAME.validate(own(state, D4="blue"), {"type": "attack"})


# -- Orbs -----------------------------------------------------------------------------


def test_entering_the_own_orb_square_takes_the_orb_which_then_travels_with_the_piece():
    state = arrange(new(), turn="red1", roll=3, red1="B1")
    state, events = play(state, {"type": "move", "path": ["A1", "A2"]})
    assert events == ["move", "orb_taken", "move"]
    assert state["orbs"]["red"] == {"home": "A1", "at": "A2", "carrier": "red1"}
    blue = arrange(new(), turn="blue1", roll=3, blue1="B1")
    blue, events = play(blue, {"type": "move", "to": "A1"})
    assert events == ["move"] and blue["orbs"]["red"]["carrier"] is None


def test_bringing_the_orb_to_an_enemy_node_captures_it_at_once_and_sends_the_orb_home():
    state = own(arrange(new(), turn="red1", roll=3, red1="A2"), B3="blue")
    state["orbs"]["red"].update(at="A2", carrier="red1")
    state, events = play(state, {"type": "move", "path": ["A3", "B3"]})
    assert events == ["move", "move", "node_captured", "orb_returned"]
    assert state["nodes"]["B3"]["owner"] == "red"
    assert state["orbs"]["red"] == {"home": "A1", "at": "A1", "carrier": None}


def test_an_orb_carried_onto_a_neutral_node_is_kept_unless_the_option_spends_it():
    for spent, carrier in (("enemy", "red1"), ("any", None)):
        state = arrange(new(orb_spent_on=spent), turn="red1", roll=3, red1="A3")
        state["orbs"]["red"].update(at="A3", carrier="red1")
        state, _ = play(state, {"type": "move", "to": "B3"})
        assert state["nodes"]["B3"]["owner"] == "red"
        assert state["orbs"]["red"]["carrier"] == carrier


def test_a_removed_carrier_leaves_the_orb_where_it_stood_for_a_teammate_to_pick_up():
    state = arrange(new(), turn="blue1", roll=3, blue1="C4", red1="C3")
    state["orbs"]["red"].update(at="C3", carrier="red1")
    state, events = play(state, {"type": "challenge", "target": "red1"}, [6, 1])
    assert events == ["challenge", "removed", "orb_dropped"]
    assert state["orbs"]["red"] == {"home": "A1", "at": "C3", "carrier": None}
    state, _ = play(state, {"type": "move", "to": "C3"})
    assert state["orbs"]["red"]["carrier"] is None
    state = arrange(state, turn="red2", roll=3, red2="C2", blue1="F6")
    state, events = play(state, {"type": "move", "to": "C3"})
    assert events == ["move", "orb_taken"] and state["orbs"]["red"]["carrier"] == "red2"


# -- Heroism --------------------------------------------------------------------------


def test_heroism_beside_the_enemy_orb_returns_it_and_removes_the_hero():
    state = arrange(new(), turn="blue1", roll=2, blue1="C4")
    state["orbs"]["red"].update(at="C3", carrier=None)
    state, events = play(state, {"type": "heroism"})
    assert events == ["heroism", "orb_returned", "removed", "turn_ended"]
    assert state["orbs"]["red"] == {"home": "A1", "at": "A1", "carrier": None}
    assert state["pieces"]["blue1"]["at"] is None and state["turn"]["piece"] == "red2"


def test_heroism_is_refused_far_from_the_orb_or_when_it_is_home():
    state = arrange(new(), turn="blue1", roll=2, blue1="C5")
    assert refused(state, {"type": "heroism"}).reason == (
        "The red orb is already on its square (A1).")
    state["orbs"]["red"].update(at="C3", carrier=None)
    verdict = refused(state, {"type": "heroism"})
    assert verdict.reason == "Blue 1 is not beside the red orb on C3."
    assert verdict.spaces == ("C5", "C3")


def test_heroism_against_a_carried_orb_is_an_option():
    state = arrange(new(), turn="blue1", roll=2, blue1="C4", red1="C3")
    state["orbs"]["red"].update(at="C3", carrier="red1")
    state, _ = play(state, {"type": "heroism"})
    assert state["orbs"]["red"]["carrier"] is None and state["pieces"]["red1"]["at"] == "C3"
    state = arrange(new(heroism_against_carrier=False), turn="blue1", roll=2,
                    blue1="C4", red1="C3")
    state["orbs"]["red"].update(at="C3", carrier="red1")
    assert refused(state, {"type": "heroism"}).reason == (
        "The red orb is carried by Red 1: heroism only returns an orb lying on the board "
        "in this game.")


def test_a_hero_carrying_its_own_orb_leaves_it_behind():
    state = arrange(new(), turn="blue1", roll=2, blue1="C4")
    state["orbs"]["red"].update(at="C3", carrier=None)
    state["orbs"]["blue"].update(at="C4", carrier="blue1")
    state, events = play(state, {"type": "heroism"})
    assert "orb_dropped" in events and state["orbs"]["blue"] == {
        "home": "G7", "at": "C4", "carrier": None}


# -- Winning --------------------------------------------------------------------------


def test_the_game_is_won_when_the_enemy_core_reaches_zero_and_never_goes_below():
    state = own(arrange(new(core_health=4), turn="red1", roll=1,
                        red1="E7", blue1="A7", blue2="B7"), D4="red")
    assert GAME.outcome(state) is None
    state, events = play(state, {"type": "attack"}, [6])
    assert events == ["core_attacked", "game_won"]
    assert state["cores"]["blue"]["health"] == 0
    outcome = GAME.outcome(state)
    assert outcome.winners == ("red",) and outcome.termination == "core destroyed"
    assert outcome.scores == {"red": 4, "blue": 0}
    assert GAME.to_move(state) is None and list(GAME.legal_actions(state)) == []
    assert refused(state, {"type": "end_turn"}).reason == "The game is over."


@pytest.mark.parametrize("action, words", [
    ({"type": "roll"}, "Red 1 rolls the die"),
    ({"type": "move", "path": ["D2", "D3"]}, "Red 1 moves to D2 → D3"),
    ({"type": "challenge", "target": "blue2"}, "Red 1 challenges Blue 2"),
    ({"type": "attack"}, "Red 1 attacks the blue core"),
    ({"type": "heroism"}, "Red 1 gives itself up to return the blue orb"),
    ({"type": "end_turn", "piece": "red1"}, "Red 1 ends the turn"),
])
def test_actions_in_words(action, words):
    assert GAME.describe(new(), action) == words


# -- Options and board files ----------------------------------------------------------


def test_a_board_file_can_move_the_squares(tmp_path):
    spec = json.loads((DATA / "onslaught.json").read_text())
    spec["special"]["A1"], spec["special"]["B1"] = {}, {"kind": "orb", "team": "red"}
    path = tmp_path / "board.json"
    path.write_text(json.dumps(spec))
    state = new(board=str(path))
    assert state["orbs"]["red"]["home"] == "B1"
    state = arrange(state, turn="red1", roll=2, red1="C1")
    state, events = play(state, {"type": "move", "to": "B1"})
    assert events == ["move", "orb_taken"]


@pytest.mark.parametrize("change, message", [
    ({"D7": {}}, "a red and a blue core square"),
    ({"G7": {"kind": "orb", "team": "green"}}, "needs a team"),
    ({"F5": {"kind": "node", "link": "middle"}}, "needs a link"),
    ({"F5": {}}, "2 right node"),
    ({"A7": {"kind": "core", "team": "red"}}, "two red core squares"),
])
def test_a_board_file_that_is_not_an_onslaught_board_is_refused(tmp_path, change, message):
    spec = json.loads((DATA / "onslaught.json").read_text())
    spec["special"].update(change)
    path = tmp_path / "board.json"
    path.write_text(json.dumps(spec))
    with pytest.raises(ValueError, match=message):
        new(board=str(path))


def test_blue_first_and_team_turn_order_play_in_that_order():
    state = new(first="blue", turn_order="team")
    seen = []
    for _ in range(5):
        seen.append(GAME.to_move(state))
        state, _ = play(state, {"type": "roll"}, [1])
        state, _ = play(state, {"type": "end_turn"})
    assert seen == ["blue1", "blue2", "red1", "red2", "blue1"]


def test_a_match_knows_path_moves_are_legal_and_undoes_them():
    match = Match("onslaught")
    match.push({"type": "roll"}, [3])
    assert {"type": "move", "path": ["D2", "D3", "D4"]} in match.legal_actions
    assert {"type": "move", "path": ["D2", "E3"]} not in match.legal_actions
    before = copy.deepcopy(match.state)
    match.push({"type": "move", "path": ["D2", "D3", "D4"]})
    assert match.state["nodes"]["D4"]["owner"] == "red"
    match.pop()
    assert match.state == before

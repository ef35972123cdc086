"""OneWorld combat (8, 10.4) and the secret-choice protocol: appendix examples B and C
step by step, multi-round combat, gods losing lives, commitments that hide choices."""

import json

import pytest

from companion.games.base import IllegalAction
from companion.games.oneworld.secrets import commitment, seal
from tests.helpers.oneworld_positions import GAME, SALT, fight_round, pos, to_combat, where


def example_b():
    """Appendix B: two BORG children, Stone and Fog, in one hex; CHEZ moves in Fog, Fog
    and Blade (from three neighbouring hexes, one move each)."""
    state = pos(borg={"G7": {"stone": 1, "fog": 1}},
                chez={"G8": {"fog": 1}, "H7": {"fog": 1}, "F7": {"blade": 1}}, player="chez")
    return to_combat(
        state,
        {"type": "move", "player": "chez", "from": "G8", "aspect": "fog", "to": "G7"},
        {"type": "move", "player": "chez", "from": "H7", "aspect": "fog", "to": "G7"},
        {"type": "move", "player": "chez", "from": "F7", "aspect": "blade", "path": ["G7"]},
    )


def test_blade_blocked_by_enemy_child_enters_its_hex_as_in_example_b():
    state = pos(chez={"F7": {"blade": 1}}, borg={"G7": {"stone": 1}}, player="chez")
    after, _ = GAME.apply(state, {"type": "move", "player": "chez", "from": "F7",
                                  "aspect": "blade", "direction": "NE"})
    assert where(after, "chez", "G7") == ["blade"]


def test_example_b_combat_step_by_step():
    match = example_b()
    current = match.state["combat"]["current"]
    assert current["at"] == "G7" and current["kind"] == "children"
    # Round 1: BORG switches to two Stones; CHEZ to Fog, Stone and Blade.
    events = fight_round(match, {"stone": 2}, {"fog": 1, "stone": 1, "blade": 1}, first="chez")
    round_1 = next(e for e in events if e["type"] == "round")
    assert round_1["losses"]["chez"] == {"stone": 0, "blade": 1, "fog": 0}
    assert round_1["losses"]["borg"] == {"stone": 1, "blade": 0, "fog": 0}
    assert where(match.state, "borg", "G7") == ["stone"]
    assert where(match.state, "chez", "G7") == ["fog", "stone"]
    assert match.state["combat"]["current"]["round"] == 2
    # Round 2: BORG keeps with the Stone; CHEZ selects one Fog and one Stone.
    events = fight_round(match, {"stone": 1}, {"fog": 1, "stone": 1}, first="chez")
    assert where(match.state, "borg", "G7") == []
    assert where(match.state, "chez", "G7") == ["fog", "stone"]
    assert any(e["type"] == "combat_over" for e in events)
    # The dead go under their Tower: BORG had 2 on the map and 11 waiting.
    assert [c["at"] for c in match.state["children"]["borg"]].count("under_tower") == 13
    assert match.phase() == "movement" and match.to_move() == "borg"


def test_resolution_is_simultaneous_both_sides_can_be_wiped_out():
    state = pos(borg={"G7": {"blade": 1, "stone": 1, "fog": 1}}, chez={"G8": {"stone": 3}},
                player="chez")
    match = to_combat(state, *[{"type": "move", "player": "chez", "from": "G8",
                                "aspect": "stone", "to": "G7"}] * 3)
    everything = {"blade": 1, "stone": 1, "fog": 1}
    fight_round(match, everything, everything)
    assert where(match.state, "borg", "G7") == [] and where(match.state, "chez", "G7") == []


def test_combat_goes_on_for_many_rounds_until_one_side_is_gone():
    state = pos(borg={"G7": {"stone": 3}}, chez={"G8": {"stone": 3}}, player="chez")
    match = to_combat(state, *[{"type": "move", "player": "chez", "from": "G8",
                                "aspect": "stone", "to": "G7"}] * 3)
    for _ in range(5):
        fight_round(match, {"stone": 3}, {"stone": 3})
    assert match.state["combat"]["current"]["round"] == 6
    fight_round(match, {"stone": 3}, {"fog": 1, "stone": 2})
    assert where(match.state, "borg", "G7") == ["stone", "stone"]
    fight_round(match, {"fog": 2}, {"fog": 1, "stone": 2})
    assert where(match.state, "chez", "G7") == ["fog"]
    assert where(match.state, "borg", "G7") == ["fog", "fog"]
    fight_round(match, {"blade": 2}, {"fog": 1})
    assert where(match.state, "chez", "G7") == [] and match.phase() == "movement"
    assert where(match.state, "borg", "G7") == ["blade", "blade"]


def test_example_c_combat_versus_a_god():
    state = pos(chez={"E2": {"stone": 1}}, player="chez")
    match = to_combat(state, {"type": "move", "player": "chez", "from": "E2",
                              "aspect": "stone", "to": "E1"})
    current = match.state["combat"]["current"]
    assert current["kind"] == "god" and match.to_move() == "chez"
    sealed = seal("chez", "blade", SALT["chez"])  # (1) the child becomes Blade, in secret
    match.push(sealed["commit"])
    assert match.to_move() == "borg"
    with pytest.raises(IllegalAction):
        match.push(sealed["reveal"])  # the god speaks before the child is shown
    match.push({"type": "announce", "player": "borg", "aspect": "stone"})  # (2) "Stone"
    events = match.push(sealed["reveal"])  # (3) the child is shown
    assert "is not defeated" in " ".join(e["text"] for e in events)  # (4)
    assert match.state["gods"]["borg"]["lives"] == 3
    # The child is destroyed and goes under its Tower (beside it: CHEZ's reinforcement).
    assert where(match.state, "chez", "E1") == []
    assert [c["at"] for c in match.state["children"]["chez"]].count("under_tower") == 12


def test_a_defeated_god_loses_a_life_and_the_last_life_ends_the_game():
    state = pos(chez={"E2": {"fog": 1}}, player="chez", god_lives=1)
    match = to_combat(state, {"type": "move", "player": "chez", "from": "E2",
                              "aspect": "fog", "to": "E1"})
    sealed = seal("chez", "fog", SALT["chez"])
    match.push(sealed["commit"])
    match.push({"type": "announce", "player": "borg", "aspect": "stone"})
    events = match.push(sealed["reveal"])
    assert match.state["gods"]["borg"]["lives"] == 0
    assert match.outcome().winners == ("chez",) and match.is_over()
    assert match.phase() == "over" and events[-1]["type"] == "game_over"
    assert match.to_move() is None and not match.legal_actions


# -- the secret-choice protocol --------------------------------------------------------------

def test_no_choice_can_be_read_before_both_players_commit():
    match = example_b()
    choice = {"stone": 2}
    sealed = seal("borg", choice, SALT["borg"])
    match.push(sealed["commit"])
    text = json.dumps(match.state) + json.dumps([s.action for s in match.steps])
    assert SALT["borg"] not in text
    assert '"stone": 2' not in text and '"stone":2' not in text
    assert sealed["commit"]["commitment"] in text
    assert match.game.legal_choices(match.state, "borg") == []
    assert {"stone": 1, "blade": 1, "fog": 1} in match.game.legal_choices(match.state, "chez")


def test_reveals_wait_for_both_commitments_and_must_match_them():
    match = example_b()
    borg = seal("borg", {"stone": 2}, SALT["borg"])
    chez = seal("chez", {"fog": 1, "stone": 1, "blade": 1}, SALT["chez"])
    match.push(borg["commit"])
    with pytest.raises(IllegalAction, match="No reveal before both sides have committed"):
        match.push(borg["reveal"])
    with pytest.raises(IllegalAction, match="not BORG's turn"):
        match.push(seal("borg", {"fog": 2}, SALT["borg"])["commit"])
    match.push(chez["commit"])
    cheat = {**borg["reveal"], "choice": {"fog": 2}}
    with pytest.raises(IllegalAction, match="does not match the commitment"):
        match.push(cheat)
    with pytest.raises(IllegalAction, match="does not match"):
        match.push({**borg["reveal"], "salt": "another-salt-000000"})
    with pytest.raises(IllegalAction, match="salt"):
        match.push({**borg["reveal"], "salt": "short"})
    match.push(borg["reveal"])
    match.push(chez["reveal"])
    assert where(match.state, "borg", "G7") == ["stone"]


def test_the_order_of_commits_and_reveals_does_not_matter():
    results = []
    for first in ("borg", "chez"):
        match = example_b()
        fight_round(match, {"stone": 2}, {"fog": 1, "stone": 1, "blade": 1}, first=first)
        results.append(match.state)
    assert results[0] == results[1]


def test_a_commitment_to_an_impossible_choice_keeps_the_children_as_they_were():
    match = example_b()
    fight_round(match, {"stone": 4}, {"fog": 1, "stone": 1, "blade": 1})
    # BORG's Stone and Fog stood unchanged: CHEZ's Blade died to the Stone, CHEZ's Fog killed
    # the Stone and CHEZ's Blade killed the Fog.
    assert where(match.state, "borg", "G7") == []


def test_commitment_is_sha256_of_salt_and_canonical_choice():
    import hashlib
    made = commitment({"fog": 1, "stone": 2}, "s" * 16)
    text = "s" * 16 + ':{"blade":0,"fog":1,"stone":2}'
    assert made == hashlib.sha256(text.encode()).hexdigest()
    assert commitment({"stone": 2, "fog": 1, "blade": 0}, "s" * 16) == made
    with pytest.raises(ValueError, match="at least 16"):
        seal("borg", "fog", "short")
    assert len(seal("borg", "fog")["reveal"]["salt"]) == 32


def test_table_mode_takes_both_revealed_stacks_at_once():
    state = pos(borg={"G7": {"stone": 1, "fog": 1}}, chez={"G8": {"fog": 2}}, player="chez",
                secrets="table")
    match = to_combat(state, *[{"type": "move", "player": "chez", "from": "G8",
                                "aspect": "fog", "to": "G7"}] * 2)
    with pytest.raises(IllegalAction, match="hurl"):
        match.push(seal("chez", {"fog": 2}, SALT["chez"])["commit"])
    with pytest.raises(IllegalAction, match="has 2 children on G7"):
        match.push({"type": "hurl", "aspects": {"borg": {"blade": 3}, "chez": {"fog": 2}}})
    match.push({"type": "hurl", "aspects": {"borg": {"blade": 2}, "chez": {"fog": 2}}})
    assert where(match.state, "borg", "G7") == ["blade", "blade"]

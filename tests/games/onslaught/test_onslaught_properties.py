"""ONSLAUGHT property tests: random legal play never reaches a broken state, and a state
survives JSON exactly."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games import get_game
from companion.games.onslaught.board import enemy_of
from companion.games.onslaught.state import layout_of

GAME = get_game("onslaught")

OPTIONS = st.fixed_dictionaries({}, optional={
    "players": st.sampled_from([2, 4]),
    "first": st.sampled_from(["red", "blue"]),
    "turn_order": st.sampled_from(["alternate", "team"]),
    "core_health": st.integers(1, 30),
    "challenge_tie": st.sampled_from(["reroll", "defender", "challenger"]),
    "challenges_per_turn": st.integers(0, 2),
    "node_capture": st.sampled_from(["team", "piece"]),
    "beside": st.sampled_from(["orthogonal", "surrounding"]),
    "orb_spent_on": st.sampled_from(["enemy", "any"]),
    "heroism_against_carrier": st.booleans(),
})


def assert_sound(state):
    """Every invariant a state reached by legal play must keep."""
    layout = layout_of(state)
    squares = {}
    for piece, info in state["pieces"].items():
        at = info["at"]
        if at is None:
            continue
        assert layout.is_square(at)
        assert layout.core_team(at) in (None, info["team"]), f"{piece} on the enemy core"
        squares.setdefault(at, set()).add(info["team"])
    assert all(len(teams) == 1 for teams in squares.values()), "two teams on one square"
    full = state["options"]["core_health"]
    for core in state["cores"].values():
        assert 0 <= core["health"] <= full
        assert core["health"] > 0 or state["winner"] is not None
    for team, orb in state["orbs"].items():
        assert orb["home"] == layout.orb_squares[team]
        assert layout.is_square(orb["at"])
        if orb["carrier"] is not None:
            carrier = state["pieces"][orb["carrier"]]
            assert carrier["team"] == team and carrier["at"] == orb["at"]
    for square, node in state["nodes"].items():
        progress = node["progress"]
        if progress is not None:
            assert node["owner"] == enemy_of(progress["team"]) and progress["turns"] == 1
            assert any(i["at"] == square and i["team"] == progress["team"]
                       for i in state["pieces"].values())
    turn = state["turn"]
    if state["winner"] is None:
        assert state["order"][turn["index"]] == turn["piece"]
        assert (turn["roll"] is None) == (state["phase"] == "roll")
        if turn["roll"] is not None:
            assert 0 <= turn["moves_left"] <= turn["roll"]
            assert state["pieces"][turn["piece"]]["at"] is not None
    assert json.loads(json.dumps(state)) == state


def play_randomly(state, choose, roll, steps):
    """Play up to ``steps`` legal actions picked by ``choose``, dice by ``roll``."""
    assert_sound(state)
    for _ in range(steps):
        actions = list(GAME.legal_actions(state))
        if not actions:
            assert GAME.outcome(state) is not None
            break
        action = choose(actions)
        request = GAME.dice_needed(state, action)
        dice = [roll() for _ in range(request.count)] if request else []
        again = json.loads(json.dumps(state))
        state, events = GAME.apply(state, action, dice)
        assert GAME.apply(again, action, dice) == (state, events), "JSON copy plays differently"
        assert all(isinstance(e["text"], str) and e["text"] for e in events)
        assert_sound(state)
    return state


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, data=st.data())
def test_random_legal_play_keeps_every_invariant(options, data):
    state = GAME.initial_state(options)
    play_randomly(
        state,
        lambda actions: data.draw(st.sampled_from(actions)),
        lambda: data.draw(st.integers(1, 6)),
        steps=120,
    )


@settings(max_examples=40, deadline=None)
@given(options=OPTIONS)
def test_initial_state_survives_json_exactly(options):
    state = GAME.initial_state(options)
    assert json.loads(json.dumps(state)) == state
    assert GAME.initial_state(state["options"]) == state


@pytest.mark.parametrize("seed", [0, *(pytest.param(s, marks=pytest.mark.slow)
                                       for s in range(1, 6))])
def test_seeded_random_games_play_to_a_win(seed):
    """Random play that prefers attacks and captures reaches a destroyed core."""
    rng = random.Random(seed)

    def choose(actions):
        for kind in ("attack", "challenge"):
            wanted = [a for a in actions if a["type"] == kind]
            if wanted and rng.random() < 0.8:
                return rng.choice(wanted)
        moves = [a for a in actions if a["type"] == "move"]
        if moves and rng.random() < 0.9:
            return rng.choice(moves)
        return rng.choice(actions)

    state = GAME.initial_state({"players": rng.choice([2, 4]), "core_health": 12})
    state = play_randomly(state, choose, lambda: rng.randint(1, 6), steps=20000)
    assert GAME.outcome(state) is not None


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, data=st.data())
def test_a_path_does_what_its_steps_do_one_by_one(options, data):
    state = play_randomly(
        GAME.initial_state(options),
        lambda actions: data.draw(st.sampled_from(actions)),
        lambda: data.draw(st.integers(1, 6)),
        steps=data.draw(st.integers(0, 60)),
    )
    path, stepped, events = [], state, []
    for _ in range(3):
        moves = [a for a in GAME.legal_actions(stepped) if a["type"] == "move"]
        if not moves:
            break
        move = data.draw(st.sampled_from(moves))
        path.append(move["to"])
        stepped, caused = GAME.apply(stepped, move)
        events += caused
    if path:
        assert GAME.apply(state, {"type": "move", "path": path}) == (stepped, events)

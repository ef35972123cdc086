"""ONE under random legal play: never an illegal state, and JSON round trips exactly."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.one import One
from companion.games.stones import board_geometry, groups

GAME = One()

options = st.fixed_dictionaries(
    {
        "players": st.integers(2, 6),
        "board": st.sampled_from(["one-36", "one-60"]),
    },
    optional={
        "captures": st.booleans(),
        "capture_points": st.sampled_from(["captor", "owner"]),
        "chain_turns": st.booleans(),
        "remainder": st.sampled_from(["leave_empty", "first_players"]),
        "allow_pass": st.booleans(),
    },
)


def check_invariants(state):
    players = state["players"]
    board = state["board"]
    geometry = board_geometry(state["options"]["board"])
    assert list(board) == geometry.names
    assert all(colour is None or colour in players for colour in board.values())
    for player in players:
        on_board = sum(1 for colour in board.values() if colour == player)
        lost = sum(state["captured"][p].get(player, 0) for p in players)
        assert state["hand"][player] >= 0
        assert state["hand"][player] + on_board + lost == state["start"][player]
    scores = GAME.scores(state)
    for player in players:
        largest = max((len(g) for g in groups(geometry, board, player)), default=0)
        taken = sum(state["captured"][player].values())
        lost = sum(state["captured"][p].get(player, 0) for p in players)
        if not state["options"]["captures"]:
            assert scores[player] == largest and taken == 0
        elif state["options"]["capture_points"] == "owner":
            assert scores[player] == largest - 2 * lost
        else:
            assert scores[player] == largest + 2 * taken
    if state["over"]:
        assert GAME.to_move(state) is None
    else:
        assert GAME.to_move(state) in players and GAME.to_move(state) not in state["resigned"]


def random_game(opts, rnd, moves):
    """Yield (state, action) pairs of a random legal game (resignations are rare)."""
    state = GAME.initial_state(opts)
    for _ in range(moves):
        if GAME.is_over(state):
            return
        actions = list(GAME.legal_actions(state))
        playable = [a for a in actions if a["type"] != "resign"]
        action = rnd.choice(actions if rnd.random() < 0.02 else playable)
        yield state, action
        state, _ = GAME.apply(state, action)
        check_invariants(state)


@settings(max_examples=20, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(opts=options, rnd=st.randoms(use_true_random=False))
def test_random_legal_play_never_reaches_an_illegal_state(opts, rnd):
    for state, action in random_game(opts, rnd, 200):
        assert GAME.validate(state, action)
    assert GAME.is_over(GAME.apply(state, action)[0])  # every game ends within 200 turns


@settings(max_examples=15, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(opts=options, rnd=st.randoms(use_true_random=False), stop=st.integers(0, 60))
def test_state_survives_json_and_the_game_goes_on_identically(opts, rnd, stop):
    for count, (state, action) in enumerate(random_game(opts, rnd, stop + 1)):
        if count < stop:
            continue
        copy = json.loads(json.dumps(state))
        assert copy == state
        assert list(GAME.legal_actions(copy)) == list(GAME.legal_actions(state))
        assert GAME.apply(copy, action) == GAME.apply(state, action)

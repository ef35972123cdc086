"""Go under random legal play: every group keeps a liberty, stones are accounted for,
and a state survives JSON exactly, on a grid and on the ring board."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.go import Go
from companion.games.stones import board_geometry, groups, liberties

GAME = Go()
BOARDS = st.sampled_from(["go-9", "one-36", "one-60"])


def random_game(board, rnd, moves):
    """Yield (state, action, placed) for a random legal game; passes are rare."""
    state = GAME.initial_state({"board": board})
    placed = {"black": 0, "white": 0}
    for _ in range(moves):
        if GAME.is_over(state):
            return
        actions = [a for a in GAME.legal_actions(state) if a["type"] != "resign"]
        places = [a for a in actions if a["type"] == "place"]
        action = rnd.choice(places) if places and rnd.random() < 0.95 else actions[-1]
        yield state, action, dict(placed)
        state, _ = GAME.apply(state, action)
        if action["type"] == "place":
            placed[action["player"]] += 1
        check_invariants(state, placed)


def check_invariants(state, placed):
    geometry = board_geometry(state["options"]["board"])
    board = state["board"]
    for colour in ("black", "white"):
        for group in groups(geometry, board, colour):
            assert liberties(geometry, board, group), f"{colour} group {group} has no liberty"
        other = "white" if colour == "black" else "black"
        on_board = sum(1 for c in board.values() if c == colour)
        assert on_board + state["captures"][other] == placed[colour]
    if state["ko"] is not None:
        assert board[state["ko"]] is None


@settings(max_examples=15, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(board=BOARDS, rnd=st.randoms(use_true_random=False))
def test_random_legal_play_keeps_every_group_alive_and_every_stone_counted(board, rnd):
    for state, action, _ in random_game(board, rnd, 150):
        assert GAME.validate(state, action)


@settings(max_examples=15, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(board=BOARDS, rnd=st.randoms(use_true_random=False), stop=st.integers(0, 80))
def test_state_survives_json_and_the_game_goes_on_identically(board, rnd, stop):
    for count, (state, action, _) in enumerate(random_game(board, rnd, stop + 1)):
        if count < stop:
            continue
        copy = json.loads(json.dumps(state))
        assert copy == state
        assert list(GAME.legal_actions(copy)) == list(GAME.legal_actions(state))
        assert GAME.apply(copy, action) == GAME.apply(state, action)

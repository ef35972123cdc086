"""``Game.uses_dice`` says what ``dice_needed`` does: a game that says it rolls none never
asks for a roll, and each game that rolls asks for one within its first moves."""

import random

import pytest

from companion.games.registry import game_names, get_game


def first_request(name, steps=60, seed=3):
    """The first roll a legal action asks for, along random legal play, or None."""
    game, rng = get_game(name), random.Random(seed)
    state = game.initial_state({})
    for _ in range(steps):
        actions = list(game.legal_actions(state))
        if not actions:
            return None
        requests = [r for r in map(lambda a: game.dice_needed(state, a), actions) if r]
        if requests:
            return requests[0]
        state, _ = game.apply(state, rng.choice(actions))
    return None


@pytest.mark.parametrize("name", game_names())
def test_a_game_says_whether_it_rolls_dice(name):
    assert (first_request(name) is not None) == get_game(name).uses_dice

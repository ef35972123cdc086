"""Each game's phase in players' words (``Game.phase_words``): nothing where it goes
without saying, never a name with an underscore (``setup_roll``)."""

import random

import pytest

from companion.games.registry import game_names, get_game


@pytest.mark.parametrize("name", game_names())
def test_phases_are_said_in_words(name):
    game, rng = get_game(name), random.Random(5)
    state = game.initial_state({})
    said = set()
    for _ in range(120):
        said.add(game.phase_words(state))
        actions = list(game.legal_actions(state))
        if not actions:
            break
        action = rng.choice(actions)
        request = game.dice_needed(state, action)
        dice = [rng.randint(1, request.sides) for _ in range(request.count)] if request else []
        state, _ = game.apply(state, action, dice) if dice else game.apply(state, action)
    assert not any("_" in words for words in said), said


def test_a_one_phase_game_says_nothing_of_it_and_oneworld_names_its_phases():
    go = get_game("go")
    assert go.phase_words(go.initial_state({})) == ""
    oneworld = get_game("oneworld")
    assert oneworld.phase_words(oneworld.initial_state({})) == (
        "the roll for who sets up first")

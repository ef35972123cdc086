"""The card game's hidden information (``Game.public_state``, ``Game.private_to``): what
every page may see holds no card of any hand, nor the deck's order, nor the seed that
fixes them; a seat's private part is its own hand."""

import json
import random

from companion.games.base import Game
from companion.games.registry import game_names, get_game
from tests.games.cards.arrange import GAME


def played(seed: int, turns: int) -> dict:
    """The state after ``turns`` random legal actions of a seeded two-player game."""
    rng = random.Random(seed)
    state = GAME.initial_state({"players": 2, "seed": seed})
    for _ in range(turns):
        if GAME.is_over(state):
            break
        state, _ = GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))
    return state


def test_the_public_state_holds_no_hand_no_deck_and_no_seed():
    for seed in range(5):
        state = played(seed, 12)
        shown = GAME.public_state(state)
        said = json.dumps({"state": shown, "summary": GAME.summary(state)})
        hidden = [code for hand in state["hands"].values() for code in hand] + state["deck"]
        assert not [code for code in hidden if f'"{code}"' in said]
        assert not {"hands", "deck", "mission_deck"} & set(shown)
        assert "seed" not in shown["options"] and state["options"]["seed"] == seed
        assert shown["stocks"] == state["stocks"] and shown["discard"] == state["discard"]


def test_each_seat_sees_its_own_hand_only():
    state = played(3, 9)
    for seat in state["players"]:
        own = GAME.private_to(state, seat)
        assert own["kind"] == "cards"
        assert [card["code"] for card in own["hand"]] == state["hands"][seat]
        assert set(own["hand"][0]) == {"code", "name", "value", "region"}
    assert GAME.private_to(state, "player9") is None


def test_a_game_without_hidden_information_shows_its_whole_state():
    hiding = [name for name in game_names() if get_game(name).hidden_information]
    assert "cards" in hiding
    for name in game_names():
        if name in hiding:
            continue
        game = get_game(name)
        state = game.initial_state({})
        assert game.public_state(state) is state
        assert game.private_to(state, game.seats(state)[0]) is None
    assert Game.private_to is get_game("go").__class__.private_to

"""Whole games: the shipped record replayed by ``companion referee cards --record``, and
random legal play of several seeds, where no card is lost or made and no listed action
is refused."""

import json
import random

import pytest

from companion.cli import main
from companion.games.registry import get_game
from tests.games.cards.arrange import card_count
from tests.helpers.paths import EXAMPLES


def test_the_two_player_record_replays_to_its_end(capsys):
    code = main(["referee", "cards", "--record", str(EXAMPLES / "cards-2p.jsonl")])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 0 and all(line["legal"] for line in lines[:-1])
    final = lines[-1]
    assert final["outcome"] == {"termination": "stock_full", "winners": ["player1"],
                                "scores": {"player1": 75, "player2": 70}}
    assert len(final["state"]["stocks"]["player1"]) >= 30
    said = [event["type"] for line in lines[:-1] for event in line["events"]]
    assert {"take", "meld", "discard", "mission", "refill", "draw"} <= set(said)


@pytest.mark.parametrize("options", [
    {"players": 2, "seed": 3}, {"players": 4, "seed": 4, "mission_decks": 1},
    {"players": 8, "seed": 5, "mission_decks": 0}, {"solitaire": True, "seed": 6},
    {"players": 3, "seed": 7, "must_meld": False, "finish_round": True,
     "missions_per_meld": 2, "refill_top_up": False, "maritime_pairs": True},
    {"players": 6, "seed": 8, "stock_out": "stop"},
])
def test_random_legal_play_conserves_the_cards_and_never_refuses_a_listed_action(options):
    game, rng = get_game("cards"), random.Random(options["seed"])
    state = game.initial_state(options)
    for _ in range(2000):
        if game.is_over(state):
            break
        actions = list(game.legal_actions(state))
        refused = [(a, v.reason) for a in actions if not (v := game.validate(state, a))]
        assert actions and not refused
        melds = [a for a in actions if a["type"] == "meld"]
        state, _ = game.apply(state, rng.choice(melds if melds and rng.random() < 0.8
                                                else actions))
        assert card_count(state) == 199
        assert all(len(hand) <= 9 for hand in state["hands"].values())
    assert game.is_over(state)
    outcome = game.outcome(state)
    assert set(outcome.scores) == set(state["players"])

"""Whole games of Battle of Flags: the shipped record replayed by ``companion referee
flags --record``, seeded play where no card is lost or made, the deal (C15) and the
words (reveal typed, described, the table rendered without a card of any pile)."""

import json

import pytest

from companion.cli import main
from companion.games.base import InvalidAction
from tests.games.flags.table import GAME, card_count, reveal
from tests.helpers.paths import EXAMPLES


def test_the_two_player_record_replays_to_its_end(capsys):
    code = main(["referee", "flags", "--record", str(EXAMPLES / "flags-2p.jsonl")])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 0 and all(line["legal"] for line in lines[:-1])
    assert lines[-1]["outcome"] == {"termination": "gathered_all", "winners": ["player1"],
                                    "scores": {"player1": 30, "player2": 0}}
    said = [event["type"] for line in lines[:-1] for event in line["events"]]
    assert said.count("reveal") == 39 and said.count("battle") == 11
    assert {"take", "out", "game_over"} <= set(said)


@pytest.mark.parametrize("options", [
    {"seed": 2}, {"players": 3, "seed": 4, "face_down": 3}, {"players": 5, "seed": 5},
    {"players": 8, "seed": 6, "cards": 60, "face_down": 3}, {"players": 4, "seed": 7,
                                                            "cards": 41, "max_rounds": 300},
])
def test_seeded_play_conserves_the_cards(options):
    state = GAME.initial_state(options)
    dealt = options.get("cards", 199)
    while not GAME.is_over(state):
        assert list(GAME.legal_actions(state)) == [{"type": "reveal"}]
        state, _ = reveal(state)
        assert card_count(state) == dealt
    assert list(GAME.legal_actions(state)) == [] and GAME.to_move(state) is None
    assert sum(GAME.outcome(state).scores.values()) + len(state["pot"]) == (
        dealt - len(state["aside"]))


def test_the_deal_is_equal_and_the_remainder_is_set_aside():
    state = GAME.initial_state({"players": 3, "cards": 50, "seed": 9})
    assert [len(pile) for pile in state["piles"].values()] == [16, 16, 16]
    assert len(state["aside"]) == 2
    assert state == GAME.initial_state({"players": 3, "cards": 50, "seed": 9})
    assert state["piles"] != GAME.initial_state({"players": 3, "cards": 50,
                                                 "seed": 10})["piles"]
    whole = GAME.initial_state({})
    assert sum(map(len, whole["piles"].values())) == 198 and len(whole["aside"]) == 1


def test_reveal_is_typed_described_and_the_table_rendered_without_a_card():
    state = GAME.initial_state({"seed": 3, "cards": 30})
    assert GAME.parse(state, " Reveal ") == {"type": "reveal"}
    assert GAME.parse(state, '{"type": "reveal"}') == {"type": "reveal"}
    with pytest.raises(InvalidAction, match="Type reveal"):
        GAME.parse(state, "play France")
    assert GAME.describe(state, {"type": "reveal"}) == (
        "Round 1: every player turns up their top card")
    shown = GAME.render(state)
    assert shown == ("Round 0 of at most 2000; 0 cards on the table; 0 set aside\n"
                     "Player 1: 15 cards\nPlayer 2: 15 cards")
    assert GAME.phase_words(state) == "" and GAME.title == "Battle of Flags"
    assert not GAME.validate(state, {"type": "draw"})
    assert GAME.at_the_table is None and GAME.hidden_information
    shown = GAME.public_state(state)
    assert not {"piles", "aside", "pot"} & set(shown) and "seed" not in shown["options"]
    assert GAME.summary(state) == {
        "kind": "flags", "round": 0, "max_rounds": 2000, "on_table": 0, "aside": 0,
        "players": [{"player": "player1", "cards": 15}, {"player": "player2", "cards": 15}]}
    assert GAME.private_to(state, "player1") is None  # face down: its owner's too

"""Whole quizzes: the shipped record replayed by ``companion referee quiz --record``,
turns, passes, scores and the end (C20, C22), the options, and the words typed."""

import json

import pytest

from companion.cli import main
from companion.games.base import InvalidAction
from companion.games.quiz import Quiz
from tests.helpers.paths import EXAMPLES

GAME = Quiz()


def test_the_two_player_record_replays_to_its_end(capsys):
    code = main(["referee", "quiz", "--record", str(EXAMPLES / "quiz-2p.jsonl")])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 0
    assert {line["line"]: line["reason"] for line in lines[:-1] if not line["legal"]} == {
        4: "The question is Player 2's, not Player 1's."}
    said = [event["type"] for line in lines[:-1] if line["legal"] for event in line["events"]]
    assert said.count("right") == 4 and said.count("wrong") == 1 and "pass" in said
    kinds = {event["kind"] for line in lines[:-1] if line["legal"]
             for event in line["events"] if event["type"] == "question"}
    assert kinds == {"capital", "country", "neighbours", "flag"}
    assert lines[-1]["outcome"] == {"termination": "all_asked", "winners": ["player1"],
                                    "scores": {"player1": 3, "player2": 1}}


def test_players_are_asked_in_turn_a_round_each_and_the_best_score_wins():
    state = GAME.initial_state({"players": 3, "rounds": 2, "seed": 8})
    asked = []
    while not GAME.is_over(state):
        asked.append(GAME.to_move(state))
        assert list(GAME.legal_actions(state)) == [{"type": "pass", "player": asked[-1]}]
        card = GAME.deck.card(state["question"]["code"])
        kind = state["question"]["kind"]
        said = "Nowhere" if asked[-1] == "player3" else (
            card.capital if kind == "capital" else card.name)
        state, events = GAME.apply(state, {"type": "answer", "player": asked[-1],
                                           "text": said})
    assert asked == ["player1", "player2", "player3"] * 2
    assert GAME.outcome(state).to_json() == {
        "termination": "all_asked", "winners": ["player1", "player2"],
        "scores": {"player1": 2, "player2": 2, "player3": 0}}
    assert events[-1]["text"] == ("Every question was asked: Player 1 and Player 2 share "
                                  "the win (Player 1 2, Player 2 2, Player 3 0).")
    assert GAME.ending_words("all_asked") == "every question was asked"


def test_a_solo_quiz_has_no_winner_its_score_is_the_result():
    state = GAME.initial_state({"players": 1, "rounds": 2, "kinds": ["capital"]})
    for _ in range(2):
        assert state["question"]["kind"] == "capital"
        state, events = GAME.apply(state, {"type": "pass", "player": "player1"})
    assert GAME.outcome(state).to_json() == {"termination": "all_asked", "winners": [],
                                             "scores": {"player1": 0}}
    assert events[-1]["text"] == ("Every question was asked: the score is the result "
                                  "(Player 1 0).")


def test_the_same_seed_asks_the_same_questions_and_only_the_kinds_chosen():
    first = GAME.initial_state({"seed": 3, "kinds": ["flag", "neighbours"]})
    assert first == GAME.initial_state({"seed": 3, "kinds": ["flag", "neighbours"]})
    state, seen = first, set()
    while not GAME.is_over(state):
        seen.add(state["question"]["kind"])
        assert GAME.deck.card(state["question"]["code"]).flag or (
            state["question"]["kind"] == "neighbours")
        state, _ = GAME.apply(state, {"type": "pass", "player": GAME.to_move(state)})
    assert seen == {"flag", "neighbours"}
    assert len(set(state["pile"])) == 199 - 20


@pytest.mark.parametrize("options", [
    {"players": 0}, {"players": 9}, {"rounds": 0}, {"rounds": 26, "players": 8},
    {"kinds": []}, {"kinds": ["capital", "capital"]}, {"kinds": ["anthem"]},
    {"kinds": "flag"}, {"colour": "red"}, {"rounds": 150, "players": 1, "kinds": ["flag"]},
])
def test_impossible_options_are_refused_in_words(options):
    with pytest.raises(ValueError, match='"|option'):
        GAME.initial_state(options)


def test_answers_and_passes_are_typed_described_and_checked():
    state = GAME.initial_state({"seed": 4})
    assert GAME.parse(state, "answer  Saint Vincent ") == {
        "type": "answer", "player": "player1", "text": "Saint Vincent"}
    assert GAME.parse(state, "Côte d'Ivoire") == {
        "type": "answer", "player": "player1", "text": "Côte d'Ivoire"}
    assert GAME.parse(state, "PASS") == {"type": "pass", "player": "player1"}
    with pytest.raises(InvalidAction, match="Type answer NAME"):
        GAME.parse(state, "   ")
    assert GAME.describe(state, {"type": "answer", "player": "player1", "text": " Paris"}) == (
        "Player 1 answers 'Paris'")
    assert GAME.describe(state, {"type": "pass"}) == "Player 1 passes"
    for bad in ({"type": "answer", "player": "player1"},
                {"type": "answer", "player": "player1", "text": "  "},
                {"type": "answer", "player": "player1", "text": "x" * 101},
                {"type": "guess", "player": "player1"}):
        assert not GAME.validate(state, bad)
    assert GAME.phase_words(state) == "" and GAME.title == "ONE WORLD Quiz"
    assert GAME.at_the_table is None and GAME.hidden_information
    shown = GAME.public_state(state)
    assert not {"pile", "question"} & set(shown) and "seed" not in shown["options"]
    panel = GAME.summary(state)
    assert panel["question"] in GAME.render(state).splitlines()
    assert panel["asked"] == "player1" and panel["scores"][0] == {"player": "player1",
                                                                  "score": 0}

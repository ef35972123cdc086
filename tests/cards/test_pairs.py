"""A referee's changes to the neighbour pairs: checked with words a person understands,
made on both cards of a pair, and shown by ``companion cards deck --pairs FILE``."""

from __future__ import annotations

import json
import re

import pytest

from companion.cards.deck import load_deck
from companion.cards.pairs import PairChanges, read_pairs, with_pairs
from companion.cli import main
from companion.games.quiz.text import question_words
from companion.games.registry import get_game

DECK = load_deck()


def test_added_and_removed_pairs_change_both_cards():
    changes = read_pairs(DECK, {"add": [["Canada", "dnk"], ["ESP", "MAR", "maritime"]],
                                "remove": [["FRA", "BRA"]]})
    assert changes == PairChanges((("CAN", "DNK", "land"), ("ESP", "MAR", "maritime")),
                                  (("FRA", "BRA"),))
    deck = with_pairs(DECK, changes)
    assert "DNK" in deck.card("CAN").land_neighbours
    assert "CAN" in deck.card("DNK").land_neighbours
    assert "DNK" not in deck.card("CAN").maritime_neighbours  # moved from sea to land
    assert "MAR" in deck.card("ESP").maritime_neighbours
    assert "MAR" not in deck.card("ESP").land_neighbours  # Ceuta and Melilla ruled out
    assert "BRA" not in deck.card("FRA").neighbours() and "FRA" not in deck.card(
        "BRA").neighbours()
    assert DECK.card("FRA").land_neighbours.count("BRA") == 1  # the shipped deck unchanged


def test_every_pair_stays_symmetric_after_changes():
    deck = with_pairs(DECK, read_pairs(DECK, {"add": [["JPN", "PRK", "maritime"],
                                                      ["IRL", "FRA", "maritime"]],
                                              "remove": [["USA", "RUS"], ["CHN", "IND"]]}))
    for card in deck:
        for other in card.land_neighbours:
            assert card.code in deck.card(other).land_neighbours
        for other in card.maritime_neighbours:
            assert card.code in deck.card(other).maritime_neighbours
            assert other not in card.land_neighbours


def test_no_changes_is_the_deck_itself():
    assert with_pairs(DECK, read_pairs(DECK, None)) is DECK
    assert with_pairs(DECK, read_pairs(DECK, {})) is DECK


@pytest.mark.parametrize(("data", "words"), [
    ({"add": [["FRA", "XX"]]}, 'no card is called "XX"'),
    ({"add": [["France", "FRA"]]}, "pairs France with itself"),
    ({"add": [["CAN", "DNK"]], "remove": [["DNK", "CAN"]]},
     'Denmark and Canada are given twice (first in "pairs" "add" 1)'),
    ({"add": [["FRA", "ESP"]]}, "France and Spain are land neighbours already"),
    ({"remove": [["CAN", "IRQ"]]}, "Canada and Iraq are not neighbours"),
    ({"add": [["CAN", "DNK", "air"]]}, 'a pair is "land" or "maritime"; got "air"'),
    ({"add": [["CAN"]]}, 'a pair is two cards and "land" or "maritime"'),
    ({"remove": [["FRA", "BRA", "land"]]}, 'a pair is two cards, such as ["FRA", "BRA"]'),
    ({"adds": []}, '"pairs" holds "add" and "remove" lists'),
    ({"add": "CAN DNK"}, '"pairs" "add" is a list of pairs'),
])
def test_wrong_changes_are_refused_in_words(data, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        read_pairs(DECK, data)


def test_the_deck_command_shows_the_changed_pairs(tmp_path, capsys):
    path = tmp_path / "pairs.json"
    path.write_text(json.dumps({"add": [["CAN", "DNK"]], "remove": [["FRA", "BRA"]]}))
    assert main(["cards", "deck", "--json", "--pairs", str(path)]) == 0
    cards = {card["code"]: card for card in json.loads(capsys.readouterr().out)}
    assert "DNK" in cards["CAN"]["land_neighbours"] and "CAN" in cards["DNK"]["land_neighbours"]
    assert "BRA" not in cards["FRA"]["land_neighbours"]


def test_the_deck_command_says_what_is_wrong_with_a_pairs_file(tmp_path, capsys):
    path = tmp_path / "pairs.json"
    path.write_text('{"add": [["FRA", "FRA"]]}')
    assert main(["cards", "deck", "--pairs", str(path)]) == 1
    assert "pairs France with itself" in capsys.readouterr().err
    path.write_text("{add")
    assert main(["cards", "deck", "--pairs", str(path)]) == 1
    assert "is not JSON" in capsys.readouterr().err
    assert main(["cards", "deck", "--pairs", str(tmp_path / "none.json")]) == 1
    assert "cannot be read" in capsys.readouterr().err


def test_the_quiz_asks_and_judges_neighbours_with_the_changed_pairs():
    quiz = get_game("quiz")
    state = quiz.initial_state({"kinds": ["neighbours"], "players": 1,
                                "pairs": {"add": [["PRT", "FRA"]]}})
    state["question"] = {**state["question"], "code": "PRT"}
    assert "borders France and Spain by land, and no other" in question_words(quiz, state)
    after, events = quiz.apply(state, {"type": "answer", "player": "player1",
                                       "text": "Portugal"})
    assert events[0]["type"] == "right"
    plain = quiz.initial_state({"kinds": ["neighbours"], "players": 1})
    plain["question"] = {**plain["question"], "code": "PRT"}
    assert "borders Spain by land, and no other" in question_words(quiz, plain)

"""The quiz's questions of each kind, answered right and wrong: case, accents, "the",
punctuation and the deck's other names do not matter, and every country that fits a
clue is right (C21)."""

import re

import pytest

from companion.games.quiz import Quiz

GAME = Quiz()


def asked(kind, code, **options):
    """A game whose first question is of ``kind`` about the card ``code``."""
    state = GAME.initial_state(options)
    state["question"] = {**state["question"], "kind": kind, "code": code}
    return state


def answer(state, said):
    return GAME.apply(state, {"type": "answer", "player": "player1", "text": said})


@pytest.mark.parametrize(("kind", "code", "said"), [
    ("capital", "FRA", "Paris"), ("capital", "FRA", "  paris "),
    ("capital", "USA", "Washington"), ("capital", "USA", "washington dc"),
    ("capital", "BRA", "Brasilia"), ("capital", "COL", "BOGOTÁ"),
    ("capital", "YEM", "Sanaa"), ("capital", "STP", "Sao Tome"),
    ("country", "CIV", "Côte d'Ivoire"), ("country", "CIV", "ivory coast"),
    ("country", "GBR", "the UK"), ("country", "USA", "United States of America"),
    ("country", "TUR", "Turkey"), ("country", "DEU", "Deutschland"),
    ("neighbours", "PRT", "portugal"), ("neighbours", "ARE", "Yemen"),
    ("neighbours", "ARE", "U.A.E."), ("neighbours", "JPN", "Nippon"),
    ("flag", "TUR", "Türkiye"), ("flag", "USA", "USA"),
])
def test_a_right_answer_scores_a_point(kind, code, said):
    state, events = answer(asked(kind, code), said)
    assert state["scores"]["player1"] == 1
    assert events[0]["type"] == "right" and events[0]["text"].startswith("Right")


@pytest.mark.parametrize(("kind", "code", "said"), [
    ("capital", "FRA", "Lyon"), ("capital", "FRA", "City"), ("capital", "BRA", "Rio"),
    ("country", "CIV", "Ghana"), ("country", "DEU", "Germania"),
    ("neighbours", "PRT", "Spain"), ("neighbours", "ARE", "Oman"),
    ("flag", "TUR", "Greece"), ("flag", "USA", "France"),
])
def test_a_wrong_answer_scores_nothing_and_is_told_the_answer(kind, code, said):
    state, events = answer(asked(kind, code), said)
    assert state["scores"]["player1"] == 0
    assert events[0]["type"] == "wrong" and events[0]["text"].startswith(f"Wrong ({said})")
    assert GAME.deck.card(code).name in events[0]["text"] or (
        GAME.deck.card(code).capital in events[0]["text"])


def test_each_kind_puts_its_clue_and_never_its_answer():
    clues = {kind: GAME.render(asked(kind, code)).splitlines()[-1] for kind, code in
             [("capital", "FRA"), ("country", "FRA"), ("neighbours", "PRT"),
              ("neighbours", "JPN"), ("flag", "TUR")]}
    assert clues == {
        "capital": "Question 1 of 20, for Player 1: What is the capital of France?",
        "country": "Question 1 of 20, for Player 1: Which country has Paris as its capital?",
        "neighbours": "Question 1 of 20, for Player 1: Which country has no land border, "
                      "and meets China, Philippines, Russia, South Korea, Taiwan and "
                      "United States by sea?",
        "flag": "Question 1 of 20, for Player 1: Which country of Asia has a flag with two "
                "colours and a cross or a crescent and a lone star (and none of the other "
                "signs the flag missions list)?",
    }
    assert GAME.render(asked("neighbours", "PRT")).endswith(
        "Which country borders Spain by land, and no other?")


def test_a_clue_several_countries_fit_names_them_all_once_answered():
    _, events = GAME.apply(asked("neighbours", "ARE"), {"type": "pass", "player": "player1"})
    assert events[0]["text"] == ("Player 1 passes: it is United Arab Emirates (or Yemen, "
                                 "which fit the clue too).")


@pytest.mark.parametrize("seed", range(6))
def test_no_question_of_a_seeded_game_shows_its_answer(seed):
    state = GAME.initial_state({"players": 3, "seed": seed})
    while not GAME.is_over(state):
        question = state["question"]
        card = GAME.deck.card(question["code"])
        secret = card.capital if question["kind"] == "capital" else card.name
        assert not re.search(rf"(?<![\w-]){re.escape(secret)}(?![\w-])", GAME.render(state),
                             re.IGNORECASE)
        state, _ = GAME.apply(state, {"type": "pass", "player": question["player"]})

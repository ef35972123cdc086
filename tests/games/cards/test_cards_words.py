"""ONE WORLD (cards) typed, said and shown: the notation of ``companion referee cards
--play``, actions in words, the referee's text, and the hands kept out of the panel."""

import json

import pytest

from companion.games.base import InvalidAction
from tests.games.cards.arrange import GAME, arrange

HAND = ["CAN", "MEX", "FRA", "NGA", "CHN", "EGY", "KEN", "GAB"]
STATE = arrange(hand=HAND, missions=["less_than_50", "africa"], discard=["ITA", "PER"])


@pytest.mark.parametrize("typed, action", [
    ("take", {"type": "take", "player": "player1"}),
    ("discard FRA", {"type": "discard", "player": "player1", "cards": ["FRA"]}),
    ("discard fra, can", {"type": "discard", "player": "player1", "cards": ["fra", "can"]}),
    ("meld CAN CHN FRA NGA keep CHN NGA",
     {"type": "meld", "player": "player1", "cards": ["CAN", "CHN", "FRA", "NGA"],
      "keep": ["CHN", "NGA"]}),
    ("mission africa meld NGA EGY KEN GAB refill ITA PER",
     {"type": "meld", "player": "player1", "cards": ["NGA", "EGY", "KEN", "GAB"],
      "missions": ["africa"], "refill": ["ITA", "PER"]}),
    ("mission 2 meld NGA EGY KEN GAB",
     {"type": "meld", "player": "player1", "cards": ["NGA", "EGY", "KEN", "GAB"],
      "missions": ["africa"]}),
    ('{"type": "take"}', {"type": "take"}),
])
def test_the_notation_reads_each_action(typed, action):
    assert GAME.parse(STATE, typed) == action


@pytest.mark.parametrize("typed, message", [
    ("fold", "Type take"), ("mission 5 meld CAN", "You hold 2 missions"),
    ("mission joker meld CAN", "There is no mission 'joker'"), ("keep CAN", "Type take"),
])
def test_the_notation_says_what_it_cannot_read(typed, message):
    with pytest.raises(InvalidAction, match=message):
        GAME.parse(STATE, typed)


def test_cards_are_typed_by_code_or_one_word_name():
    after, _ = GAME.apply(STATE, GAME.parse(STATE, "meld canada china france nigeria "
                                                   "keep china nigeria"))
    assert after["stocks"]["player1"] == ["CHN", "NGA"]


def test_actions_in_words():
    assert GAME.describe(STATE, {"type": "take", "player": "player1"}) == (
        "Player 1 takes the top discard")
    assert GAME.describe(STATE, {"type": "meld", "player": "player1",
                                 "cards": ["NGA", "EGY", "KEN", "GAB"],
                                 "missions": ["africa"]}) == (
        "Player 1 melds Nigeria 30, Egypt 25, Kenya 15, Gabon 5 for Africa")
    assert GAME.describe(STATE, {"type": "meld", "player": "player1",
                                 "cards": ["CAN", "CHN", "FRA", "NGA"],
                                 "keep": ["CHN", "NGA"]}) == (
        "Player 1 melds Canada 40, China 80, France 40, Nigeria 30, keeping China and Nigeria")
    assert GAME.describe(STATE, {"type": "discard", "player": "player1", "cards": ["FRA"]}) == (
        "Player 1 discards France 40")


def test_the_referee_text_shows_every_hand_and_missions_with_stars():
    shown = GAME.render(STATE)
    assert "Player 1  (to move)\n  hand: Canada 40, Mexico 40, France 40" in shown
    assert "missions: 1. Less than 50 (*), 2. Africa (**)" in shown
    assert "discard pile 2, top Peru 20" in shown


def test_the_panel_shows_no_hand_and_hand_of_shows_one_seat():
    panel = GAME.summary(STATE)
    said = json.dumps(panel)
    hands = [code for hand in STATE["hands"].values() for code in hand]
    assert not any(f'"{code}"' in said for code in hands)
    assert [p["hand"] for p in panel["players"]] == [8, 8]
    assert panel["kind"] == "cards" and panel["discard"][-1]["name"] == "Peru"
    assert panel["players"][0]["missions"][1] == {"id": "africa", "title": "Africa",
                                                  "stars": 2}
    assert [card["code"] for card in GAME.hand_of(STATE, "player1")] == HAND
    assert GAME.hand_of(STATE, "player2")[0]["code"] == STATE["hands"]["player2"][0]


def test_the_endings_in_words():
    assert GAME.ending_words("stock_full") == (
        "a player's stock filled up, and the stocks were paired")
    assert GAME.phase_words(STATE) == ""

"""The turn, the options and the end of play (rulings C8-C13)."""

import pytest

from companion.games.base import IllegalAction
from tests.games.cards.arrange import GAME, arrange, card_count

NO_MELD = ["SWZ", "LIE", "MNE", "SMR", "MLT", "LUX", "AND", "MCO"]  # Africa and Europe only
QUAD = ["CHN", "BRA", "FRA", "NGA"]  # 80, 50, 40, 30


def test_the_deal_is_seeded_and_so_are_the_mission_decks():
    one, again, other = (GAME.initial_state({"seed": s}) for s in (7, 7, 8))
    assert one == again and one["hands"] != other["hands"]
    assert all(len(hand) == 8 for hand in one["hands"].values()) and len(one["deck"]) == 183
    assert one["mission_deck"] != other["mission_deck"]
    assert [len(GAME.initial_state({"mission_decks": n})["mission_deck"])
            for n in (0, 1, 2)] == [0, 20, 40]


@pytest.mark.parametrize("options, message", [
    ({"players": 9}, '"players" is a whole number from 1 to 8'),
    ({"solitaire": True, "players": 3}, "A solitaire game has one player"),
    ({"mission_decks": 3}, '"mission_decks" is a whole number from 0 to 2'),
    ({"stock_out": "pass"}, '"stock_out" is one of reshuffle, stop'),
    ({"jokers": True}, "has no option 'jokers'"),
])
def test_impossible_options_are_refused_in_words(options, message):
    with pytest.raises(ValueError, match=message):
        GAME.initial_state(options)


def test_solitaire_is_one_player_who_stops_when_the_deck_runs_out():
    state = arrange({"solitaire": True}, hand=NO_MELD)
    assert state["players"] == ["player1"] and state["options"]["stock_out"] == "stop"
    state["discard"] = state["deck"][:-2]
    state["deck"] = state["deck"][-2:]
    after, events = GAME.apply(state, {"type": "discard", "cards": NO_MELD[:3]})
    assert after["over"] == "deck_ran_out" and events[-1]["type"] == "game_over"
    assert len(after["hands"]["player1"]) == 7
    assert GAME.outcome(after).winners == ()  # short of 30 cards: not won


def test_taking_the_top_discard_once_then_melding():
    state = arrange(hand=QUAD[:3] + NO_MELD[:5], discard=["ITA", "NGA"])
    assert [a["type"] for a in GAME.legal_actions(state)][0] == "take"
    taken, events = GAME.apply(state, {"type": "take"})
    assert "NGA" in taken["hands"]["player1"] and taken["discard"] == ["ITA"]
    assert events[0]["text"] == "Player 1 takes Nigeria from the discard pile."
    with pytest.raises(IllegalAction, match="Only one card may be taken"):
        GAME.apply(taken, {"type": "take"})
    after, _ = GAME.apply(taken, {"type": "meld", "cards": QUAD})
    assert len(after["hands"]["player1"]) == 8 and after["to_move"] == "player2"
    assert after["stocks"]["player1"] == ["CHN", "NGA"] and after["discard"] == [
        "ITA", "BRA", "FRA"]


def test_the_meld_keeps_highest_and_lowest_and_announces_its_sum():
    state = arrange(hand=["CHN", "BRA", "FRA", "GAB"] + NO_MELD[:4])
    after, events = GAME.apply(state, {"type": "meld", "cards": ["CHN", "BRA", "FRA", "GAB"]})
    assert after["stocks"]["player1"] == ["CHN", "GAB"]
    assert after["discard"] == ["BRA", "FRA"] and events[0]["sum"] == 175
    assert events[0]["text"] == ("Player 1 melds China 80, Brazil 50, France 40, Gabon 5, "
                                 "sum 175, keeps China 80, Gabon 5 and discards Brazil 50, "
                                 "France 40.")
    assert events[1]["type"] == "mission"  # China is worth 25 or more


def test_melding_is_compulsory_when_possible_unless_the_option_says_not():
    state = arrange(hand=QUAD + NO_MELD[:4])
    verdict = GAME.validate(state, {"type": "discard", "cards": ["SWZ"]})
    assert "can meld four regions" in verdict.reason and "ruling C10" in verdict.reason
    assert not any(a["type"] == "discard" for a in GAME.legal_actions(state))
    state["options"]["must_meld"] = False
    assert GAME.validate(state, {"type": "discard", "cards": ["SWZ"]})


def test_a_player_who_cannot_meld_discards_one_card_or_more():
    state = arrange(hand=NO_MELD)
    after, events = GAME.apply(state, {"type": "discard", "cards": ["SWZ", "LIE", "MNE"]})
    assert after["discard"] == ["SWZ", "LIE", "MNE"] and len(after["hands"]["player1"]) == 8
    assert events[-1]["text"] == "Player 1 draws 3 cards from the deck."
    assert not GAME.validate(state, {"type": "meld", "cards": NO_MELD[:4]})
    assert not GAME.validate(state, {"type": "discard", "cards": ["FRA"]})  # not in hand


def test_play_stops_at_once_when_a_stock_reaches_30_cards():
    stock = [card.code for card in GAME.deck if card.region == "africa"][10:38]
    state = arrange(hand=QUAD + NO_MELD[:4], stock=stock)
    after, events = GAME.apply(state, {"type": "meld", "cards": QUAD})
    assert after["over"] == "stock_full" and len(after["stocks"]["player1"]) == 30
    assert events[-1]["text"].startswith("Play stops (a stock holds enough cards)")
    assert GAME.outcome(after).scores == GAME.scores(after)


def test_with_finish_round_the_round_is_played_to_its_end():
    stock = [card.code for card in GAME.deck if card.region == "africa"][10:38]
    state = arrange({"players": 3, "finish_round": True}, hand=QUAD + NO_MELD[:4],
                    stock=stock)
    after, events = GAME.apply(state, {"type": "meld", "cards": QUAD})
    assert not after["over"] and after["ending"] and events[-1]["type"] == "last_round"
    assert GAME.phase_words(after) == "the last round"
    for seat in ("player2", "player3"):
        assert after["to_move"] == seat
        after, _ = GAME.apply(after, next(a for a in GAME.legal_actions(after)
                                          if a["type"] != "take"))
    assert after["over"] == "stock_full"


def test_an_empty_deck_is_refilled_from_the_discard_pile_less_its_top():
    state = arrange(hand=NO_MELD, discard=["ITA", "PER", "KOR"])
    state["discard"] = state["deck"][:-2] + state["discard"]
    state["deck"] = state["deck"][-2:]
    after, events = GAME.apply(state, {"type": "discard", "cards": ["SWZ", "LIE", "MNE"]})
    assert [e["type"] for e in events] == ["discard", "reshuffle", "draw"]
    assert after["discard"] == ["MNE"] and after["reshuffles"] == 1
    assert card_count(after) == 199 and not after["over"]
    state["options"]["stock_out"] = "stop"
    stopped, _ = GAME.apply(state, {"type": "discard", "cards": ["SWZ", "LIE", "MNE"]})
    assert stopped["over"] == "deck_ran_out" and len(stopped["hands"]["player1"]) == 7


def test_only_the_player_to_move_acts():
    state = arrange(hand=NO_MELD)
    verdict = GAME.validate(state, {"type": "discard", "player": "player2", "cards": ["ITA"]})
    assert verdict.reason == "It is Player 1's turn, not Player 2's."

"""Every worked example of the rules' text, played through the engine."""

import pytest

from companion.games.base import IllegalAction
from companion.games.cards.pairing import paired, score
from tests.games.cards.arrange import GAME, arrange

FILLER = ["SWZ", "LIE", "MNE", "SMR"]  # four cards that make no meld with the examples


def meld(state, cards, **fields):
    return GAME.apply(state, {"type": "meld", "player": "player1", "cards": cards, **fields})


def test_the_meld_summing_28_keeps_mauritius_and_either_of_the_tied_highest():
    # The text: Mauritius (the lowest) with Kuwait and Greece tied highest; in this deck
    # Mauritius 3, the United Arab Emirates and Belgium 10 each, Honduras 5: 28.
    cards = ["MUS", "ARE", "BEL", "HND"]
    state = arrange(hand=cards + FILLER)
    assert GAME.validate(state, {"type": "meld", "cards": cards}).reason.startswith(
        "Cards tie: choose the two to keep")
    for high in ("ARE", "BEL"):
        after, events = meld(state, cards, keep=[high, "MUS"])
        assert events[0]["sum"] == 28 and after["sums"]["player1"] == [1, 28]
        assert sorted(after["stocks"]["player1"]) == sorted([high, "MUS"])
        assert sorted(after["discard"]) == sorted({"ARE", "BEL", "HND"} - {high})
        assert len(after["hands"]["player1"]) == 8 and not after["missions"]["player1"]
    with pytest.raises(IllegalAction, match="keeps its highest and its lowest"):
        meld(state, cards, keep=["ARE", "HND"])


def test_more_than_90_is_met_by_a_sum_of_90_and_the_50_draws_a_new_mission():
    cards = ["BRA", "IRQ", "NLD", "GAB"]  # 50 + 20 + 15 + 5
    state = arrange(hand=cards + FILLER, missions=["more_than_90"], discard=["ITA", "PER"])
    after, events = meld(state, cards, missions=["more_than_90"])
    assert events[0]["sum"] == 90 and sorted(after["stocks"]["player1"]) == sorted(cards)
    assert after["fulfilled"]["player1"] == ["more_than_90"]
    assert len(after["missions"]["player1"]) == 1  # the new one
    assert sorted(events[2]["cards"]) == ["ITA", "PER"]  # two stars: two from the discards


def test_eu_al_pif_with_a_40_draws_a_new_mission():
    cards = ["AUS", "IRQ", "GRC", "KEN"]  # PIF 40, AL 20, EU 15, Kenya 15
    state = arrange(hand=cards + FILLER, missions=["eu_al_pif"])
    after, events = meld(state, cards, missions=["eu_al_pif"])
    assert [e["type"] for e in events][:2] == ["meld", "mission"]
    assert len(after["stocks"]["player1"]) == 4
    without_eu = ["AUS", "IRQ", "NOR", "KEN"]  # Norway is in no organisation
    state = arrange(hand=without_eu + FILLER, missions=["eu_al_pif"])
    assert not GAME.validate(state, {"type": "meld", "cards": without_eu,
                                     "missions": ["eu_al_pif"]})


def test_equality_is_four_tens():
    cards = ["NPL", "GTM", "CHE", "MLI"]
    state = arrange(hand=cards + FILLER, missions=["equality"])
    after, events = meld(state, cards, missions=["equality"])
    assert events[0]["sum"] == 40 and "mission" not in [e["type"] for e in events]
    assert sorted(after["stocks"]["player1"]) == sorted(cards)


def test_africa_is_four_african_cards_in_any_sum():
    cards = ["NGA", "EGY", "KEN", "GAB"]
    state = arrange(hand=cards + FILLER, missions=["africa"])
    after, _ = meld(state, cards, missions=["africa"])
    assert after["fulfilled"]["player1"] == ["africa"]
    assert not GAME.validate(state, {"type": "meld", "cards": cards})  # not four regions


@pytest.mark.parametrize("mission, cards", [
    ("blue_white_red", ["USA", "FRA", "PHL", "ZAF"]),
    ("bicolor", ["CHN", "POL", "MAR", "PER"]),
])
def test_the_flag_examples_with_an_80_draw_a_new_mission(mission, cards):
    state = arrange(hand=cards + FILLER, missions=[mission])
    after, events = meld(state, cards, missions=[mission])
    assert max(GAME.deck.card(c).value for c in cards) == 80
    assert events[1]["type"] == "mission" and len(after["missions"]["player1"]) == 1


def test_the_pairing_example_drops_canada_and_iraq():
    stock = ["CAN", "MEX", "GTM", "FRA", "DEU", "DNK", "IRQ"]
    kept = ["MEX", "GTM", "FRA", "DEU", "DNK"]
    assert paired(GAME.deck, stock, {"maritime_pairs": False}) == kept
    assert score(GAME.deck, stock, {"maritime_pairs": False}) == 40 + 10 + 40 + 40 + 10
    # By sea Canada meets Denmark (Greenland) and France (Saint-Pierre): ruling C7's option.
    assert paired(GAME.deck, stock, {"maritime_pairs": True}) == ["CAN", *kept]
    state = arrange(stock=stock)
    assert GAME.scores(state)["player1"] == 140
    assert GAME.scores(arrange({"maritime_pairs": True}, stock=stock))["player1"] == 180

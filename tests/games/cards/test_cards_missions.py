"""Each of the 20 missions fulfilled, and failed, through the engine; the refills by
stars (rulings C8, C9)."""

import random

import pytest

from companion.cards.deck import load_missions
from companion.cards.missions import meld_fulfils
from tests.games.cards.arrange import GAME, arrange, card_count

MISSIONS = {mission["id"]: mission for mission in load_missions()}
DISCARDS = ["ITA", "PER", "SOM", "KOR", "ESP", "IRN"]  # a discard pile to refill from
FILLER = ["SWZ", "LIE", "MNE", "SMR"]  # the rest of the hand
REPEAT_SUM = 40


def four_cards(mission, fulfilling, seed=19):
    """Four cards of the mission's form that fulfil it (or, if not ``fulfilling``, do not),
    found by seeded random draws; none of the discard pile's or the filler's."""
    rng = random.Random(seed)
    pool = [card for card in GAME.deck if card.code not in DISCARDS + FILLER]
    if mission["form"] == "single_region":
        own = [card for card in pool if card.region == mission["region"]]
        others = [card for card in pool if card.region != mission["region"]]
        return [c.code for c in rng.sample(own, 4 if fulfilling else 3)
                + ([] if fulfilling else rng.sample(others, 1))]
    if "flag" in mission["test"] and fulfilling:
        return [c.code for c in rng.sample([c for c in pool
                                            if mission["test"]["flag"] in c.flag], 4)]
    by_region = {}
    for card in pool:
        by_region.setdefault(card.region, []).append(card)
    for _ in range(200_000):
        cards = ([rng.choice(cards) for cards in by_region.values()]
                 if mission["form"] == "quad" else rng.sample(pool, 4))
        if meld_fulfils(mission, cards, REPEAT_SUM) == fulfilling:
            return [card.code for card in cards]
    raise AssertionError(f"no meld found for {mission['id']}")


def set_up(mission_id, cards):
    state = arrange(hand=cards + FILLER, missions=[mission_id],
                    discard=DISCARDS)
    state["sums"]["player2"] = [1, REPEAT_SUM]  # the sum a Repeat repeats
    return state


@pytest.mark.parametrize("mission_id", MISSIONS)
def test_each_mission_is_fulfilled_and_refills_by_its_stars(mission_id):
    mission = MISSIONS[mission_id]
    cards = four_cards(mission, True)
    state = set_up(mission_id, cards)
    action = {"type": "meld", "player": "player1", "cards": cards, "missions": [mission_id]}
    listed = [a for a in GAME.legal_actions(state) if a.get("missions") == [mission_id]
              and sorted(a["cards"]) == sorted(cards)]
    assert len(listed) == 1
    refill = {1: 0, 2: 2, 3: 4}[mission["stars"]]
    if refill:
        action["refill"] = DISCARDS[:refill]
    after, events = GAME.apply(state, action)
    assert sorted(after["stocks"]["player1"]) == sorted(cards)
    assert after["fulfilled"]["player1"] == [mission_id]
    assert len(after["hands"]["player1"]) == 8 and card_count(after) == 199
    assert set(DISCARDS[:refill]) <= set(after["hands"]["player1"])
    assert after["discard"] == DISCARDS[refill:]
    high = max(GAME.deck.card(code).value for code in cards) >= 25
    assert len(after["missions"]["player1"]) == (1 if high else 0)


@pytest.mark.parametrize("mission_id", MISSIONS)
def test_each_mission_refuses_a_meld_that_fails_it(mission_id):
    mission = MISSIONS[mission_id]
    cards = four_cards(mission, False)
    state = set_up(mission_id, cards)
    verdict = GAME.validate(state, {"type": "meld", "player": "player1", "cards": cards,
                                    "missions": [mission_id], "refill": DISCARDS[:4]})
    assert not verdict and mission["title"] in verdict.reason
    assert not any(a.get("missions") and sorted(a["cards"]) == sorted(cards)
                   for a in GAME.legal_actions(state))


def test_repeat_repeats_the_latest_opponent_and_in_solitaire_the_player():
    cards = four_cards(MISSIONS["repeat"], True)
    state = set_up("repeat", cards)
    state["sums"]["player1"] = [2, 7]  # the player's own later meld does not count
    assert GAME.previous_sum(state, "player1") == REPEAT_SUM
    solo = arrange({"solitaire": True}, hand=cards)
    solo["sums"]["player1"] = [1, REPEAT_SUM]
    assert GAME.previous_sum(solo, "player1") == REPEAT_SUM


def test_the_refill_is_chosen_from_the_whole_pile_and_counted():
    cards = ["NGA", "EGY", "KEN", "GAB"]
    state = set_up("africa", cards)
    base = {"type": "meld", "player": "player1", "cards": cards, "missions": ["africa"]}
    assert GAME.validate(state, {**base, "refill": ["ITA", "IRN"]})  # any two of the pile
    assert "Choose the 2 cards" in GAME.validate(state, base).reason
    assert "not 1" in GAME.validate(state, {**base, "refill": ["ITA"]}).reason
    assert "not in the discard pile" in GAME.validate(state, {**base,
                                                              "refill": ["ITA", "FRA"]}).reason


def test_without_top_up_a_refill_from_the_discards_is_the_whole_refill():
    cards = ["NGA", "EGY", "KEN", "GAB"]
    state = arrange({"refill_top_up": False}, hand=cards + FILLER,
                    missions=["africa"], discard=DISCARDS)
    after, _ = GAME.apply(state, {"type": "meld", "cards": cards, "missions": ["africa"],
                                  "refill": ["ITA", "PER"]})
    assert len(after["hands"]["player1"]) == 6
    topped, _ = GAME.apply(set_up("africa", cards), {"type": "meld", "cards": cards,
                                                     "missions": ["africa"],
                                                     "refill": ["ITA", "PER"]})
    assert len(topped["hands"]["player1"]) == 8


def test_a_short_discard_pile_gives_what_it_has():
    cards = ["NPL", "GTM", "CHE", "MLI"]
    state = arrange(hand=cards, missions=["equality"], discard=["ITA"])
    after, events = GAME.apply(state, {"type": "meld", "cards": cards,
                                       "missions": ["equality"]})
    assert events[1]["cards"] == ["ITA"] and len(after["hands"]["player1"]) == 8


def test_one_meld_fulfils_one_mission_unless_the_option_allows_more():
    cards = ["AUS", "IRQ", "GRC", "KEN"]  # EU, AL, PIF and EU+AL+PIF at once
    both = {"type": "meld", "cards": cards, "missions": ["eu", "eu_al_pif"],
            "refill": DISCARDS[:2]}
    state = arrange(hand=cards, missions=["eu", "eu_al_pif"], discard=DISCARDS)
    assert "at most 1 mission (ruling C9)" in GAME.validate(state, both).reason
    state["options"]["missions_per_meld"] = 2
    after, _ = GAME.apply(state, both)
    assert sorted(after["fulfilled"]["player1"]) == ["eu", "eu_al_pif"]


def test_a_mission_not_held_cannot_be_fulfilled():
    cards = ["NGA", "EGY", "KEN", "GAB"]
    state = arrange(hand=cards)
    verdict = GAME.validate(state, {"type": "meld", "cards": cards, "missions": ["africa"]})
    assert verdict.reason == "Player 1 holds no mission Africa to fulfil."

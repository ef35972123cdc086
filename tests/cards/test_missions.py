"""The ONE WORLD mission deck: the 20 missions the rules list, each one's success and
failure on real cards, and stars that follow the measured difficulty (ruling C4)."""

from __future__ import annotations

import importlib.util
import itertools
from collections import Counter

import pytest

from companion.cards.deck import DATA_DIR, REGION_COLOURS, load_deck, load_missions
from companion.cards.missions import meld_fulfils

ROOT = DATA_DIR.parent.parent.parent


def _tool(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def deck():
    return load_deck()


@pytest.fixture(scope="module")
def missions():
    return {mission["id"]: mission for mission in load_missions()}


def cards(deck, *codes):
    return [deck.card(code) for code in codes]


def quad_summing(deck, total):
    """The first quad (one card per region, in the deck's order) whose values sum to total."""
    columns = [[c for c in deck if c.region == region] for region in REGION_COLOURS]
    return next(list(quad) for quad in itertools.product(*columns)
                if sum(c.value for c in quad) == total)


def test_twenty_missions_of_the_three_forms(missions):
    assert len(missions) == 20
    assert Counter(m["form"] for m in missions.values()) == {
        "quad": 10, "single_region": 4, "any_regions": 6}
    assert all(m["stars"] in (1, 2, 3) for m in missions.values())
    assert set(Counter(m["stars"] for m in missions.values())) == {1, 2, 3}


def test_more_than_90_takes_a_sum_of_exactly_90(deck, missions):
    """The text's example of "More than 90" sums to 90 (ruling C3: bounds inclusive)."""
    assert meld_fulfils(missions["more_than_90"], quad_summing(deck, 90))
    assert not meld_fulfils(missions["more_than_90"], quad_summing(deck, 89))


@pytest.mark.parametrize(("mission", "fulfils", "fails"), [
    ("less_than_30", 30, 31), ("less_than_50", 50, 51), ("more_than_50", 50, 49)])
def test_sum_missions(deck, missions, mission, fulfils, fails):
    assert meld_fulfils(missions[mission], quad_summing(deck, fulfils))
    assert not meld_fulfils(missions[mission], quad_summing(deck, fails))


def test_a_sum_mission_needs_four_regions(deck, missions):
    assert not meld_fulfils(missions["less_than_50"], cards(deck, "LIE", "AND", "SMR", "MCO"))


def test_organisation_missions(deck, missions):
    meld = cards(deck, "JPN", "TON", "DEU", "NGA")
    assert meld_fulfils(missions["eu"], meld) and meld_fulfils(missions["pif"], meld)
    assert not meld_fulfils(missions["al"], meld)
    assert not meld_fulfils(missions["eu_al_pif"], meld)
    assert meld_fulfils(missions["eu_al_pif"], cards(deck, "QAT", "TON", "DEU", "NGA"))
    assert meld_fulfils(missions["al"], cards(deck, "JPN", "TON", "DEU", "EGY"))


def test_equality(deck, missions):
    assert meld_fulfils(missions["equality"], cards(deck, "ARE", "NZL", "CHE", "MLI"))
    assert not meld_fulfils(missions["equality"], cards(deck, "ARE", "NZL", "CHE", "GAB"))


def test_repeat_matches_the_latest_opponents_sum(deck, missions):
    meld = cards(deck, "ARE", "NZL", "CHE", "MLI")
    assert meld_fulfils(missions["repeat"], meld, previous_sum=40)
    assert not meld_fulfils(missions["repeat"], meld, previous_sum=41)
    assert not meld_fulfils(missions["repeat"], meld)


def test_single_region_missions(deck, missions):
    africa = cards(deck, "NGA", "EGY", "KEN", "GHA")
    assert meld_fulfils(missions["africa"], africa)
    assert not meld_fulfils(missions["europe"], africa)
    assert not meld_fulfils(missions["africa"], cards(deck, "NGA", "EGY", "KEN", "FRA"))


def test_flag_missions_ignore_regions(deck, missions):
    tricolours = cards(deck, "FRA", "USA", "RUS", "THA")
    assert meld_fulfils(missions["blue_white_red"], tricolours)
    assert not meld_fulfils(missions["bicolor"], tricolours)
    assert meld_fulfils(missions["bicolor"], cards(deck, "JPN", "PER", "POL", "TUN"))
    assert not meld_fulfils(missions["bicolor"], cards(deck, "JPN", "PER", "POL", "FRA"))


def test_stars_follow_the_recorded_hand_shares(missions):
    build = _tool("build_missions")
    cuts = build.star_cuts([m["hand_share"] for m in missions.values()])
    assert all(m["stars"] == build.stars(m["hand_share"], cuts) for m in missions.values())
    easiest = max(missions.values(), key=lambda m: m["hand_share"])
    hardest = min(missions.values(), key=lambda m: m["hand_share"])
    assert (easiest["stars"], hardest["stars"]) == (1, 3)


def test_star_cuts_fall_in_the_widest_gaps():
    build = _tool("build_missions")
    assert build.star_cuts([0.01, 0.012, 0.1, 0.11, 0.5, 0.55]) == [0.1, 0.5]
    assert [build.stars(s, [0.1, 0.5]) for s in (0.01, 0.1, 0.5)] == [3, 2, 1]

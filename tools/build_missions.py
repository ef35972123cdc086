"""Build the ONE WORLD mission deck, ``companion/data/cards/missions.json``, and rate its stars.

    python tools/build_missions.py

The rules list the 20 missions and say *"A number of stars, from one to three, indicates
the difficulty of the mission"* without giving them. Each mission's difficulty is
measured on the shipped country deck by dealing random 8-card hands (the size of a hand)
and counting the share that hold four cards fulfilling it (``hand_share``); the share of
random melds of the mission's form that fulfil it (``meld_share``) is recorded beside it.
Stars follow ``hand_share``, cut at its two widest gaps (ruling C4, docs/rulings.md).
Seeded: the same deck gives the same file.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.cards.deck import MISSIONS_PATH, REGION_COLOURS, load_deck  # noqa: E402
from companion.cards.missions import meld_fulfils  # noqa: E402

HAND_SIZE = 8
MELD_SIZE = 4
SEED = 19
TRIALS = 4000
STAR_LEVELS = 3

QUAD = "quad"
MISSIONS: tuple[dict, ...] = (
    {"id": "less_than_30", "title": "Less than 30", "form": QUAD,
     "test": {"sum": "below", "limit": 30, "inclusive": True}},
    {"id": "less_than_50", "title": "Less than 50", "form": QUAD,
     "test": {"sum": "below", "limit": 50, "inclusive": True}},
    {"id": "more_than_50", "title": "More than 50", "form": QUAD,
     "test": {"sum": "above", "limit": 50, "inclusive": True}},
    {"id": "more_than_90", "title": "More than 90", "form": QUAD,
     "test": {"sum": "above", "limit": 90, "inclusive": True}},
    {"id": "eu", "title": "EU", "form": QUAD, "test": {"organisations": ["EU"]}},
    {"id": "al", "title": "AL", "form": QUAD, "test": {"organisations": ["AL"]}},
    {"id": "pif", "title": "PIF", "form": QUAD, "test": {"organisations": ["PIF"]}},
    {"id": "eu_al_pif", "title": "EU+AL+PIF", "form": QUAD,
     "test": {"organisations": ["EU", "AL", "PIF"]}},
    {"id": "equality", "title": "Equality", "form": QUAD, "test": {"equal_values": True}},
    {"id": "repeat", "title": "Repeat", "form": QUAD, "test": {"repeat_sum": True}},
    {"id": "africa", "title": "Africa", "form": "single_region", "region": "africa",
     "test": {}},
    {"id": "europe", "title": "Europe", "form": "single_region", "region": "europe",
     "test": {}},
    {"id": "asia", "title": "Asia", "form": "single_region", "region": "asia", "test": {}},
    {"id": "americas_pacific", "title": "Americas-Pacific", "form": "single_region",
     "region": "americas_oceania", "test": {}},
    {"id": "blue_white_red", "title": "Blue-White-Red", "form": "any_regions",
     "test": {"flag": "blue_white_red"}},
    {"id": "red_yellow_green", "title": "Red-Yellow-Green", "form": "any_regions",
     "test": {"flag": "red_yellow_green"}},
    {"id": "lonely_star", "title": "Lonely Star", "form": "any_regions",
     "test": {"flag": "lonely_star"}},
    {"id": "cross_crescent", "title": "Cross & Crescent", "form": "any_regions",
     "test": {"flag": "cross_crescent"}},
    {"id": "three_stripes", "title": "3 Stripes", "form": "any_regions",
     "test": {"flag": "three_stripes"}},
    {"id": "bicolor", "title": "Bicolor", "form": "any_regions", "test": {"flag": "bicolor"}},
)


def random_meld(form: str, region: str | None, deck, rng: random.Random) -> list:
    """Four random cards of a mission's form."""
    if form == QUAD:
        return [rng.choice([c for c in deck if c.region == r]) for r in REGION_COLOURS]
    pool = [c for c in deck if form != "single_region" or c.region == region]
    return rng.sample(pool, MELD_SIZE)


def measure(deck, trials: int, seed: int) -> dict[str, dict[str, float]]:
    """Each mission's ``hand_share`` and ``meld_share`` over ``trials`` random deals."""
    rng = random.Random(seed)
    cards = list(deck)
    hands = {m["id"]: 0 for m in MISSIONS}
    melds = {m["id"]: 0 for m in MISSIONS}
    for _ in range(trials):
        previous = sum(c.value for c in random_meld(QUAD, None, cards, rng))
        groups = list(combinations(rng.sample(cards, HAND_SIZE), MELD_SIZE))
        for mission in MISSIONS:
            if any(meld_fulfils(mission, group, previous) for group in groups):
                hands[mission["id"]] += 1
            meld = random_meld(mission["form"], mission.get("region"), cards, rng)
            melds[mission["id"]] += meld_fulfils(mission, meld,
                                                 sum(c.value for c in random_meld(
                                                     QUAD, None, cards, rng)))
    return {key: {"hand_share": round(hands[key] / trials, 4),
                  "meld_share": round(melds[key] / trials, 4)} for key in hands}


def star_cuts(shares: list[float]) -> list[float]:
    """The hand shares that start the 2- and 1-star bands: the two widest gaps.

    The missions sorted by ``hand_share`` are cut where the ratio between neighbours is
    largest (the widest gaps in log scale), so that each band holds missions of like
    difficulty and no threshold is chosen by hand.
    """
    ordered = sorted(shares)
    gaps = sorted(range(1, len(ordered)),
                  key=lambda i: math.log(ordered[i]) - math.log(ordered[i - 1]), reverse=True)
    return sorted(ordered[i] for i in gaps[:STAR_LEVELS - 1])


def stars(hand_share: float, cuts: list[float]) -> int:
    """One to three stars: one for the easiest band, three for the hardest."""
    return STAR_LEVELS - sum(hand_share >= cut for cut in cuts)


def main(argv: list[str] | None = None) -> int:
    """Measure every mission on the shipped deck and write the mission deck."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=TRIALS)
    parser.add_argument("--out", type=Path, default=MISSIONS_PATH)
    args = parser.parse_args(argv)
    figures = measure(load_deck(), args.trials, SEED)
    cuts = star_cuts([figure["hand_share"] for figure in figures.values()])
    missions = [{**mission, **figures[mission["id"]],
                 "stars": stars(figures[mission["id"]]["hand_share"], cuts)}
                for mission in MISSIONS]
    document = {
        "about": "One ONE WORLD mission deck (a game may use two copies): built by "
                 "tools/build_missions.py; fields and stars in docs/games/oneworld-cards.md.",
        "measured": {"trials": args.trials, "seed": SEED, "hand_size": HAND_SIZE,
                     "two_stars_from": cuts[0], "one_star_from": cuts[1]},
        "missions": missions,
    }
    args.out.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n",
                        encoding="utf-8")
    for mission in missions:
        print(f"{mission['title']:<18} hand {mission['hand_share']:6.1%}  "
              f"meld {mission['meld_share']:6.1%}  {'*' * mission['stars']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

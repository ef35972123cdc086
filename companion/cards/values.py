"""Card values: a geopolitical score from area, population and GDP, then the annex's table.

The rules say a card's value *"represents a geopolitical factor computed from the area,
the population and the GDP of the country"* and give, in the annex, how many cards of
each region carry each value. The score is the mean of the three figures' logarithmic
shares of the deck's total:

    score = (log10(area / Σarea) + log10(population / Σpopulation) + log10(GDP / ΣGDP)) / 3

so a country ten times larger in all three scores one more. Within each region the cards,
ranked by score (highest first, ties by code), take the table's values from the top:
the count per region and value is then exactly the table's (docs/games/oneworld-cards.md).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from pathlib import Path

# The regions, in the annex table's column order.
REGIONS: tuple[str, ...] = ("asia", "americas_oceania", "europe", "africa")

# Ruling C1 (docs/rulings.md): the table's cells add up to 200 cards, the text says 199.
# This is the one cell that holds a card too many: (region, value).
SURPLUS_CELL: tuple[str, int] = ("americas_oceania", 0)


def geopolitical_scores(figures: Mapping[str, tuple[float, float, float]]) -> dict[str, float]:
    """Each card's score from its (area km², population, GDP US$); see the module doc.

    A figure that is missing or zero (the Vatican's GDP is not published) counts as the
    smallest one reported for any card, so it neither breaks the logarithm nor lifts the card.
    """
    columns = list(zip(*figures.values(), strict=True))
    floors = [min(x for x in column if x and x > 0) for column in columns]
    filled = {code: [max(x or 0.0, floor) for x, floor in zip(row, floors, strict=True)]
              for code, row in figures.items()}
    totals = [sum(row[i] for row in filled.values()) for i in range(3)]
    return {code: sum(math.log10(x / total) for x, total in zip(row, totals, strict=True)) / 3
            for code, row in filled.items()}


def table_counts(path: Path, surplus: tuple[str, int] | None = SURPLUS_CELL
                 ) -> dict[str, dict[int, int]]:
    """The annex table as {region: {value: count}}, less one card in the ``surplus`` cell."""
    table = json.loads(path.read_text(encoding="utf-8"))
    counts = {region: {int(value): row[i] for value, row in table["rows"].items() if row[i]}
              for i, region in enumerate(table["regions"])}
    if surplus is not None:
        region, value = surplus
        counts[region][value] -= 1
    return counts


def assign_values(regions: Mapping[str, str], scores: Mapping[str, float],
                  counts: Mapping[str, Mapping[int, int]]) -> dict[str, int]:
    """Give each region's cards, best score first, the region's values from the highest.

    Raises ValueError when a region's card count differs from its column's total.
    """
    values: dict[str, int] = {}
    for region in REGIONS:
        ranked = sorted((code for code, r in regions.items() if r == region),
                        key=lambda code: (-scores[code], code))
        ladder = [value for value in sorted(counts[region], reverse=True)
                  for _ in range(counts[region][value])]
        if len(ladder) != len(ranked):
            raise ValueError(f"{region}: {len(ranked)} cards, the table has {len(ladder)}")
        values.update(zip(ranked, ladder, strict=True))
    return values

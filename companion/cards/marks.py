"""Which printed mark names which card: ``companion/data/cards/marks.json``.

Every printed ONE WORLD card carries one ArUco marker (twice, in opposite corners) so a
camera can tell the card from any side and rotation. The markers come from a dictionary
nothing else the project prints uses (boards and field sheets use ``DICT_4X4_50``, the
ChArUco target ``DICT_5X5_100``), so a card is never taken for a board's corner. Country
cards and missions have fixed ids, kept in the data file so that a rebuilt deck keeps them
(``tools/build_marks.py``); the two mission decks print the same mark for the same mission.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from companion.cards.deck import DATA_DIR

MARKS_PATH = DATA_DIR / "marks.json"


@dataclass(frozen=True)
class Marks:
    """The dictionary's OpenCV name and the marker id of every card."""

    dictionary: str
    countries: dict[str, int]  # card code -> marker id
    missions: dict[str, int]  # mission id -> marker id

    def identify(self, marker_id: int) -> tuple[str, str] | None:
        """What a marker seen on the table names: ``("country", code)`` or
        ``("mission", mission id)``; None for an id no card has."""
        for kind, table in (("country", self.countries), ("mission", self.missions)):
            for key, value in table.items():
                if value == marker_id:
                    return kind, key
        return None


@cache
def load_marks(path: Path = MARKS_PATH) -> Marks:
    """The marks of ``marks.json``."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return Marks(data["dictionary"], dict(data["countries"]), dict(data["missions"]))

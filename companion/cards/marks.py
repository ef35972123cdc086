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

# Where a card's marks are printed (calibration/printables/cards.py draws them there; the
# camera, companion/vision/card_marks.py, works back from a mark to its card), in mm.
CARD_W, CARD_H = 63.0, 88.0  # poker size
MARK_MM = 10.0  # the marker's side (8 cells of 1.25 mm)
MARK_INSET_MM = 1.5  # from the card's edges to the marker
QUIET_MM = 1.0  # white round the marker
BAND_MM = 13.0  # the coloured band across the card's top, under the top-right mark
MARK_PLACES = ("top-right", "bottom-left")
"""The two marks: the top-right one upright, the bottom-left one turned half a turn."""


def card_centre_from_mark() -> tuple[float, float]:
    """Where the card's centre is, in mm, in a mark's own frame (its top-left corner at
    the origin, x along its top edge, y down it): the same for both marks, the card
    being symmetric under the half turn that takes one mark to the other."""
    return MARK_INSET_MM + MARK_MM - CARD_W / 2, CARD_H / 2 - MARK_INSET_MM


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

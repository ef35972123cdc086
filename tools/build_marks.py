"""Give every ONE WORLD card a marker id: ``companion/data/cards/marks.json``.

    python tools/build_marks.py

Ids already in the file are kept (a card printed once keeps its mark); a new country card
takes the lowest free id below ``MISSIONS_FROM``, in code order, and a new mission the
lowest free id from ``MISSIONS_FROM``. A card no longer in the deck loses its id. The
output is deterministic.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.cards.deck import load_deck, load_missions  # noqa: E402
from companion.cards.marks import MARKS_PATH  # noqa: E402

DICTIONARY = "DICT_6X6_250"  # 250 ids; a dictionary no board, sheet or target uses
MISSIONS_FROM = 200  # country cards take ids below, missions from here
DICTIONARY_SIZE = 250


def assign(keys: list[str], kept: dict[str, int], first: int, end: int) -> dict[str, int]:
    """``kept`` ids for the keys that have one, the lowest free ids from ``first`` for
    the others (in order); ids run below ``end``."""
    result = {key: kept[key] for key in keys if key in kept}
    free = (i for i in range(first, end) if i not in result.values())
    for key in keys:
        if key not in result:
            result[key] = next(free)
    return dict(sorted(result.items(), key=lambda item: item[1]))


def main() -> int:
    old = (json.loads(MARKS_PATH.read_text(encoding="utf-8")) if MARKS_PATH.exists()
           else {"countries": {}, "missions": {}})
    codes = sorted(card.code for card in load_deck())
    missions = [mission["id"] for mission in load_missions()]
    data = {
        "about": "ONE WORLD cards' ArUco marker ids (printed twice on each card): built by "
                 "tools/build_marks.py; see docs/games/oneworld-cards.md, Printing the deck.",
        "dictionary": DICTIONARY,
        "countries": assign(codes, old["countries"], 0, MISSIONS_FROM),
        "missions": assign(missions, old["missions"], MISSIONS_FROM, DICTIONARY_SIZE),
    }
    MARKS_PATH.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n",
                          encoding="utf-8")
    print(f"{len(codes)} country cards and {len(missions)} missions in {MARKS_PATH.name}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())

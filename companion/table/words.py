"""What stands on a space, in the words the players use: "empty", "white", "Red 1 and
the blue orb", "a BORG Stone".

The table asks about a space it cannot read ("Is C4 empty or white?"), so it needs a
space's content (a value of ``Game.view``) in words. The words follow each game's own:
ONE and Go name a stone by its colour, as their moves do ("White places on C4");
ONSLAUGHT names its pieces as ``Red 1``; OneWorld writes a side in capitals and an
aspect with a capital ("BORG moves a Fog"). A game not listed here gets plain words
made from its content's keys.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.games.onslaught_state import label

EMPTY = "empty"


def content_words(game: str, content: Any) -> str:
    """Return ``content`` (what ``game``'s view holds for one space) in words."""
    if content is None:
        return EMPTY
    words = _WORDS.get(game, _plain)(content)
    return words or EMPTY


def joined(items: Sequence[str], last: str = "and") -> str:
    """``["a", "b", "c"]`` → ``a, b and c`` (``last="or"``: ``a, b or c``)."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def _stone(content: Any) -> str:
    return str(content)


def _square(content: Any) -> str:
    """ONSLAUGHT: ``{"pieces": ["red1"], "orbs": ["blue"], "token": "red"}`` →
    ``Red 1, the blue orb and a red token``."""
    if not isinstance(content, Mapping):
        return str(content)
    parts = [label(piece) for piece in content.get("pieces", [])]
    parts += [f"the {orb} orb" for orb in content.get("orbs", [])]
    if content.get("token"):
        parts.append(f"a {content['token']} token")
    return joined(parts)


def _hex(content: Any) -> str:
    """OneWorld: the top counter (``a BORG Stone``) or a stack (``a stack of BORG
    Stones``; side or face left out where the stack's counters do not share it)."""
    if not isinstance(content, Mapping):
        return str(content)
    side = str(content["side"]).upper() if content.get("side") else ""
    face = str(content["face"]).capitalize() if content.get("face") else ""
    if not content.get("stack"):
        return " ".join(["a", *filter(None, [side, face or "counter"])])
    if face:
        return " ".join(["a stack of", *filter(None, [side, face + "s"])])
    return f"a {side} stack" if side else "a stack"


def _plain(content: Any) -> str:
    """Any other game: each key with its value (``pieces red1; orbs blue``)."""
    if not isinstance(content, Mapping):
        return str(content)
    return "; ".join(f"{key} {', '.join(map(str, value)) if isinstance(value, list) else value}"
                     for key, value in content.items() if value not in (None, [], False))


_WORDS: dict[str, Callable[[Any], str]] = {
    "one": _stone,
    "go": _stone,
    "onslaught": _square,
    "oneworld": _hex,
}

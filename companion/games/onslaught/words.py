"""What stands on an ONSLAUGHT square, in the players' words (``Game.piece_words``):
``{"pieces": ["red1"], "orbs": ["blue"], "token": "red"}`` → ``Red 1, the blue orb and
a red token``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.onslaught.state import label
from companion.games.words import joined


def square_words(content: Any) -> str:
    """Return a square's content (a value of ``Onslaught.view``) in words."""
    if not isinstance(content, Mapping):
        return str(content)
    parts = [label(piece) for piece in content.get("pieces", [])]
    parts += [f"the {orb} orb" for orb in content.get("orbs", [])]
    if content.get("token"):
        parts.append(f"a {content['token']} token")
    return joined(parts)

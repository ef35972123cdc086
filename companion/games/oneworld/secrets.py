"""Secret choices by commitment: each side commits to a hidden choice, then reveals it.

OneWorld's transformations (8.21) and a god's combat (10.4) need choices the other player
must not see before his own is fixed. The engine keeps no secrets: a ``commit`` action
carries only ``sha256(salt + ":" + choice)``; once both sides have committed, ``reveal``
carries the choice and the salt, and the engine checks them against the commitment. The
plain choice is never in the state, the journal or the API before both have committed,
and the engine stays a pure function of its record. A player's phone makes the
commitment with ``seal`` and keeps the salt until it reveals.

Choices are written as aspect counts ``{"stone": 2, "fog": 1}`` for a stack of children
or as one aspect, ``"blade"``, for a child attacking a god.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from collections.abc import Mapping
from typing import Any

SALT_MIN = 16
_HEX64 = re.compile(r"[0-9a-f]{64}")


def canonical(choice: str | Mapping[str, int]) -> str:
    """Return the one text a choice is hashed as: the aspect, or the counts of all three
    aspects as compact JSON with sorted keys (``{"blade":0,"fog":1,"stone":2}``)."""
    if isinstance(choice, str):
        return choice
    counts = {aspect: int(choice.get(aspect, 0)) for aspect in ("blade", "fog", "stone")}
    return json.dumps(counts, sort_keys=True, separators=(",", ":"))


def commitment(choice: str | Mapping[str, int], salt: str) -> str:
    """Return the commitment to ``choice`` under ``salt`` (64 hex digits)."""
    return hashlib.sha256(f"{salt}:{canonical(choice)}".encode()).hexdigest()


def new_salt() -> str:
    """Return a fresh random salt (32 hex digits): keep it secret until the reveal."""
    return secrets.token_hex(16)


def seal(player: str, choice: str | Mapping[str, int], salt: str | None = None) -> dict[str, Any]:
    """Return what a client needs: the ``commit`` action to send now, and the ``reveal``
    action to keep hidden and send once both sides have committed."""
    salt = salt if salt is not None else new_salt()
    if len(salt) < SALT_MIN:
        raise ValueError(f"A salt needs at least {SALT_MIN} characters to keep a choice secret.")
    plain: Any = choice if isinstance(choice, str) else dict(choice)
    return {
        "commit": {"type": "commit", "player": player, "commitment": commitment(choice, salt)},
        "reveal": {"type": "reveal", "player": player, "choice": plain, "salt": salt},
    }


def is_commitment(value: Any) -> bool:
    return isinstance(value, str) and _HEX64.fullmatch(value) is not None


def matches(committed: str, choice: Any, salt: Any) -> bool:
    """Return whether ``choice`` and ``salt`` are what ``committed`` was made from."""
    if not isinstance(salt, str) or not isinstance(choice, str | Mapping):
        return False
    try:
        made = commitment(choice, salt)
    except (TypeError, ValueError):
        return False
    return hmac.compare_digest(made, committed)

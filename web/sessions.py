"""Who each phone at the table is: a server-side map of random session ids to a role.

A phone that joins gets a session id in a cookie; the server keeps, for that id, the
role (the referee, a player in a seat, a watcher). The id is 32 random bytes from
``secrets``, so it cannot be guessed; the cookie outlives a lost Wi-Fi, so a phone that
comes back is in its seat again. With a ``path`` the sessions are also kept in a file
(owner-only, 0600) so that a restarted server keeps every phone in its seat; the file
holds only SHA-256 digests of the ids, so reading it gives no one a cookie.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import threading
from dataclasses import asdict, dataclass
from pathlib import Path

REFEREE = "referee"
PLAYER = "player"
WATCHER = "watcher"
ROLES = (REFEREE, PLAYER, WATCHER)

SESSION_BYTES = 32
MAX_SESSIONS = 200
"""Joined phones kept at most; past it the one that joined longest ago is forgotten (a
table has a dozen phones: this only bounds a phone that joins again and again)."""


@dataclass(frozen=True)
class Member:
    """One joined phone: its role and its seat (a game's player name), if it sits: a
    player always, the referee when they play too, a watcher never."""

    role: str
    seat: str | None = None

    def to_json(self) -> dict[str, str | None]:
        return asdict(self)


class SeatTaken(ValueError):
    """The seat is held by another phone; the referee can free it."""


class Sessions:
    """The joined phones, by session id; thread-safe."""

    def __init__(self, path: str | Path | None = None) -> None:
        self._path = Path(path) if path else None
        self._lock = threading.Lock()
        self._members: dict[str, Member] = self._load()

    def get(self, session_id: str | None) -> Member | None:
        """The member a cookie's session id is, or ``None`` for an unknown id."""
        if not session_id:
            return None
        with self._lock:
            return self._members.get(_digest(session_id))

    def join(self, member: Member, session_id: str | None = None) -> str:
        """Make (or, for a known ``session_id``, change) a member; return its session id.

        A seat held by another session raises ``SeatTaken``."""
        with self._lock:
            key = _digest(session_id) if session_id else None
            if member.seat is not None:
                holder = self._holder(member.seat)
                if holder is not None and holder != key:
                    raise SeatTaken(f"The {member.seat} seat is taken by another phone; "
                                    "the referee can free it.")
            if key is None or key not in self._members:
                session_id = secrets.token_urlsafe(SESSION_BYTES)
                key = _digest(session_id)
                while len(self._members) >= MAX_SESSIONS:
                    del self._members[next(iter(self._members))]
            self._members[key] = member
            self._save()
        assert session_id is not None
        return session_id

    def leave(self, session_id: str) -> None:
        """Forget a session (the phone left the table)."""
        with self._lock:
            if self._members.pop(_digest(session_id), None) is not None:
                self._save()

    def free(self, seat: str) -> bool:
        """Take ``seat`` from the phone holding it (a player then watches, a referee
        stays the referee); ``False`` if no one sat there."""
        with self._lock:
            holder = self._holder(seat)
            if holder is None:
                return False
            role = self._members[holder].role
            self._members[holder] = Member(WATCHER if role == PLAYER else role)
            self._save()
            return True

    def members(self) -> list[Member]:
        """Every joined phone, in the order they joined."""
        with self._lock:
            return list(self._members.values())

    def _holder(self, seat: str) -> str | None:
        for key, member in self._members.items():
            if member.seat == seat:
                return key
        return None

    def _load(self) -> dict[str, Member]:
        if self._path is None or not self._path.exists():
            return {}
        try:
            stored = json.loads(self._path.read_text(encoding="utf-8"))
            return {key: Member(value["role"], value.get("seat"))
                    for key, value in stored.items() if value.get("role") in ROLES}
        except (OSError, ValueError, TypeError, KeyError, AttributeError):
            return {}  # an unreadable file: every phone joins again, nothing worse

    def _save(self) -> None:
        if self._path is None:
            return
        self._path.parent.mkdir(parents=True, exist_ok=True)
        temporary = self._path.with_suffix(".tmp")
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.fchmod(descriptor, 0o600)  # also if an older file was left with other rights
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            json.dump({key: m.to_json() for key, m in self._members.items()}, file)
        os.replace(temporary, self._path)


def _digest(session_id: str) -> str:
    return hashlib.sha256(session_id.encode("utf-8", "surrogatepass")).hexdigest()

"""Who is asking, and may they: the table's PINs, the referee's token, the joined
phones, and the check every request goes through (``before_request``).

- The **table PIN** (6 digits) lets a phone join as a player in a free seat or as a
  watcher; the **referee PIN** (8 digits) makes a phone the referee. Both are made fresh
  by ``secrets`` each time the app is created and printed on the console by ``serve``.
- The **token** (``ACCESS_TOKEN``, ``COMPANION_TOKEN`` in ``serve``'s environment): a
  request with ``Authorization: Bearer <token>`` is the referee (scripts, tests, the CLI).
- A joined phone carries a session cookie (``HttpOnly``, ``SameSite=Strict``); the
  server keeps its role (``web.sessions``).
- Every request to a route is held against the route's rule (``web.access_rules``):
  not joined where joining is needed → 401, the wrong role or seat → 403. A request that
  changes something must come from the table page itself: a foreign ``Origin`` (or
  ``Sec-Fetch-Site``) → 403, and, from a browser, a body that is not
  ``application/json`` → 403 (a form or a ``text/plain`` post from another web page
  cannot send JSON without the browser asking this server first, which it never allows).

Config keys: ``ACCESS_TOKEN`` (None: no token), ``TABLE_PIN`` and ``REFEREE_PIN`` (None:
made here), ``PRIVATE`` (True: watching needs joining too), ``SESSIONS_PATH`` (a file
that keeps the joined phones across restarts; None: memory only), ``ACCESS_CLOCK`` (the
clock of the PIN guess limit; tests pass a fake one).
"""

from __future__ import annotations

import hmac
import secrets
import time
from dataclasses import dataclass
from typing import Any

from flask import Flask, current_app, g, jsonify, request

from web.access_rules import RULES
from web.pin_guard import PinGuard
from web.sessions import REFEREE, Member, Sessions

EXTENSION = "access"
COOKIE = "companion_session"
COOKIE_MAX_AGE = 30 * 24 * 3600
"""Seconds a phone keeps its seat without coming back (the server may forget it sooner
when it restarts without ``SESSIONS_PATH``)."""

TABLE_PIN_DIGITS = 6
REFEREE_PIN_DIGITS = 8
SAFE_METHODS = frozenset(("GET", "HEAD", "OPTIONS"))
SAME_SITE_FETCHES = frozenset(("same-origin", "none"))


@dataclass
class Access:
    """What the app knows to tell phones apart."""

    table_pin: str
    referee_pin: str
    token: str | None
    private: bool
    sessions: Sessions
    guard: PinGuard

    def by_token(self, header: str) -> bool:
        """Is ``header`` (an ``Authorization`` value) the referee's bearer token?"""
        scheme, _, value = header.partition(" ")
        return bool(self.token) and scheme.lower() == "bearer" and hmac.compare_digest(
            value.strip().encode(), str(self.token).encode())


def new_pin(digits: int) -> str:
    """A PIN of ``digits`` random digits (leading zeros kept)."""
    return f"{secrets.randbelow(10 ** digits):0{digits}d}"


def build_access(config: dict[str, Any]) -> Access:
    return Access(table_pin=str(config.get("TABLE_PIN") or new_pin(TABLE_PIN_DIGITS)),
                  referee_pin=str(config.get("REFEREE_PIN") or new_pin(REFEREE_PIN_DIGITS)),
                  token=config.get("ACCESS_TOKEN") or None,
                  private=bool(config.get("PRIVATE")),
                  sessions=Sessions(config.get("SESSIONS_PATH")),
                  guard=PinGuard(config.get("ACCESS_CLOCK") or time.monotonic))


def get_access(app: Flask | None = None) -> Access:
    app = app or current_app._get_current_object()  # type: ignore[attr-defined]
    return app.extensions[EXTENSION]


def register(app: Flask) -> None:
    """Build the app's ``Access`` and check every request against the rules."""
    app.extensions[EXTENSION] = build_access(app.config)
    app.before_request(enforce)


def requester() -> Member | None:
    """The member this request comes from (the referee for the token), or ``None``."""
    return g.get("member")


def who_asks(told: str) -> str:
    """Who this request is, for the journal: a joined phone's seat (or ``referee``, or
    ``watcher``); ``told`` (what the request says of itself) only for the token's
    scripts and where no one joined, so a phone cannot sign as another."""
    member = requester()
    if member is None or session_id() is None:
        return told
    return member.seat or member.role


def session_id() -> str | None:
    """The session id of this request's cookie, if it is one the server knows."""
    value = request.cookies.get(COOKIE)
    return value if value and get_access().sessions.get(value) else None


def enforce():
    """The ``before_request`` check: ``None`` to go on, else the refusal to answer."""
    if request.url_rule is None:
        return None  # no such route: the 404 or 405 answers
    access = get_access()
    member, token = _identify(access)
    g.member = member
    if request.method not in SAFE_METHODS:
        why = _cross_site(token)
        if why:
            return jsonify(error=why), 403
    rule = RULES.get(str(request.endpoint))
    if rule is None:
        return jsonify(error=f"{request.path} has no access rule, so no one may call it."), 403
    refusal = rule.refusal(member, access.private)
    if refusal is not None:
        status, sentence = refusal
        return jsonify(error=sentence), status
    return None


def _identify(access: Access) -> tuple[Member | None, bool]:
    header = request.headers.get("Authorization")
    if header is not None:
        if access.by_token(header):
            return Member(REFEREE), True
        return None, False  # a wrong token is no one, whatever the cookie says
    return access.sessions.get(request.cookies.get(COOKIE)), False


def _cross_site(token: bool) -> str | None:
    """Why a state-changing request may be another web page's doing, or ``None``."""
    origin = request.headers.get("Origin")
    if origin is not None:
        if origin != f"{request.scheme}://{request.host}":
            return f"A request from {origin} may not change this table."
    elif request.headers.get("Sec-Fetch-Site", "none") not in SAME_SITE_FETCHES:
        return "A request from another site may not change this table."
    if not token and request.mimetype != "application/json":
        return ("A change must be sent as JSON (Content-Type: application/json) "
                "from the table page.")
    return None

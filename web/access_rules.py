"""Who may call which route: one rule per endpoint, in one table.

Every route the app has must be in ``RULES`` (a test walks ``app.url_map``), and a
route without a rule is refused, so a new route cannot be left open by forgetting it.
docs/security.md shows the same table in words.

- ``OPEN``: anyone, even with ``--private`` (the page's shell, joining, health).
- ``WATCH``: read-only, never a secret: anyone, or only joined phones with ``--private``.
- ``MEMBER``: any joined phone.
- ``PLAYER``: a player or the referee.
- ``own_seat(...)``: a player acting for their own seat only, or the referee.
- ``REFEREE``: the referee only (a phone joined with the referee PIN, or the token).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.table.session import NoGame
from web.request_body import json_body
from web.runtime import get_runtime
from web.sessions import PLAYER as PLAYER_ROLE
from web.sessions import REFEREE as REFEREE_ROLE
from web.sessions import ROLES, Member

SeatCheck = Callable[[Member], "str | None"]


@dataclass(frozen=True)
class Rule:
    """Who may call a route: the joined roles, and whether a phone that has not joined
    may (``anonymous``; with ``--private`` only if ``when_private`` too). ``check`` says
    why a player may not (``None``: they may); the referee is never checked by it, but
    by ``referee_check`` when there is one."""

    roles: frozenset[str]
    anonymous: bool = False
    when_private: bool = False
    check: SeatCheck | None = None
    referee_check: SeatCheck | None = None

    def refusal(self, member: Member | None, private: bool) -> tuple[int, str] | None:
        """``None`` if ``member`` (``None``: not joined) may call the route, else the
        status and the sentence to answer with."""
        if member is None:
            if self.anonymous and (self.when_private or not private):
                return None
            return 401, ("Join the table first: open the join link or scan the QR code "
                         "and enter the table's PIN.")
        if member.role not in self.roles:
            who = "the referee" if self.roles == {REFEREE_ROLE} else "a player"
            return 403, f"Only {who} may do that; this phone is a {member.role}."
        check = {PLAYER_ROLE: self.check, REFEREE_ROLE: self.referee_check}.get(member.role)
        if check is not None:
            why = check(member)
            if why:
                return 403, why
        return None


OPEN = Rule(frozenset(ROLES), anonymous=True, when_private=True)
WATCH = Rule(frozenset(ROLES), anonymous=True)
MEMBER = Rule(frozenset(ROLES))
PLAYER = Rule(frozenset((REFEREE_ROLE, PLAYER_ROLE)))
REFEREE = Rule(frozenset((REFEREE_ROLE,)))


def own_seat(check: SeatCheck, referee_check: SeatCheck | None = None) -> Rule:
    return Rule(frozenset((REFEREE_ROLE, PLAYER_ROLE)), check=check,
                referee_check=referee_check)


# -- what "their own seat" means for each route ---------------------------------------------


def _seat_acting(member: Member, acting: Callable[[Any, Any], Any]) -> str | None:
    """Why ``member`` may not act when ``acting(game, state)`` names the seat that acts;
    ``None`` without a game (the route itself then says there is none)."""
    table = get_runtime().table
    try:
        game, state = table.game, table.state
    except NoGame:
        return None
    seat = acting(game, state)
    if member.seat is None:
        return "Take a seat first: a watcher cannot play."
    if seat != member.seat:
        return (f"This phone sits at {member.seat}: it may act for {member.seat} only, "
                f"not for {seat}.")
    return None


def _own_action(member: Member) -> str | None:
    """A move or a secret (commit, reveal) is its player's: the action's ``player`` (or,
    when it names none, the player to move) must be the phone's seat. Dice thrown at the
    table are entered by the referee, never by the player they help."""
    body = json_body()
    if "dice" in body:
        return "Only the referee enters dice thrown at the table."
    action = body.get("action")
    if not isinstance(action, dict):
        return None  # not an action: the route answers 400
    return _seat_acting(member, lambda game, state: game.seat_of(state, action))


def _own_hand(member: Member) -> str | None:
    """The referee's move for a seat in a game with hidden information (the card game's
    hands) only from their own seat (ruling H2): they see no hand, and a move for a
    hand, or its refusal, names its cards. Anything else the referee may do for anyone."""
    action = json_body().get("action")
    runtime = get_runtime()
    try:
        game = runtime.table.game
    except NoGame:
        return None
    if not game.hidden_information or not isinstance(action, dict):
        return None
    seat = game.seat_of(runtime.table.state, action)
    if seat == member.seat:
        return None
    return (f"In {game.title} a hand is played from its own phone only, the referee's "
            f"included: this phone does not sit at {seat} (ruling H2).")


def _own_turn(member: Member) -> str | None:
    """Picking among the moves offered (or answering the camera's question) is for the
    player to move."""
    return _seat_acting(member, lambda game, state: game.seat_of(state, {}))


def _own_roll(member: Member) -> str | None:
    """Any player may roll loose dice (``count``/``sides``); the roll a game waits for
    is rolled by the player it is for (the player to move)."""
    body = json_body()
    if any(key in body for key in ("dice", "count", "sides", "modifier")):
        return None
    runtime = get_runtime()
    pending = runtime.dice.pending()
    if pending is None:
        return None
    if runtime.table.game_id is None:
        whose = pending.get("for_whom") or None
        if whose in (None, member.seat):
            return None
        return f"This roll is for {whose}; this phone sits at {member.seat}."
    return _seat_acting(member, lambda game, state: game.seat_of(state, {}))


RULES: dict[str, Rule] = {
    "static": OPEN,
    "pages.table": OPEN,
    "pages.favicon": OPEN,
    "pages.healthz": OPEN,
    "pages.calibration": WATCH,
    "pages.frame_jpg": WATCH,
    "pages.card_flag": WATCH,
    "pages.video_mjpg": WATCH,
    "join_api.join_link": OPEN,
    "join_api.join": OPEN,
    "join_api.me": OPEN,
    "join_api.seats": WATCH,
    "join_api.qr_code": MEMBER,
    "join_api.leave": MEMBER,
    "join_api.free": REFEREE,
    "api.roll": own_seat(_own_roll),
    "api.history": WATCH,
    "api.status": WATCH,
    "api.events": WATCH,
    "api.press_demo_button": PLAYER,
    "api.resume_demo": REFEREE,
    "openapi.openapi_json": WATCH,
    "table_api.games": WATCH,
    "table_api.board": WATCH,
    "table_api.game": WATCH,
    "table_api.actions": WATCH,
    "table_api.hand": MEMBER,
    "table_api.position": WATCH,
    "table_api.picture": WATCH,
    "table_api.calibration": WATCH,
    "table_api.play": own_seat(_own_action, _own_hand),
    "table_api.choose": own_seat(_own_turn),
    "table_api.start": REFEREE,
    "table_api.resume": REFEREE,
    "table_api.end": REFEREE,
    "table_api.correct": REFEREE,
    "table_api.accept": REFEREE,
    "table_api.from_camera": REFEREE,
    "table_api.clear_board": REFEREE,
    "table_api.undo": REFEREE,
    "table_api.redo": REFEREE,
    "table_api.reading": REFEREE,
    "table_api.export": REFEREE,
    "table_api.import_record": REFEREE,
    "table_api.thrown": REFEREE,
    "table_api.reregister": REFEREE,
    "calibration_page.page": WATCH,
    "calibration_page.frame_jpg": WATCH,
    "calibration_page.charuco_pdf": WATCH,
    "calibration_page.status": WATCH,
    "calibration_page.start": REFEREE,
    "calibration_page.finish": REFEREE,
    "calibration_page.cancel": REFEREE,
    "calibration_page.save": REFEREE,
}

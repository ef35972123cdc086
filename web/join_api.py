"""Joining the table: the join link, taking a seat or watching, who this phone is,
the seats, and the join QR code.

    GET  /join?pin=NNNNNN         the join link (the QR code): the page, ready to join
    GET  /join?referee=NNNNNNNN   the referee's link (printed on the console only)
    POST /api/join                {"pin": "NNNNNN", "seat": "black"} or {"pin": ..., "watch": true}
    GET  /api/me                  who this phone is (and, once joined, the table's PIN)
    GET  /api/seats               the game's seats, which are taken, how many watch
    POST /api/seats/free          {"seat": "black"}: the referee frees a seat (a lost phone)
    POST /api/leave               this phone leaves the table
    GET  /join/qr.svg             the join link as a QR code (joined phones only)

A phone that has joined changes its seat with ``/api/join`` without the PIN again. The
referee PIN makes a phone the referee (with a seat too if it plays). Wrong PINs are
counted (``web.pin_guard``): too many → 429 with ``Retry-After``.
"""

from __future__ import annotations

import hmac
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, jsonify, redirect, request

from companion.table.session import NoGame
from web.access import COOKIE, COOKIE_MAX_AGE, get_access, requester, session_id
from web.errors import InvalidRequest, error_response
from web.join_code import join_url, qr_svg
from web.pin_guard import TooManyGuesses
from web.request_body import json_body
from web.runtime import get_runtime
from web.sessions import PLAYER, REFEREE, WATCHER, Member, SeatTaken

bp = Blueprint("join_api", __name__)

MAX_PIN = 20


@bp.get("/join")
def join_link():
    """Open the table page ready to join: the PIN goes in the address's fragment,
    which the page reads and which never reaches a server log or a ``Referer``."""
    for key in ("pin", "referee"):
        value = request.args.get(key, "")
        if value.isdigit() and len(value) <= MAX_PIN:
            return redirect(f"/#{key}={value}", code=303)
    return redirect("/", code=303)


@bp.post("/api/join")
def join():
    """Join with the table PIN (a seat, or watch) or the referee PIN; a phone that has
    joined already changes its seat without a PIN."""
    body = json_body('{"pin": "123456", "seat": "black"}')
    seat, watch = body.get("seat"), body.get("watch", False)
    if (seat is not None and not isinstance(seat, str)) or not isinstance(watch, bool):
        raise InvalidRequest('Send "seat" (a player\'s name, such as "black") or '
                             '"watch": true.')
    if seat is not None and watch:
        raise InvalidRequest('Either take a seat or watch, not both.')
    access = get_access()
    known = session_id()
    if body.get("pin") is None and not known:
        return error_response('Send the table\'s PIN to join: {"pin": "123456", '
                              '"seat": "black"}, or "watch": true instead of a seat.', 403)
    role = _role(body.get("pin"), requester() if known else None)
    if role is None:
        return error_response("That is not the table's PIN: ask the table for it, "
                              "or scan the QR code on a phone that has joined.", 403)
    if seat is not None:
        _check_seat(seat)
    if seat is None and role == PLAYER:
        role = WATCHER
    if seat is not None and role == WATCHER:
        role = PLAYER
    try:
        new_id = access.sessions.join(Member(role, seat), known)
    except SeatTaken as error:
        return error_response(str(error), 409)
    _seats_changed()
    response = jsonify(_me(Member(role, seat)))
    response.set_cookie(COOKIE, new_id, max_age=COOKIE_MAX_AGE, path="/", httponly=True,
                        samesite="Strict")
    return response


@bp.get("/api/me")
def me():
    """Who this phone is: ``role`` (referee, player, watcher, or null before joining),
    ``seat``; whether the table is private; once joined, the PIN and join link."""
    return jsonify(_me(requester()))


@bp.get("/api/seats")
def seats():
    """The game's seats (none without a game), each by its key (``seat``) and its name
    (``name``, the game's ``player_words``), who holds each, and how many watch."""
    members = get_access().sessions.members()
    taken = {m.seat: m.role for m in members if m.seat is not None}
    mine = requester()
    words = _seat_words()
    listed = [{"seat": name, "name": words(name), "taken": name in taken,
               "referee": taken.get(name) == REFEREE,
               "yours": mine is not None and mine.seat == name}
              for name in _game_seats()]
    return jsonify(seats=listed,
                   watchers=sum(1 for m in members if m.role == WATCHER),
                   referees=sum(1 for m in members if m.role == REFEREE))


@bp.post("/api/seats/free")
def free():
    """The referee frees a seat (a phone lost or handed over): its phone then watches."""
    seat = json_body('{"seat": "black"}').get("seat")
    if not isinstance(seat, str):
        raise InvalidRequest('"seat" must be the name of a seat, such as "black".')
    freed = get_access().sessions.free(seat)
    _seats_changed()
    return jsonify(freed=freed, seat=seat)


@bp.post("/api/leave")
def leave():
    """This phone leaves the table: its seat is free and its cookie forgotten."""
    known = session_id()
    if known:
        get_access().sessions.leave(known)
        _seats_changed()
    response = jsonify(_me(None))
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="Strict")
    return response


@bp.get("/join/qr.svg")
def qr_code():
    """The join link as a QR code, for the address this phone used to reach the table."""
    svg = qr_svg(join_url(request.host_url, get_access().table_pin))
    return Response(svg, mimetype="image/svg+xml", headers={"Cache-Control": "no-store"})


def _role(pin: Any, already: Member | None) -> str | None:
    """The role ``pin`` gives (or the one this phone has when it sends none); ``None``
    for a wrong PIN, which is counted against its sender."""
    access = get_access()
    if pin is None and already is not None:
        return already.role
    address = request.remote_addr or "?"
    access.guard.check(address)
    text = str(pin) if isinstance(pin, str | int) and not isinstance(pin, bool) else ""
    if text and _same(text, access.referee_pin):
        return REFEREE
    if text and _same(text, access.table_pin):
        return already.role if already is not None and already.role == REFEREE else PLAYER
    access.guard.wrong(address)
    return None


def _same(given: str, pin: str) -> bool:
    return hmac.compare_digest(given.encode(), pin.encode())


def _check_seat(seat: str) -> None:
    offered = _game_seats()
    if not offered:
        raise InvalidRequest("No game is being played: watch until the referee starts one, "
                             "then take your seat.")
    if seat not in offered:
        raise InvalidRequest(f"There is no seat {seat!r} at this game; the seats are "
                             f"{', '.join(offered)}.")


def _game_seats() -> tuple[str, ...]:
    table = get_runtime().table
    try:
        return table.game.seats(table.state)
    except NoGame:
        return ()


def _seat_words() -> Callable[[str], str]:
    """The game's words for a seat (``Game.player_words``)."""
    table = get_runtime().table
    try:
        return table.game.player_words
    except NoGame:
        return str


def _seats_changed() -> None:
    """Tell every page to fetch the seats again (each sees which is its own)."""
    get_runtime().hub.publish("seats", {})


def _me(member: Member | None) -> dict[str, Any]:
    access = get_access()
    body: dict[str, Any] = {"role": member.role if member else None,
                            "seat": member.seat if member else None,
                            "private": access.private}
    if member is not None:
        body["pin"] = access.table_pin
        body["join_url"] = join_url(request.host_url, access.table_pin)
    return body


@bp.errorhandler(TooManyGuesses)
def too_many_guesses(error: TooManyGuesses):
    response, status = error_response(str(error), 429)
    response.headers["Retry-After"] = str(error.retry_after)
    return response, status

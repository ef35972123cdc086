"""The JSON API: roll dice, read the roll history and the table's status, and the
server-sent event stream that keeps every page live."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request

from companion.dice import check_dice, parse_dice
from companion.errors import value_errors_as
from web.access import who_asks
from web.errors import InvalidRequest
from web.live import StreamsFull, refused
from web.query import whole_number
from web.request_body import json_body
from web.runtime import get_runtime

bp = Blueprint("api", __name__, url_prefix="/api")

MAX_PURPOSE = 200
MAX_NAME = 40
MAX_HISTORY = 500


@bp.post("/dice/roll")
def roll():
    """Roll dice. With ``dice`` as players write them (``"2d6+3"``), or ``count``,
    ``sides`` and ``modifier`` (added to the sum): exactly those dice. Without: what a
    press of the dice button does (the pending request, else the default dice).
    ``purpose`` says what the roll is for, ``by`` who asked (default "api")."""
    body = json_body('{"count": 2, "sides": 6}')
    dice = get_runtime().dice
    by = who_asks(_text(body, "by", MAX_NAME) or "api")
    purpose = _text(body, "purpose", MAX_PURPOSE)
    if "dice" in body and any(key in body for key in ("count", "sides", "modifier")):
        raise InvalidRequest('Give the dice as "dice": "2d6+3", or as count, sides and '
                             "modifier, not both.")
    if any(key in body for key in ("dice", "count", "sides", "modifier")):
        with value_errors_as(InvalidRequest):
            if "dice" in body:
                count, sides, modifier = parse_dice(body["dice"])
            else:
                count, sides = body.get("count", 1), body.get("sides", 6)
                modifier = body.get("modifier", 0)
            check_dice(count, sides, modifier)
        result = dice.roll(count, sides, purpose=purpose, requested_by=by, modifier=modifier)
    elif purpose:
        raise InvalidRequest("A purpose needs the dice to go with it (count and sides); "
                             "without them the pending request is rolled.")
    else:
        result = dice.roll_pending_or_default(requested_by=by)
    return jsonify(result.to_json())


@bp.get("/dice/history")
def history():
    """The latest rolls, newest first: ``?limit=`` (1 to 500, default 50)."""
    limit = whole_number("limit", 50, 1, MAX_HISTORY)
    rolls = get_runtime().dice.history(limit)
    return jsonify(rolls=[r.to_json() for r in rolls])


@bp.get("/status")
def status():
    """The camera, the dice (pending request, last roll, default) and the button."""
    return jsonify(status_data())


def status_data() -> dict[str, Any]:
    runtime = get_runtime()
    dice = runtime.dice
    last = dice.history(1)
    return {
        "version": current_app.config["VERSION"],
        "camera": runtime.camera(),
        "dice": {
            "pending": dice.pending(),
            "last": last[0].to_json() if last else None,
            "default": {"count": dice.default_count, "sides": dice.default_sides},
        },
        "button": {"status": runtime.button_status, "simulated": runtime.simulated},
        "journal": str(runtime.journal.path),
        "journal_warnings": list(runtime.journal.warnings),
        "demo": _demo(),
    }


def _demo() -> dict[str, bool] | None:
    """The demo's replay: is it paused while a person plays (``None`` outside the demo)."""
    games = current_app.config.get("DEMO_REPLAY")
    return None if games is None else {"paused": games.paused}


@bp.get("/events")
def events():
    """Server-sent events: ``hello`` (the status, on every (re)connect), ``roll``,
    ``frame`` (a new frame number, a few per second at most) and ``status`` (camera).
    Over the caps on open streams (web.live.StreamSlots): a 503 with ``Retry-After``."""
    runtime = get_runtime()
    hello = status_data()
    try:
        give_back = runtime.hub.slots.take(request.remote_addr or "")
    except StreamsFull as full:
        return refused(full)
    config = current_app.config
    stream = runtime.hub.stream(
        hello=hello, keepalive=float(config["SSE_KEEPALIVE"]),
        max_age=float(config["SSE_MAX_AGE"]), on_close=give_back,
        gone=request.environ.get("waitress.client_disconnected", _still_there))
    return Response(stream, mimetype="text/event-stream",
                    headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


@bp.post("/demo/button")
def press_demo_button():
    """Demo only: press the simulated dice button (drive its mock pin low, then high)."""
    runtime = get_runtime()
    if not runtime.simulated:
        return jsonify(error="There is no simulated button: this is not the demo."), 404
    result = runtime.press_simulated_button()
    return jsonify(pressed=True, roll=result.to_json() if result else None)


@bp.post("/demo/resume")
def resume_demo():
    """Demo only: run the replay again, from its first picture (a new game of ONE)."""
    games = current_app.config.get("DEMO_REPLAY")
    if games is None:
        return jsonify(error="There is no replay to resume: this is not the demo."), 404
    games.resume()
    get_runtime().hub.publish("demo", {"paused": False})
    return jsonify(paused=False)


def _still_there() -> bool:
    """Whether the client has gone, where the server cannot tell (not waitress)."""
    return False


def _text(body: dict[str, Any], key: str, limit: int) -> str:
    value = body.get(key, "")
    if not isinstance(value, str) or len(value) > limit:
        raise InvalidRequest(f"{key} must be a text of at most {limit} characters.")
    return value.strip()

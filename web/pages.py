"""The table page, the camera picture (one JPEG or an MJPEG stream), the card game's
flag pictures and /healthz."""

from __future__ import annotations

import sqlite3

from flask import (
    Blueprint,
    Response,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)

from companion.cards.deck import DATA_DIR, load_deck
from web.access import requester
from web.live import StreamsFull, refused
from web.placeholder import placeholder_jpeg
from web.runtime import get_runtime

bp = Blueprint("pages", __name__)

NO_STORE = {"Cache-Control": "no-store"}
MJPEG_BOUNDARY = "frame"
FLAGS = DATA_DIR / "flags"
"""The flags of the card game's countries, ``CODE.png`` (docs/games/oneworld-cards.md)."""
FLAG_MAX_AGE = 7 * 24 * 3600
"""Seconds a phone keeps a flag picture without asking again: they never change."""


@bp.get("/")
def table():
    runtime = get_runtime()
    member = requester()
    return render_template("table.html", demo=runtime.simulated,
                           role=member.role if member else None,
                           button_status=runtime.button_status,
                           version=current_app.config["VERSION"])


@bp.get("/calibration")
def calibration():
    """The calibration page's other likely name: sent on to ``/calibrate``."""
    return redirect(url_for("calibration_page.page"))


@bp.get("/favicon.ico")
def favicon():
    """No icon: answered so browsers do not log a missing file on every visit."""
    return Response(status=204, headers={"Cache-Control": "max-age=86400"})


@bp.get("/cards/flags/<code>.png")
def card_flag(code: str):
    """The flag of the card game's country ``code`` (``FRA``), drawn on its card."""
    card = load_deck().find(code) if code.isascii() and code.isalpha() else None
    if card is None or card.code != code.upper() or not (FLAGS / f"{card.code}.png").is_file():
        return jsonify(error=f"There is no flag of {code!r}."), 404
    return Response((FLAGS / f"{card.code}.png").read_bytes(), mimetype="image/png",
                    headers={"Cache-Control": f"max-age={FLAG_MAX_AGE}"})


@bp.get("/frame.jpg")
def frame_jpg():
    """The newest camera picture; a placeholder saying why when there is none."""
    runtime = get_runtime()
    latest = runtime.feed.latest_jpeg() if runtime.feed else None
    if latest is None:
        return Response(placeholder_jpeg(_why_no_picture(runtime)), mimetype="image/jpeg",
                        headers={**NO_STORE, "X-Frame-Number": "0"})
    number, data = latest
    return Response(data, mimetype="image/jpeg",
                    headers={**NO_STORE, "X-Frame-Number": str(number)})


@bp.get("/video.mjpg")
def video_mjpg():
    """The camera as an MJPEG stream (for VLC or an <img>); holds a server thread, so it
    counts against the caps on open streams like the event stream."""
    runtime = get_runtime()
    try:
        give_back = runtime.hub.slots.take(request.remote_addr or "")
    except StreamsFull as full:
        return refused(full)
    feed = runtime.feed
    resend = float(current_app.config["SSE_KEEPALIVE"])

    def parts():
        number = 0
        while True:
            latest = feed.latest_jpeg() if feed else None
            if latest is None:
                data = placeholder_jpeg(_why_no_picture(runtime))
            else:
                number, data = latest
            yield (f"--{MJPEG_BOUNDARY}\r\nContent-Type: image/jpeg\r\n"
                   f"Content-Length: {len(data)}\r\n\r\n").encode() + data + b"\r\n"
            if feed is None or not feed.running:
                return
            # Wait for the next frame; on a still camera, resend now and then, which
            # is also how a viewer that went away is noticed.
            feed.wait_for_frame(after=number, timeout=resend)

    response = Response(parts(), headers=NO_STORE,
                        mimetype=f"multipart/x-mixed-replace; boundary={MJPEG_BOUNDARY}")
    response.call_on_close(give_back)
    return response


def _why_no_picture(runtime) -> str:
    if runtime.feed is None:
        return "the companion was started without a camera (--source)"
    return f"camera: {runtime.feed.status}"


@bp.get("/healthz")
def healthz():
    """Is the companion up: version, camera status, journal path, last event number."""
    runtime = get_runtime()
    body = {"ok": True, "version": current_app.config["VERSION"],
            "camera": runtime.camera()["status"],
            "journal": str(runtime.journal.path), "last_event_seq": None,
            "journal_warnings": list(runtime.journal.warnings)}
    try:
        body["last_event_seq"] = runtime.journal.last_seq()
    except sqlite3.Error as error:
        body.update(ok=False, error=f"the journal cannot be read: {error}")
        return jsonify(body), 503
    return jsonify(body)

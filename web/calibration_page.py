"""The camera calibration page, step by step, and its JSON API.

    GET  /calibrate                      the page
    GET  /calibrate/frame.jpg            the frame the session looked at last
    GET  /calibrate/charuco.pdf          the ChArUco target to print (?paper=a4|letter, ?spec=)
    GET  /api/calibration/camera         the session: state, views, coverage, advice, result
    POST /api/calibration/camera/start   {"target": "charuco", "spec": "5x7:33:25", "wanted": 15}
    POST /api/calibration/camera/finish  calibrate from the pictures kept so far
    POST /api/calibration/camera/cancel  stop and forget the session
    POST /api/calibration/camera/save    save the result as the companion's camera.json

The work is done by one ``CalibrationRunner`` per app on its own thread; each change is
also sent to the pages as a ``calibration`` event on ``/api/events``. (``/api/calibration``
itself is the table page's board registration.)
"""

from __future__ import annotations

import tempfile
import threading
from pathlib import Path
from typing import Any

from flask import Blueprint, Flask, Response, current_app, jsonify, render_template, request

from calibration import charuco
from companion.errors import value_errors_as
from web.calibration_runner import MAX_WANTED, TARGETS, Busy, CalibrationRunner
from web.errors import InvalidRequest, error_response
from web.placeholder import placeholder_jpeg
from web.request_body import json_body
from web.runtime import get_runtime

bp = Blueprint("calibration_page", __name__)

EXTENSION = "calibration"
PAPERS = ("a4", "letter")
_creating = threading.Lock()


def get_runner(app: Flask | None = None) -> CalibrationRunner:
    """The app's calibration runner, made on first use (the runtime is built by then)."""
    app = app or current_app._get_current_object()  # type: ignore[attr-defined]
    with _creating:
        runner = app.extensions.get(EXTENSION)
        if runner is None:
            runtime = get_runtime(app)
            runner = CalibrationRunner(runtime.feed, publish=runtime.hub.publish,
                                       live_lens=lambda: _live_lens(runtime))
            app.extensions[EXTENSION] = runner
    return runner


def _live_lens(runtime: Any) -> dict[str, Any] | None:
    """The live loop's lens status (what the table page shows), or None without one."""
    return runtime.referee.status().get("lens") if runtime.referee is not None else None


@bp.get("/calibrate")
def page():
    runtime = get_runtime()
    return render_template("calibration.html", has_camera=runtime.feed is not None,
                           default_spec=charuco.DEFAULT_SPEC, targets=TARGETS,
                           max_wanted=MAX_WANTED, version=current_app.config["VERSION"])


@bp.get("/calibrate/frame.jpg")
def frame_jpg():
    """The frame the session looked at last (its outline in the status belongs to it)."""
    looked_at = get_runner().frame_jpeg()
    if looked_at is None:
        return Response(placeholder_jpeg("no frame looked at yet"), mimetype="image/jpeg",
                        headers={"Cache-Control": "no-store", "X-Frame-Number": "0"})
    number, data = looked_at
    return Response(data, mimetype="image/jpeg",
                    headers={"Cache-Control": "no-store", "X-Frame-Number": str(number)})


@bp.get("/calibrate/charuco.pdf")
def charuco_pdf():
    """The ChArUco board as a PDF at true scale, made now by ``companion print``'s code."""
    from calibration.printables.targets import write_charuco

    paper = request.args.get("paper", "a4").lower()
    if paper not in PAPERS:
        raise InvalidRequest(f"paper is a4 or letter, not {paper!r}.")
    with value_errors_as(InvalidRequest):
        spec = charuco.parse_spec(request.args.get("spec", charuco.DEFAULT_SPEC))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "charuco.pdf"
        write_charuco(path, spec, paper)
        data = path.read_bytes()
    name = f"charuco-{paper}.pdf"
    return Response(data, mimetype="application/pdf",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


@bp.get("/api/calibration/camera")
def status():
    return jsonify(get_runner().status())


@bp.post("/api/calibration/camera/start")
def start():
    body = json_body('{"target": "charuco", "spec": "5x7:33:25"}')
    target = body.get("target", "charuco")
    spec = body.get("spec")
    wanted = body.get("wanted", 15)
    if not isinstance(target, str):
        raise InvalidRequest(f"target is {' or '.join(TARGETS)}.")
    if spec is not None and not (isinstance(spec, str) and len(spec) <= 60):
        raise InvalidRequest("spec is a text such as 5x7:33:25 (ChArUco) or 9x6 (chessboard).")
    try:
        return jsonify(get_runner().start(target, spec or None, wanted))
    except Busy as error:
        return error_response(str(error), 409)
    except ValueError as error:
        raise InvalidRequest(str(error)) from error


@bp.post("/api/calibration/camera/finish")
def finish():
    return _act("finish")


@bp.post("/api/calibration/camera/cancel")
def cancel():
    return _act("cancel")


@bp.post("/api/calibration/camera/save")
def save():
    return _act("save")


def _act(action: str):
    with value_errors_as(InvalidRequest):
        return jsonify(getattr(get_runner(), action)())

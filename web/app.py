"""The Flask application factory (flaskr style: no global app, blueprints, instance
config).

Config keys, all optional::

    JOURNAL_PATH            the SQLite journal (default: companion.paths.journal_path())
    FRAME_SOURCE            a --source text ("usb:0", "replay:DIR?fps=2") or a function
                            returning an open FrameSource; None serves without a camera
    BUTTON_PIN              GPIO pin of the dice button; None for no button
    LED_PIN, BUZZER_PIN     optional signal pins next to the button
    PIN_FACTORY             a gpiozero pin factory (tests pass MockFactory)
    DEMO                    True: a simulated button on mock pins, shown on the page
    SSE_KEEPALIVE           seconds between keep-alive comments on /api/events
    SSE_QUEUE_SIZE          events a slow page may fall behind before it is dropped
    SSE_MAX_STREAMS         open streams (/api/events and /video.mjpg) in all (default
                            24; ``serve`` gives web.live.stream_cap(--threads))
    SSE_MAX_PER_CLIENT      open streams one client address may hold (default 6)
    SSE_MAX_AGE             seconds an event stream lives before it ends with a
                            retry hint and the page reconnects (default 600)
    FRAME_EVENTS_PER_SECOND the most "frame" events a page is sent per second
    DICE_RANDBELOW          randbelow(n) for the dice (tests pass a seeded one)
    BOARD_LOCATOR           locator_for(geometry) for the live loop (default: find the
                            board by its lines or markers; the demo fixes its own board)
    RECOGNISER              recogniser_for(game, board) for the live loop (default: the
                            recogniser companion.vision has for the game)
    CAMERA_PATH             the lens calibration the live loop uses (camera.json), loaded
                            at start and when it changes; None for none (``serve`` gives
                            the one in the data folder)
    LOOK_PATH               where the live loop keeps each table's learned look (look.json);
                            None keeps it in memory only (``serve`` gives the one in
                            the data folder)
    TABLE_LIMITS            the referee's search bounds, a dict of
                            companion.table.explain.SearchLimits fields
    ACCESS_TOKEN            the referee's bearer token (``serve``: $COMPANION_TOKEN);
                            None: no token, the referee joins with the referee PIN
    TABLE_PIN, REFEREE_PIN  the PINs to join with (default: fresh random ones)
    PRIVATE                 True: watching the table needs joining too
    SESSIONS_PATH           the file that keeps joined phones across restarts (0600);
                            None keeps them in memory only
    ACCESS_CLOCK            the clock of the PIN guess limit (tests pass a fake one)
    DEMO_REPLAY             the demo's replay (web.demo.DemoGames): paused while a
                            person changes the game, resumed by POST /api/demo/resume
    MAX_CONTENT_LENGTH      the largest request body in bytes (default 64 KiB); a larger
                            one is answered 413. An import takes its own, larger limit
                            (web.table_api.MAX_IMPORT_BODY)

Without a ``config`` argument the factory reads ``instance/config.py`` if there is one.
"""

from __future__ import annotations

import mimetypes
from typing import Any

from flask import Flask

import companion
from companion.paths import journal_path
from web.live import PER_CLIENT, stream_cap
from web.runtime import EXTENSION, build_runtime

DEFAULTS: dict[str, Any] = {
    "FRAME_SOURCE": None,
    "BUTTON_PIN": None,
    "LED_PIN": None,
    "BUZZER_PIN": None,
    "PIN_FACTORY": None,
    "DEMO": False,
    "SSE_KEEPALIVE": 15.0,
    "SSE_QUEUE_SIZE": 64,
    "SSE_MAX_STREAMS": stream_cap(32),
    "SSE_MAX_PER_CLIENT": PER_CLIENT,
    "SSE_MAX_AGE": 600.0,
    "FRAME_EVENTS_PER_SECOND": 4.0,
    "DICE_RANDBELOW": None,
    "BOARD_LOCATOR": None,
    "RECOGNISER": None,
    "TABLE_LIMITS": None,
    "CAMERA_PATH": None,
    "LOOK_PATH": None,
    "ACCESS_TOKEN": None,
    "TABLE_PIN": None,
    "REFEREE_PIN": None,
    "PRIVATE": False,
    "SESSIONS_PATH": None,
    "ACCESS_CLOCK": None,
    "MAX_CONTENT_LENGTH": 64 * 1024,
}


mimetypes.add_type("application/manifest+json", ".webmanifest")  # the home-screen manifest


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the app, open its journal, camera feed and button; return it.

    The caller owns what the app opened: call ``web.runtime.get_runtime(app).close()``
    when done (``companion serve`` does so on exit).
    """
    app = Flask(__name__, instance_relative_config=True)
    app.config.from_mapping(DEFAULTS)
    app.json.sort_keys = False  # keep the order the API documents
    if config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(config)
    if not app.config.get("JOURNAL_PATH"):
        app.config["JOURNAL_PATH"] = str(journal_path())
    app.config["VERSION"] = companion.__version__

    from web import (
        access,
        api,
        calibration_page,
        errors,
        join_api,
        openapi,
        pages,
        request_body,
        table_api,
    )

    errors.register(app)
    app.before_request(request_body.refuse_large_bodies)
    app.register_blueprint(pages.bp)
    app.register_blueprint(join_api.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(table_api.bp)
    app.register_blueprint(calibration_page.bp)
    app.register_blueprint(openapi.bp)
    app.extensions[EXTENSION] = build_runtime(app.config)
    if app.config.get("DEMO_REPLAY") is not None:
        from web.demo import pause_when_a_person_acts

        app.after_request(pause_when_a_person_acts)
    access.register(app)
    return app

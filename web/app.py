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
    MAX_CONTENT_LENGTH      the largest request body in bytes (default 64 KiB); a larger
                            one is answered 413. An import takes its own, larger limit
                            (web.table_api.MAX_IMPORT_BODY)

Without a ``config`` argument the factory reads ``instance/config.py`` if there is one.
"""

from __future__ import annotations

from typing import Any

from flask import Flask

import companion
from companion.paths import journal_path
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
    "FRAME_EVENTS_PER_SECOND": 4.0,
    "DICE_RANDBELOW": None,
    "BOARD_LOCATOR": None,
    "RECOGNISER": None,
    "TABLE_LIMITS": None,
    "CAMERA_PATH": None,
    "LOOK_PATH": None,
    "MAX_CONTENT_LENGTH": 64 * 1024,
}


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

    from web import api, calibration_page, errors, openapi, pages, request_body, table_api

    errors.register(app)
    app.before_request(request_body.refuse_large_bodies)
    app.register_blueprint(pages.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(table_api.bp)
    app.register_blueprint(calibration_page.bp)
    app.register_blueprint(openapi.bp)
    app.extensions[EXTENSION] = build_runtime(app.config)
    return app

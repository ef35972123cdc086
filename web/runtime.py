"""The long-lived things one app serves from: journal, dice, camera feed, dice button,
and the hub that pushes live updates to the pages.

``create_app`` builds one :class:`Runtime` per app from its config and keeps it in
``app.extensions["companion"]``; views reach it with :func:`get_runtime`. Closing the
runtime stops the camera thread, releases the pins, ends the live streams and closes
the journal, in that order.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask import Flask, current_app

from companion.dice import DiceService, Roll
from companion.errors import CompanionError
from companion.journal import Journal, JournalError
from companion.table.explain import SearchLimits
from companion.table.session import NoGame, TableSession
from companion.table.verdict import TableVerdict
from hardware.frames import CameraFeed, FrameSource, FrameSourceError, open_source
from hardware.watchdog import HeartbeatTimer, Watchdog
from web.live import LiveHub, StreamSlots
from web.table_events import TableEvents

log = logging.getLogger(__name__)

EXTENSION = "companion"

NO_BUTTON_HERE = "no dice button here: roll with the Roll button"
"""The page's words when the GPIO button cannot be used (the reason is in the log)."""

SIMULATED_BUTTON = "simulated button"
"""Who the demo's simulated button rolls as."""


@dataclass
class Runtime:
    """What an app serves from; one per app, built by :func:`build_runtime`."""

    journal: Journal
    dice: DiceService
    hub: LiveHub
    table: TableSession
    feed: CameraFeed | None = None
    referee: Any = None
    button: Any = None
    button_status: str = "no button"
    button_problem: str = ""
    """Why the dice button could not be set up, in full (for the terminal and the log;
    the page, often a phone, says only ``button_status``)."""
    button_pin: int | None = None
    pin_factory: Any = None
    simulated: bool = False
    _closers: list[Callable[[], None]] = field(default_factory=list)
    _press_lock: threading.Lock = field(default_factory=threading.Lock)

    def camera(self) -> dict[str, Any]:
        """The camera's state as JSON data ("no camera" when serving without one)."""
        if self.feed is None:
            return {"status": "no camera", "source": "", "frames": 0}
        return self.feed.snapshot()

    def referee_status(self) -> dict[str, Any]:
        """The live loop's state: is the board found, steady, hidden (see
        ``hardware.referee_feed``); "off" without a camera."""
        if self.referee is None:
            return {"status": "off", "message": "No camera: play from the page."}
        return self.referee.status()

    def table_data(self, verdict: TableVerdict | None = None) -> dict[str, Any]:
        """The game as the table page shows it (``web.summaries.page_data``)."""
        from web.summaries import page_data

        return {"verdict": verdict.to_json() if verdict else None,
                "game": page_data(self.table)}

    def press_simulated_button(self) -> Roll | None:
        """Press and release the demo's mock button pin; return the roll it made."""
        if not self.simulated or self.pin_factory is None:
            raise RuntimeError("there is no simulated button outside the demo")
        rolls: list[Roll] = []
        with self._press_lock:
            unsubscribe = self.dice.subscribe(
                lambda roll: rolls.append(roll) if roll.requested_by == SIMULATED_BUTTON
                else None)
            try:
                pin = self.pin_factory.pin(self.button_pin)
                pin.drive_low()
                pin.drive_high()
            finally:
                unsubscribe()
        return rolls[0] if rolls else None

    def close(self) -> None:
        """Stop and release everything, newest first; safe to call twice."""
        while self._closers:
            closer = self._closers.pop()
            closer()


def get_runtime(app: Flask | None = None) -> Runtime:
    """Return the runtime of ``app`` (the current app by default)."""
    return (app or current_app).extensions[EXTENSION]


def build_runtime(config: dict[str, Any]) -> Runtime:
    """Open the journal, dice, camera feed and button that ``config`` describes.

    Raises a ``UserFacingError`` for a journal that cannot be used, a source text that
    names no source, a missing camera library or unusable button pins. A camera that is
    merely not answering yet is not an error: the feed keeps trying to reconnect.
    """
    closers: list[Callable[[], None]] = []
    try:
        journal = Journal(Path(config["JOURNAL_PATH"]))
        closers.append(journal.close)
        dice_options = {}
        if config.get("DICE_RANDBELOW") is not None:
            dice_options["randbelow"] = config["DICE_RANDBELOW"]
        dice = DiceService(journal, **dice_options)
        hub = LiveHub(queue_size=int(config["SSE_QUEUE_SIZE"]),
                      slots=StreamSlots(total=int(config["SSE_MAX_STREAMS"]),
                                        per_client=int(config["SSE_MAX_PER_CLIENT"])))
        closers.append(hub.close)
        limits = config.get("TABLE_LIMITS")
        table = TableSession(journal, dice=dice, actor="table",
                             limits=SearchLimits(**limits) if limits else None)
        closers.append(table.close)
        runtime = Runtime(journal=journal, dice=dice, hub=hub, table=table,
                          _closers=closers)
        dice.subscribe(lambda roll: hub.publish("roll", roll.to_json()))
        dice.subscribe_requests(lambda pending: hub.publish("dice_request",
                                                            {"pending": pending}))
        _resume(table)
        table.subscribe(TableEvents(table, hub.publish))
        if config.get("FRAME_SOURCE") is not None:
            runtime.feed = _start_feed(config["FRAME_SOURCE"], hub,
                                       float(config["FRAME_EVENTS_PER_SECOND"]))
            closers.append(runtime.feed.stop)
            runtime.referee = _start_referee(runtime, config)
            closers.append(runtime.referee.stop)
        if config.get("DEMO"):
            _add_simulated_button(runtime, int(config.get("BUTTON_PIN") or 17))
        elif config.get("BUTTON_PIN") is not None:
            _add_button(runtime, config)
    except BaseException:
        while closers:
            closers.pop()()
        raise
    return runtime


def _resume(table: TableSession) -> None:
    """Go on with the latest game not ended, as the journal has it (after a power cut)."""
    try:
        table.resume()
    except NoGame:
        pass
    except (JournalError, CompanionError, ValueError) as error:
        log.warning("table: the last game cannot be resumed: %s", error)


def _start_referee(runtime: Runtime, config: dict[str, Any]) -> Any:
    from calibration.locator import BoardLocator
    from hardware.referee_feed import RefereeFeed

    hub = runtime.hub
    referee = RefereeFeed(runtime.table, runtime.feed,
                          locator_for=config.get("BOARD_LOCATOR") or BoardLocator,
                          recogniser_for=config.get("RECOGNISER"),
                          on_status=lambda status: hub.publish("referee", status),
                          camera_path=config.get("CAMERA_PATH"),
                          look_path=config.get("LOOK_PATH"))
    return referee.start()


def _start_feed(source: str | Callable[[], FrameSource], hub: LiveHub,
                frame_rate: float) -> CameraFeed:
    opener = source if callable(source) else (lambda: open_source(source))
    try:
        first: FrameSource | None = opener()
    except FrameSourceError as error:
        log.warning("camera: %s; retrying in the background", error)
        first = None
    feed = CameraFeed(opener, source=first)
    feed.subscribe(_relay(hub, frame_rate))
    return feed.start()


def _relay(hub: LiveHub, frame_rate: float,
           clock: Callable[[], float] = time.monotonic) -> Callable[[str, dict], None]:
    """Pass the feed's status changes on to the pages, and its frames at most
    ``frame_rate`` times a second (the page fetches the newest frame on each)."""
    period = 1.0 / frame_rate if frame_rate > 0 else 0.0
    last = [float("-inf")]

    def relay(kind: str, data: dict[str, Any]) -> None:
        if kind == "frame":
            now = clock()
            if now - last[0] < period:
                return
            last[0] = now
        hub.publish(kind, data)
    return relay


def _add_button(runtime: Runtime, config: dict[str, Any]) -> None:
    from hardware.dice_button import DiceButton, GPIOUnavailable

    pin = int(config["BUTTON_PIN"])
    try:
        button = DiceButton(runtime.dice, pin=pin, led_pin=config.get("LED_PIN"),
                            buzzer_pin=config.get("BUZZER_PIN"),
                            pin_factory=config.get("PIN_FACTORY"))
    except GPIOUnavailable as error:
        # Not a Pi: serve on without the button; serve prints why, the page says little.
        runtime.button_status = NO_BUTTON_HERE
        runtime.button_problem = str(error)
        return
    runtime.button, runtime.button_pin = button, pin
    runtime.button_status = f"button on GPIO{pin}"
    runtime._closers.append(button.close)


def _add_simulated_button(runtime: Runtime, pin: int) -> None:
    from gpiozero.pins.mock import MockFactory

    from hardware.dice_button import DiceButton

    factory = MockFactory()
    runtime._closers.append(factory.close)
    # Mock pins do not bounce, so the bounce guard is off: each press rolls once.
    button = DiceButton(runtime.dice, pin=pin, pin_factory=factory, bounce_time=None,
                        requested_by=SIMULATED_BUTTON)
    runtime._closers.append(button.close)
    runtime.button, runtime.button_pin, runtime.pin_factory = button, pin, factory
    runtime.simulated = True
    runtime.button_status = f"simulated button on mock GPIO{pin}"


def tell_systemd_ready(runtime: Runtime, status: str,
                       environ: dict[str, str] | None = None) -> Watchdog | None:
    """Under systemd (``Type=notify``): say ``READY=1`` and keep its watchdog fed, by
    the live loop's frames with a camera, by a timer without one (``hardware.watchdog``).
    Return the watchdog, or None when not run by systemd."""
    watchdog = Watchdog.from_environment(environ)
    if watchdog is None:
        return None
    if runtime.referee is not None:
        runtime.referee.heartbeat = watchdog.beat
    else:
        runtime._closers.append(HeartbeatTimer(watchdog).start().stop)
    runtime._closers.append(watchdog.stopping)
    watchdog.ready(status)
    return watchdog

"""The dice button: a push button on a GPIO pin that rolls the table's dice.

Wiring (see ``hardware/README.md``): the button between GPIO17 (header pin 11) and
ground (pin 9), using the Pi's internal pull-up; optionally an LED with a 330 Ω
resistor on GPIO27 and an active buzzer on GPIO22, which light and beep on each roll.

One roll per real press, whatever the hand does:

* **Contact bounce** (a press or release seen as a burst of edges a few ms apart) is
  filtered first by gpiozero's ``bounce_time`` (on a Pi, lgpio's debounce filter) and
  then by our own guard, because gpiozero's filter is per backend (the mock pins do not
  implement it at all) and bounce on release would otherwise look like a new press.
* **The guard** is a small state machine: a press rolls only when the button is
  *armed*; rolling disarms it; a release re-arms it only if it comes at least
  ``bounce_time`` after the press that rolled; and a press is ignored if it comes within
  ``bounce_time`` of the last release. So bounce at either end of a press never rolls
  twice, and holding the button down (no edges at all) rolls once.
* **Hammering** (a child pressing as fast as they can) is a series of real presses,
  each with its release; each rolls once. Presses are handled one at a time on
  gpiozero's callback thread, so none overlaps another.

The pins are injected through gpiozero's ``pin_factory``: tests pass
``gpiozero.pins.mock.MockFactory`` and a manual ``clock``.
"""

from __future__ import annotations

import logging
import threading
import time
import warnings
from collections.abc import Callable

from gpiozero import LED, Button, Buzzer
from gpiozero.exc import BadPinFactory, GPIOZeroError, PinFactoryFallback

from companion.dice import DiceService
from companion.errors import UserFacingError

_log = logging.getLogger(__name__)


class GPIOUnavailable(UserFacingError, RuntimeError):
    """No GPIO pins here (not a Raspberry Pi, or no pin library installed)."""


class DiceButton:
    """Rolls ``dice.roll_pending_or_default`` once per press of a button on ``pin``.

    ``led_pin`` and ``buzzer_pin`` (optional) light an LED and sound an active buzzer
    for ``signal_seconds`` after each roll. ``clock`` (seconds, monotonic) times the
    bounce guard; tests pass a manual one.
    """

    def __init__(
        self,
        dice: DiceService,
        *,
        pin: int | str = 17,
        led_pin: int | str | None = None,
        buzzer_pin: int | str | None = None,
        bounce_time: float | None = 0.03,
        pin_factory: object | None = None,
        requested_by: str = "button",
        signal_seconds: float = 0.2,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.dice = dice
        self.requested_by = requested_by
        self.signal_seconds = signal_seconds
        self.ignored_edges = 0
        """How many edges the guard dismissed as bounce (for diagnostics)."""
        self._window = bounce_time or 0.0
        self._clock = clock
        self._guard = threading.Lock()
        self._armed = True
        self._last_press = float("-inf")
        self._last_release = float("-inf")
        self._timer: threading.Timer | None = None
        self._button: Button | None = None
        self._signals: list[LED | Buzzer] = []
        try:
            self._open(pin, led_pin, buzzer_pin, bounce_time, pin_factory)
        except BaseException:
            self.close()
            raise
        self._button.when_pressed = self._pressed
        self._button.when_released = self._released

    def _open(self, pin, led_pin, buzzer_pin, bounce_time, pin_factory) -> None:
        with warnings.catch_warnings(record=True) as fallbacks:
            warnings.simplefilter("always", PinFactoryFallback)
            try:
                self._button = Button(pin, pull_up=True, bounce_time=bounce_time,
                                      pin_factory=pin_factory)
                if led_pin is not None:
                    self._signals.append(LED(led_pin, pin_factory=pin_factory))
                if buzzer_pin is not None:
                    self._signals.append(Buzzer(buzzer_pin, pin_factory=pin_factory))
            except BadPinFactory as error:
                raise GPIOUnavailable(
                    "No GPIO pins are available here (gpiozero found no pin library: this "
                    "is not a Raspberry Pi, or python3-lgpio is not installed), so the dice "
                    "button cannot be used; run without the button and roll from the page "
                    "or with 'companion roll'."
                ) from error
            except (GPIOZeroError, ValueError) as error:
                raise UserFacingError(
                    f"The dice button's pins (button {pin}, LED {led_pin}, buzzer "
                    f"{buzzer_pin}) cannot be used: {error}; choose other pins "
                    "(see hardware/README.md)."
                ) from error
        for fallback in fallbacks:
            _log.info("gpiozero: %s", fallback.message)

    # -- edges ----------------------------------------------------------------------

    def _pressed(self) -> None:
        now = self._clock()
        with self._guard:
            if not self._armed or now - self._last_release < self._window:
                self.ignored_edges += 1
                return
            self._armed = False
            self._last_press = now
        try:
            self.dice.roll_pending_or_default(requested_by=self.requested_by)
        except Exception:
            _log.exception("The dice button was pressed but the roll failed.")
            return
        self._signal()

    def _released(self) -> None:
        now = self._clock()
        with self._guard:
            if self._armed:
                self._last_release = now
            elif now - self._last_press >= self._window:
                self._armed = True
                self._last_release = now
            else:
                self.ignored_edges += 1

    # -- LED and buzzer -------------------------------------------------------------

    def _signal(self) -> None:
        if not self._signals:
            return
        with self._guard:
            if self._timer is not None:
                self._timer.cancel()
            for device in self._signals:
                device.on()
            self._timer = threading.Timer(self.signal_seconds, self._signal_off)
            self._timer.daemon = True
            self._timer.start()

    def _signal_off(self) -> None:
        with self._guard:
            if self._timer is not threading.current_thread():
                return  # a newer roll restarted the signal; its own timer ends it
            for device in self._signals:
                if not device.closed:
                    device.off()

    def wait_signal_done(self, timeout: float | None = None) -> bool:
        """Wait until the LED and buzzer are off again; return whether they are."""
        timer = self._timer
        if timer is not None:
            timer.join(timeout)
            return not timer.is_alive()
        return True

    # -- closing --------------------------------------------------------------------

    def close(self) -> None:
        """Turn the LED and buzzer off and release every pin. Safe to call twice."""
        with self._guard:
            timer, self._timer = self._timer, None
        if timer is not None:
            timer.cancel()
            timer.join()
        for device in self._signals:
            if not device.closed:
                device.off()
            device.close()
        if self._button is not None:
            self._button.close()

    def __enter__(self) -> DiceButton:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

"""Tell systemd that ``companion serve`` is up and still alive (``sd_notify``).

Under systemd/companion.service (``Type=notify``, ``WatchdogSec=``) systemd passes the
path of its notification socket in ``$NOTIFY_SOCKET`` and the watchdog period in
``$WATCHDOG_USEC``. ``serve`` says ``READY=1`` once it listens, then ``WATCHDOG=1``
again and again; if the beats stop for a whole period, systemd kills the service and
``Restart=on-failure`` starts it again.

Who beats: with a camera, the live loop (``hardware.referee_feed``), once per frame it
has been through, and on each turn of its loop while the camera is away (reconnecting
or ended: the loop is alive and a restart would not bring a cable back). So a camera
read that hangs, or a frame that never finishes, stops the beats and the service is
restarted. Without a camera, a :class:`HeartbeatTimer` beats, so a camera-less table is
never restarted for having no frames. The messages are plain datagrams on an
``AF_UNIX`` socket (no library); outside systemd there is no socket and nothing is sent.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
from collections.abc import Callable, Mapping

log = logging.getLogger(__name__)

Wait = Callable[[float], bool]
"""Waits up to the given seconds; returns True when the timer should stop instead."""


def notify(address: str, message: str) -> bool:
    """Send one ``sd_notify`` message to the socket at ``address`` (a leading ``@`` is
    an abstract socket, as systemd writes it); return whether it was sent."""
    target = "\0" + address[1:] if address.startswith("@") else address
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
            sock.sendto(message.encode(), target)
    except OSError as error:
        log.warning("watchdog: cannot tell systemd %r (%s)", message, error)
        return False
    return True


class Watchdog:
    """Says ``READY=1`` and ``WATCHDOG=1`` to systemd's socket at ``address``.

    ``period`` is systemd's watchdog period in seconds (0: systemd wants no beats, only
    the readiness). :meth:`beat` may be called as often as frames come: it sends at most
    one message every ``period / 4`` seconds of ``clock``.
    """

    def __init__(self, address: str, period: float, *,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.address = address
        self.period = period
        self._clock = clock
        self._last = float("-inf")
        self._lock = threading.Lock()

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] | None = None) -> Watchdog | None:
        """The watchdog systemd asked for in ``environ`` (default ``os.environ``), or
        None when not run by systemd with ``Type=notify``."""
        env = os.environ if environ is None else environ
        address = env.get("NOTIFY_SOCKET", "")
        if not address:
            return None
        period = 0.0
        pid = env.get("WATCHDOG_PID", "")
        if env.get("WATCHDOG_USEC", "").isdigit() and (not pid or pid == str(os.getpid())):
            period = int(env["WATCHDOG_USEC"]) / 1_000_000
        return cls(address, period)

    @property
    def beats(self) -> bool:
        """Whether systemd expects ``WATCHDOG=1`` beats."""
        return self.period > 0

    def ready(self, status: str = "") -> None:
        """Say the service is up (``READY=1``), with a status line for systemctl."""
        notify(self.address, f"READY=1\nSTATUS={status}" if status else "READY=1")
        self.beat(force=True)

    def beat(self, *, force: bool = False) -> None:
        """Say the service is alive (``WATCHDOG=1``), unless one was sent lately."""
        if not self.beats:
            return
        with self._lock:
            now = self._clock()
            if not force and now - self._last < self.period / 4:
                return
            self._last = now
        notify(self.address, "WATCHDOG=1")

    def stopping(self) -> None:
        """Say the service is stopping on purpose (``STOPPING=1``)."""
        notify(self.address, "STOPPING=1")


class HeartbeatTimer:
    """Beats ``watchdog`` every ``period / 2`` seconds on a daemon thread: the beats of a
    table without a camera. ``wait`` is injectable (tests pass one that returns at once)."""

    def __init__(self, watchdog: Watchdog, *, wait: Wait | None = None) -> None:
        self._watchdog = watchdog
        self._stop = threading.Event()
        self._wait = wait or self._stop.wait
        self._thread: threading.Thread | None = None

    def start(self) -> HeartbeatTimer:
        if self._watchdog.beats and self._thread is None:
            self._thread = threading.Thread(target=self.run, name="watchdog-timer",
                                            daemon=True)
            self._thread.start()
        return self

    def run(self) -> None:
        """Beat until the wait says stop."""
        while True:
            self._watchdog.beat(force=True)
            if self._wait(self._watchdog.period / 2):
                return

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(1.0)

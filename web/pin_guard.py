"""PIN guessing, slowed down: a few wrong PINs per minute from one address, and a few
dozen from all addresses together, after which every PIN (even the right one) is
refused until the minute has passed.

With a 6-digit table PIN (a million values) and at most ``TOTAL_PER_WINDOW`` wrong
guesses a minute from the whole network, finding it by guessing takes about
500,000 / 30 minutes, eleven days on average; the PIN changes at each start of the server.
The clock is injected so that tests move time instead of waiting for it.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable

WINDOW = 60.0
"""Seconds over which wrong guesses are counted."""

PER_ADDRESS_PER_WINDOW = 5
"""Wrong PINs one address may send in ``WINDOW`` before it must wait."""

TOTAL_PER_WINDOW = 30
"""Wrong PINs all addresses together may send in ``WINDOW`` before everyone must wait."""


class TooManyGuesses(Exception):
    """Too many wrong PINs lately; ``retry_after`` says in how many seconds to try again."""

    def __init__(self, retry_after: float) -> None:
        self.retry_after = max(1, int(retry_after + 0.999))
        super().__init__(f"Too many wrong PINs: try again in {self.retry_after} seconds.")


class PinGuard:
    """Counts wrong PINs per address and in total, over a sliding window."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._total: deque[float] = deque()
        self._by_address: dict[str, deque[float]] = {}

    def check(self, address: str) -> None:
        """Raise ``TooManyGuesses`` if ``address`` (or everyone) must wait to guess."""
        with self._lock:
            now = self._clock()
            self._forget(now)
            mine = self._by_address.get(address, deque())
            for wrong, limit in ((mine, PER_ADDRESS_PER_WINDOW), (self._total, TOTAL_PER_WINDOW)):
                if len(wrong) >= limit:
                    raise TooManyGuesses(wrong[0] + WINDOW - now)

    def wrong(self, address: str) -> None:
        """Count one wrong PIN from ``address``."""
        with self._lock:
            now = self._clock()
            self._total.append(now)
            self._by_address.setdefault(address, deque()).append(now)

    def _forget(self, now: float) -> None:
        while self._total and self._total[0] <= now - WINDOW:
            self._total.popleft()
        for address in list(self._by_address):
            times = self._by_address[address]
            while times and times[0] <= now - WINDOW:
                times.popleft()
            if not times:
                del self._by_address[address]

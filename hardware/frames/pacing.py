"""Handing out frames at a steady rate, with an injected clock and sleep so that tests
never wait (a fake clock's sleep only moves its time forward)."""

from __future__ import annotations

from hardware.frames.base import Clock, Sleep


class Pacer:
    """Keeps frames ``1 / fps`` seconds apart: ``wait()`` sleeps until the next one is
    due. A frame asked for late restarts the rhythm from now instead of bursting to
    catch up after a stall. With no ``fps`` (``None`` or 0) it never waits."""

    def __init__(self, fps: float | None, *, clock: Clock, sleep: Sleep) -> None:
        self.period = 1.0 / fps if fps else 0.0
        self._clock = clock
        self._sleep = sleep
        self._due: float | None = None

    def wait(self) -> None:
        """Return when the next frame is due (at once for the first, or a late one)."""
        if not self.period:
            return
        now = self._clock()
        if self._due is None or self._due < now - self.period:
            self._due = now
        elif self._due > now:
            self._sleep(self._due - now)
        self._due += self.period

"""``Listeners``: the callbacks an object tells of what happens to it.

The dice service, the table session and the camera feed each let others subscribe to
what they do (a roll, a change of the game, a new frame). They all want the same
things, kept here once:

- ``add`` returns the function that removes the listener again (calling it twice, or
  after ``remove``, does nothing);
- ``notify`` calls every listener with the same arguments, outside any lock, so a
  listener may subscribe, unsubscribe, or read its teller (which may take its own lock);
- a listener that raises is logged with its teller's words and never stops the others
  nor the teller: a broken page must not stop a roll, the game or the camera.

Thread-safe: listeners may be added, removed and notified from any thread. A listener
added while others are being told hears the next notification, not the current one.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Generic, ParamSpec

P = ParamSpec("P")


class Listeners(Generic[P]):
    """The listeners of one kind of news, all called with the arguments ``P``.

    A failing listener is logged on ``log`` with ``failure``, formatted with the
    arguments it was told (``"A dice listener failed on {0.notation}."``), so the log
    says what the teller was doing when it failed.
    """

    def __init__(self, log: logging.Logger, failure: str) -> None:
        self._log = log
        self._failure = failure
        self._lock = threading.Lock()
        self._listeners: list[Callable[P, object]] = []

    def add(self, listener: Callable[P, object]) -> Callable[[], None]:
        """Call ``listener`` on every ``notify`` from now on; return its remover."""
        with self._lock:
            self._listeners.append(listener)
        return lambda: self.remove(listener)

    def remove(self, listener: Callable[P, object]) -> None:
        """Stop calling ``listener`` (nothing happens if it is not listening)."""
        with self._lock:
            if listener in self._listeners:
                self._listeners.remove(listener)

    def __len__(self) -> int:
        with self._lock:
            return len(self._listeners)

    def notify(self, *args: P.args, **kwargs: P.kwargs) -> None:
        """Call every listener with these arguments, in the order they were added."""
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            try:
                listener(*args, **kwargs)
            except Exception:
                self._log.exception("%s", self._failure.format(*args, **kwargs))

"""``companion demo``: the bundled 9×9 Go replay refereed through the live loop.

The replay (``hardware/replays/demo``, drawn by ``make_demo.py``) shows one stone more
per picture, and once a hand over the board. Here each picture is held for a few frames
(``HeldReplay``) so the stability gate sees the board hold still, as it would at a real
table between two moves; the board's position in the pictures is known from how they
were drawn, so the demo registers it once (``demo_locator``) instead of searching; and
each pass of the replay is a new game of Go, started when the replay begins again from
the empty board.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from calibration.registration import fit_homography
from companion.geometry import Geometry
from hardware.frames.base import Clock, Frame, FrameSource, Sleep
from hardware.frames.replay import ReplaySource
from hardware.referee_feed import BoardLocator
from hardware.replays import DEMO, make_demo

GAME = "go"
OPTIONS = {"board": "go-9"}
HOLD = 5
"""Frames each picture is shown for: the first differs from the one before (the gate
sees motion), then the gate needs 3 steady frames."""
FPS = 3.0


def demo_homography(geometry: Geometry) -> np.ndarray:
    """Pixels of the demo pictures → board mm, from the corner intersections as drawn."""
    last = (make_demo.LINES - 1) * make_demo.PITCH
    x0, y0 = make_demo.ORIGIN
    pixels = np.array([[x0, y0], [x0 + last, y0], [x0 + last, y0 + last], [x0, y0 + last]],
                      dtype=np.float64)
    corners = ["A9", "J9", "J1", "A1"]
    board = np.array([geometry.position_mm(name) for name in corners], dtype=np.float64)
    homography, _ = fit_homography(pixels, board)
    return homography


def demo_locator(geometry: Geometry) -> BoardLocator:
    """A locator that knows where the board is in the demo's pictures."""
    locator = BoardLocator(geometry)
    locator.fix(demo_homography(geometry), "demo (board position known)", 1.0)
    return locator


class DemoGames:
    """Begins a new game of Go whenever the replay starts from the empty board again
    (the game before it is ended), once the app's table is known (``table``)."""

    def __init__(self) -> None:
        self.table: Any = None
        self._lock = threading.Lock()

    def new_game(self) -> None:
        with self._lock:
            if self.table is None:
                return
            if self.table.game_id is not None:
                self.table.end()
            self.table.start(GAME, OPTIONS)


class HeldReplay(FrameSource):
    """The bundled replay with each picture held for ``hold`` frames at ``fps`` frames a
    second; ``on_start()`` is called before the first picture of every pass."""

    def __init__(self, on_start: Callable[[], None], *, hold: int = HOLD,
                 fps: float | None = FPS, clock: Clock = time.monotonic,
                 sleep: Sleep = time.sleep) -> None:
        super().__init__(clock=clock)
        self._replay = ReplaySource(DEMO, fps=None, loop=True)
        self.description = f"{self._replay.description}, each held {hold} frames"
        self._on_start = on_start
        self._hold = hold
        self._period = 1.0 / fps if fps else 0.0
        self._sleep = sleep
        self._due: float | None = None
        self._pictures = len(self._replay)
        self._shown = 0
        self._image: np.ndarray | None = None

    def read(self) -> Frame:
        if self._shown % (self._hold * self._pictures) == 0:
            self._on_start()
        if self._shown % self._hold == 0:
            self._image = self._replay.read().image
        self._shown += 1
        self._pace()
        assert self._image is not None
        return self._frame(self._image)

    def close(self) -> None:
        self._replay.close()

    def _pace(self) -> None:
        """Hand out frames at the rate asked for, never bursting after a stall."""
        if not self._period:
            return
        now = self._clock()
        if self._due is None or self._due < now - self._period:
            self._due = now
        elif self._due > now:
            self._sleep(self._due - now)
        self._due += self._period

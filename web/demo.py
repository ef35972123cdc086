"""``companion demo``: the bundled game of ONE refereed through the live loop.

The replay (``hardware/replays/one-game``, rendered by ``make_demo_one.py``) shows the
board after each move of a game of ONE, captures included, and once a hand over the
board. Here each picture is held for a few frames (``HeldReplay``) so the stability gate
sees the board hold still, as it would at a real table between two moves; where the board
is in the pictures is known from how they were rendered (``board.json`` beside them), so
the demo registers it once (``demo_locator``) instead of searching; and each pass of the
replay is a new game of ONE, started when the replay begins again from the empty board.

A person who tries the page is not overruled by the replay: once they start, play,
correct or undo anything, the replay pauses (``DemoGames.pause``; the camera holds its
picture) until they press **Resume the replay**, which begins a new pass; their game
stays in the journal, to be resumed.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from calibration.locator import BoardLocator
from companion.geometry import Geometry, load_geometry
from hardware.frames.base import Clock, Frame, FrameSource, Sleep
from hardware.frames.pacing import Pacer
from hardware.frames.replay import ReplaySource
from hardware.replays import DEMO, ONE_GAME, game_options, placement

REPLAY = ONE_GAME
"""The pictures the demo plays."""
GAME, OPTIONS = game_options(REPLAY)
"""The game the replay shows, and its options (a game of ONE, nine stones each)."""
HOLD = 5
"""Frames each picture is shown for: the first differs from the one before (the gate
sees motion), then the gate needs 3 steady frames."""
FINAL_HOLD = 30
"""Frames the last picture (the game over) is shown for: 10 seconds at ``FPS``."""
FPS = 3.0


def demo_homography(geometry: Geometry) -> np.ndarray:
    """Pixels → board mm in the bundled replay that shows ``geometry``'s board (the game
    of ONE, or the drawn 9×9 Go board), as its ``board.json`` has it; ``LookupError``
    when no bundled replay shows that board."""
    for folder in (REPLAY, DEMO):
        board, homography = placement(folder)
        if load_geometry(board).spec == geometry.spec:
            return homography
    raise LookupError(f"No bundled replay shows the board {geometry.spec.get('title')!r}.")


def demo_locator(geometry: Geometry) -> BoardLocator:
    """A locator that knows where the board is in the bundled pictures; for another
    board (a game started from the page) one that searches, as at a real table."""
    locator = BoardLocator(geometry)
    try:
        homography = demo_homography(geometry)
    except LookupError:
        return locator
    locator.fix(homography, "demo (board position known)", 1.0)
    return locator


PERSON_ACTS = frozenset({
    "table_api.start", "table_api.resume", "table_api.end", "table_api.play",
    "table_api.choose", "table_api.correct", "table_api.accept", "table_api.undo",
    "table_api.redo", "table_api.import_record", "table_api.thrown"})
"""The requests by which a person changes the game: the replay pauses for them."""


class DemoGames:
    """Begins a new game of ONE whenever the replay starts from the empty board again
    (the game before it is ended), once the app's table is known (``table``); pauses the
    replay while a person plays (``pause``) and begins it again (``resume``)."""

    def __init__(self) -> None:
        self.table: Any = None
        self._lock = threading.Lock()
        self._paused = threading.Event()
        self._rewind = threading.Event()

    @property
    def paused(self) -> bool:
        return self._paused.is_set()

    def pause(self) -> bool:
        """Hold the replay where it is; whether it was running."""
        running = not self._paused.is_set()
        self._paused.set()
        return running

    def resume(self) -> None:
        """Run the replay again, from its first picture: a new game of ONE."""
        self._rewind.set()
        self._paused.clear()

    def take_rewind(self) -> bool:
        """Whether the replay is to begin again (asked once by ``HeldReplay``)."""
        wanted = self._rewind.is_set()
        self._rewind.clear()
        return wanted

    def new_game(self) -> None:
        with self._lock:
            if self.table is None:
                return
            if self.table.game_id is not None:
                self.table.end()
            self.table.start(GAME, OPTIONS)


class HeldReplay(FrameSource):
    """The bundled replay with each picture held for ``hold`` frames at ``fps`` frames a
    second, and its last (the game over) for ``final_hold`` frames, so the result can be
    read before the next pass; ``on_start()`` is called before the first picture of every
    pass."""

    def __init__(self, on_start: Callable[[], None], *, hold: int = HOLD,
                 final_hold: int = FINAL_HOLD, fps: float | None = FPS,
                 clock: Clock = time.monotonic, sleep: Sleep = time.sleep,
                 control: DemoGames | None = None) -> None:
        super().__init__(clock=clock)
        self._control = control
        self._replay = ReplaySource(REPLAY, fps=None, loop=True)
        self.description = f"{self._replay.description}, each held {hold} frames"
        self._on_start = on_start
        self._holds = [hold] * (len(self._replay) - 1) + [max(final_hold, hold)]
        self._pacer = Pacer(fps, clock=clock, sleep=sleep)
        self._next = 0  # the picture to show next
        self._left = 0  # frames the picture shown now is still held for
        self._image: np.ndarray | None = None

    def read(self) -> Frame:
        control = self._control
        if control is not None and control.take_rewind():
            self._replay.rewind()
            self._next, self._left = 0, 0
        if control is not None and control.paused and self._image is not None:
            self._pacer.wait()
            return self._frame(self._image)  # held while a person plays
        if self._left == 0:
            if self._next == 0:
                self._on_start()
            self._image = self._replay.read().image
            self._left = self._holds[self._next]
            self._next = (self._next + 1) % len(self._holds)
        self._left -= 1
        self._pacer.wait()
        assert self._image is not None
        return self._frame(self._image)

    def close(self) -> None:
        self._replay.close()


def pause_when_a_person_acts(response: Any) -> Any:
    """After a request: if it was a person changing the game (``PERSON_ACTS``) and it
    went through, pause the replay and tell the pages (a ``demo`` event)."""
    from flask import current_app, request

    from web.runtime import get_runtime

    games = current_app.config.get("DEMO_REPLAY")
    if (games is not None and request.endpoint in PERSON_ACTS
            and response.status_code < 400 and games.pause()):
        get_runtime().hub.publish("demo", {"paused": True})
    return response

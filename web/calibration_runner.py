"""The web page's camera calibration, run on the live camera off the request path.

The page starts a session (which target, which spec); from then on the runner's own
thread hands the camera feed's newest frame to a ``CalibrationSession`` each time a new
one arrives. Frames that arrive while it is still looking at one are skipped: the
person moving the target only needs the newest. What each frame gave (kept or not, the
advice, the coverage map, where the target was seen) becomes the runner's status, which
``publish`` sends to the pages as a ``calibration`` event (at most a few a second, and
always when a picture is kept or the state changes).

When the session has enough views, or the page asks, the same thread calibrates; the
page then shows the result and may ``save`` it where ``companion calibrate camera``
saves it (``camera.json`` in the data folder), where ``calibrate board`` finds it.

States: ``idle`` (nothing running), ``collecting``, ``calibrating``, ``finished`` (a
result to look at and save), ``failed`` (the calibration could not be done: why, in
``message``).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from calibration import charuco, chessboard
from calibration.commands import default_camera_path
from calibration.intrinsics import (
    ADVISED_VIEWS,
    MIN_VIEWS,
    CalibrationError,
    CameraModel,
    RejectedView,
    View,
)
from calibration.session import CalibrationSession, Finder, outline
from hardware.lens import lens_status

log = logging.getLogger(__name__)

IDLE, COLLECTING, CALIBRATING, FINISHED, FAILED = (
    "idle", "collecting", "calibrating", "finished", "failed")
TARGETS = ("charuco", "chessboard")
MAX_WANTED = 50
PUBLISH_PERIOD = 0.25  # seconds between status events when nothing much changed

Publish = Callable[[str, dict[str, Any]], None]


class Busy(ValueError):
    """A calibration is already running: finish or cancel it first."""


def make_finder(target: str, spec: str | None = None) -> tuple[Finder, str, str]:
    """The finder for ``target`` ("charuco" or "chessboard"), the target's name as the
    camera model records it, and the spec in its written form. ``ValueError`` (in
    words) for an unknown target or a spec that cannot be read."""
    if target == "charuco":
        board = charuco.parse_spec(spec or charuco.DEFAULT_SPEC)
        return (lambda image, name: charuco.find_view(image, board, name),
                f"charuco {board}", str(board))
    if target == "chessboard":
        text = spec or "9x6"
        pattern_text, _, square_text = text.partition(":")
        pattern = chessboard.parse_pattern(pattern_text)
        try:
            square = float(square_text) if square_text else 25.0
        except ValueError:
            square = 0.0
        if not 0 < square <= chessboard.MAX_SQUARE_MM:
            raise ValueError(f"A chessboard is given as COLSxROWS[:SQUARE_MM], e.g. 9x6:25, "
                             f"its squares at most {chessboard.MAX_SQUARE_MM:g} mm; "
                             f"got {text!r}.")
        return (lambda image, name: chessboard.find_view(image, pattern, name, square),
                f"chessboard {pattern[0]}x{pattern[1]}", f"{pattern[0]}x{pattern[1]}:{square:g}")
    raise ValueError(f"The target is {' or '.join(TARGETS)}, not {target!r}.")


def result_json(model: CameraModel) -> dict[str, Any]:
    """What the page shows of a calibration: the RMS and its word, the focal length,
    each picture's error and the pictures dropped, with why."""
    return {
        "rms": round(model.rms, 4),
        "quality": model.quality,
        "focal_px": round(float(model.matrix[0, 0]), 1),
        "image_size": list(model.image_size),
        "target": model.target,
        "per_view": [{"name": name, "error": round(error, 4)}
                     for name, error in model.per_view.items()],
        "rejected": [{"name": r.name, "reason": r.reason} for r in model.rejected],
    }


class CalibrationRunner:
    """One page-driven calibration at a time on ``feed`` (a ``CameraFeed``, or None
    when serving without a camera). ``save_path`` says where ``save`` writes; ``clock``
    paces the status events; ``live_lens`` gives the live loop's lens status when one
    runs (``hardware.lens.Lens.status``), so this page says of the lens what the table
    page says; without it, the saved model is described by the same function."""

    def __init__(self, feed: Any, *, publish: Publish | None = None,
                 save_path: Callable[[], Path] = default_camera_path,
                 clock: Callable[[], float] = time.monotonic,
                 live_lens: Callable[[], dict[str, Any] | None] = lambda: None) -> None:
        self._feed = feed
        self._live_lens = live_lens
        self._publish = publish or (lambda kind, data: None)
        self._save_path = save_path
        self._clock = clock
        self._changed = threading.Condition()
        self._generation = 0
        self._newest = 0  # the newest frame number the feed has told of
        self._finish_asked = False
        self._model: CameraModel | None = None
        self._last_published = float("-inf")
        self._seen: list[list[float]] | None = None  # the target's outline in the last frame
        self._looked_at: tuple[int, Any] | None = None  # (number, frame) last looked at
        self._jpeg: tuple[int, bytes] | None = None
        self._status: dict[str, Any] = self._blank(IDLE, self._idle_message())
        self._saved_model: CameraModel | None = None
        self._saved_problem = ""
        self._saved = self._load_saved()

    # -- what the page reads ----------------------------------------------------------

    def status(self) -> dict[str, Any]:
        """The session's state as JSON data (see the module's docstring)."""
        with self._changed:
            return self._current()

    def frame_jpeg(self) -> tuple[int, bytes] | None:
        """The frame the session looked at last, as ``(number, JPEG bytes)``: the page
        shows it with the outline where the target was seen in it, so the two agree."""
        with self._changed:
            looked_at, cached = self._looked_at, self._jpeg
        if looked_at is None:
            return None
        number, frame = looked_at
        if cached is None or cached[0] != number:
            ok, data = cv2.imencode(".jpg", frame.image, [cv2.IMWRITE_JPEG_QUALITY, 80])
            if not ok:
                return None
            cached = (number, data.tobytes())
            with self._changed:
                self._jpeg = cached
        return cached

    def wait_until(self, predicate: Callable[[dict[str, Any]], bool],
                   timeout: float | None = None) -> dict[str, Any]:
        """Block until ``predicate(status)`` holds or ``timeout`` passes; return the status."""
        with self._changed:
            self._changed.wait_for(lambda: predicate(self._current()), timeout)
            return self._current()

    # -- what the page asks -----------------------------------------------------------

    def start(self, target: str, spec: str | None = None, wanted: int = 15) -> dict[str, Any]:
        """Start collecting views of ``target`` from the camera; ``Busy`` while one runs."""
        if self._feed is None:
            raise ValueError("There is no camera to calibrate: start the companion with "
                             "one (companion serve --source picamera, or usb:0).")
        if isinstance(wanted, bool) or not isinstance(wanted, int) or not (
                MIN_VIEWS <= wanted <= MAX_WANTED):
            raise ValueError(f"wanted is how many pictures to keep, a whole number from "
                             f"{MIN_VIEWS} to {MAX_WANTED}.")
        find, name, written = make_finder(target, spec)
        # Listen before the thread starts, so no frame from now on goes unnoticed.
        unsubscribe = self._feed.subscribe(self._on_feed)
        with self._changed:
            if self._status["state"] in (COLLECTING, CALIBRATING):
                unsubscribe()
                raise Busy("A calibration is already running: finish or cancel it first.")
            self._generation += 1
            generation = self._generation
            self._finish_asked = False
            self._model = None
            first = self._newest = self._feed.frame_count
            session = CalibrationSession(self._remember(find), target=name, wanted=wanted)
            self._status = {**self._blank(COLLECTING, "Hold the target under the camera "
                                                      "and move it slowly."),
                            "target": target, "spec": written, "wanted": wanted}
            self._announce(force=True)
        thread = threading.Thread(target=self._run,
                                  args=(generation, session, first, unsubscribe),
                                  name="calibration", daemon=True)
        thread.start()
        return self.status()

    def finish(self) -> dict[str, Any]:
        """Calibrate from the pictures kept so far (on the runner's thread)."""
        with self._changed:
            state, views = self._status["state"], self._status["views"]
            if state != COLLECTING:
                raise ValueError("No calibration is collecting pictures: start one first.")
            if views < MIN_VIEWS:
                raise ValueError(
                    f"Only {views} picture(s) of the target kept so far; at least {MIN_VIEWS} "
                    f"are needed ({ADVISED_VIEWS} or more advised): keep moving it under the "
                    "camera.")
            self._finish_asked = True
            self._changed.notify_all()
            return self._current()

    def cancel(self) -> dict[str, Any]:
        """Stop the session and forget its pictures and result."""
        with self._changed:
            self._generation += 1
            self._model = None
            self._status = self._blank(IDLE, "Calibration cancelled. " + self._idle_message())
            self._announce(force=True)
            return self._current()

    def save(self) -> dict[str, Any]:
        """Save the finished calibration as the companion's camera model."""
        with self._changed:
            if self._status["state"] != FINISHED or self._model is None:
                raise ValueError("There is no finished calibration to save.")
            path = self._save_path()
            try:
                self._model.save(path)
            except OSError as error:
                raise ValueError(f"Cannot save the calibration to {path}: {error}") from None
            self._status["result"] = {**self._status["result"], "saved_to": str(path)}
            self._status["message"] = f"Saved to {path}."
            self._saved = self._saved_json(self._model, path)
            self._saved_model, self._saved_problem = self._model, ""
            self._announce(force=True)
            return self._current()

    # -- the runner's thread ------------------------------------------------------------

    def _run(self, generation: int, session: CalibrationSession, looked_at: int,
             unsubscribe: Callable[[], None]) -> None:
        try:
            while True:
                with self._changed:
                    self._changed.wait_for(lambda seen=looked_at: (
                        generation != self._generation or self._finish_asked
                        or self._newest > seen))
                    if generation != self._generation:
                        return
                    finishing, newest = self._finish_asked, self._newest
                frame = None if finishing else self._feed.latest
                if frame is not None:
                    looked_at = newest
                    finishing = self._offer(generation, session, frame, newest)
                if finishing:
                    self._calibrate(generation, session)
                    return
        finally:
            unsubscribe()

    def _offer(self, generation: int, session: CalibrationSession, frame: Any,
               number: int) -> bool:
        """Hand one frame to the session; return whether it has enough pictures."""
        try:
            step = session.offer(frame.image, f"frame {number}")
        except Exception as error:  # a finder failure must not end the page's session
            log.exception("calibration: looking at frame %s failed", number)
            with self._changed:
                self._status.update(kept=False, frames=self._status["frames"] + 1,
                                    message=f"This frame could not be looked at: {error}")
                self._announce(force=False)
            return False
        with self._changed:
            if generation != self._generation:
                return False
            size = session.size
            self._looked_at = (number, frame)
            self._status.update(
                frame=number, frames=self._status["frames"] + 1, views=step.views,
                done=step.done, kept=step.kept, message=step.message, coverage=step.coverage,
                covered=int(np.count_nonzero(np.array(step.coverage))),
                image_size=list(size) if size else None, seen=self._seen)
            self._announce(force=step.kept)
        return step.done

    def _calibrate(self, generation: int, session: CalibrationSession) -> None:
        with self._changed:
            if generation != self._generation:
                return
            self._status.update(state=CALIBRATING, message="Calibrating…", seen=None)
            self._announce(force=True)
        try:
            model = session.finish()
        except CalibrationError as error:
            model, failure = None, str(error)
        with self._changed:
            if generation != self._generation:
                return
            if model is None:
                self._status.update(state=FAILED, message=failure)
            else:
                model.camera = self._feed.description
                self._model = model
                self._status.update(
                    state=FINISHED, result=result_json(model),
                    message=f"RMS reprojection error {model.rms:.2f} px ({model.quality}) "
                            f"from {len(model.per_view)} pictures.")
            self._announce(force=True)

    def _remember(self, find: Finder) -> Finder:
        """``find``, noting where the target was seen in the frame (for the overlay)."""
        def finder(image: np.ndarray, name: str) -> View | RejectedView:
            found = find(image, name)
            self._seen = (np.round(outline(found), 1).tolist()
                          if isinstance(found, View) else None)
            return found
        return finder

    def _on_feed(self, kind: str, data: dict[str, Any]) -> None:
        """Told by the feed's thread of each new frame and status change."""
        with self._changed:
            if kind == "frame":
                self._newest = int(data["number"])
            elif data.get("camera") == "stopped":  # the server is shutting down
                self._generation += 1
                self._status = self._blank(IDLE, "The camera stopped.")
            self._changed.notify_all()

    # -- helpers (called with the lock held) ---------------------------------------------

    def _current(self) -> dict[str, Any]:
        camera = ({"status": "no camera", "source": "", "frames": 0} if self._feed is None
                  else self._feed.snapshot())
        return {**self._status, "camera": camera, "saved": self._saved, "lens": self._lens()}

    def _lens(self) -> dict[str, Any]:
        """The lens calibration in the words the table page uses (``lens_status``): the
        live loop's own when it runs, else the saved model's."""
        live = self._live_lens()
        if live is not None:
            return live
        return lens_status(self._saved_model, problem=self._saved_problem)

    def _announce(self, *, force: bool) -> None:
        self._changed.notify_all()
        now = self._clock()
        if force or now - self._last_published >= PUBLISH_PERIOD:
            self._last_published = now
            self._publish("calibration", self._current())

    def _blank(self, state: str, message: str) -> dict[str, Any]:
        return {"state": state, "target": "", "spec": "", "wanted": 0,
                "advised": ADVISED_VIEWS, "min_views": MIN_VIEWS, "views": 0, "done": False,
                "kept": False, "frames": 0, "frame": 0, "message": message,
                "coverage": [[0] * 4 for _ in range(4)], "covered": 0, "image_size": None,
                "seen": None, "result": None}

    def _idle_message(self) -> str:
        if self._feed is None:
            return ("There is no camera: the companion was started without one "
                    "(companion serve --source picamera, or usb:0).")
        return "Choose the target and press Start."

    def _load_saved(self) -> dict[str, Any] | None:
        path = self._save_path()
        if not path.exists():
            return None
        try:
            self._saved_model = CameraModel.load(path)
        except CalibrationError as error:
            log.warning("calibration: %s", error)
            self._saved_problem = str(error)
            return None
        return self._saved_json(self._saved_model, path)

    @staticmethod
    def _saved_json(model: CameraModel, path: Path) -> dict[str, Any]:
        return {"path": str(path), "rms": round(model.rms, 4), "quality": model.quality,
                "image_size": list(model.image_size), "target": model.target}

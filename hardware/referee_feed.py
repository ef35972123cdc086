"""The live loop: camera frames → registration → recogniser → stability gate → the table.

A ``RefereeFeed`` runs on its own thread beside the ``CameraFeed``: it takes the newest
frame (skipping any it had no time for), finds the board in it (``BoardLocator``), reads
every space (``companion.vision``), and lets the stability gate decide when the board has
held still. Each new steady board goes to ``TableSession.submit_reading``, which applies,
refuses or asks; the session tells the page. A hand over the board, a blurred or
unreadable frame, a board that cannot be found or any error in a stage only changes the
status the page shows ("occluded", "searching for the board"): it never reaches the game.

``process(image)`` is one frame through the loop, synchronously, so tests drive the loop
with rendered frames and no thread.

With a lens calibration (``camera_path``, see ``hardware.lens``) the board is registered
on the picture as a perfect lens would have taken it: the grid finder, the corner markers
and tapped corners all take the lens model, the recogniser reads the undistorted picture,
and the spaces' pixels for the page's overlay are put back where the lens shows them.
"""

from __future__ import annotations

import importlib.util
import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

import cv2
import numpy as np

from calibration.registration import Registration, RegistrationError, from_corners
from companion.errors import CompanionError
from companion.geometry import Geometry
from companion.table.reading import from_labels
from companion.table.session import TableSession
from companion.table.verdict import APPLIED, STARTED, UNCHANGED
from companion.vision.gate import Stability
from companion.vision.labels import EMPTY, UNSURE
from companion.vision.look import LearnedLook
from companion.vision.look_file import LookFile, look_key
from hardware.frames import CameraFeed
from hardware.lens import Lens

log = logging.getLogger(__name__)

StatusListener = Callable[[dict[str, Any]], None]


class LoopStatus(StrEnum):
    """What the live loop is doing, as the page shows it: the gate's three (``Stability``)
    once the board is found, or why it cannot read the board."""

    OFF = "off"
    NO_GAME = "no game"
    UNREADABLE = "not read by the camera"
    SEARCHING = "searching"
    OCCLUDED = Stability.OCCLUDED
    SETTLING = Stability.SETTLING
    STEADY = Stability.STEADY
    ERROR = "error"


OFF = LoopStatus.OFF
NO_GAME = LoopStatus.NO_GAME
UNREADABLE = LoopStatus.UNREADABLE
SEARCHING = LoopStatus.SEARCHING
OCCLUDED = LoopStatus.OCCLUDED
SETTLING = LoopStatus.SETTLING
STEADY = LoopStatus.STEADY
ERROR = LoopStatus.ERROR


@dataclass(frozen=True)
class Located:
    """Where the board is in one frame: pixels → board mm, and how sure."""

    homography: np.ndarray
    method: str
    confidence: float
    message: str
    camera: Any = None
    """The lens model the homography assumes (its pixels undistorted), or ``None``."""


class BoardLocator:
    """Finds one board in frames: from four tapped corners (kept until ``reset``), else a
    plain grid board by its lines (``calibration.gridfind``), then followed from frame to
    frame by its crossings (``calibration.gridfollow``: a bumped board is read where it
    now lies; while a hand hides it, it stays where it was; a board gone from where it
    was is looked for afresh), or by its stones where they cover its lines (then held
    where it was found), else the corner markers printed beside the board, followed
    frame to frame (``BoardTracker``)."""

    LOST_RETRY_FRAMES = 10  # while a grid is hidden, look for it afresh every this many

    def __init__(self, geometry: Geometry) -> None:
        self.geometry = geometry
        self.camera: Any = None
        self._fixed: Located | None = None
        self._taps: Sequence[Sequence[float]] | None = None
        self._tracker: Any = None
        self._following = False  # a grid found by its lines is followed
        self._grid_seen: int | None = None  # crossings it showed last (None: not yet)
        self._lost = 0

    def use_camera(self, camera: Any) -> None:
        """Register with ``camera`` (a ``CameraModel``, or ``None``) from now on: the
        markers are followed and a grid found with it, tapped corners are fitted again."""
        if camera is self.camera:
            return
        self.camera = camera
        self._tracker = None
        if self._taps is not None:
            self.fix_corners(self._taps)
        elif self._fixed is not None and self._fixed.camera is not None:
            self._fixed = None  # a grid found with the old lens model: find it again
            self._following = False

    def fix(self, homography: np.ndarray, method: str = "corners",
            confidence: float = 0.8) -> None:
        """Use ``homography`` (pixels → board mm) for every frame until ``reset``."""
        self._fixed = Located(np.asarray(homography, dtype=np.float64), method, confidence,
                              f"Board registered ({method}).")
        self._taps = None
        self._following = False

    def fix_corners(self, taps: Sequence[Sequence[float]]) -> None:
        """Register from the board's four corners tapped on the picture, top-left first."""
        found = from_corners(taps, self.geometry.width_mm, self.geometry.height_mm,
                             camera=self.camera)
        self._fix_found(found.homography, "corners", found.confidence)
        self._taps = [list(tap) for tap in taps]

    def _fix_found(self, homography: np.ndarray, method: str, confidence: float) -> None:
        self.fix(homography, method, confidence)
        assert self._fixed is not None
        self._fixed = Located(self._fixed.homography, method, confidence,
                              self._fixed.message, self.camera)

    def reset(self) -> None:
        """Forget the board's position: the next frame looks for it afresh."""
        self._fixed = None
        self._taps = None
        self._following = False
        if self._tracker is not None:
            self._tracker.reset()

    def locate(self, image: np.ndarray) -> Located:
        """Find the board in ``image``; raise ``RegistrationError`` saying why not."""
        if self._fixed is not None and self._following:
            return self._follow(image)
        if self._fixed is not None:
            return self._fixed
        found = self._find_grid(image)
        if found is not None:
            return found
        return self._from_markers(image)

    def _find_grid(self, image: np.ndarray) -> Located | None:
        """The plain grid board found by its lines, from now on followed, or by its
        stones, from now on held; ``None`` if it is not a grid board or none is found."""
        if self.geometry.kind != "grid" or not importlib.util.find_spec("calibration.gridfind"):
            return None
        from calibration import gridfind
        from calibration.gridstones import METHOD as STONES

        try:
            found = gridfind.find_grid(image, self.geometry, self.camera)
        except (RegistrationError, ValueError):
            return None  # a printed board with markers: try them next
        by_lines = found.method != STONES
        self._fix_found(found.homography,
                        f"{found.method} (found by its lines)" if by_lines
                        else "found by its stones", float(found.confidence))
        # A board covered in stones shows too few crossings to follow: it is held where
        # it was found until the board is looked for again ("find the board again").
        self._following, self._grid_seen, self._lost = by_lines, None, 0
        return self._fixed

    def _follow(self, image: np.ndarray) -> Located:
        """The grid where it now lies (``calibration.gridfollow``); where it was while too
        few of its crossings show there, looked for afresh at once (it may have been
        moved) and again every ``LOST_RETRY_FRAMES`` such frames (a hand stays a while).
        A search that fails changes nothing: the grid finder never returns a wrong board."""
        from calibration.gridfollow import follow_grid

        assert self._fixed is not None
        followed = follow_grid(image, self._fixed.homography, self.geometry,
                               self._fixed.camera, self._grid_seen)
        if followed.homography is not None:
            self._lost = 0
            self._grid_seen = followed.found
            self._fixed = replace(self._fixed, homography=followed.homography)
            return self._fixed
        self._lost += 1
        if self._lost == 1 or self._lost % self.LOST_RETRY_FRAMES == 0:
            self._find_grid(image)  # found: followed from there; not found: kept as it was
        return self._fixed

    def _from_markers(self, image: np.ndarray) -> Located:
        from calibration.layout import board_layout
        from calibration.tracking import BoardTracker

        if self._tracker is None:
            self._tracker = BoardTracker(board_layout(self.geometry), self.camera)
        result = self._tracker.update(image)
        registration: Registration | None = result.registration
        if registration is None:
            raise RegistrationError(result.message)
        return Located(registration.homography, f"markers ({result.status})",
                       result.confidence, result.message, self.camera)


class RefereeFeed:
    """Feeds ``session`` the steady readings of ``feed``'s frames (module docstring).

    ``locator_for(geometry)`` makes the locator for a game's board (a ``BoardLocator`` by
    default; the demo passes one fixed on its bundled board). ``recogniser_for(game,
    board)`` makes the recogniser of a game's pieces (``game_recogniser`` by default):
    anything with a ``geometry`` and ``read(image, homography)`` returning a
    ``companion.vision.pipeline.Reading`` whose cells are the contents the game's view
    uses (``empty`` for an empty space); it raises ``ValueError`` for a game the camera
    cannot read. ``on_status`` hears every change of the loop's status (see ``status``).
    ``camera_path`` is the lens calibration to use (``camera.json``; see ``hardware.lens``),
    loaded at start and again when the file changes; ``None`` for none. ``gate_for()``
    makes the stability gate (``companion.vision.gate.StabilityGate`` by default; following
    photographs, each one steady on its own, passes ``hardware.follow_frames.StillGate``).

    A stone recogniser reads with the table's learned look (``companion.vision.look``):
    the first steady reading of a game's starting position teaches it, and so does every
    reading the referee accepts (a move applied, or the board as the game has it), with
    the game's state as the label. ``look_path`` (``look.json``) keeps it between games,
    per board and picture size (``companion.vision.look_file``); ``None`` keeps it in
    memory only.
    """

    def __init__(self, session: TableSession, feed: CameraFeed | None = None, *,
                 locator_for: Callable[[Geometry], BoardLocator] = BoardLocator,
                 recogniser_for: Callable[[str, str | None], Any] | None = None,
                 on_status: StatusListener | None = None,
                 camera_path: Any = None, look_path: Any = None,
                 gate_for: Callable[[], Any] | None = None) -> None:
        self.session = session
        self.feed = feed
        self._locator_for = locator_for
        self._recogniser_for = recogniser_for or game_recogniser
        self._gate_for = gate_for
        self._on_status = on_status
        self._lock = threading.RLock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._key: tuple[str, str] | None = None
        self._geometry: Geometry | None = None
        self._recogniser: Any = None
        self._gate: Any = None
        self._locator: BoardLocator | None = None
        self._submitted: dict[str, Any] | None = None
        self._disturbed = False
        self._status: dict[str, Any] = {"status": OFF, "message": "No camera."}
        self._lens = Lens(camera_path)
        self._lens_said = ""
        self._looks = LookFile(look_path) if look_path is not None else None
        self._look: LearnedLook | None = None
        self._look_key = ""
        self._stale = 0
        self._unsubscribe = session.subscribe(self._on_table)

    # -- what the page reads -----------------------------------------------------------

    def status(self) -> dict[str, Any]:
        """``status`` (off, no game, not read by the camera, searching, occluded,
        settling, steady, error), ``message`` in words, ``lens`` (is a lens calibration
        in use: ``loaded``, ``rms``, ``quality``, ``message``), and once the board is found
        ``registration`` (method, confidence) and ``spaces_px`` (each space's pixel in the
        picture, for the page's overlay)."""
        with self._lock:
            return {**self._status, "lens": self._lens.status()}

    def reregister(self, corners: Sequence[Sequence[float]] | None = None) -> dict[str, Any]:
        """Find the board again from the next frame, or from four tapped ``corners``."""
        with self._lock:
            self._ensure_game()
            if self._locator is None:
                raise RegistrationError("There is no board to register: start a game of "
                                        "ONE or Go first.")
            if corners is None:
                self._locator.reset()
                self._set({"status": SEARCHING, "message": "Looking for the board again."})
            else:
                self._locator.fix_corners(corners)
                self._set({"status": SETTLING, "message": "Board registered from the "
                           "corners tapped."})
            self._reset_gate()
            return self.status()

    # -- the loop ----------------------------------------------------------------------------

    def process(self, image: np.ndarray) -> dict[str, Any]:
        """Take one frame through the loop; return the status after it."""
        with self._lock:
            try:
                self._step(image)
            except (RegistrationError, CompanionError, ValueError, cv2.error) as error:
                self._set({"status": ERROR, "message": f"This frame was skipped: {error}"})
            return self.status()

    def _step(self, image: np.ndarray) -> None:
        lens = self._lens.model_for((image.shape[1], image.shape[0]))
        if not self._ensure_game():
            return
        assert self._locator is not None and self._recogniser is not None
        self._locator.use_camera(lens)
        try:
            where = self._locator.locate(image)
        except RegistrationError as error:
            self._reset_gate()
            self._set({"status": SEARCHING, "message": str(error)})
            return
        picture = image if where.camera is None else self._lens.undistort(image, where.camera)
        self._use_look((image.shape[1], image.shape[0]))
        reading = self._recogniser.read(picture, where.homography)
        reading = self._look_fits(reading, picture, where.homography)
        gate = self._gate.update(reading)
        board = {"registration": {"method": where.method,
                                  "confidence": round(where.confidence, 2)},
                 "spaces_px": self._spaces_px(where),
                 "frame": [int(image.shape[1]), int(image.shape[0])]}
        if gate.status != STEADY:
            status = OCCLUDED if gate.status == OCCLUDED else SETTLING
            self._disturbed = self._disturbed or status == OCCLUDED
            self._set({"status": status, "message": _sentence(gate.reason), **board})
            return
        self._set({"status": STEADY, "message": "The board is steady.", **board})
        cells = from_labels(list(gate.cells), list(gate.cells.values()))
        # After a hand passed, the same board is sent again when some space is unread:
        # a stone may have been put where the camera cannot see (a lamp's glare).
        disturbed, self._disturbed = self._disturbed, False
        if cells != self._submitted or (disturbed and UNSURE in gate.cells.values()):
            self._submitted = cells
            verdict = self.session.submit_reading(cells, disturbed=disturbed)
            self._teach(verdict, reading)

    def _ensure_game(self) -> bool:
        """Follow the session's game: a recogniser and locator for its board."""
        game_id = self.session.game_id
        if game_id is None:
            self._key = None
            self._set({"status": NO_GAME, "message": "No game is being played."})
            return False
        game = self.session.game
        board = str(self.session.state.get("options", {}).get("board") or "")
        key = (game.name, board)
        if key != self._key:
            self._key, self._recogniser, self._locator = key, None, None
            try:
                recogniser = self._recogniser_for(game.name, board or None)
            except ValueError as error:
                self._set({"status": UNREADABLE, "message": f"{error} Play {game.title} "
                           "from the page."})
                return False
            self._geometry = recogniser.geometry
            self._recogniser = recogniser
            self._locator = self._locator_for(recogniser.geometry)
            self._reset_gate()
        if self._recogniser is None:
            return False
        return True

    def _use_look(self, size: tuple[int, int]) -> None:
        """Give a stone recogniser the learned look of this board at this picture
        size: the one in memory, else the one saved, else a new one to learn."""
        recogniser = self._recogniser
        if getattr(recogniser, "kind", None) != "stones" or not hasattr(recogniser, "look"):
            return
        key = look_key(recogniser.geometry, size)
        colours = list(recogniser.colours)
        if self._look is None or key != self._look_key or self._look.colours != colours:
            saved = self._looks.load(key, colours, recogniser.cfg) if self._looks else None
            self._look = saved or LearnedLook(colours, recogniser.cfg)
            self._look_key = key
        recogniser.look = self._look

    def _look_fits(self, reading: Any, picture: np.ndarray, homography: np.ndarray) -> Any:
        """``reading`` made with a learned look, or when the look hides a board the
        look-free reader sees whole, every space read (the table's light, board or camera
        are no longer those it learned: a look saved for another day) the look-free
        reading. A look that does so for ``stale_frames`` frames in a row is learned
        afresh from the next reading the referee accepts; a hand the look-free reader
        misses for a frame or two (skin the colour of the board) does not drop it."""
        look = getattr(self._recogniser, "look", None)
        if look is None or not look.ready or not reading.occluded:
            self._stale = 0
            return reading
        self._recogniser.look = None
        plain = self._recogniser.read(picture, homography)
        self._recogniser.look = look
        if plain.occluded or plain.unsure:
            self._stale = 0
            return reading
        self._stale += 1
        if self._stale >= self._recogniser.cfg.look.stale_frames:
            log.info("learned look: it no longer fits %s (%s); learning it afresh",
                     self._look_key, reading.reason)
            self._look = LearnedLook(look.colours, self._recogniser.cfg)
            self._recogniser.look = self._look
            self._stale = 0
        return plain

    def _teach(self, verdict: Any, reading: Any) -> None:
        """Teach the learned look the reading the referee just accepted (a move applied,
        or the board as the game has it, with nothing left to put right): each space it
        read surely is what the game now holds there. Saved at once with a ``look_path``."""
        look = self._look
        if look is None or getattr(self._recogniser, "look", None) is not look \
                or reading.samples is None or reading.occluded \
                or verdict.kind not in (APPLIED, UNCHANGED) or verdict.spaces:
            return
        view = self.session.game.view(self.session.state)
        labels = [None if seen == UNSURE or name not in view else _true_label(view[name])
                  for name, seen in reading.cells.items()]
        if not look.teach(reading.samples, labels) or self._looks is None:
            return
        try:
            self._looks.save(self._look_key, look)
        except OSError as error:
            log.warning("learned look: it cannot be saved in %s: %s", self._looks.path, error)

    def _reset_gate(self) -> None:
        from companion.vision.gate import StabilityGate

        self._gate = (self._gate_for or StabilityGate)()
        self._submitted = None
        self._disturbed = False

    def _spaces_px(self, where: Located) -> dict[str, list[float]]:
        """Each space's pixel in the picture as the camera gives it (the page draws over
        that picture, so a lens model's undistortion is undone)."""
        assert self._geometry is not None
        names = self._geometry.names
        board = np.array([self._geometry.position_mm(n) for n in names], dtype=np.float64)
        pixels = cv2.perspectiveTransform(board.reshape(-1, 1, 2),
                                          np.linalg.inv(where.homography)).reshape(-1, 2)
        if where.camera is not None:
            pixels = where.camera.distort_points(pixels)
        return {n: [round(float(x)), round(float(y))]
                for n, (x, y) in zip(names, pixels, strict=True)}

    def _on_table(self, verdict: Any, snapshot: dict[str, Any]) -> None:
        """A game started or resumed has not seen the board yet: send it the next
        steady reading even if the board has not changed."""
        if verdict.kind == STARTED:
            with self._lock:
                self._submitted = None

    def _set(self, status: dict[str, Any]) -> None:
        before = self._status
        self._status = status
        lens = self._lens.status()
        lens_changed, self._lens_said = lens["message"] != self._lens_said, lens["message"]
        if self._on_status is None:
            return
        if not lens_changed and (
                status.get("status"), status.get("message"), status.get("registration"),
                status.get("spaces_px")) == (before.get("status"), before.get("message"),
                                             before.get("registration"),
                                             before.get("spaces_px")):
            return
        try:
            self._on_status({**status, "lens": lens})
        except Exception:
            log.exception("referee feed: a status listener failed")

    # -- the thread ---------------------------------------------------------------------------

    def start(self) -> RefereeFeed:
        """Read the camera feed's frames on a background (daemon) thread."""
        if self.feed is None:
            raise ValueError("A referee feed without a camera feed has nothing to read.")
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="referee-feed",
                                            daemon=True)
            self._thread.start()
        return self

    def stop(self, timeout: float = 5.0) -> None:
        """Stop the loop and stop listening to the session."""
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)
        self._unsubscribe()

    def _run(self) -> None:
        assert self.feed is not None
        seen = 0
        while not self._stop.is_set():
            newest = self.feed.wait_for_frame(after=seen, timeout=0.5)
            if newest <= seen:
                if not self.feed.running and self.feed.latest is not None:
                    self._stop.wait(0.5)  # the replay ended: nothing more will come
                continue
            seen = newest
            frame = self.feed.latest
            if frame is None:
                continue
            try:
                self.process(frame.image)
            except Exception:  # the loop must outlive any bad frame
                log.exception("referee feed: a frame failed")


def game_recogniser(game: str, board: str | None) -> Any:
    """The recogniser for ``game`` on ``board``: stones for ONE and Go, counters for
    OneWorld (as ``companion.vision.games`` has it); ``ValueError`` for a game the camera
    cannot read yet."""
    from companion.vision.games import game_vision
    from companion.vision.pipeline import Recogniser

    vision = game_vision(game, board=board)
    return Recogniser(vision.geometry, vision.colours, kind=vision.recogniser)


def _true_label(content: Any) -> str | None:
    """The look's label for what the game holds on a space: ``empty``, a stone's colour,
    or ``None`` for anything else (nothing to learn a stone's look from)."""
    if content is None:
        return EMPTY
    return content if isinstance(content, str) else None


def _sentence(reason: str) -> str:
    if not reason:
        return "Waiting for the board to hold still."
    text = reason[0].upper() + reason[1:]
    return text if text.endswith(".") else text + "."

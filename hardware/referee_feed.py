"""The live loop: camera frames → registration → recogniser → stability gate → the table.

This is the one place where the camera (``hardware.frames``, ``hardware.lens``), the
calibration (the board locator, ``calibration.locator``) and the recogniser
(``companion.vision``) meet; the hardware layer may know all three. ``companion serve``
runs it on the camera's frames, ``companion referee --frames`` on photographs
(``hardware.follow_frames``).

A ``RefereeFeed`` runs on its own thread beside the ``CameraFeed``: it takes the newest
frame (skipping any it had no time for), finds the board in it (``BoardLocator``), reads
every space (the game's piece reader), and lets the stability gate decide when the board
has held still. Each new steady board goes to the session through one call,
``TableSession.submit_reading``, which applies, refuses or asks, and tells the page.
The loop never reaches into the session for the game: it follows the game the session
tells its listeners (``subscribe``: the snapshot after every change; the first one when
the loop starts), which says which board to find and which pieces to read, and what the
game now holds where a reading is accepted. A hand over the board, a blurred or
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

import logging
import threading
from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from typing import Any

import cv2
import numpy as np

from calibration.locator import BoardLocator, Located
from calibration.registration import RegistrationError
from companion.errors import CompanionError
from companion.geometry import Geometry
from companion.table.likely import shown_otherwise
from companion.table.reading import from_labels
from companion.table.session import TableSession
from companion.table.verdict import APPLIED, STARTED, UNCHANGED
from companion.vision.beside_stone import beside_new_stones
from companion.vision.first_stone import first_stone_odds
from companion.vision.gate import Stability
from companion.vision.labels import EMPTY, UNSURE
from companion.vision.last_seen import LastSeen
from companion.vision.light_stone import light_stone_odds
from companion.vision.look import LearnedLook
from companion.vision.look_file import LookFile, look_key
from hardware.frames import CameraFeed
from hardware.lens import Lens
from hardware.newly_lit import newly_lit
from hardware.step_picture import small_jpeg

log = logging.getLogger(__name__)

StatusListener = Callable[[dict[str, Any]], None]

CAMERA_AWAY = ("reconnecting", "ended")
"""How a ``CameraFeed`` status starts while its thread waits for a camera that is away."""


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
        self._shown: set[str] = set()
        """The unread spaces where the picture named what the game did not have, as
        last submitted (``companion.table.likely.shown_otherwise``)."""
        self._disturbed = False
        self._status: dict[str, Any] = {"status": OFF, "message": "No camera."}
        self._lens = Lens(camera_path)
        self._lens_said = ""
        self._looks = LookFile(look_path) if look_path is not None else None
        self._look: LearnedLook | None = None
        self._look_key = ""
        self._stale = 0
        self._last_seen: LastSeen | None = None
        """What each space looked like in the last photo the referee accepted (stones)."""
        self._blown_seen: dict[str, float] = {}
        """Each space's core blown share in the picture ``_last_seen`` keeps of it (T39)."""
        self._accepted = False
        """Whether the referee accepted the reading last submitted."""
        self._table: dict[str, Any] = session.snapshot()
        """The game as the session last told it (``TableSession.snapshot``'s form)."""
        self._unsubscribe = session.subscribe(self._on_table)
        self.heartbeat: Callable[[], None] = _nothing
        """Called once per frame the loop has been through, and on each turn while the
        camera is away: the systemd watchdog's beat (``hardware.watchdog``)."""

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
        if self.feed is not None:
            self._lens.camera = self.feed.description
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
        odds = {space: shares for space, shares in reading.odds.items()
                if gate.cells.get(space) == UNSURE}
        before = self._table.get("view")
        beside = self._beside(reading, before)
        empty = [name for name in reading.cells
                 if before is not None and name in before and before[name] is None]
        for space in self._unchanged(reading, before, beside, empty):
            cells[space] = None
            odds.pop(space, None)
        for space, shares in self._first_stones(reading, before, cells, beside,
                                                empty).items():
            cells[space] = UNSURE
            odds[space] = shares
        odds.update(self._light_stones(reading, before, cells, beside, empty))
        # The same labels, yet the picture now all but surely shows a stone on an
        # unread space that the game does not have (it leaned less before): sent again.
        shown = shown_otherwise(before, odds) if before is not None else set()
        setting_up = False
        if cells != self._submitted or (disturbed and UNSURE in gate.cells.values()) \
                or (shown and shown != self._shown):
            self._submitted, self._shown = cells, shown
            verdict = self.session.submit_reading(cells, disturbed=disturbed, odds=odds,
                                                  picture=small_jpeg(image))
            self._accepted = _accepts(verdict, reading)
            setting_up = self._accepted and verdict.kind == UNCHANGED \
                and self._last_seen is not None and not len(self._last_seen)
            self._teach(verdict, reading, before)
        self._remember(reading, cells, setting_up)

    def _ensure_game(self) -> bool:
        """Follow the session's game: a recogniser and locator for its board."""
        table = self._table
        if table.get("game_id") is None:
            self._key = None
            self._set({"status": NO_GAME, "message": "No game is being played."})
            return False
        board = str(table["state"].get("options", {}).get("board") or "")
        key = (str(table["game"]), board)
        if key != self._key:
            self._key, self._recogniser, self._locator = key, None, None
            try:
                recogniser = self._recogniser_for(key[0], board or None)
            except ValueError as error:
                self._set({"status": UNREADABLE, "message": f"{error} Play {table['title']} "
                           "from the page."})
                return False
            self._geometry = recogniser.geometry
            self._recogniser = recogniser
            learns = getattr(getattr(recogniser, "reader", None), "learns_look", False)
            self._last_seen = LastSeen(recogniser.cfg) if learns else None
            self._locator = self._locator_for(recogniser.geometry)
            self._reset_gate()
        if self._recogniser is None:
            return False
        return True

    def _use_look(self, size: tuple[int, int]) -> None:
        """Give a recogniser whose pieces a look can be learned of (stones: its reader's
        ``learns_look``) the learned look of this board at this picture size: the one
        in memory, else the one saved, else a new one to learn."""
        recogniser = self._recogniser
        reader = getattr(recogniser, "reader", None)
        if not getattr(reader, "learns_look", False) or not hasattr(recogniser, "look"):
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

    def _teach(self, verdict: Any, reading: Any, before: Mapping[str, Any] | None) -> None:
        """Teach the learned look the reading the referee just accepted (a move applied,
        or the board as the game has it, with nothing left to put right): each space it
        read surely is what the game now holds there, and so is each space the accepted
        move changed (``before``: the game's board before it), read surely or not: the
        picture's odds or the players settled it, and a stone of a colour the look has
        not learned is learned there. At set-up (the look's first lesson, before any
        move) every space is what the game holds, the unread ones too. Saved at once
        with a ``look_path``."""
        look = self._look
        if look is None or getattr(self._recogniser, "look", None) is not look \
                or not _accepts(verdict, reading):
            return
        view = self._table.get("view")
        if view is None:
            return
        moved = {name for name in view if before is not None and before.get(name) != view[name]}
        # At set-up (the look's first lesson, no move yet) the game's position is the
        # truth on every space the picture shows, the unread ones too: each learns how
        # it looks empty, or an edge space unread from the start is never known empty.
        setting_up = look.teachings == 0 and verdict.kind == UNCHANGED \
            and not self._table.get("can_undo")
        relit = self._stones_relit(reading, view, before if before is not None else view)
        labels = [None if name not in view or (seen == UNSURE and name not in moved
                                                and not setting_up and name not in relit)
                  else _true_label(view[name]) for name, seen in reading.cells.items()]
        if look.teach(reading.samples, labels) and self._looks is not None:
            self._save_look(look)

    def _stones_relit(self, reading: Any, view: Mapping[str, Any],
                      before: Mapping[str, Any]) -> set[str]:
        """Where the light changed since the last accepted photo (``LastSeen.relit``,
        over the spaces ``before`` held empty), the spaces read unsure on which the game
        holds a stone and the look still finds that stone's colour likeliest: the
        game's stone, seen in the new light the look has not learned yet (T41). The
        game's position and the look's lean are two signs; a stone taken away unknown
        to the game leans empty and is not among them."""
        memory, look = self._last_seen, self._look
        if memory is None or not len(memory) or look is None or not look.ready:
            return set()
        names = list(reading.cells)
        if not memory.relit(names, reading.samples,
                            [name for name in names if before.get(name, "") is None]):
            return set()
        likeliest = dict(zip(names, look.likeliest(reading.samples), strict=True))
        return {name for name, seen in reading.cells.items() if seen == UNSURE
                and isinstance(view.get(name), str) and likeliest[name] == view[name]}

    def _save_look(self, look: LearnedLook) -> None:
        """Save the learned look in ``look_path`` (a warning where it cannot be)."""
        assert self._looks is not None
        try:
            self._looks.save(self._look_key, look)
        except OSError as error:
            log.warning("learned look: it cannot be saved in %s: %s", self._looks.path, error)

    def _beside(self, reading: Any, view: Mapping[str, Any] | None) -> set[str]:
        """The spaces beside a stone newly read in ``reading`` (``beside_new_stones``),
        where the last accepted photo's pictures are compared at all."""
        if self._last_seen is None or not len(self._last_seen) or view is None \
                or reading.samples is None or reading.occluded:
            return set()
        return beside_new_stones(list(reading.cells), reading.samples.around,
                                 reading.cells, view)

    def _unchanged(self, reading: Any, view: Mapping[str, Any] | None,
                   beside: set[str], empty: list[str]) -> set[str]:
        """The spaces the game holds empty whose picture has not changed since the last
        photo the referee accepted, beyond how every such space moved
        (``companion.vision.last_seen``): no stone was set there, so a reading of a stone
        or of nothing sure is not taken there (T24). Beside a stone newly read, the
        space's core alone is held so: the stone's shadow changes its board and print
        (T26, ``companion.vision.beside_stone``). ``empty``: the spaces the game holds
        empty, listed once a frame for this and the two rules after it."""
        memory = self._last_seen
        if memory is None or not len(memory) or view is None or reading.samples is None \
                or reading.occluded:
            return set()
        names = list(reading.cells)
        held = memory.unchanged(names, reading.samples, empty)
        # Beside a stone newly read (``beside``), a space's board and print change with
        # its shadow; its core changes only with a stone set on it (T26).
        # Nor is a space the reader cannot read one a stone was set on where its core,
        # not blown out, is as it was: blur takes an edge space's faint print whole,
        # a stone covers its core (T32).
        unread = {name for i, name in enumerate(names) if name in view and view[name] is None
                  and str(reading.cells[name]) == UNSURE
                  and reading.samples.core_blown[i] <= self._recogniser.cfg.look.max_blown}
        if beside or unread:
            held |= (beside | unread) & memory.core_kept(names, reading.samples, empty)
        return held

    def _first_stones(self, reading: Any, view: Mapping[str, Any] | None,
                      cells: Mapping[str, Any], beside: set[str], empty: list[str]
                      ) -> dict[str, dict[str, float]]:
        """The odds of each space the game holds empty and the camera read empty surely
        whose picture changed since the last photo the referee accepted as only a stone
        set on it changes it (``LastSeen.set_on``), where the look has not learned the
        colour of stone its core's shift names: the first stone of a set as pale as the
        board, read empty by a look that has never seen one (T31,
        ``companion.vision.first_stone``). So too a space the camera cannot read, where
        the reader's own odds name that colour likeliest (T37: a game's first stone,
        photo 1 of held-out game 42182). Not ``beside`` a stone newly read (its
        shadow)."""
        memory, look = self._last_seen, self._look
        if memory is None or not len(memory) or look is None or view is None \
                or reading.samples is None or reading.occluded:
            return {}
        learned = look.learned()
        if all(colour in learned for colour in look.colours):
            return {}
        names = list(reading.cells)
        shifts = {name: shift for name, shift
                  in memory.set_on(names, reading.samples, empty).items()
                  if cells.get(name, UNSURE) is None and name not in beside}
        # An unread space (T37): its core and one other sign, where the reader's own
        # odds, an independent sign, name the colour the core's shift names; a core
        # grown lighter not where a lamp's glare blows out it or its board's gaps (as
        # T34: a glare lightens a bare space, and never darkens one).
        cfg = self._recogniser.cfg.look
        samples = reading.samples
        glared = {name for i, name in enumerate(names) if samples.core_blown[i] > cfg.max_blown
                  or samples.gap_blown[i] > cfg.max_blown}
        unread = {name: shift for name, shift
                  in memory.set_on(names, samples, empty, signs=1).items()
                  if cells.get(name) == UNSURE and name not in beside
                  and not (shift > 0 and name in glared)}
        odds = first_stone_odds(look.classes, learned, look.lighter(), shifts | unread,
                                cfg.changed_max_spaces, cfg.changed_empty_share)
        return {name: shares for name, shares in odds.items()
                if name in shifts or _names(reading.odds.get(name), shares)}

    def _light_stones(self, reading: Any, view: Mapping[str, Any] | None,
                      cells: Mapping[str, Any], beside: set[str], empty: list[str]
                      ) -> dict[str, dict[str, float]]:
        """The odds of each space the game holds empty and the camera cannot read
        surely whose picture changed since the last photo the referee accepted as a
        stone set on it changes it, its core lighter (``LastSeen.set_on``, its core and
        one other sign), where the learned look finds the light colour it knows
        likeliest: a white stone it fits only loosely (T34,
        ``companion.vision.light_stone``). Not ``beside`` a stone newly read, nor where a
        lamp's glare blows out the space's core or its board's gaps (a glare lightens a
        bare space), unless the core was clear when the space was last seen and its
        board's gaps still are (T39, ``hardware.newly_lit``: a lamp stays put)."""
        memory, look = self._last_seen, self._look
        if memory is None or not len(memory) or look is None or not look.ready \
                or view is None or reading.samples is None or reading.occluded:
            return {}
        names = list(reading.cells)
        samples = reading.samples
        cfg = self._recogniser.cfg.look
        shifts = {name: shift for name, shift
                  in memory.set_on(names, samples, empty, signs=1).items()
                  if cells.get(name, UNSURE) in (None, UNSURE) and name not in beside}
        if not any(shift > 0 for shift in shifts.values()):
            return {}
        clear = (samples.core_blown <= cfg.max_blown) & (samples.gap_blown <= cfg.max_blown)
        lit = newly_lit(names, samples.core_blown, samples.gap_blown, self._blown_seen,
                        cfg.max_blown)
        unread = {name for i, name in enumerate(names) if name in shifts
                  and cells.get(name) == UNSURE and (clear[i] or name in lit)}
        likeliest = dict(zip(names, look.likeliest(samples), strict=True))
        return light_stone_odds(look.classes, look.learned(), look.lighter(), shifts,
                                unread, likeliest, cfg.changed_max_spaces,
                                cfg.changed_empty_share)

    def _remember(self, reading: Any, cells: Mapping[str, Any], setting_up: bool) -> None:
        """Keep this photo's picture of each space ``cells`` (the reading as submitted:
        a space T24 held empty, its picture the same as before, is empty) gives surely as
        the game holds it, where the referee accepted the reading (now, or the same
        reading before); so every kept picture but those of unread spaces is of the same
        photo, and the next is compared with it as a whole. At
        set-up (the first photo accepted, showing the position the game started from)
        of every space, the unread ones too: the starting position is the truth there.
        A photo not accepted is kept only where the light changed (``_relit``)."""
        view = self._table.get("view")
        if self._last_seen is None or view is None or reading.samples is None \
                or reading.occluded:
            return
        if self._accepted:
            held = {name: view[name] for name, content in cells.items() if name in view
                    and (setting_up or (content != UNSURE and content == view[name]))}
        else:
            held = self._relit(reading, cells, view)
            self._teach_relit(reading, held)
        self._last_seen.remember(list(reading.cells), reading.samples, held)
        self._blown_seen.update((name, float(blown)) for name, blown
                                in zip(reading.cells, reading.samples.core_blown, strict=True)
                                if name in held)

    def _relit(self, reading: Any, cells: Mapping[str, Any], view: Mapping[str, Any]
               ) -> dict[str, Any]:
        """The spaces of a photo the referee did not accept to keep as seen, with what
        the game holds there: where the light changed since the last accepted photo
        (``LastSeen.relit``: the board's colour moved unevenly, its print did not), no
        space is compared with that photo any more (T24 and the rules after it stop),
        and the game waits on a stone the new light left unread (T41). So where every
        space the photo reads surely is what the game holds, those spaces are kept in
        the new light; a space read unsure (the stone set at that photo, perhaps) keeps
        its old picture, and the next photo tells its change. A photo that surely
        shows anything the game does not hold keeps nothing (a move made at that
        moment is never kept as the board)."""
        assert self._last_seen is not None
        names = list(reading.cells)
        empty = [name for name in names if name in view and view[name] is None]
        if not self._last_seen.relit(names, reading.samples, empty):
            return {}
        sure = {name: content for name, content in cells.items()
                if name in view and content != UNSURE}
        if any(content != view[name] for name, content in sure.items()):
            return {}
        return sure

    def _teach_relit(self, reading: Any, held: Mapping[str, Any]) -> None:
        """Teach the learned look the spaces ``_relit`` keeps, each what the game holds
        there: the look learns the new light from the stones and bare spaces it still
        reads surely, so it reads the next photos' stones in it (T41)."""
        look = self._look
        if not held or look is None or getattr(self._recogniser, "look", None) is not look:
            return
        view = self._table.get("view") or {}
        taught = {**held, **{name: view[name]
                             for name in self._stones_relit(reading, view, view)}}
        labels = [_true_label(taught[name]) if name in taught else None
                  for name in reading.cells]
        if look.teach(reading.samples, labels) and self._looks is not None:
            self._save_look(look)

    def _reset_gate(self) -> None:
        from companion.vision.gate import StabilityGate

        self._gate = (self._gate_for or StabilityGate)()
        self._submitted = None
        self._shown = set()
        self._disturbed = False
        self._accepted = False

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
        """The session changed: follow the game it now holds. A game started or resumed
        has not seen the board yet: send it the next steady reading even if the board
        has not changed."""
        with self._lock:
            self._table = snapshot
            if verdict.kind == STARTED:
                self._submitted = None
                self._shown = set()
                self._accepted = False
                if self._last_seen is not None:
                    self._last_seen.forget()
                self._blown_seen = {}

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
                if not self.feed.running or self.feed.status.startswith(CAMERA_AWAY):
                    self.heartbeat()  # alive; a restart would not bring the camera back
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
            self.heartbeat()


def _nothing() -> None:
    """The heartbeat of a loop no watchdog listens to."""


def game_recogniser(game: str, board: str | None) -> Any:
    """The recogniser for ``game`` on ``board``: stones for ONE and Go, counters for
    OneWorld (as ``companion.vision.games`` has it); ``ValueError`` for a game the camera
    cannot read yet."""
    from companion.vision.games import game_vision
    from companion.vision.pipeline import Recogniser

    vision = game_vision(game, board=board)
    return Recogniser(vision.geometry, vision.colours, kind=vision.recogniser)


def _accepts(verdict: Any, reading: Any) -> bool:
    """Whether the referee took ``reading`` as the board (a move applied, or the board
    as the game has it, with nothing left to put right)."""
    return reading.samples is not None and not reading.occluded \
        and verdict.kind in (APPLIED, UNCHANGED) and not verdict.spaces


def _names(read: Mapping[str, float] | None, lean: Mapping[str, float]) -> bool:
    """Whether the reader's odds ``read`` name the colour ``lean`` leans to likeliest of
    all labels, empty too, and alone."""
    if not read:
        return False
    colour = max(lean, key=lambda label: lean[label])
    top = max(read.values())
    return float(read.get(colour, 0.0)) >= top \
        and sum(1 for share in read.values() if share >= top) == 1


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

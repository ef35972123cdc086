"""Follow a game from photographs: the live loop, offline (``companion referee --frames``).

Each photograph is one steady view of the table, taken after a move (or a few). It goes
through the same loop as ``companion serve``: ``RefereeFeed`` finds the board
(``BoardLocator``: the grid by its lines, the corner markers, or the corners given),
reads it with the game's recogniser, and hands the reading to a ``TableSession``, which
applies the move it shows, refuses it with the rule's reason, or says the board does not
match. Only the stability gate differs: a photograph is steady on its own
(``StillGate``), so a folder of one picture per move is refereed picture by picture,
where the live gate would wait for the same board in several frames in a row. The board
is found again in every photograph (a phone moves between shots; where it cannot be
found, a hand over the grid, it is read where the last photograph had it) unless its
corners are given. The session journals into memory: nothing is written into the user's
data.

A game may start from a position (``--start``: a game record, or a Go SGF file): the
session starts from the record's position with its moves played, as any game started
from a position does (``TableSession.start``). The first photograph that can be read
then settles which way round the board lies (``companion.table.orientation``): the grid
finder cannot tell which corner is A19, the stones of the position can. Every later
photograph is read with that turn.

``follow`` yields one ``FrameVerdict`` per photograph; ``run`` is the command.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from calibration.locator import BoardLocator, Located
from calibration.registration import RegistrationError
from companion import game_log
from companion.errors import UserFacingError
from companion.games.base import Game, IllegalAction
from companion.games.game_files import read_game_file
from companion.games.position import PositionError
from companion.games.registry import get_game
from companion.games.replay import Record, RecordError
from companion.geometry import Geometry
from companion.journal import Journal
from companion.table import verdict as v
from companion.table.orientation import (
    Orientation,
    OrientationError,
    follow_turn,
    orient,
)
from companion.table.reading import from_labels
from companion.table.session import TableSession
from companion.table.verdict import TableVerdict
from companion.vision.gate import GateStatus, Stability
from companion.vision.image_files import PictureFileError, read_picture_file
from companion.vision.labels import EMPTY
from companion.vision.pipeline import NO_BOARD, Reading
from hardware import referee_feed as loop
from hardware.referee_feed import RefereeFeed, game_recogniser

MOVE, UNCHANGED, ILLEGAL, MISMATCH, OCCLUDED, NO_BOARD_FOUND = (
    "move", "unchanged", "illegal", "mismatch", "occluded", "no_board")
AMBIGUOUS = "ambiguous"
"""Several moves fit the photograph, or a move may hide where it cannot be read: at the
table the players would be asked; here nothing is applied and ``choices`` lists them."""

_VERDICTS = {v.APPLIED: MOVE, v.UNCHANGED: UNCHANGED, v.ANSWERED: UNCHANGED,
             v.ILLEGAL: ILLEGAL, v.MISMATCH: MISMATCH, v.OCCLUDED: OCCLUDED,
             v.AMBIGUOUS: AMBIGUOUS, v.QUESTION: AMBIGUOUS}


class FollowError(UserFacingError, ValueError):
    """The photographs cannot be followed at all (a missing file, a bad start)."""


@dataclass
class FrameVerdict:
    """What one photograph did to the game: ``verdict`` (move, unchanged, illegal,
    mismatch, occluded, no_board, or ambiguous), the ``moves`` applied (the game's
    actions), ``reason`` in words when it is not a move, ``text`` the table's words,
    ``choices`` when ambiguous, ``spaces`` to look at (to put back after an illegal
    move, differing when the board does not match), the game's board after it
    (``cells``), and the board's turn in the picture when it is found or changes."""

    image: str
    verdict: str
    moves: list[dict[str, Any]]
    text: str
    cells: list[dict[str, Any]]
    to_move: str | None
    reason: str = ""
    choices: list[str] = field(default_factory=list)
    orientation: str = ""
    spaces: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"image": self.image, "verdict": self.verdict,
                                "moves": self.moves, "text": self.text,
                                "to_move": self.to_move, "cells": self.cells}
        if self.verdict != MOVE:
            data["reason"] = self.reason or self.text
        if self.choices:
            data["choices"] = self.choices
        if self.spaces:
            data["spaces"] = self.spaces
        if self.orientation:
            data["orientation"] = self.orientation
        return data

    def to_text(self) -> str:
        if self.verdict == MOVE:
            return f"{self.image}: {self.text}"
        line = f"{self.image}: {self.verdict.replace('_', ' ')}: {self.reason or self.text}"
        return line + "".join(f"\n  {i + 1}. {c}" for i, c in enumerate(self.choices))


class StillGate:
    """The stability gate of photographs: each one is a steady view of the board on its
    own, unless the recogniser found it hidden (a hand) or found no board. The last
    reading is kept (``last``) so the follower can tell a hand from no board."""

    def __init__(self) -> None:
        self.last: Reading | None = None

    def update(self, reading: Reading) -> GateStatus:
        self.last = reading
        if reading.occluded:
            return GateStatus(Stability.OCCLUDED, None, False, reading.reason)
        return GateStatus(Stability.STEADY, dict(reading.cells), True)


Choose = Callable[[dict[str, Any], "Orientation | None"], Orientation]


class OrientedRecogniser:
    """The game's recogniser, with the board turned as the game's stones say.

    ``choose(stones, before)`` gives the turn of a picture from its stones (a table
    reading by the picture's names) and the turn taken before (``None`` at first); it
    is asked at the first readable picture, and at every one with ``every_picture`` (the
    board is found afresh in each photograph). A picture it refuses
    (``OrientationError``) is skipped by the loop, and ``refusal`` says why."""

    def __init__(self, inner: Any, choose: Choose, *, every_picture: bool) -> None:
        self.inner = inner
        self.geometry: Geometry = inner.geometry
        self._choose = choose
        self._every_picture = every_picture
        self.orientation: Orientation | None = None
        self.refusal = ""

    @property
    def kind(self) -> str:
        return str(getattr(self.inner, "kind", ""))

    @property
    def reader(self) -> Any:
        """The inner recogniser's piece reader (``companion.vision.readers``)."""
        return getattr(self.inner, "reader", None)

    @property
    def colours(self) -> list[str]:
        return list(getattr(self.inner, "colours", []))

    @property
    def cfg(self) -> Any:
        return self.inner.cfg

    @property
    def look(self) -> Any:
        """The inner recogniser's learned look (the live loop gives and takes it)."""
        return getattr(self.inner, "look", None)

    @look.setter
    def look(self, look: Any) -> None:
        self.inner.look = look

    def read(self, image: np.ndarray, pixels_to_mm: np.ndarray) -> Reading:
        reading = self.inner.read(image, pixels_to_mm)
        self.refusal = ""
        if not reading.occluded and (self.orientation is None or self._every_picture):
            try:
                self.orientation = self._choose(_stones(reading), self.orientation)
            except OrientationError as error:
                self.refusal = str(error)
                raise
        if self.orientation is None or self.orientation.index == 0:
            return reading
        turn = self.orientation.turn
        # The board's spaces in the picture's order: the reading's samples stay the
        # picture's, and the loop teaches the learned look space by space in that order.
        space_at = {source: space for space, source in turn.items()}
        cells = {space_at[source]: content for source, content in reading.cells.items()}
        confidence = {space: reading.confidence.get(source, 0.0)
                      for space, source in turn.items()}
        unsure = [space for space in self.geometry.names if turn[space] in reading.unsure]
        odds = {space_at[source]: shares for source, shares in reading.odds.items()}
        return replace(reading, cells=cells, confidence=confidence, unsure=unsure, odds=odds)


def _stones(reading: Reading) -> dict[str, Any]:
    """A recogniser's labels as a table reading (``empty`` → ``None``)."""
    return from_labels(list(reading.cells), list(reading.cells.values()))


def start_record(game: Game, start: str | None, options: Mapping[str, Any]) -> Record:
    """What the game starts from: the record (or for Go the SGF file) ``start``, its
    position and its moves, or a record of no move; ``options`` over the file's own.
    ``FollowError`` says why it cannot be read."""
    if start is None:
        return Record(game.name, dict(options), ())
    try:
        text = Path(start).read_text(encoding="utf-8")
    except OSError as error:
        raise FollowError(f"cannot read the start {start}: {error.strerror}.") from None
    except UnicodeDecodeError:
        raise FollowError(f"the start {start} is not a game record: it is not UTF-8 "
                          "text.") from None
    record = read_game_file(text, game, name=start)
    for entry in record.entries:
        if entry.action is None:
            raise FollowError(f"The start cannot be read: {entry.error}")
    return Record(game.name, {**record.options, **options}, record.entries, record.position)


class PhotoLocator:
    """Finds the board afresh in every photograph (a phone moves between shots) with
    ``locator`` (a ``BoardLocator``); when it cannot (a hand over the grid's lines), the
    board stays where the last photograph had it, so the recogniser can say what covers
    it."""

    def __init__(self, locator: BoardLocator) -> None:
        self.locator = locator
        self._last: Located | None = None

    def use_camera(self, camera: Any) -> None:
        self.locator.use_camera(camera)

    def fix_corners(self, taps: Sequence[Sequence[float]]) -> None:
        self.locator.fix_corners(taps)

    def reset(self) -> None:
        self._last = None
        self.locator.reset()

    def locate(self, image: np.ndarray) -> Located:
        self.locator.reset()
        try:
            self._last = self.locator.locate(image)
        except RegistrationError:
            if self._last is None:
                raise
            return replace(self._last, message="The board was not found in this photograph: "
                           "it is read where the last one had it.")
        return self._last


class FrameFollower:
    """One game followed photograph by photograph (see the module docstring)."""

    def __init__(self, game: Game, start: Record, *, positioned: bool,
                 corners: Sequence[Sequence[float]] | None = None,
                 recogniser_for: Callable[[str, str | None], Any] = game_recogniser) -> None:
        self.journal = Journal(":memory:")
        self.session = TableSession(self.journal, actor="frames")
        steps = [(entry.action, entry.dice) for entry in start.entries
                 if entry.action is not None]
        try:
            self.session.start(game.name, start.options, position=start.position,
                               steps=steps)
        except IllegalAction as error:
            raise FollowError(f"The start cannot be played: {error.reason}") from None
        except PositionError:
            raise
        except ValueError as error:
            raise FollowError(f"The game's options are not usable: {error}") from None
        self._verdicts: list[TableVerdict] = []
        self.session.subscribe(lambda verdict, _snapshot: self._verdicts.append(verdict))
        self._gate: StillGate | None = None
        self.recogniser: OrientedRecogniser | None = None
        self._corners = corners
        self._positioned = positioned
        self._recogniser_for = recogniser_for
        self.feed = RefereeFeed(self.session, locator_for=self._locator,
                                recogniser_for=self._recogniser, gate_for=self._still_gate)

    def _still_gate(self) -> StillGate:
        self._gate = StillGate()
        return self._gate

    def _locator(self, geometry: Geometry) -> Any:
        locator = BoardLocator(geometry)
        if self._corners is not None:
            locator.fix_corners(self._corners)
            return locator
        return PhotoLocator(locator)

    def _recogniser(self, game: str, board: str | None) -> OrientedRecogniser:
        self.recogniser = OrientedRecogniser(self._recogniser_for(game, board), self._turn,
                                             every_picture=self._corners is None)
        return self.recogniser

    def _turn(self, stones: dict[str, Any], before: Orientation | None) -> Orientation:
        """The first picture of a game started from a position must show it, in some
        turn; later ones (and every picture of a game from its first state) take the
        turn the game's legal moves explain best."""
        game, state = self.session.game, self.session.state
        assert self.recogniser is not None
        geometry = self.recogniser.geometry
        if before is None and self._positioned:
            return orient(game.view(state), stones, geometry)
        return follow_turn(game, state, stones, geometry,
                           before.index if before is not None else 0, self.session.limits)

    def see(self, name: str, image: np.ndarray) -> FrameVerdict:
        """Take one photograph through the loop; say what it did to the game."""
        self._verdicts.clear()
        seq = self.journal.last_seq()
        before = self.recogniser.orientation if self.recogniser is not None else None
        status = self.feed.process(image)
        if status["status"] in (loop.UNREADABLE, loop.NO_GAME):
            raise FollowError(str(status["message"]))
        moves = [e.data["action"] for e in self.journal.events(
            kind=game_log.ACTION, after_seq=seq, game_id=self.session.game_id)]
        kind, reason, text, choices, spaces = self._verdict(status)
        now = self.recogniser.orientation if self.recogniser is not None else None
        orientation = now.words if now is not None and (
            before is None or now.index != before.index) else ""
        game, state = self.session.game, self.session.state
        return FrameVerdict(name, kind, moves, text, _cells(game.view(state)),
                            game.to_move(state), reason, choices, orientation, spaces)

    def _verdict(self, status: Mapping[str, Any]
                 ) -> tuple[str, str, str, list[str], list[str]]:
        """(verdict, reason, the table's words, choices, spaces) for the loop's
        ``status``."""
        message = str(status.get("message", ""))
        if self._verdicts:
            result = self._verdicts[-1]
            kind = _VERDICTS.get(result.kind, result.kind)
            reason = "" if kind == MOVE else result.text
            return kind, reason, result.text, list(result.choices), list(result.spaces)
        if status["status"] == loop.STEADY:  # read as the photo before: as it was said
            problem, question = self.session.problem, self.session.question
            if question is not None or (problem is None and self.session.choices):
                words = question.text if question is not None else (
                    "The board can be read as several moves: choose one.")
                return AMBIGUOUS, words, words, list(self.session.choices), []
            if problem is not None:
                return (_VERDICTS[problem.kind], problem.text, problem.text, [],
                        list(problem.spaces))
            return UNCHANGED, "", "Nothing changed.", [], []
        if self.recogniser is not None and self.recogniser.refusal:
            return MISMATCH, self.recogniser.refusal, self.recogniser.refusal, [], []
        last = self._gate.last if self._gate is not None else None
        if status["status"] == loop.OCCLUDED and not (
                last is not None and last.reason.startswith(NO_BOARD)):
            return OCCLUDED, message, message, [], []
        return NO_BOARD_FOUND, message, message, [], []


def _cells(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The game's board in the format of ``companion recognize --json`` (``empty``)."""
    return [{"space": space, "content": EMPTY if content is None else content}
            for space, content in view.items()]


def follow(game_name: str, images: Iterable[tuple[str, np.ndarray]], *,
           start: str | None = None, options: Mapping[str, Any] | None = None,
           corners: Sequence[Sequence[float]] | None = None,
           recogniser_for: Callable[[str, str | None], Any] = game_recogniser
           ) -> Iterator[FrameVerdict]:
    """Follow ``game_name`` through ``images`` ((name, picture) pairs), yielding what each
    did to the game. Raises ``FollowError`` (or ``ValueError``) when the game, its
    options or the start cannot be used."""
    try:
        game = get_game(game_name)
    except ValueError as error:
        raise FollowError(str(error)) from None
    try:
        record = start_record(game, start, options or {})
    except RecordError as error:
        raise FollowError(str(error)) from None
    follower = FrameFollower(game, record, positioned=start is not None, corners=corners,
                             recogniser_for=recogniser_for)
    for name, image in images:
        yield follower.see(name, image)


# -- the command: ``companion referee GAME --frames IMAGE...`` --------------------------------


def run(args: argparse.Namespace) -> int:
    """``companion referee GAME --frames IMAGE... [--start FILE] [--options JSON]``."""
    from calibration.recognize import parse_corners

    try:
        options = json.loads(args.options)
    except json.JSONDecodeError as error:
        return _unusable(f"--options is not valid JSON: {error.msg}.")
    if not isinstance(options, dict):
        return _unusable('--options is a JSON object, such as \'{"size": 9}\'.')
    missing = [str(path) for path in args.frames if not path.is_file()]
    if missing:
        return _unusable(f"no such photograph: {', '.join(missing)}.")
    if args.record or args.play:
        return _unusable("--frames follows photographs; give the position to start from "
                         "with --start, not --record or --play.")
    try:
        corners = parse_corners(args.corners).tolist() if args.corners else None
        images = _pictures(args.frames)
        for result in follow(args.game, images, start=args.start, options=options,
                             corners=corners):
            print(json.dumps(result.to_json()) if args.json else result.to_text(),
                  flush=True)
    except (UserFacingError, ValueError) as error:
        return _unusable(error)
    return 0


def _pictures(paths: Sequence[Path]) -> Iterator[tuple[str, np.ndarray]]:
    for path in paths:
        try:
            yield str(path), read_picture_file(path)
        except PictureFileError as error:
            raise FollowError(str(error)) from None


def _unusable(error: object) -> int:
    print(f"companion referee: {error}", file=sys.stderr)
    return 2

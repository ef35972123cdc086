"""The rolls a game at the table waits for: part of ``TableSession``.

When the rules need dice for a move (a move seen on the board, played from the page, or
the only action the rules allow), the session asks the dice service for that roll with
its purpose and waits; the button or the page rolls it, and the roll made for that very
request (its id, ``Roll.request``: two waits may well share a purpose) is applied to
the move, and the action's journal event names that roll (``roll``: its ``seq``); the
roll itself is journaled by the dice service with the game's id and who asked for it
(the button, the page, a player), so the game's record shows every roll made for it.

In a game started with the table's dice (``game_log.TABLE_DICE``) the service is not
asked: the page says what to throw, and the values thrown at the table are entered
(``TableSession.enter_dice``, or ``play`` with dice) and journaled as a roll thrown by
hand, with who entered them, before the move they are for.

The roll is applied off the roller's thread: the dice button's callback (gpiozero's
thread) only queues it, so the button's LED lights as soon as the roll is journaled; a
worker thread of the session applies it and tells the listeners. Anyone who reads the
session meanwhile applies the queued roll first (``TableSession._locked``), so a roll
that was made is never missing from what the session says.

A mixin of ``TableSession``: it works on the session's own state (``_waiting``,
``dice``, the lock), kept apart so each file holds one idea.
"""

from __future__ import annotations

import itertools
import logging
import threading
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion import game_log
from companion.dice import Roll, record_thrown
from companion.errors import CompanionError
from companion.games.base import Action, DiceRequest, IllegalAction
from companion.journal import Journal, JournalEvent
from companion.table import verdict as v
from companion.table.verdict import TableVerdict

_log = logging.getLogger(__name__)


class DiceRefused(CompanionError, PermissionError):
    """Dice sent from outside for a game whose dice the companion rolls."""

    SERVER_ROLLS = ("In this game the companion rolls the dice: send the move without "
                    "dice, then roll with the Roll button or the dice button when it asks "
                    "(dice are entered by hand only in a game started with the dice "
                    "thrown at the table).")


@dataclass(frozen=True)
class WaitingRoll:
    """An action that waits for its dice: explained from the board (``view`` is what the
    board shows meanwhile), played from the page, or the only action the rules allow."""

    action: Action
    request: DiceRequest
    text: str
    view: Mapping[str, Any] | None = None
    request_id: int = 0
    """The dice service's id of the request (0 until it is asked for)."""
    picture: bytes | None = None
    """The camera's picture of the reading the action was explained from, kept for
    review once the roll has made it (``companion.table.step_pictures``)."""

    def matches(self, roll: Roll) -> bool:
        return self.request_id != 0 and roll.request == self.request_id


class DiceWaits:
    """The rolls the session waits for (see the module docstring)."""

    _waiting: WaitingRoll | None
    _live: game_log.LiveGame | None
    _game_id: str | None
    journal: Journal
    _rolls: deque[Roll]
    _heard: list[TableVerdict]
    _worker: threading.Thread | None
    _worker_lock: threading.Lock
    _wake: threading.Event
    _stopping: bool

    @property
    def pending_dice(self) -> dict[str, Any] | None:
        """The roll the game waits for: count, sides, purpose and the move, or ``None``."""
        with self._locked():
            waiting = self._waiting
        return None if waiting is None else {**waiting.request.to_json(), "for": waiting.text}

    @property
    def _dice_mode(self) -> str:
        """Who throws the game's dice (``game_log.DICE_MODES``)."""
        return self._live.dice if self._live is not None else game_log.SERVER_DICE

    def _prompt_dice(self) -> None:
        """When the rules allow one action only and it needs dice, ask for the roll."""
        if self._waiting is not None or self._match is None:
            return
        game, state = self._match.game, self._match.state
        first_two = list(itertools.islice(game.legal_actions(state), 2))
        if len(first_two) == 1:
            request = game.dice_needed(state, first_two[0])
            if request is not None:
                self._wait(WaitingRoll(first_two[0], request, game.describe(state, first_two[0])))

    def _wait(self, waiting: WaitingRoll) -> None:
        self._waiting = waiting
        if self.dice is not None and self._dice_mode == game_log.SERVER_DICE:
            request_id = self.dice.request(waiting.request.count, waiting.request.sides,
                                           waiting.request.purpose,
                                           for_whom=self.game.to_move(self.state) or "",
                                           game_id=self._game_id or "")
            self._waiting = replace(waiting, request_id=request_id)

    def _record_thrown(self, waiting: WaitingRoll, dice: Sequence[int],
                       entered_by: str) -> TableVerdict:
        """Journal the dice thrown at the table for ``waiting`` as a roll by hand, then
        its move with them."""
        request = waiting.request
        if len(dice) != request.count:
            raise IllegalAction(f"{waiting.text} needs {request.count}d{request.sides}: "
                                f"enter {request.count} dice, not {len(dice)}.")
        arguments = {"purpose": request.purpose, "entered_by": entered_by,
                     "for_whom": self.game.to_move(self.state) or "",
                     "game_id": self._game_id or ""}
        try:
            if self.dice is not None and self.dice.journal is self.journal:
                roll = self.dice.thrown(dice, request.sides, **arguments)
            else:
                roll = record_thrown(self.journal, dice, request.sides, **arguments)
        except ValueError as error:
            raise IllegalAction(str(error)) from error
        return self._kept_picture(self._record([waiting.action], list(roll.values), roll.seq),
                                  waiting.picture)

    def _redoable_action(self, action: Action) -> JournalEvent | None:
        """The step the last undo took back, if it is ``action`` (made again, it is a
        redo, and keeps the dice it had)."""
        redoable = self._live.timeline.redoable if self._live is not None else ()
        if redoable and redoable[-1].kind == game_log.ACTION \
                and redoable[-1].data["action"] == dict(action):
            return redoable[-1]
        return None

    def _cancel_waiting(self) -> None:
        waiting, self._waiting = self._waiting, None
        if waiting is not None and self.dice is not None:
            self.dice.cancel_request(waiting.request_id)

    def _dice_verdict(self, before: TableVerdict | None = None) -> TableVerdict:
        assert self._waiting is not None
        request = self._waiting.request
        verb = "roll" if self._dice_mode == game_log.SERVER_DICE else "throw"
        text = (f"{self._waiting.text}: {verb} {request.count}d{request.sides} "
                f"({request.purpose}).")
        if before is not None:
            text = f"{before.text} {text}"
        return TableVerdict(v.DICE, text)

    def _on_roll(self, roll: Roll) -> None:
        """A roll from the button, the page or the command line, on its thread: if it was
        asked for, queue it for the worker (the roller goes on at once; whether it is the
        one waited for is seen under the lock, once the wait asking for it is in place)."""
        if roll.request == 0:
            return
        self._rolls.append(roll)
        with self._worker_lock:
            if self._worker is None and not self._stopping:
                self._worker = threading.Thread(target=self._apply_rolls_on_worker,
                                                name="table-rolls", daemon=True)
                self._worker.start()
        self._wake.set()

    def _apply_rolls_on_worker(self) -> None:
        while True:
            self._wake.wait()
            self._wake.clear()
            if self._stopping:
                return
            try:
                self._announce(None)  # applies the queued rolls, then tells of them
            except Exception:
                _log.exception("The rolls could not be applied; the next one is tried.")

    def _apply_rolls(self) -> None:
        """Apply the queued rolls still waited for (under the lock); what they did is
        told with the next announcement."""
        while self._rolls:
            roll = self._rolls.popleft()
            waiting = self._waiting
            if waiting is None or self._game_id is None or not waiting.matches(roll):
                continue
            try:
                result = self._kept_picture(
                    self._record([waiting.action], list(roll.values), roll.seq),
                    waiting.picture)
            except IllegalAction as error:  # the rules refuse these dice for this move
                result = TableVerdict(v.ILLEGAL, f"The roll could not be used: {error.reason}")
            except Exception:  # a journal that cannot be written: the reader goes on
                _log.exception("The roll %s for %s could not be applied.", roll.values,
                               waiting.text)
                continue
            self._heard.append(result)

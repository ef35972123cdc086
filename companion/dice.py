"""Dice: fair rolls from the operating system's random source, each one journaled.

One ``DiceService`` serves the whole table: the GPIO button, the page's big button,
``companion roll`` and the rules all roll through it. A rule that needs dice asks with
``request`` ("2d6 for Alice's attack"); the next press of the button rolls exactly that
and clears it, otherwise a press rolls the default (1d6).

Every roll is appended to the journal (kind ``dice.roll``) before it is returned and
before any listener hears of it, so a roll the players saw is never lost. A roll made
for a game's request carries the game's id, so the game's record shows it with who
asked for it; dice thrown at the table by hand (a game started with the table's dice)
are journaled the same way by ``record_thrown``, marked ``by_hand``.
"""

from __future__ import annotations

import itertools
import logging
import re
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.journal import Journal, JournalEvent
from companion.listeners import Listeners

ROLL_KIND = "dice.roll"
"""The journal event kind of a roll."""

MAX_COUNT = 100
MAX_SIDES = 1000
MAX_MODIFIER = 1000

_NOTATION = re.compile(r"^(?:(?P<count>\d+)?d(?P<sides>\d+)|(?P<only_count>\d+))"
                       r"(?:\s*(?P<sign>[+-])\s*(?P<modifier>\d+))?$", re.IGNORECASE | re.ASCII)

_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Roll:
    """One roll of ``len(values)`` dice with ``sides`` sides each.

    ``seq`` is the roll's journal event number (0 when the service has no journal);
    ``for_whom`` is the player a rule asked the roll for, if any; ``request`` the id of
    the request it rolled (``DiceService.request``; 0 for none), so the one who asked
    knows its roll whatever the purpose says (not journaled: ids last one service);
    ``game_id`` the game it was rolled for ("" for a roll for no game); ``by_hand`` is
    true for dice thrown at the table and entered by ``requested_by``; ``modifier`` is
    added to the dice's sum (``2d6+3``), never to a die.
    """

    values: tuple[int, ...]
    sides: int
    purpose: str
    requested_by: str
    time: float
    seq: int
    for_whom: str = ""
    request: int = field(default=0, compare=False)
    game_id: str = ""
    by_hand: bool = False
    modifier: int = 0

    @property
    def total(self) -> int:
        return sum(self.values) + self.modifier

    @property
    def notation(self) -> str:
        """The dice rolled, as players write them: ``2d6``, ``3d6-1``."""
        return f"{len(self.values)}d{self.sides}{self.modifier:+d}".removesuffix("+0")

    def to_json(self) -> dict[str, Any]:
        return {
            "values": list(self.values),
            "count": len(self.values),
            "sides": self.sides,
            "total": self.total,
            "notation": self.notation,
            "purpose": self.purpose,
            "requested_by": self.requested_by,
            "for_whom": self.for_whom,
            "time": self.time,
            "seq": self.seq,
            "game_id": self.game_id,
            "by_hand": self.by_hand,
            "modifier": self.modifier,
        }

    @classmethod
    def from_event(cls, event: JournalEvent) -> Roll:
        """Return the roll a ``dice.roll`` journal event records."""
        data = event.data
        return cls(
            values=tuple(int(v) for v in data["values"]),
            sides=int(data["sides"]),
            purpose=str(data.get("purpose", "")),
            requested_by=event.actor,
            time=event.time,
            seq=event.seq,
            for_whom=str(data.get("for_whom", "")),
            game_id=event.game_id,
            by_hand=bool(data.get("by_hand", False)),
            modifier=int(data.get("modifier", 0)),
        )


def parse_dice(text: str) -> tuple[int, int, int]:
    """``(count, sides, modifier)`` for dice as players write them: ``2d6``, ``d20`` (one
    d20), ``3`` (three d6), ``2d6+3``, ``3d6-1``; ``ValueError`` in words otherwise."""
    match = _NOTATION.match(text.strip()) if isinstance(text, str) else None
    if not match:
        raise ValueError(f"{text!r} is not dice; write them like 2d6, d20, 3 (three d6) or "
                         "2d6+3.")
    if match["only_count"]:
        count, sides = int(match["only_count"]), 6
    else:
        count, sides = int(match["count"] or 1), int(match["sides"])
    modifier = int(match["modifier"] or 0) * (-1 if match["sign"] == "-" else 1)
    check_dice(count, sides, modifier)
    return count, sides, modifier


def check_dice(count: int, sides: int, modifier: int = 0) -> None:
    """Raise ``ValueError`` in words unless ``count`` dice of ``sides`` sides, with
    ``modifier`` added, can be rolled."""
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
        raise ValueError(f"The number of dice must be a whole number from 1 to {MAX_COUNT}, "
                         f"not {count!r}.")
    if isinstance(sides, bool) or not isinstance(sides, int) or not 2 <= sides <= MAX_SIDES:
        raise ValueError(f"A die must have a whole number of sides from 2 to {MAX_SIDES}, "
                         f"not {sides!r}.")
    if (isinstance(modifier, bool) or not isinstance(modifier, int)
            or not -MAX_MODIFIER <= modifier <= MAX_MODIFIER):
        raise ValueError(f"What is added to the dice must be a whole number from "
                         f"-{MAX_MODIFIER} to {MAX_MODIFIER}, not {modifier!r}.")


def record_thrown(journal: Journal, values: Sequence[int], sides: int, *, purpose: str,
                  entered_by: str, for_whom: str = "", game_id: str = "") -> Roll:
    """Journal dice thrown at the table by hand, as ``entered_by`` entered them, and
    return the roll (``ValueError`` in words for values no such dice show)."""
    check_dice(len(values), sides)
    if not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= sides
               for v in values):
        raise ValueError(f"A d{sides} shows a whole number from 1 to {sides}, "
                         f"not {', '.join(map(str, values))}.")
    data = {"count": len(values), "sides": sides, "values": list(values),
            "total": sum(values), "purpose": purpose, "for_whom": for_whom, "by_hand": True}
    event = journal.append(ROLL_KIND, data, game_id=game_id, actor=entered_by)
    return Roll.from_event(event)


class DiceService:
    """Rolls dice, journals every roll, remembers a pending request, tells listeners."""

    def __init__(
        self,
        journal: Journal | None = None,
        *,
        randbelow: Callable[[int], int] = secrets.randbelow,
        clock: Callable[[], float] = time.time,
        default_count: int = 1,
        default_sides: int = 6,
    ) -> None:
        check_dice(default_count, default_sides)
        self.journal = journal
        self.default_count = default_count
        self.default_sides = default_sides
        self._randbelow = randbelow
        self._clock = clock
        self._lock = threading.Lock()
        self._pending: dict[str, Any] | None = None
        self._pending_id = 0
        self._pending_game = ""
        self._request_ids = itertools.count(1)
        self._listeners: Listeners[[Roll]] = Listeners(
            _log, "A dice listener failed on {0.notation}; the roll stands.")
        self._request_listeners: Listeners[[dict[str, Any] | None]] = Listeners(
            _log, "A dice request listener failed; the request stands.")
        self._recent: deque[Roll] = deque(maxlen=1000)

    # -- rolling --------------------------------------------------------------------

    def roll(
        self, count: int = 1, sides: int = 6, *, purpose: str = "", requested_by: str = "",
        modifier: int = 0,
    ) -> Roll:
        """Roll ``count`` dice of ``sides`` sides (``modifier`` added to their sum),
        journal the roll, tell listeners."""
        check_dice(count, sides, modifier)
        with self._lock:
            roll = self._roll_locked(count, sides, purpose, requested_by, "",
                                     modifier=modifier)
        self._notify(roll)
        return roll

    def thrown(self, values: Sequence[int], sides: int, *, purpose: str, entered_by: str,
               for_whom: str = "", game_id: str = "") -> Roll:
        """Journal dice thrown at the table by hand (``record_thrown``) and tell the
        listeners, as a roll of the service is told. Needs the service's journal."""
        if self.journal is None:
            raise ValueError("Dice thrown by hand are journaled: this service has no journal.")
        roll = record_thrown(self.journal, values, sides, purpose=purpose,
                             entered_by=entered_by, for_whom=for_whom, game_id=game_id)
        with self._lock:
            self._recent.append(roll)
        self._notify(roll)
        return roll

    def _roll_locked(
        self, count: int, sides: int, purpose: str, requested_by: str, for_whom: str,
        request: int = 0, game_id: str = "", modifier: int = 0,
    ) -> Roll:
        values = tuple(self._randbelow(sides) + 1 for _ in range(count))
        when = self._clock()
        seq = 0
        if self.journal is not None:
            data = {
                "count": count,
                "sides": sides,
                "values": list(values),
                "total": sum(values) + modifier,
                "purpose": purpose,
                "for_whom": for_whom,
                **({"modifier": modifier} if modifier else {}),
            }
            seq = self.journal.append(ROLL_KIND, data, game_id=game_id, actor=requested_by,
                                      at=when).seq
        roll = Roll(values, sides, purpose, requested_by, when, seq, for_whom, request, game_id,
                    modifier=modifier)
        self._recent.append(roll)
        return roll

    def _notify(self, roll: Roll) -> None:
        # Outside the lock, so a listener may roll, read the history or block a while.
        self._listeners.notify(roll)

    # -- requests from the rules ----------------------------------------------------

    def request(self, count: int, sides: int = 6, purpose: str = "", for_whom: str = "",
                game_id: str = "") -> int:
        """Ask for a roll: the next ``roll_pending_or_default`` rolls exactly this (for the
        game ``game_id``, whose record then shows it).

        Returns the request's id, which the roll made for it carries (``Roll.request``).
        """
        check_dice(count, sides)
        with self._lock:
            self._pending = {
                "count": count, "sides": sides, "purpose": purpose, "for_whom": for_whom,
            }
            self._pending_id = request_id = next(self._request_ids)
            self._pending_game = game_id
        self._notify_request()
        return request_id

    def pending(self) -> dict[str, Any] | None:
        """Return the requested roll waiting for a press (a copy), or ``None``."""
        with self._lock:
            return dict(self._pending) if self._pending else None

    def cancel_request(self, request: int | None = None) -> None:
        """Forget the pending request, if any (only if its id is ``request``, if given)."""
        with self._lock:
            had = self._pending is not None and request in (None, self._pending_id)
            if had:
                self._pending = None
        if had:
            self._notify_request()

    def roll_pending_or_default(self, *, requested_by: str) -> Roll:
        """Roll the pending request (and clear it), or the default dice if there is none.

        This is what a press of the button or of the page's big button does.
        """
        with self._lock:
            pending = self._pending
            if pending is None:
                roll = self._roll_locked(self.default_count, self.default_sides, "",
                                         requested_by, "")
            else:
                roll = self._roll_locked(pending["count"], pending["sides"], pending["purpose"],
                                         requested_by, pending["for_whom"], self._pending_id,
                                         self._pending_game)
                self._pending = None
        if pending is not None:
            self._notify_request()
        self._notify(roll)
        return roll

    def subscribe_requests(
        self, callback: Callable[[dict[str, Any] | None], None]
    ) -> Callable[[], None]:
        """Call ``callback(pending)`` whenever a roll is requested (the request, as
        ``pending`` returns it) or the request is cleared by its roll or a cancel
        (``None``); return a function that unsubscribes. So a page can say what the
        next roll is for the moment a rule asks for it."""
        return self._request_listeners.add(callback)

    def _notify_request(self) -> None:
        with self._lock:
            pending = dict(self._pending) if self._pending else None
        self._request_listeners.notify(pending)

    # -- history and listeners ------------------------------------------------------

    def history(self, limit: int = 50) -> list[Roll]:
        """Return the latest rolls, newest first: from the journal when there is one."""
        if self.journal is not None:
            events = self.journal.events(kind=ROLL_KIND, limit=limit, newest_first=True)
            return [Roll.from_event(event) for event in events]
        with self._lock:
            return list(reversed(self._recent))[: max(0, limit)]

    def subscribe(self, callback: Callable[[Roll], None]) -> Callable[[], None]:
        """Call ``callback(roll)`` after every roll; return a function that unsubscribes.

        A listener that raises is logged and never breaks the roll or other listeners.
        """
        return self._listeners.add(callback)

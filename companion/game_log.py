"""Games kept in the journal: start, actions, undos, and the game folded back from them.

A game in progress is never stored as a state: it is the list of its events —
``game.start`` (game name, options, who throws the dice: ``DICE_MODES``, and for a game
started from a position, the position: ``companion.games.position``), then
``game.action`` (an action, its dice and the ``dice.roll`` event they came from),
``game.correction`` (the board put right by hand, see ``companion.games.corrections``)
and ``game.undo`` (of the last action or correction still standing). The journal is the
game's write-ahead log: a ``LiveGame`` holds the game as it stands (a ``Match``, the
steps standing and the ones a redo brings back) and journals each change before it
makes it, so a power cut loses nothing that was acknowledged; ``fold`` reads a game's
events once (on resume) to build its ``LiveGame`` again. An undo is itself recorded
(nothing is ever deleted), and the journal reads as the game's record.

An action is checked by the engine *before* it is journaled: an illegal one raises
``IllegalAction`` with the rule's reason and writes nothing.

The one-off ``record_*`` functions fold the game and serialise their appends for one
journal by a lock here, so two threads cannot both validate against the same state and
record conflicting actions. Two processes recording actions for the same game at once
are not guarded against; the web server is the one writer of game events.
"""

from __future__ import annotations

import threading
import uuid
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.games.base import Action, Game, IllegalAction, State
from companion.games.corrections import correct
from companion.games.match import Match
from companion.games.position import compact, position_state
from companion.games.registry import get_game
from companion.journal import Journal, JournalError, JournalEvent

START, ACTION, UNDO = "game.start", "game.action", "game.undo"
CORRECTION = "game.correction"

SERVER_DICE, TABLE_DICE = "server", "table"
DICE_MODES = (SERVER_DICE, TABLE_DICE)
"""Who throws a game's dice, chosen at its start: the companion (``server``, the
default, and what a game journaled before the choice existed is), or the players at the
table, whose throws the referee enters (``table``). See docs/dice.md."""

GameLookup = Callable[[str], Game] | Mapping[str, Callable[[], Game]]
"""How a game's name becomes an engine: a function (the registry's ``get_game``) or a
mapping from names to game classes or factories (tests pass their own)."""

_locks: weakref.WeakKeyDictionary[Journal, threading.Lock] = weakref.WeakKeyDictionary()
_locks_lock = threading.Lock()


@dataclass(frozen=True)
class GameRecord:
    """A game found in the journal: who started it when, and how far it has gone."""

    game_id: str
    game: str
    options: dict[str, Any]
    started: float
    started_by: str
    actions: int
    last_time: float
    dice: str = SERVER_DICE

    def to_json(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id,
            "game": self.game,
            "options": self.options,
            "started": self.started,
            "started_by": self.started_by,
            "actions": self.actions,
            "last_time": self.last_time,
            "dice": self.dice,
        }


def start_game(
    journal: Journal,
    game_name: str,
    options: Mapping[str, Any] | None = None,
    *,
    actor: str = "",
    games: GameLookup | None = None,
    dice: str = SERVER_DICE,
    position: Mapping[str, Any] | None = None,
) -> str:
    """Journal the start of a new game and return its id.

    The options are checked by the engine first (``ValueError`` in words if a game of
    that name does not exist or the options are impossible), and ``dice`` is one of
    ``DICE_MODES``. ``position``: the position the game starts from
    (``companion.games.position``), checked by the game (``PositionError``); an undo
    never goes back past it.
    """
    options = dict(options or {})
    if dice not in DICE_MODES:
        raise ValueError(f'The dice are rolled by the companion ("{SERVER_DICE}") or thrown '
                         f'at the table ("{TABLE_DICE}"), not {dice!r}.')
    game = make_game(game_name, games)
    if game.at_the_table is not None:
        raise ValueError(game.at_the_table)
    data: dict[str, Any] = {"game": game_name, "options": options, "dice": dice}
    if position is None:
        game.initial_state(options)
    else:
        position_state(game, options, position)
        data["position"] = compact(position)
    game_id = uuid.uuid4().hex[:12]
    with _lock_for(journal):
        journal.append(START, data, game_id=game_id, actor=actor)
    return game_id


def record_action(
    journal: Journal,
    game_id: str,
    action: Action,
    dice: Sequence[int] = (),
    *,
    actor: str = "",
    games: GameLookup | None = None,
) -> JournalEvent:
    """Check ``action`` (with ``dice``) against the game's state, then journal it.

    Raises ``IllegalAction`` with the reason, writing nothing, when the rules forbid it.
    For a one-off record (a script, a test): it folds the journal to find the state; a
    game that goes on keeps a ``LiveGame`` and plays on it instead.
    """
    with _lock_for(journal):
        return fold(journal, game_id, games=games).play(action, dice, actor=actor)


def record_correction(
    journal: Journal,
    game_id: str,
    correction: Mapping[str, Any],
    *,
    actor: str = "",
    games: GameLookup | None = None,
) -> JournalEvent:
    """Check ``correction`` can be made to the game's state, then journal it.

    Raises ``CorrectionError`` (a ``ValueError``) with the reason, writing nothing.
    """
    with _lock_for(journal):
        return fold(journal, game_id, games=games).correct(correction, actor=actor)


def record_undo(
    journal: Journal, game_id: str, *, actor: str = "", games: GameLookup | None = None
) -> JournalEvent:
    """Journal an undo of the game's last action still standing.

    Raises ``IllegalAction`` when there is nothing to undo.
    """
    with _lock_for(journal):
        return fold(journal, game_id, games=games).undo(actor=actor)


def rebuild(journal: Journal, game_id: str, *, games: GameLookup | None = None) -> Match:
    """Return the game as it stands: its start replayed with every action and undo."""
    return fold(journal, game_id, games=games).match


def fold(journal: Journal, game_id: str, *, games: GameLookup | None = None) -> LiveGame:
    """Read the game's events once and return it live: its match, the steps standing
    (with the state before each), the steps a redo brings back, and the state before the
    last change. The one place a game is replayed from the journal."""
    events = journal.events(game_id=game_id)
    if not events or events[0].kind != START:
        raise ValueError(f"There is no game {game_id!r} in {journal.path}.")
    start = events[0]
    game = make_game(start.data["game"], games)
    options = start.data.get("options") or {}
    position = start.data.get("position")
    match = Match(game, options, state=None if position is None else
                  position_state(game, options, position))
    live = LiveGame(journal, game_id, match, dice=start.data.get("dice", SERVER_DICE))
    for event in events[1:]:
        live._replay(event)
    return live


class Steps(Sequence[JournalEvent]):
    """An immutable stack of events, oldest first, that shares its older part with the
    stack it was pushed on: pushing, popping, ``len`` and ``[-1]`` take constant time
    (a tuple would copy itself on every step of a game, quadratic in its length)."""

    __slots__ = ("_top", "_below", "_length")

    def __init__(self, top: JournalEvent | None = None, below: Steps | None = None) -> None:
        self._top = top
        self._below = below
        self._length = 0 if top is None else 1 + (len(below) if below else 0)

    def pushed(self, event: JournalEvent) -> Steps:
        return Steps(event, self)

    def popped(self) -> Steps:
        if self._top is None:
            raise IndexError("pop from an empty stack of steps")
        return self._below if self._below is not None else Steps()

    def __len__(self) -> int:
        return self._length

    def __iter__(self) -> Iterator[JournalEvent]:
        return iter(self._oldest_first())

    def __getitem__(self, index: int) -> JournalEvent:  # type: ignore[override]
        if self._top is not None and index in (-1, self._length - 1):
            return self._top
        return self._oldest_first()[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Steps):
            return self._oldest_first() == other._oldest_first()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._oldest_first())

    def __repr__(self) -> str:
        return f"Steps({list(self._oldest_first())!r})"

    def _oldest_first(self) -> tuple[JournalEvent, ...]:
        events = []
        node: Steps | None = self
        while node is not None and node._top is not None:
            events.append(node._top)
            node = node._below
        return tuple(reversed(events))


@dataclass(frozen=True)
class Timeline:
    """``standing``: the action and correction events in force, oldest first;
    ``redoable``: the undone ones a redo brings back, the next one last.

    Undo and redo are both events: an undo is a ``game.undo`` in the journal, and a redo
    journals the undone step again (the same action and dice, or the same correction).
    So a step made after some undos that is the same as the last one undone counts as
    its redo, whether the page's Redo button made it or a player made the same move
    again; any other step makes the undone steps unreachable by redo, as in every editor.
    """

    standing: Steps = field(default_factory=Steps)
    redoable: Steps = field(default_factory=Steps)

    def after(self, event: JournalEvent) -> Timeline:
        """The timeline once ``event`` (of the same game) is journaled (in constant
        time, so folding or importing a long game stays linear in its length)."""
        if event.kind in (ACTION, CORRECTION):
            redo = self.redoable
            redoable = redo.popped() if redo and _same_step(redo[-1], event) else Steps()
            return Timeline(self.standing.pushed(event), redoable)
        if event.kind == UNDO and self.standing:
            return Timeline(self.standing.popped(), self.redoable.pushed(self.standing[-1]))
        return self


class LiveGame:
    """One game as it stands, with the journal as its write-ahead log.

    Each change is checked against the match it holds, journaled, and only then made
    to the match: a change is acknowledged (its method returns) once it is on disk, and
    nothing is replayed. ``fold`` builds one from the journal; the table's session keeps
    one for the game being played. Not locked: its owner serialises its changes.
    """

    def __init__(self, journal: Journal, game_id: str, match: Match, *,
                 dice: str = SERVER_DICE) -> None:
        self.journal = journal
        self.game_id = game_id
        self.match = match
        self.dice = dice
        """Who throws the game's dice (``DICE_MODES``), as its start says."""
        self.timeline = Timeline()
        self.before_last: State | None = None
        """The game's state before its last journaled change (``None`` before any)."""
        self._befores: list[State] = []  # the state before each standing step

    def before(self, index: int) -> State:
        """The state before the ``index``-th standing step (negative from the end)."""
        return self._befores[index]

    def play(self, action: Action, dice: Sequence[int] = (), *, actor: str = "",
             roll: int = 0) -> JournalEvent:
        """Apply ``action`` with ``dice``, journal it; ``IllegalAction`` writes nothing.

        ``roll`` is the ``seq`` of the ``dice.roll`` event the dice came from (0: none,
        or dice of a record played back)."""
        before = self.match.state
        self.match.push(dict(action), dice)
        data: dict[str, Any] = {"action": dict(action), "dice": list(dice)}
        if roll:
            data["roll"] = roll
        try:
            event = self.journal.append(ACTION, data, game_id=self.game_id, actor=actor)
        except BaseException:
            self.match.pop()
            raise
        self._stood(event, before)
        return event

    def correct(self, correction: Mapping[str, Any], *, actor: str = "") -> JournalEvent:
        """Put the game right by hand and journal it; ``CorrectionError`` writes nothing."""
        corrected = correct(self.match.game, self.match.state, correction)
        event = self.journal.append(CORRECTION, {"correction": dict(correction)},
                                    game_id=self.game_id, actor=actor)
        before, self.match.state = self.match.state, corrected
        self._stood(event, before)
        return event

    def undo(self, *, actor: str = "") -> JournalEvent:
        """Journal an undo of the last step standing, then take it back.

        Raises ``IllegalAction`` when there is nothing to undo.
        """
        if not self.timeline.standing:
            raise IllegalAction("There is nothing to undo: no action has been taken yet.")
        self.check_crossing(self.timeline.standing[-1], self.before(-1))
        event = self.journal.append(UNDO, {"undoes": self.timeline.standing[-1].seq},
                                    game_id=self.game_id, actor=actor)
        self._take_back(event)
        return event

    def check_crossing(self, step: JournalEvent, before: State) -> None:
        """Raise ``IllegalAction`` with the game's reason when an undo or a redo may not
        cross ``step`` (made in the state ``before``): a step that sealed a secret choice
        (``Game.undo_barrier``). Journals written before a barrier existed still fold:
        only new undos and redos are checked."""
        if step.kind != ACTION:
            return
        reason = self.match.game.undo_barrier(before, step.data["action"])
        if reason is not None:
            raise IllegalAction(reason)

    def _replay(self, event: JournalEvent) -> None:
        """Make a journaled event's change (``fold``)."""
        before = self.match.state
        if event.kind == ACTION:
            try:
                self.match.push(event.data["action"], event.data.get("dice", ()))
            except (IllegalAction, KeyError) as error:
                raise JournalError(
                    f"Event {event.seq} of game {self.game_id} in {self.journal.path} cannot "
                    f"be replayed ({error}); the rules engine may have changed since."
                ) from error
            self._stood(event, before)
        elif event.kind == CORRECTION:
            try:
                self.match.state = correct(self.match.game, before, event.data["correction"])
            except (ValueError, KeyError) as error:
                raise JournalError(
                    f"Correction {event.seq} of game {self.game_id} in {self.journal.path} "
                    f"cannot be replayed ({error})."
                ) from error
            self._stood(event, before)
        elif event.kind == UNDO:
            self._take_back(event)

    def _stood(self, event: JournalEvent, before: State) -> None:
        self._befores.append(before)
        self.before_last = before
        self.timeline = self.timeline.after(event)

    def _take_back(self, event: JournalEvent) -> None:
        self.before_last = self.match.state
        if self.timeline.standing:
            undone = self.timeline.standing[-1]
            before = self._befores.pop()
            if undone.kind == CORRECTION:
                self.match.state = before
            else:
                self.match.pop()
        self.timeline = self.timeline.after(event)


def list_games(journal: Journal) -> list[GameRecord]:
    """Return every game in the journal, the most recently started first."""
    records: dict[str, dict[str, Any]] = {}
    for event in journal.events():
        if event.kind == START:
            records[event.game_id] = {
                "game_id": event.game_id,
                "game": event.data.get("game", ""),
                "options": event.data.get("options", {}),
                "started": event.time,
                "started_by": event.actor,
                "actions": 0,
                "last_time": event.time,
                "dice": event.data.get("dice", SERVER_DICE),
            }
        elif event.game_id in records and event.kind in (ACTION, CORRECTION, UNDO):
            record = records[event.game_id]
            record["actions"] += -1 if event.kind == UNDO else 1
            record["last_time"] = event.time
    return [GameRecord(**record) for record in reversed(records.values())]


def _same_step(a: JournalEvent, b: JournalEvent) -> bool:
    return a.kind == b.kind and a.data == b.data


def make_game(name: str, games: GameLookup | None = None) -> Game:
    """The engine of the game called ``name``, from ``games`` (default: the registry)."""
    if games is None:
        return get_game(name)
    if isinstance(games, Mapping):
        if name not in games:
            known = ", ".join(sorted(games)) or "none"
            raise ValueError(f"There is no game called {name!r}; the games are: {known}.")
        return games[name]()
    return games(name)


def _lock_for(journal: Journal) -> threading.Lock:
    with _locks_lock:
        lock = _locks.get(journal)
        if lock is None:
            lock = _locks[journal] = threading.Lock()
        return lock

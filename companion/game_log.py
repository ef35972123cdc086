"""Games kept in the journal: start, actions, undos, and the whole state rebuilt from them.

A game in progress is never stored as a state: it is the list of its events —
``game.start`` (game name and options), then ``game.action`` (an action and its dice),
``game.correction`` (the board put right by hand, see ``companion.table.corrections``)
and ``game.undo`` (of the last action or correction still standing) — and ``rebuild``
replays them through the rules engine. So a power
cut loses nothing that was acknowledged, an undo is itself recorded (nothing is ever
deleted), and the journal reads as the game's record.

An action is checked by the engine *before* it is journaled: an illegal one raises
``IllegalAction`` with the rule's reason and writes nothing.

Appends for one journal are serialised by a lock here, so two threads (two phones)
cannot both validate against the same state and record conflicting actions. Two
processes recording actions for the same game at once are not guarded against; the
web server is the one writer of game events.
"""

from __future__ import annotations

import threading
import uuid
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.base import Action, Game, IllegalAction
from companion.games.match import Match
from companion.games.registry import get_game
from companion.journal import Journal, JournalError, JournalEvent
from companion.table.corrections import correct

START, ACTION, UNDO = "game.start", "game.action", "game.undo"
CORRECTION = "game.correction"

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

    def to_json(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id,
            "game": self.game,
            "options": self.options,
            "started": self.started,
            "started_by": self.started_by,
            "actions": self.actions,
            "last_time": self.last_time,
        }


def start_game(
    journal: Journal,
    game_name: str,
    options: Mapping[str, Any] | None = None,
    *,
    actor: str = "",
    games: GameLookup | None = None,
) -> str:
    """Journal the start of a new game and return its id.

    The options are checked by the engine first (``ValueError`` in words if a game of
    that name does not exist or the options are impossible).
    """
    options = dict(options or {})
    _make_game(game_name, games).initial_state(options)
    game_id = uuid.uuid4().hex[:12]
    with _lock_for(journal):
        journal.append(START, {"game": game_name, "options": options},
                       game_id=game_id, actor=actor)
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
    """
    with _lock_for(journal):
        match = rebuild(journal, game_id, games=games)
        match.push(dict(action), dice)
        return journal.append(ACTION, {"action": dict(action), "dice": list(dice)},
                              game_id=game_id, actor=actor)


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
        match = rebuild(journal, game_id, games=games)
        correct(match.game, match.state, correction)
        return journal.append(CORRECTION, {"correction": dict(correction)},
                              game_id=game_id, actor=actor)


def record_undo(
    journal: Journal, game_id: str, *, actor: str = "", games: GameLookup | None = None
) -> JournalEvent:
    """Journal an undo of the game's last action still standing.

    Raises ``IllegalAction`` when there is nothing to undo.
    """
    with _lock_for(journal):
        _, standing = _replay(journal, game_id, games)
        if not standing:
            raise IllegalAction("There is nothing to undo: no action has been taken yet.")
        return journal.append(UNDO, {"undoes": standing[-1]}, game_id=game_id, actor=actor)


def rebuild(journal: Journal, game_id: str, *, games: GameLookup | None = None) -> Match:
    """Return the game as it stands: its start replayed with every action and undo."""
    match, _ = _replay(journal, game_id, games)
    return match


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
            }
        elif event.game_id in records and event.kind in (ACTION, CORRECTION, UNDO):
            record = records[event.game_id]
            record["actions"] += -1 if event.kind == UNDO else 1
            record["last_time"] = event.time
    return [GameRecord(**record) for record in reversed(records.values())]


def _replay(journal: Journal, game_id: str, games: GameLookup | None) -> tuple[Match, list[int]]:
    """Replay a game; return the match and the seqs of the actions still standing."""
    events = journal.events(game_id=game_id)
    if not events or events[0].kind != START:
        raise ValueError(f"There is no game {game_id!r} in {journal.path}.")
    start = events[0]
    match = Match(_make_game(start.data["game"], games), start.data.get("options") or {})
    standing: list[int] = []
    before_correction: dict[int, Any] = {}
    for event in events[1:]:
        if event.kind == ACTION:
            try:
                match.push(event.data["action"], event.data.get("dice", ()))
            except (IllegalAction, KeyError) as error:
                raise JournalError(
                    f"Event {event.seq} of game {game_id} in {journal.path} cannot be "
                    f"replayed ({error}); the rules engine may have changed since."
                ) from error
            standing.append(event.seq)
        elif event.kind == CORRECTION:
            try:
                corrected = correct(match.game, match.state, event.data["correction"])
            except (ValueError, KeyError) as error:
                raise JournalError(
                    f"Correction {event.seq} of game {game_id} in {journal.path} cannot be "
                    f"replayed ({error})."
                ) from error
            before_correction[event.seq] = match.state
            match.state = corrected
            standing.append(event.seq)
        elif event.kind == UNDO and standing:
            undone = standing.pop()
            if undone in before_correction:
                match.state = before_correction.pop(undone)
            else:
                match.pop()
    return match, standing


def _make_game(name: str, games: GameLookup | None) -> Game:
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

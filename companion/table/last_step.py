"""The spaces the last change to a game touched, so a page can ring the last move.

The table page marks what the last step changed. A page that reloads, or a phone that
reconnects, has no view from before the step to compare with, so the session says which
spaces changed (``TableSession.snapshot()["last_changed"]``). While the server runs the
session notes it at each change; after a restart it is found here from the journal: the
game as it stood just before its last journaled change (a move, a correction, an undo),
compared with the game as it stands.
"""

from __future__ import annotations

from typing import Any

from companion import game_log
from companion.games.base import Game, State
from companion.journal import Journal, JournalEvent
from companion.table.reading import changed_spaces

_CHANGES = (game_log.ACTION, game_log.CORRECTION, game_log.UNDO)


def changed_between(game: Game, before: State | None, after: State) -> tuple[str, ...]:
    """The spaces whose content differs between two states, in board order (none for a
    game without a view, or without a state before)."""
    if before is None:
        return ()
    try:
        old, new = game.view(before), game.view(after)
    except NotImplementedError:
        return ()
    changed = changed_spaces(old, new)
    return tuple(space for space in new if space in changed)


def from_journal(journal: Journal, game_id: str, game: Game, state: State, *,
                 games: game_log.GameLookup | None = None) -> tuple[str, ...]:
    """The spaces the last journaled change of ``game_id`` touched (``state`` is the
    game as it stands now)."""
    changes = [e for e in journal.events(game_id=game_id) if e.kind in _CHANGES]
    if not changes:
        return ()
    earlier: Any = _JournalBefore(journal, changes[-1].seq)
    before = game_log.rebuild(earlier, game_id, games=games)
    return changed_between(game, before.state, state)


class _JournalBefore:
    """The journal as it stood before event ``seq``: the part of ``Journal`` that
    ``game_log.rebuild`` reads (its events of a game, and its path for messages)."""

    def __init__(self, journal: Journal, seq: int) -> None:
        self._journal = journal
        self._seq = seq
        self.path = journal.path

    def events(self, **filters: Any) -> list[JournalEvent]:
        return [e for e in self._journal.events(**filters) if e.seq < self._seq]


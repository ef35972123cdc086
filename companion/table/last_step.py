"""The spaces the last change to a game touched, so a page can ring the last move.

The table page marks what the last step changed. A page that reloads, or a phone that
reconnects, has no view from before the step to compare with, so the session says which
spaces changed (``TableSession.snapshot()["last_changed"]``). The session notes it at
each change; after a restart, from the game as it stood just before its last journaled
change (a move, a correction, an undo), which folding the journal yields
(``companion.game_log.LiveGame.before_last``), compared with the game as it stands.
"""

from __future__ import annotations

from companion.games.base import Game, State
from companion.table.reading import changed_spaces


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

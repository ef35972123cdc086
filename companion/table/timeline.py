"""A game's steps as they stand, and the steps an undo took back that a redo may bring.

Undo and redo are both events: an undo is a ``game.undo`` in the journal, and a redo
journals the undone step again (the same action and dice, or the same correction). So a
step made after some undos that is the same as the last one undone counts as its redo,
whether the page's Redo button made it or a player made the same move again; any other
step makes the undone steps unreachable by redo, as in every editor.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.game_log import ACTION, CORRECTION, UNDO
from companion.journal import Journal, JournalEvent


@dataclass(frozen=True)
class Timeline:
    """``standing``: the action and correction events in force, oldest first;
    ``redoable``: the undone ones a redo brings back, the next one last."""

    standing: tuple[JournalEvent, ...]
    redoable: tuple[JournalEvent, ...]


def timeline(journal: Journal, game_id: str) -> Timeline:
    """Return the standing and redoable steps of ``game_id``."""
    standing: list[JournalEvent] = []
    redoable: list[JournalEvent] = []
    for event in journal.events(game_id=game_id):
        if event.kind in (ACTION, CORRECTION):
            if redoable and _same_step(redoable[-1], event):
                redoable.pop()
            else:
                redoable.clear()
            standing.append(event)
        elif event.kind == UNDO and standing:
            redoable.append(standing.pop())
    return Timeline(tuple(standing), tuple(redoable))


def _same_step(a: JournalEvent, b: JournalEvent) -> bool:
    return a.kind == b.kind and a.data == b.data

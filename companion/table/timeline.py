"""A game's steps as they stand, and the steps an undo took back that a redo may bring.

The rules of redo are ``companion.game_log.Timeline``'s; this walks a game's events in
the journal without the rules engine (the record exported from the page). The session
keeps its game's timeline live (``companion.game_log.LiveGame``) instead.
"""

from __future__ import annotations

from companion.game_log import Timeline
from companion.journal import Journal


def timeline(journal: Journal, game_id: str) -> Timeline:
    """Return the standing and redoable steps of ``game_id``."""
    line = Timeline()
    for event in journal.events(game_id=game_id):
        line = line.after(event)
    return line

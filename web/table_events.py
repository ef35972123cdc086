"""The table's changes as the page's live events (``table`` on ``/api/events``).

Each change sends the verdict and the game as the page shows it (``page_data``). The
game's history, one line per step standing, is the one part that grows with the game;
it is sent only when it changed since the last event (a reading that changed nothing,
a question, an offer leave it as it was). The page keeps the history it was sent, and
fetches the whole game again whenever its stream reconnects, so it never goes without.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from web.summaries import page_data


class TableEvents:
    """Turns each of the session's changes into the page's live event and hands it to
    ``publish`` (``LiveHub.publish``), in the order the changes were heard."""

    def __init__(self, table: Any, publish: Callable[[str, dict[str, Any]], None]) -> None:
        self.table = table
        self.publish = publish
        self._lock = threading.Lock()
        self._sent: tuple[Any, ...] | None = None

    def __call__(self, verdict: Any, snapshot: dict[str, Any]) -> None:
        with self._lock:
            self.publish("table", self.event(verdict, snapshot))

    def event(self, verdict: Any, snapshot: dict[str, Any]) -> dict[str, Any]:
        game = page_data(self.table, snapshot)
        if game is not None:
            history = game.get("history", [])
            key = (game["game_id"], len(history), history[-1]["seq"] if history else None)
            if key == self._sent:
                game = {name: value for name, value in game.items() if name != "history"}
            self._sent = key
        return {"verdict": verdict.to_json(), "game": game}

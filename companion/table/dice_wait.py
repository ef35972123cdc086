"""The rolls a game at the table waits for: part of ``TableSession``.

When the rules need dice for a move (a move seen on the board, played from the page, or
the only action the rules allow), the session asks the dice service for that roll with
its purpose and waits; the button, the page or the command line rolls it, and the roll
that matches is applied to the move. A mixin of ``TableSession``: it works on the
session's own state (``_waiting``, ``dice``, the lock), kept apart so each file holds
one idea.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.dice import Roll
from companion.games.base import Action, DiceRequest, IllegalAction
from companion.table import verdict as v
from companion.table.verdict import TableVerdict


@dataclass(frozen=True)
class WaitingRoll:
    """An action that waits for its dice: explained from the board (``view`` is what the
    board shows meanwhile), played from the page, or the only action the rules allow."""

    action: Action
    request: DiceRequest
    text: str
    view: Mapping[str, Any] | None = None

    def matches(self, roll: Roll) -> bool:
        return (roll.purpose == self.request.purpose and roll.sides == self.request.sides
                and len(roll.values) == self.request.count)


class DiceWaits:
    """The rolls the session waits for (see the module docstring)."""

    _waiting: WaitingRoll | None

    @property
    def pending_dice(self) -> dict[str, Any] | None:
        """The roll the game waits for: count, sides, purpose and the move, or ``None``."""
        waiting = self._waiting
        return None if waiting is None else {**waiting.request.to_json(), "for": waiting.text}

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
        if self.dice is not None:
            self.dice.request(waiting.request.count, waiting.request.sides,
                              waiting.request.purpose, for_whom=self.game.to_move(self.state)
                              or "")

    def _cancel_waiting(self) -> None:
        waiting, self._waiting = self._waiting, None
        if waiting is not None and self.dice is not None:
            pending = self.dice.pending()
            if pending and pending["purpose"] == waiting.request.purpose:
                self.dice.cancel_request()

    def _dice_verdict(self, before: TableVerdict | None = None) -> TableVerdict:
        assert self._waiting is not None
        request = self._waiting.request
        text = (f"{self._waiting.text}: roll {request.count}d{request.sides} "
                f"({request.purpose}).")
        if before is not None:
            text = f"{before.text} {text}"
        return TableVerdict(v.DICE, text)

    def _on_roll(self, roll: Roll) -> None:
        """A roll from the button, the page or the command line: the one we wait for?"""
        with self._lock:
            waiting = self._waiting
            if waiting is None or self._game_id is None or not waiting.matches(roll):
                return
            try:
                result = self._record([waiting.action], list(roll.values))
            except IllegalAction as error:  # the rules refuse these dice for this move
                result = TableVerdict(v.ILLEGAL, f"The roll could not be used: {error.reason}")
        self._announce(result)

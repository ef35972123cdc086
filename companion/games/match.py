"""A game in progress, with python-chess's ergonomics: ``push``, ``pop``, ``legal_actions``.

``Match`` keeps the stack of states, so undo restores a snapshot instead of replaying.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.base import Action, Event, Game, Outcome, State
from companion.games.registry import get_game


@dataclass(frozen=True)
class Step:
    """One applied action: what was done, with which dice, and what it caused."""

    action: Action
    dice: tuple[int, ...]
    events: tuple[Event, ...]


class LegalActions:
    """The legal actions of one state: ``action in legal``, ``len``, iteration."""

    def __init__(self, game: Game, state: State) -> None:
        self._game = game
        self._state = state

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Mapping) and bool(self._game.validate(self._state, dict(action)))

    def __iter__(self) -> Iterator[Action]:
        return self._game.legal_actions(self._state)

    def count(self) -> int:
        return sum(1 for _ in self)

    def __bool__(self) -> bool:
        return any(True for _ in self)


class Match:
    """A game and its current state, with the history of every step."""

    def __init__(
        self,
        game: Game | str,
        options: Mapping[str, Any] | None = None,
        *,
        state: State | None = None,
    ) -> None:
        self.game = get_game(game) if isinstance(game, str) else game
        self.state: State = state if state is not None else self.game.initial_state(options)
        self._stack: list[tuple[State, Step]] = []

    @property
    def legal_actions(self) -> LegalActions:
        return LegalActions(self.game, self.state)

    @property
    def steps(self) -> list[Step]:
        return [step for _, step in self._stack]

    def push(self, action: Action, dice: Sequence[int] = ()) -> list[Event]:
        """Apply ``action``; raise ``IllegalAction`` with the reason if it is illegal."""
        new_state, events = self.game.apply(self.state, action, dice)
        self._stack.append((self.state, Step(dict(action), tuple(dice), tuple(events))))
        self.state = new_state
        return events

    def pop(self) -> Step:
        """Undo the last step and return it. Raises ``IndexError`` when there is none."""
        previous, step = self._stack.pop()
        self.state = previous
        return step

    def to_move(self) -> str | None:
        return self.game.to_move(self.state)

    def phase(self) -> str:
        return self.game.phase(self.state)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

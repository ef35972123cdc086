"""Game records: read them, replay them through a rules engine, write them back.

A record is JSON Lines: an optional header ``{"game": "one", "options": {...}}``, then
one action a line (``{"type": "place", "player": "black", "at": "C3"}``), with the dice
rolled for it as a ``"dice": [3, 5]`` field where the rules roll. Blank lines and lines
starting with ``#`` are ignored. ``docs/records.md`` is the full description; the same
format is how games are exported and imported.

Replaying yields one plain dict per action (its verdict and events) and a final dict
with the state and outcome, so the output is the same every time for the same record.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.errors import UserFacingError
from companion.games.base import Action, Game, IllegalAction, State
from companion.games.position import PositionError, position_state

CORRECTION_PREFIX = "# correction: "
"""How a record writes a correction by hand: a comment, so ``companion referee`` skips
it, and the import of the table's page applies it (see docs/table.md)."""


class RecordError(UserFacingError, ValueError):
    """A record (or its options) that cannot be replayed at all."""


@dataclass(frozen=True)
class Entry:
    """One action line of a record: its line number, the action and its dice, or the
    reason the line could not be read."""

    line: int
    action: Action | None = None
    dice: tuple[Any, ...] = ()
    error: str = ""


@dataclass(frozen=True)
class Record:
    """A record as read: the header's game and options, and its action lines."""

    game: str | None
    options: dict[str, Any]
    entries: tuple[Entry, ...]
    position: dict[str, Any] | None = None
    """The position the game starts from (``companion.games.position``), or ``None``:
    the game's first state."""


def read_record(lines: Iterable[str],
                loads: Callable[[str], Any] = json.loads) -> Record:
    """Read a record from its lines. A line that is not a JSON object becomes an entry
    with an ``error``; a header that is not usable, or a first line that is no JSON
    object (a file that is no record at all), raises ``RecordError``. ``loads`` parses a
    line (a server passes a stricter parser than ``json.loads``; its ``ValueError`` says
    what is wrong with the line)."""
    game: str | None = None
    options: dict[str, Any] = {}
    position: dict[str, Any] | None = None
    entries: list[Entry] = []
    seen_action = False
    for number, raw in enumerate(lines, start=1):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        try:
            data = loads(text)
        except json.JSONDecodeError as error:
            data, problem = None, f"Line {number} is not valid JSON: {error.msg}."
        except ValueError as error:
            data, problem = None, f"Line {number}: {error}"
        else:
            problem = None if isinstance(data, dict) else f"Line {number} is not a JSON object."
        if problem is not None:
            if not entries and game is None:
                raise RecordError(f"This is not a game record: {problem[:1].lower()}"
                                  f"{problem[1:-1]}, and a record's first line is its header "
                                  "or its first action (docs/records.md).")
            entries.append(Entry(number, error=problem))
            continue
        if "type" not in data and "game" in data:
            if seen_action or game is not None:
                raise RecordError(f"Line {number}: the header must be the record's first line.")
            game, options, position = _header(number, data)
            continue
        seen_action = True
        dice = data.pop("dice", [])
        if not isinstance(dice, list):
            error = f'Line {number}: "dice" must be a list, such as [3].'
            entries.append(Entry(number, error=error))
            continue
        entries.append(Entry(number, action=data, dice=tuple(dice)))
    return Record(game, options, tuple(entries), position)


def _header(number: int, data: Mapping[str, Any]
            ) -> tuple[str, dict[str, Any], dict[str, Any] | None]:
    game, options = data.get("game"), data.get("options", {})
    if not isinstance(game, str) or not isinstance(options, dict):
        raise RecordError(
            f'Line {number}: a header is {{"game": "one", "options": {{...}}}}, '
            "with the game's name and an object of options."
        )
    position = data.get("position")
    if position is not None and not (isinstance(position, dict) and isinstance(
            position.get("board", {}), dict)):
        raise RecordError(f'Line {number}: a header\'s "position" is {{"board": {{"C3": '
                          '"black", ...}, "to_move": "white"}.')
    return game, dict(options), position


def start_of(game: Game, record: Record, options: Mapping[str, Any] | None = None) -> State:
    """The state ``record`` starts from: its position, or the game's first state, made
    with the header's options and ``options`` over them. ``RecordError`` says why not."""
    if record.game is not None and record.game != game.name:
        raise RecordError(f"This record is a game of {record.game}, not of {game.name}.")
    merged = {**record.options, **(options or {})}
    try:
        if record.position is not None:
            return position_state(game, merged, record.position)
        return game.initial_state(merged)
    except PositionError as error:
        raise RecordError(f"The record's position cannot be played: {error}") from None
    except ValueError as error:
        raise RecordError(f"The game's options are not usable: {error}") from None


def replay(
    game: Game, record: Record, options: Mapping[str, Any] | None = None
) -> Iterator[dict[str, Any]]:
    """Replay ``record`` with ``game`` and yield a verdict per action line, then the
    final state. ``options`` (from the command line) override the header's.

    Illegal actions are reported and leave the state as it was; replay goes on.
    Raises ``RecordError`` if the record is for another game or its options are bad.
    """
    state = start_of(game, record, options)
    for entry in record.entries:
        if entry.action is None:
            yield {"line": entry.line, "legal": False, "error": entry.error}
            continue
        verdict, state = step(game, state, entry.action, entry.dice)
        yield {"line": entry.line, **verdict}
    yield final(game, state)


def record_end(game: Game, record: Record, options: Mapping[str, Any] | None = None
               ) -> State:
    """The state ``record`` reaches, every line played (``options`` over the header's);
    ``RecordError`` names the first line that cannot be read or played."""
    state = start_of(game, record, options)
    for entry in record.entries:
        if entry.action is None:
            raise RecordError(f"The record cannot be read: {entry.error}")
        try:
            state, _ = game.apply(state, entry.action, list(entry.dice))
        except IllegalAction as error:
            raise RecordError(f"Line {entry.line} of the record is illegal: "
                              f"{error.reason}") from None
    return state


def step(
    game: Game, state: State, action: Action, dice: Sequence[Any] = ()
) -> tuple[dict[str, Any], State]:
    """Try one action: return its verdict (legal with events, or the reason not) and
    the state after it (the same state when it was illegal)."""
    try:
        new_state, events = game.apply(state, action, list(dice))
    except IllegalAction as error:
        verdict: dict[str, Any] = {"action": action, "legal": False, "reason": error.reason}
        if error.spaces:
            verdict["spaces"] = list(error.spaces)
        return verdict, state
    verdict = {"action": action, "legal": True, "events": events}
    if dice:
        verdict["dice"] = list(dice)
    return verdict, new_state


def final(game: Game, state: State) -> dict[str, Any]:
    """The closing line of a replay: the state, the outcome, who is to move, the phase."""
    outcome = game.outcome(state)
    return {
        "final": True,
        "state": state,
        "outcome": outcome.to_json() if outcome else None,
        "to_move": game.to_move(state),
        "phase": game.phase(state),
    }


def to_line(data: Mapping[str, Any]) -> str:
    """One JSON line with sorted keys: the same data always prints the same."""
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def correction_line(spaces: Mapping[str, Any]) -> str:
    """A record's line for a correction that sets ``spaces`` (space → content)."""
    return CORRECTION_PREFIX + json.dumps({"type": "board", "spaces": dict(spaces)},
                                          sort_keys=True)


def write_record(
    game: str, options: Mapping[str, Any], steps: Iterable[tuple[Action, Sequence[int]]],
    position: Mapping[str, Any] | None = None,
) -> str:
    """Return the record of a game: the header (with the ``position`` it started from,
    if any), then each action with its dice."""
    header: dict[str, Any] = {"game": game, "options": dict(options)}
    if position is not None:
        header["position"] = dict(position)
    lines = [to_line(header)]
    for action, dice in steps:
        lines.append(to_line({**action, "dice": list(dice)} if dice else dict(action)))
    return "\n".join(lines) + "\n"

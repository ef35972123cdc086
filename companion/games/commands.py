"""``companion referee``: replay a game record, or play a game at the command line.

    companion referee one --record docs/examples/one-2p-60.jsonl
    companion referee go --options '{"size": 9}' --play --save my-game.jsonl
    companion referee go --record game.sgf --play --save game.sgf
    companion referee go --start problem.sgf --play

A record may be a Go game's SGF file (``.sgf``, read as a record:
``companion.games.game_files``); ``--save`` writes SGF when its name ends in ``.sgf``.
``--start FILE`` (a record or an SGF file, played to its end) is the position the game
starts from; the record given with ``--record`` is then played on from there.

Replaying prints one JSON object a line (sorted keys, so a record always replays to the
same output); playing reads one action a line from standard input (``place C3``,
``jump A1 C1 C3``, ``pass``, ``resign``, ``undo``, or JSON) and answers in words with
the board drawn as text. Exit status: 0 when the record replayed (illegal actions are
part of the output), 2 when the input is unusable (no such file or game, bad options,
a line that is not JSON).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TextIO

from companion.games.base import Game, IllegalAction, State
from companion.games.game_files import SGF_SUFFIX, read_game_file
from companion.games.match import Match
from companion.games.position import state_position
from companion.games.registry import game_names, get_game
from companion.games.replay import (
    Record,
    RecordError,
    record_end,
    replay,
    start_of,
    to_line,
    write_record,
)
from companion.games.sgf import SgfError
from companion.games.sgf_write import game_sgf


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``referee`` sub-command."""
    parser = subparsers.add_parser(
        "referee",
        help="replay a game record and print each action's verdict, or play a game",
        description=(
            "Replay a game record (JSON Lines, see docs/records.md) and print each action's "
            "verdict as one JSON object a line, then the final state; or, with --play, play "
            "a game by typing one action a line."
        ),
    )
    parser.add_argument("game", metavar="GAME", help=f"the game: {', '.join(game_names())}")
    parser.add_argument("--record", metavar="FILE.jsonl",
                        help="the record to replay (for Go, an SGF file also)")
    parser.add_argument("--start", metavar="FILE",
                        help="the position the game starts from: a game record (.jsonl) or "
                             "for Go an SGF file, played to its end")
    parser.add_argument(
        "--options", metavar="JSON", default="{}",
        help='game options as a JSON object, over the record\'s own, e.g. \'{"players": 4}\'',
    )
    parser.add_argument(
        "--play", action="store_true",
        help="play from standard input, one action a line (after the --record, if given)",
    )
    parser.add_argument("--save", metavar="FILE.jsonl",
                        help="with --play: write the game's record (FILE.sgf: as SGF, for Go)")
    parser.add_argument(
        "--seed", type=int, help="with --play: seed for dice the player does not type"
    )
    parser.add_argument("--picture", metavar="FILE.svg",
                        help="with --record: draw the position the record ends in (games "
                             "that draw one: the outdoor game's field)")
    parser.add_argument("--focus", metavar="PIECE",
                        help="with --picture: the piece drawn out (its vision and ranges)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        game = get_game(args.game)
        options = _options(args.options)
        record = _load(args.record, game) if args.record else Record(None, {}, ())
        if args.start:
            record = _started(game, record, args.start, options)
    except (ValueError, RecordError) as error:
        return _unusable(error)
    if not args.play:
        if not args.record:
            return _unusable("give a record to replay (--record FILE.jsonl) or --play.")
        code, final = _replay(game, record, options, sys.stdout)
        if code == 0 and args.picture:
            return _picture(game, final, args.picture, args.focus)
        return code
    return _play(game, record, options, args, sys.stdin, sys.stdout)


def _picture(game: Game, state: dict[str, Any], path: str, focus: str | None) -> int:
    """Write the picture of ``state`` (where a record ended) to ``path``."""
    try:
        drawn = game.picture(state, focus)
    except ValueError as error:
        return _unusable(error)
    if drawn is None:
        return _unusable(f"{game.title} draws no picture of its own: its board is drawn "
                         "on the table page.")
    try:
        Path(path).write_text(drawn, encoding="utf-8")
    except OSError as error:
        return _unusable(f"cannot write {path}: {error.strerror}.")
    return 0


def _unusable(error: object) -> int:
    print(f"companion referee: {error}", file=sys.stderr)
    return 2


def _options(text: str) -> dict[str, Any]:
    try:
        options = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"--options is not valid JSON: {error.msg}.") from None
    if not isinstance(options, dict):
        raise RecordError('--options is a JSON object, such as \'{"players": 3}\'.')
    return options


def _load(path: str, game: Game) -> Record:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise RecordError(f"cannot read the record {path}: {error.strerror}.") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not a game record: it is not UTF-8 text.") from None
    return read_game_file(text, game, name=path)


def _started(game: Game, record: Record, path: str, options: dict[str, Any]) -> Record:
    """``record`` played on from the position the file ``path`` reaches."""
    if record.position is not None:
        raise RecordError("--start and the record both give the position the game starts "
                          "from: give it once.")
    start = _load(path, game)
    merged = {**start.options, **record.options}
    state = record_end(game, Record(game.name, merged, start.entries, start.position),
                       options)
    return Record(game.name, merged, record.entries, state_position(game, state))


def _replay(game: Game, record: Record, options: dict[str, Any],
            out: TextIO) -> tuple[int, dict[str, Any]]:
    """Print each verdict of ``record``; the exit code and the state it ends in."""
    malformed, final = False, {}
    try:
        for verdict in replay(game, record, options):
            malformed = malformed or "error" in verdict
            final = verdict.get("state", final)
            print(to_line(verdict), file=out)
    except RecordError as error:
        return _unusable(error), final
    return (2 if malformed else 0), final


def _play(
    game: Game,
    record: Record,
    options: dict[str, Any],
    args: argparse.Namespace,
    lines: Iterable[str],
    out: TextIO,
) -> int:
    merged = {**record.options, **options}
    try:
        match = Match(game, merged, state=start_of(game, record, options))
    except RecordError as error:
        return _unusable(error)
    start = match.state
    if args.save:
        try:
            _save(args.save, record.position, merged, match, start)
        except SgfError as error:
            return _unusable(error)
    for entry in record.entries:
        if entry.action is None:
            return _unusable(entry.error)
        try:
            match.push(entry.action, entry.dice)
        except IllegalAction as error:
            print(f"Line {entry.line} of the record is illegal and left out: {error}", file=out)
    dice_rng = random.Random(args.seed)
    _show(match, out)
    for raw in lines:
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        if text in ("undo", "takeback"):
            if match.steps:
                step = match.pop()
                print(f"Taken back: {game.describe(match.state, step.action)}.", file=out)
                _show(match, out)
            else:
                print("Nothing to take back.", file=out)
            continue
        try:
            action = game.parse(match.state, text)
            dice = action.pop("dice", None)
            if dice is None:
                dice = _roll(game, match, action, dice_rng, out)
            events = match.push(action, dice)
        except IllegalAction as error:
            print(f"Illegal: {error.reason}", file=out)
            continue
        for event in events:
            print(event.get("text") or to_line(event), file=out)
        if args.save:
            _save(args.save, record.position, merged, match, start)
        if match.is_over():
            break
        _show(match, out)
    if args.save:
        _save(args.save, record.position, merged, match, start)
    outcome = match.outcome()
    if outcome is None:
        print(f"The game is not over: {_turn_words(game, match.state)}.", file=out)
    print(to_line({"outcome": outcome.to_json() if outcome else None}), file=out)
    return 0


def _roll(
    game: Game, match: Match, action: dict[str, Any], rng: random.Random, out: TextIO
) -> list[int]:
    """Roll the dice a legal action needs when the player did not type them."""
    request = game.dice_needed(match.state, action) if game.validate(match.state, action) else None
    if request is None:
        return []
    dice = [rng.randint(1, request.sides) for _ in range(request.count)]
    print(f"Rolled {', '.join(map(str, dice))} ({request.purpose or 'dice'}).", file=out)
    return dice


def _show(match: Match, out: TextIO) -> None:
    print(match.game.render(match.state), file=out)
    print(f"{_turn_words(match.game, match.state)}.", file=out)


def _turn_words(game: Game, state: State) -> str:
    """Whose move it is and the phase, in the game's words: "Red 1 to move, the roll
    for moves" ("Black to move" where the game has one phase)."""
    to_move = game.to_move(state)
    who = f"{game.player_words(to_move)} to move" if to_move else "Nobody to move"
    phase = game.phase_words(state)
    return f"{who}, {phase}" if phase else who


def _save(path: str, position: dict[str, Any] | None, options: dict[str, Any],
          match: Match, start: State) -> None:
    """Write the game's record to ``path``: SGF for a name ending in ``.sgf``."""
    game = match.game
    if Path(path).suffix.lower() != SGF_SUFFIX:
        steps = [(step.action, step.dice) for step in match.steps]
        text = write_record(game.name, options, steps, position)
    else:
        states, history = start, []
        for step in match.steps:
            after, _ = game.apply(states, step.action, step.dice)
            history.append(({"action": step.action}, states, after))
            states = after
        text = game_sgf(game, start, history, date=time.strftime("%Y-%m-%d"))
    Path(path).write_text(text, encoding="utf-8")

"""The game at the table, as JSON: start, resume and end a game, play from the page,
choose, correct, undo and redo, export and import the record, and the live loop's
calibration. Every change goes through the ``TableSession``, which journals it and tells
every page (the ``table`` event); these views only check what a request carries.

A request the rules refuse is answered 409 with the rule's reason and the spaces to look
at (``{"error": "C3 is taken by Black.", "spaces": ["C3"]}``); a request that is not
well formed is a 400 with one sentence; dice sent for a game whose dice the companion
rolls are a 403 with one sentence (docs/dice.md).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Mapping
from typing import Any

from flask import Blueprint, Response, jsonify, request

from companion import game_log
from companion.dice import MAX_COUNT, MAX_SIDES
from companion.errors import CompanionError, value_errors_as
from companion.games.action_shape import check_action, check_correction, check_spaces
from companion.games.base import IllegalAction
from companion.games.game_files import game_file_lines, read_game_file
from companion.games.position import state_position
from companion.games.registry import game_key, game_names, get_game
from companion.games.replay import CORRECTION_PREFIX, RecordError, read_record, record_end
from companion.geometry import load_geometry
from companion.geometry.loader import board_in_folder
from companion.journal import JournalError
from companion.paths import data_dir
from companion.table.dice_wait import DiceRefused
from companion.table.reading import cells_position
from companion.table.session import NoGame
from web.access import who_asks
from web.errors import InvalidRequest
from web.hidden import actions_withheld, own_part, record_withheld, saved_entry
from web.moves import has_board, legal_moves
from web.request_body import json_body, larger_body, parse_json
from web.runtime import get_runtime

bp = Blueprint("table_api", __name__, url_prefix="/api")

MAX_IMPORT_BODY = 8 * 1024 * 1024
"""The largest body an import takes, in bytes (other requests: the app's
``MAX_CONTENT_LENGTH``); a larger one is answered 413."""

MAX_IMPORT_STEPS = 5_000
"""The most actions and corrections an import takes. A long real game has a few hundred
(the whole OneWorld example, 443); the game keeps its state before each step for undo,
so a record of tens of thousands of steps would fill a Pi's memory (docs/reliability.md)."""

SEED_BITS = 31
"""A game whose options have a ``seed`` (the card games' shuffles) is started with a
fresh one of this many random bits, unless the request gives one (ruling H3)."""

MAX_GAME_ID = 64
"""The longest game id a request may name (the journal's are 12 hex digits)."""

WHO = "page"
"""Who the table's page is in the journal: who asked for a roll or entered dice."""


def _refused(error: IllegalAction):
    body: dict[str, Any] = {"error": error.reason}
    if error.spaces:
        body["spaces"] = list(error.spaces)
    return jsonify(body), 409


@bp.errorhandler(IllegalAction)
def illegal(error: IllegalAction):
    return _refused(error)


@bp.errorhandler(DiceRefused)
def dice_refused(error: DiceRefused):
    return jsonify(error=str(error)), 409  # 403 says who may not; this is what may not


@bp.errorhandler(NoGame)
def no_game(error: NoGame):
    return jsonify(error=str(error)), 409


@bp.errorhandler(CompanionError)
def companion_error(error: CompanionError):
    return jsonify(error=str(error)), 400


# -- the games there are ----------------------------------------------------------------


@bp.get("/games")
def games():
    """Every game the table can referee, its title, default options and the choices the
    page offers (players, board); and the games in the journal that can be resumed."""
    listed = []
    for name in game_names():
        engine = get_game(name)
        if engine.at_the_table is not None:
            continue
        listed.append({"name": name, "title": engine.title,
                       "options": engine.initial_state({}).get("options", {}),
                       "players": list(engine.player_choices),
                       "boards": list(engine.board_choices),
                       "uses_dice": engine.uses_dice})
    table = get_runtime().table
    ended = {e.game_id for e in table.journal.events(kind="game.end")}
    saved = [saved_entry(g.game, g.to_json() | {"ended": g.game_id in ended})
             for g in game_log.list_games(table.journal)[:20]]
    return jsonify(games=listed, saved=saved)


@bp.get("/board/<name>")
def board(name: str):
    """A board's geometry (spaces with positions in mm, edges), to draw it: a bundled
    board, or a board file in the data folder."""
    try:
        geometry = load_geometry(board_in_folder(name, data_dir()))
    except (ValueError, KeyError) as error:
        raise InvalidRequest(f"There is no board called {name!r}.") from error
    return jsonify(geometry.to_json())


# -- the game being played --------------------------------------------------------------


@bp.get("/game")
def game():
    """The game as the page shows it (``null`` without one), and the live loop's status."""
    runtime = get_runtime()
    return jsonify(runtime.table_data() | {"referee": runtime.referee_status()})


@bp.post("/game/start")
def start():
    """Start a game: ``{"game": "one", "options": {"players": 2}, "dice": "server"}``
    (``"dice": "table"``: the dice are thrown at the table and entered by hand)."""
    body = json_body()
    name = body.get("game")
    try:
        name = game_key(name)
    except ValueError:
        raise InvalidRequest(f"Choose a game: {', '.join(game_names())}.") from None
    options = body.get("options", {})
    if not isinstance(options, dict):
        raise InvalidRequest('"options" must be a JSON object, such as {"players": 2}.')
    dice = body.get("dice", game_log.SERVER_DICE)
    if dice not in game_log.DICE_MODES:
        raise InvalidRequest('"dice" is "server" (the companion rolls them) or "table" '
                             "(thrown at the table and entered by the referee).")
    with value_errors_as(InvalidRequest):
        position, options = _start_position(name, body.get("position"),
                                            _board_checked(_seeded(name, options)))
        verdict = get_runtime().table.start(name, options, dice=dice, position=position)
    return _answer(verdict)


def _seeded(name: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` with a fresh random ``seed`` for a game that shuffles (its options
    have a seed) when they give none: the default seed would deal every game alike, and
    no one at the table, the referee included, should know the deal (ruling H3)."""
    if "seed" in options or "seed" not in get_game(name).initial_state({}).get("options", {}):
        return options
    return {**options, "seed": secrets.randbits(SEED_BITS)}


def _start_position(name: str, given: Any, options: dict[str, Any]
                    ) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    """The position a game starts from, and its options: ``given`` is ``null``, the
    board as ``recognize --json`` prints it with who moves (``{"cells": [...],
    "to_move": "white"}``), or a game file's text (``{"sgf": "(;GM[1]..."}``, or a
    record): the position it reaches, with its own options over those given (its size
    is a fact of the file; the Start form's board choice is not)."""
    if given is None:
        return None, options
    if not isinstance(given, dict) or not ({"cells", "sgf", "record"} & set(given)):
        raise InvalidRequest('"position" is {"cells": [...], "to_move": "white"}, the board '
                             'as recognize --json prints it, or {"sgf": "(;GM[1]..."}.')
    if "cells" in given:
        to_move = given.get("to_move")
        if to_move is not None and not isinstance(to_move, str):
            raise InvalidRequest('"to_move" names the player who moves first.')
        return cells_position(given["cells"], to_move), options
    text = given.get("sgf", given.get("record"))
    if not isinstance(text, str) or not text.strip():
        raise InvalidRequest("The position's file is empty.")
    engine = get_game(name)
    record = read_game_file(text, engine, _parse_line)
    if "size" in record.options:  # a size says the board: the form's is left out
        options = {key: value for key, value in options.items() if key != "board"}
    merged = {**options, **record.options}
    return state_position(engine, record_end(engine, record, merged)), merged


@bp.post("/game/resume")
def resume():
    """Go on with a game from the journal: ``{"game_id": "..."}`` (default: the latest)."""
    game_id = json_body().get("game_id")
    if game_id is not None and not (isinstance(game_id, str) and len(game_id) <= MAX_GAME_ID):
        raise InvalidRequest('"game_id" must be the text of a game\'s id, such as '
                             '"3f2a9c0e1b7d".')
    with value_errors_as(InvalidRequest):
        verdict = get_runtime().table.resume(game_id)
    return _answer(verdict)


@bp.post("/game/end")
def end():
    return _answer(get_runtime().table.end())


@bp.get("/game/actions")
def actions():
    """The legal actions (``?space=C3``: only those that touch C3), each with its words,
    the spaces it changes and the dice it needs. In a game with hidden information,
    only to the phone of the seat to move (others: none, and ``withheld`` says why)."""
    table = get_runtime().table
    space = request.args.get("space")
    game, state = table.game, table.state
    withheld = actions_withheld(game, state)
    if withheld is not None:
        return jsonify(actions=[], truncated=False, withheld=withheld)
    if space is not None and not (has_board(game, state) and space in game.view(state)):
        raise InvalidRequest(f"There is no space {space!r} on this board.")
    return jsonify(legal_moves(game, state, space=space))


@bp.get("/game/hand")
def hand():
    """What only this phone's seat may see of the game (``Game.private_to``: a card
    game's hand): ``{"seat": "player1", "private": {...}}``; ``null`` for a game that
    hides nothing, and for a phone without a seat at it (a watcher, the referee)."""
    table = get_runtime().table
    return jsonify(own_part(table.game, table.state))


@bp.post("/game/play")
def play():
    """Play an action from the page: ``{"action": {...}}``; if it needs dice, the
    companion asks for the roll. ``"dice": [3]`` only in a game played with the dice
    thrown at the table (403 otherwise): the values thrown there."""
    body = json_body()
    action = body.get("action")
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise InvalidRequest('"action" must be an object with a "type", such as '
                             '{"type": "place", "player": "black", "at": "C3"}.')
    dice = body.get("dice")
    if dice is not None:
        dice = _checked_dice(dice)
    table = get_runtime().table
    with value_errors_as(InvalidRequest):
        check_action(table.game, table.state, action)
    return _answer(table.play(action, dice, requested_by=who_asks(WHO)))


@bp.post("/game/dice")
def thrown():
    """The dice thrown at the table for the move waiting for them: ``{"dice": [4, 2]}``
    (a game played with the table's dice only; 409 otherwise)."""
    dice = json_body().get("dice")
    if not dice:
        raise InvalidRequest('"dice" must be the list of the dice thrown, such as [3, 5].')
    return _answer(get_runtime().table.enter_dice(_checked_dice(dice),
                                                  entered_by=who_asks(WHO)))


@bp.post("/game/choose")
def choose():
    """Pick one of the moves offered after an ambiguous reading, or answer the question
    asked about spaces the camera cannot read ("Is C4 empty or white?"): ``{"index": 0}``
    (the game's ``choices``; a question's answers are also in ``question.answers``)."""
    index = json_body().get("index")
    if not isinstance(index, int) or isinstance(index, bool):
        raise InvalidRequest('"index" must be the number of the choice, from 0.')
    return _answer(get_runtime().table.choose(index))


@bp.post("/game/correct")
def correct():
    """Put the game right by hand: ``{"correction": {"type": "set", "space": "C3",
    "content": "black"}}`` (or ``move`` from/to, or ``board`` spaces)."""
    correction = json_body().get("correction")
    if not isinstance(correction, dict):
        raise InvalidRequest('"correction" must be an object, such as {"type": "set", '
                             '"space": "C3", "content": null}.')
    with value_errors_as(InvalidRequest):
        check_correction(correction)
    return _answer(get_runtime().table.correct(correction))


@bp.post("/game/accept")
def accept():
    """Accept the board as the camera last read it (journaled as a correction)."""
    return _answer(get_runtime().table.accept_board())


@bp.post("/game/from-camera")
def from_camera():
    """Start the game again from the board as the camera last read it, before any move
    (stones were left on the table): ``{"to_move": "white"}`` (default: who moves at the
    game's start); checked by the game (400 with its reason)."""
    to_move = json_body().get("to_move")
    if to_move is not None and not isinstance(to_move, str):
        raise InvalidRequest('"to_move" names the player who moves first, such as "white".')
    with value_errors_as(InvalidRequest):
        verdict = get_runtime().table.start_from_camera(to_move)
    return _answer(verdict)


@bp.post("/game/clear-board")
def clear_board():
    """The players clear the board for the game's start: the game waits for it."""
    return _answer(get_runtime().table.clear_board())


@bp.post("/game/undo")
def undo():
    return _answer(get_runtime().table.undo())


@bp.post("/game/redo")
def redo():
    return _answer(get_runtime().table.redo())


@bp.post("/game/reading")
def reading():
    """A reading of the board from a recogniser outside this server: ``{"reading":
    {"C3": "black", "D4": null, "E5": "unsure", ...}}``, held against the game; with
    ``"disturbed": true`` when a hand passed over the board since its last reading."""
    body = json_body()
    seen, disturbed = body.get("reading"), body.get("disturbed", False)
    if not isinstance(seen, dict):
        raise InvalidRequest('"reading" must map each space to what is seen on it.')
    if not isinstance(disturbed, bool):
        raise InvalidRequest('"disturbed" must be true or false.')
    with value_errors_as(InvalidRequest):
        check_spaces(seen, '"reading"')
    try:
        verdict = get_runtime().table.submit_reading(seen, disturbed=disturbed)
    except IllegalAction:
        raise
    except ValueError as error:
        raise InvalidRequest(str(error)) from error
    return _answer(verdict)


# -- review: the game as it was after each step ---------------------------------------------


@bp.get("/game/position")
def position():
    """The board as it was after step ``?step=N`` (0: before the first; the steps are the
    history's, one per step standing): its view and board as ``/api/game`` has them, the
    step's words, the spaces it changed, and whether the camera's picture of it is kept."""
    step = _step_asked()
    with value_errors_as(InvalidRequest):
        return jsonify(get_runtime().table.position(step))


@bp.get("/game/picture")
def picture():
    """The camera's picture (JPEG) of step ``?step=N``, kept when a camera reading was
    taken as that move; 404 with a sentence when none is kept."""
    step = _step_asked()
    with value_errors_as(InvalidRequest):
        jpeg = get_runtime().table.picture(step)
    if jpeg is None:
        return jsonify(error=f"No camera picture is kept of step {step}: it was played "
                             "from the page, or is older than the pictures kept."), 404
    return Response(jpeg, mimetype="image/jpeg", headers={"Cache-Control": "no-store"})


def _step_asked() -> int:
    """The ``step`` a review request asks for, a whole number, else an ``InvalidRequest``."""
    text = request.args.get("step", "")
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        raise InvalidRequest("Say which step to show: ?step=N, a whole number from 0 "
                             "(the board before the first step).")
    return int(text)


# -- the record -------------------------------------------------------------------------------


@bp.get("/game/export")
def export():
    """The game's record (JSON Lines, docs/records.md), as a file to save; with
    ``?format=sgf``, a game of Go as an SGF file (400 for another game). A game with
    hidden information only once it is over (409 before: its seed fixes every hand)."""
    table = get_runtime().table
    kind = request.args.get("format", "jsonl")
    if kind not in ("jsonl", "sgf"):
        raise InvalidRequest('"format" is jsonl (a game record) or sgf (a game of Go).')
    withheld = record_withheld(table.game, table.state)
    if withheld is not None:
        return jsonify(error=withheld), 409
    if kind == "sgf":
        with value_errors_as(InvalidRequest):
            text = table.sgf()
        name = f"go-{table.game_id}.sgf"
        return Response(text, mimetype="application/x-go-sgf",
                        headers={"Content-Disposition": f'attachment; filename="{name}"',
                                 "Cache-Control": "no-store"})
    lines = table.record()
    name = f"{json.loads(lines[0])['game']}-{table.game_id}.jsonl"
    return Response("\n".join(lines) + "\n", mimetype="application/x-ndjson",
                    headers={"Content-Disposition": f'attachment; filename="{name}"',
                             "Cache-Control": "no-store"})


@bp.post("/game/import")
@larger_body(MAX_IMPORT_BODY)
def import_record():
    """Start a new game from a record or, for Go, an SGF file (the body, as text; or
    ``{"record": "..."}``):
    its actions are replayed through the rules; illegal lines are reported and skipped,
    as ``companion referee`` does. The imported game is then played on."""
    text = _record_text()
    runtime = get_runtime()
    try:
        lines = game_file_lines(text)
        header = read_record(lines, _parse_line)
    except RecordError as error:
        raise InvalidRequest(str(error)) from error
    if header.game is None:
        raise InvalidRequest('The record has no header line: the first line must be '
                             '{"game": NAME, "options": {...}}.')
    steps = len(header.entries) + sum(
        1 for line in lines if line.lstrip().startswith(CORRECTION_PREFIX))
    if steps > MAX_IMPORT_STEPS:
        raise InvalidRequest(f"A record of at most {MAX_IMPORT_STEPS:,} actions and "
                             f"corrections can be imported; this one has {steps:,}.")
    table = runtime.table
    with value_errors_as(InvalidRequest):
        game_id = game_log.start_game(table.journal, header.game,
                                      _board_checked(header.options), actor=table.actor,
                                      dice=_header_dice(lines), position=header.position)
    live = game_log.fold(table.journal, game_id)

    def act(action: dict[str, Any], dice: list[int]) -> None:
        check_action(live.match.game, live.match.state, action)
        live.play(action, dice, actor=table.actor)

    with table.journal.batch():  # a few disk flushes, not one per line
        skipped = _replay_lines(lines, act, lambda correction: live.correct(
            correction, actor=table.actor))
    verdict = table.resume(game_id)
    return jsonify(verdict=verdict.to_json(), skipped=skipped,
                   game=runtime.table_data()["game"])


def _replay_lines(lines: list[str], act: Callable[[dict[str, Any], list[int]], Any],
                  fix: Callable[[Mapping[str, Any]], Any]) -> list[dict[str, Any]]:
    """Journal each action line (and correction comment) in order; return the lines
    that could not be used, with the reason."""
    skipped: list[dict[str, Any]] = []
    seen_header = False
    for number, raw in enumerate(lines, start=1):
        text = raw.strip()
        try:
            if text.startswith(CORRECTION_PREFIX):
                correction = _parse_line(text[len(CORRECTION_PREFIX):])
                check_correction(correction)
                fix(correction)
                continue
            if not text or text.startswith("#"):
                continue
            entries = read_record([text], _parse_line).entries
            if not entries:
                if seen_header:
                    raise ValueError("A header may only be the first line.")
                seen_header = True
                continue
            seen_header = True
            entry = entries[0]
            if entry.error:
                raise ValueError(entry.error.replace("Line 1", f"Line {number}"))
            assert entry.action is not None
            act(entry.action, _checked_dice(list(entry.dice)))
        except IllegalAction as error:
            skipped.append({"line": number, "reason": error.reason})
        except (ValueError, JournalError) as error:
            skipped.append({"line": number, "reason": str(error)})
    return skipped


def _header_dice(lines: list[str]) -> str:
    """Who throws the imported game's dice from now on, as its header says (a record's
    dice so far are its history, replayed as they are)."""
    first = next((line for line in lines if line.strip()
                  and not line.lstrip().startswith("#")), "{}")
    try:
        dice = json.loads(first).get("dice", game_log.SERVER_DICE)
    except (ValueError, AttributeError):
        return game_log.SERVER_DICE
    return dice if dice in game_log.DICE_MODES else game_log.SERVER_DICE
def _parse_line(text: str) -> Any:
    """A line of an imported record, parsed as strictly as a request body."""
    return parse_json(text, "The line")


def _board_checked(options: dict[str, Any]) -> dict[str, Any]:
    """``options`` with its board, if it names one, as the bundled board or the file in
    the data folder it names: a request never makes the server read any other file, nor
    build a board from a spec it sends."""
    if "board" not in options:
        return options
    board = options["board"]
    if not isinstance(board, str):
        raise InvalidRequest('"board" names a bundled board or a board file in the data '
                             'folder.')
    return {**options, "board": board_in_folder(board, data_dir())}


def _checked_dice(dice: Any) -> list[int]:
    """``dice`` if it is a list of dice values (its shape only: what the rules make of
    it is the table's), else an ``InvalidRequest``."""
    if not isinstance(dice, list) or len(dice) > MAX_COUNT or not all(
            isinstance(d, int) and not isinstance(d, bool) and 0 <= d <= MAX_SIDES
            for d in dice):
        raise InvalidRequest(f'"dice" must be a list of at most {MAX_COUNT} whole numbers '
                             f'from 0 to {MAX_SIDES}, such as [3, 5].')
    return dice


def _record_text() -> str:
    if request.mimetype == "application/json":
        body = json_body()
        text = body.get("record")
        if not isinstance(text, str):
            raise InvalidRequest('"record" must be the text of a game record.')
    else:
        data = request.get_data(cache=False)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise InvalidRequest("A record is UTF-8 text.") from error
    if not text.strip():
        raise InvalidRequest("The record is empty.")
    return text


# -- the live loop -------------------------------------------------------------------------


@bp.get("/calibration")
def calibration():
    """The live loop's status: is the board registered, steady, hidden."""
    return jsonify(get_runtime().referee_status())


@bp.post("/calibration/register")
def reregister():
    """Find the board again: from the next frame, or from ``{"corners": [[x, y], ...]}``,
    the board's four corners tapped on the picture (pixels), its top-left first."""
    runtime = get_runtime()
    if runtime.referee is None:
        raise InvalidRequest("There is no camera to register the board in.")
    corners = json_body().get("corners")
    if corners is not None and not (
            isinstance(corners, list) and len(corners) == 4 and all(
                isinstance(c, list) and len(c) == 2 and all(
                    isinstance(v, int | float) and not isinstance(v, bool) for v in c)
                for c in corners)):
        raise InvalidRequest('"corners" must be four [x, y] pixel positions.')
    try:
        status = runtime.referee.reregister(corners)
    except ValueError as error:
        raise InvalidRequest(str(error)) from error
    return jsonify(status)


# -- helpers ---------------------------------------------------------------------------------


def _answer(verdict) -> Response:
    return jsonify(verdict=verdict.to_json(), game=get_runtime().table_data()["game"])



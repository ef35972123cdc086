"""``TableSession``: one game at the table, bound to the journal, the dice and the page.

The session is what ``companion serve`` holds for the table: readings come in from the
camera's pipeline (``submit_reading``), moves, corrections, undo and redo from the page,
rolls from the dice service; every change is journaled through ``companion.game_log``
and every listener hears of it (``subscribe``), so the page can update live. Without a
camera the game goes on from the page alone.

What the camera saw is held against the game in ``companion.table.from_camera`` (moves
applied, offered, asked about or refused; ``choose`` takes the answer), and the rolls the
rules wait for in ``companion.table.dice_wait``: both are mixins of the session, working
on its state under its lock. The companion rolls every die a game needs, unless the
game was started with the table's dice (``game_log.TABLE_DICE``): then the dice thrown
at the table are entered (``play`` with dice, ``enter_dice``) and journaled as thrown
by hand; dice sent with a move are refused otherwise (``DiceRefused``).

The session holds the game live (``companion.game_log.LiveGame``: one ``Match``, the
steps standing and the ones a redo brings back), and the journal is its write-ahead
log: a move is checked against the live match, journaled, then made; an undo journaled,
then taken back. Nothing is replayed while the game goes on, so a move costs the same
at the end of a long game as at its start.

Only the journal is kept across a restart: ``resume`` folds it once
(``game_log.fold``) into the game, its undo and redo, and the roll the rules are
waiting for. What the camera last saw is not journaled
(it is an observation, not an event), so a pending "board does not match" or a pending
choice is cleared by a restart; the first steady reading after it raises it again if
the board still differs.

Thread-safe: one re-entrant lock guards the session; listeners are called outside it.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from companion import game_log
from companion.dice import DiceService
from companion.errors import CompanionError
from companion.games.base import Action, Game, IllegalAction, State, copy_state
from companion.games.corrections import describe as describe_correction
from companion.games.match import Match
from companion.games.position import PositionError, position_state
from companion.journal import Journal, JournalEvent
from companion.listeners import Listeners
from companion.table import last_step
from companion.table import verdict as v
from companion.table.dice_wait import DiceRefused, DiceWaits, WaitingRoll
from companion.table.explain import Candidate, SearchLimits
from companion.table.from_camera import CameraReadings
from companion.table.misread import Refusals
from companion.table.question import Question
from companion.table.reading import compare, is_sure
from companion.table.record import export_lines, export_sgf
from companion.table.since_asked import SinceAsked
from companion.table.step_pictures import StepPictures
from companion.table.verdict import TableVerdict

END = "game.end"
"""The journal event that ends a game at the table (``resume`` skips ended games)."""

Listener = Callable[[TableVerdict, dict[str, Any]], None]

_log = logging.getLogger(__name__)


class NoGame(CompanionError, LookupError):
    """The session has no game: start or resume one first."""


NO_GAME_TO_CORRECT = "There is no game in progress: start one first."
"""What a correction (or "accept the board") without a game is answered."""


def _view_or_none(game: Game, state: State) -> dict[str, Any] | None:
    """The game's view, or ``None`` for a game the camera cannot follow (page only)."""
    try:
        return game.view(state)
    except NotImplementedError:
        return None


class TableSession(CameraReadings, DiceWaits):
    """The game being played at the table (see the module docstring)."""

    def __init__(self, journal: Journal, *, dice: DiceService | None = None,
                 limits: SearchLimits | None = None, actor: str = "table",
                 games: game_log.GameLookup | None = None) -> None:
        self.journal = journal
        self.dice = dice
        self.limits = limits or SearchLimits()
        self.actor = actor
        self._games = games
        self._lock = threading.RLock()
        self._listeners: Listeners[[TableVerdict, dict[str, Any]]] = Listeners(
            _log, "A table listener failed on {0.kind}; the game goes on.")
        self._game_id: str | None = None
        self._live: game_log.LiveGame | None = None
        self._history: dict[int, dict[str, Any]] = {}  # each step standing, by its seq
        self._pictures = StepPictures()  # the camera's picture of the steps it saw
        self._reading_picture: bytes | None = None  # the picture of the last reading
        self._depth = 0  # how deep the lock is held (rolls are applied at the top)
        self._rolls: deque = deque()  # rolls waited for, to apply off the roller's thread
        self._heard: list[TableVerdict] = []  # what they did, not yet told
        self._worker: threading.Thread | None = None
        self._worker_lock = threading.Lock()
        self._wake = threading.Event()
        self._stopping = False
        self._problem: TableVerdict | None = None
        self._clearing = False  # the players chose to clear the board for the start
        self._choices: list[Candidate] = []
        self._question: Question | None = None
        self._unlearned: Question | None = None  # dropped unanswered (table.unlearned)
        self._misread: Question | None = None  # a piece read that the rules refuse (T38)
        self._confirmed: dict[str, Any] = {}  # answered as read (T38) since the game changed
        self._refusals = Refusals()  # the spaces the refusals in a row put back (T38)
        self._since_asked = SinceAsked()  # the readings the question stands on (T40)
        self._readings = 0  # the readings held against the game (not hidden by a hand)
        self._waiting: WaitingRoll | None = None
        self._last_reading: dict[str, Any] | None = None
        self._seen: dict[str, Any] | None = None  # the camera's last steady reading, any game
        self._settled: set[str] = set()  # answered "nothing happened" since the game changed
        self._odds: dict[str, Any] = {}  # how the picture leans on the unsure spaces read
        self._last_changed: tuple[str, ...] = ()
        self._version = 0
        self._seen_step = 0  # the last step standing when the camera's reading was judged
        self._unsubscribe_dice = dice.subscribe(self._on_roll) if dice is not None else None

    # -- the game ------------------------------------------------------------------------

    def start(self, game: str, options: Mapping[str, Any] | None = None, *,
              dice: str = game_log.SERVER_DICE, position: Mapping[str, Any] | None = None,
              steps: Sequence[tuple[Action, Sequence[int]]] = ()) -> TableVerdict:
        """Start a new game (journaled) and follow it; ``dice``: who throws its dice
        (``game_log.DICE_MODES``: the companion, or the players at the table).

        ``position``: the position it starts from (``companion.games.position``: the
        board and who moves, or a state of ONE or Go; the board as the camera prints it
        becomes one by ``companion.table.reading.cells_position``; ``PositionError``
        says what is wrong with it); ``steps``:
        the actions (with their dice) already played from there, journaled as moves of
        the game (a record carried on: ``IllegalAction`` names the first the rules
        refuse, and nothing is started)."""
        with self._locked():
            engine = game_log.make_game(game, self._games)
            if steps:
                match = Match(engine, options, state=None if position is None else
                              position_state(engine, options, position))
                for number, (action, dice_thrown) in enumerate(steps, start=1):
                    try:
                        match.push(action, dice_thrown)
                    except IllegalAction as error:
                        raise IllegalAction(f"Move {number} cannot be played: "
                                            f"{error.reason}", spaces=error.spaces) from None
            game_id = game_log.start_game(self.journal, game, options, actor=self.actor,
                                          games=self._games, dice=dice, position=position)
            if steps:
                live = game_log.fold(self.journal, game_id, games=self._games)
                with self.journal.batch():
                    for action, dice_thrown in steps:
                        live.play(action, dice_thrown, actor=self.actor)
            self._follow(game_id)
            result = TableVerdict(v.STARTED, self._started_words(position is not None))
        return self._announce(result)

    def _started_words(self, positioned: bool) -> str:
        """What the table says as a game begins: from a position, who moves."""
        words = f"A new game of {self.game.title} begins"
        if not positioned and not self._require_live().timeline.standing:
            return words + "."
        to_move = self.game.to_move(self.state)
        # a seat is named as its stones are; a game's own turn (a piece) is its panel's
        who = self.game.piece_words(to_move) if to_move in self.game.seats(self.state) else ""
        named = f": {who[:1].upper()}{who[1:]} to move" if who else ""
        return f"{words} from the position set up{named}."

    def resume(self, game_id: str | None = None) -> TableVerdict:
        """Follow ``game_id`` (by default the latest game not ended) as the journal has it."""
        with self._locked():
            if game_id is None:
                ended = {e.game_id for e in self.journal.events(kind=END)}
                open_games = [g for g in game_log.list_games(self.journal)
                              if g.game_id not in ended]
                if not open_games:
                    raise NoGame(f"There is no game to resume in {self.journal.path}.")
                game_id = open_games[0].game_id
            self._follow(game_id)
            steps = len(self._require_live().timeline.standing)
            if self.game.outcome(self.state) is not None:
                result = TableVerdict(v.STARTED, f"The game of {self.game.title} is over: "
                                                 "here is how it ended.")
            else:
                so_far = "no step yet" if steps == 0 else (
                    "1 step so far" if steps == 1 else f"{steps} steps so far")
                result = TableVerdict(v.STARTED, f"The game of {self.game.title} goes on "
                                                 f"({so_far}).")
        return self._announce(result)

    def start_from_camera(self, to_move: str | None = None) -> TableVerdict:
        """Start the game again, with no move yet, from the board as the camera last
        read it (checked by the game: ``PositionError``), ``to_move`` moving first (by
        default, who the pieces say moves, ``Game.likely_to_move``, else who moves at the
        game's start; one of ``first_movers``). The game it replaces is ended."""
        with self._locked():
            live = self._require_live()
            if live.timeline.standing:
                raise IllegalAction("The game has begun: correct it by hand, or accept the "
                                    "board as the camera reads it.")
            reading = self._seen
            if reading is None:
                raise IllegalAction("The camera has not read the board yet.")
            unread = sorted(space for space in self.game.view(self.state)
                            if not is_sure(reading, space))
            if unread:
                raise IllegalAction(f"The camera cannot read {', '.join(unread[:6])}: clear "
                                    "its view of the board and try again.", spaces=unread)
            start = self.journal.events(game_id=live.game_id)[0].data
            position: dict[str, Any] = {"board": dict(reading)}
            to_move = to_move or self._likely_first(reading)
            if to_move is not None:
                position["to_move"] = to_move
            name = self.game.name
            position_state(self.game, start.get("options"), position)  # or PositionError
            self.journal.append(END, {}, game_id=live.game_id, actor=self.actor)
        return self.start(name, start.get("options"), dice=live.dice, position=position)

    def clear_board(self) -> TableVerdict:
        """The players will clear the board for the game's start: the game waits for it
        without calling it a problem (``verdict.CLEARING``)."""
        with self._locked():
            live = self._require_live()
            if live.timeline.standing:
                raise IllegalAction("The game has begun: undo its moves to go back to its "
                                    "start.")
            self._clearing = True
            reading = self._last_reading
            result = self._off_start(reading) if reading is not None and compare(
                self.game.view(self.state), reading) else TableVerdict(
                v.CLEARING, "Clear the board: the game waits for its start.")
        return self._announce(result)

    def first_movers(self) -> list[str]:
        """The players who may be chosen to move first in a game started from a position
        (``Game.set_to_move``): none for a game whose rules say who moves."""
        with self._locked():
            game, state = self.game, self.state
            movers = []
            for seat in game.seats(state):
                try:
                    game.set_to_move(copy_state(state), seat)
                except PositionError:
                    return []
                movers.append(seat)
            return movers

    def _first_mover_choice(self) -> dict[str, Any]:
        """For the "start from what the camera sees" offer: who may be chosen to move
        first (``first_movers``) and who the pieces say moves (``first_mover``)."""
        reading = self._seen
        if self._problem is None or self._problem.kind != v.OFF_START or reading is None:
            return {"first_movers": [], "first_mover": None}
        return {"first_movers": self.first_movers(), "first_mover": self._likely_first(reading)}

    def _likely_first(self, reading: Mapping[str, Any]) -> str | None:
        """Who the game says moves next on the board ``reading`` shows, if it can tell."""
        try:
            options = self.journal.events(game_id=self._require())[0].data.get("options")
            state = position_state(self.game, options, {"board": reading})
        except (PositionError, ValueError):
            return None
        return self.game.likely_to_move(state)

    def _at_start(self) -> bool:
        """Whether the game has no step standing: it is at the position it started from."""
        return not self._require_live().timeline.standing

    def end(self) -> TableVerdict:
        """End the game at the table (journaled); the session then has no game."""
        with self._locked():
            game_id = self._require()
            self.journal.append(END, {}, game_id=game_id, actor=self.actor)
            self._cancel_waiting()
            self._game_id = self._live = None
            self._last_changed = ()
            self._reset_table()
            result = TableVerdict(v.ENDED, "The game has ended.")
        return self._announce(result)

    def close(self) -> None:
        """Stop listening to the dice and stop applying rolls (the journal stays open:
        it is the caller's)."""
        if self._unsubscribe_dice is not None:
            self._unsubscribe_dice()
            self._unsubscribe_dice = None
        with self._worker_lock:
            self._stopping = True
            worker = self._worker
        self._wake.set()
        if worker is not None and worker is not threading.current_thread():
            worker.join()

    @property
    def game_id(self) -> str | None:
        return self._game_id

    @property
    def game(self) -> Game:
        with self._locked():
            self._require()
            assert self._match is not None
            return self._match.game

    @property
    def state(self) -> State:
        with self._locked():
            self._require()
            assert self._match is not None
            return self._match.state

    @property
    def problem(self) -> TableVerdict | None:
        """The "board does not match the game" state (illegal or mismatch), or ``None``."""
        with self._locked():
            return self._problem

    @property
    def choices(self) -> list[str]:
        """The moves offered after an ambiguous reading, or the answers to the question
        asked, in words (``choose`` by index)."""
        with self._locked():
            if self._question is not None:
                return [answer.text for answer in self._question.answers]
            return [c.text for c in self._choices]

    @property
    def question(self) -> Question | None:
        """The question asked about spaces the camera cannot read, or ``None``."""
        with self._locked():
            return self._question

    # -- from the page ----------------------------------------------------------------------

    def play(self, action: Action, dice: Sequence[int] | None = None, *,
             requested_by: str = "page") -> TableVerdict:
        """Play ``action`` from the page. If it needs dice, the session asks the dice
        service for the roll and waits for it; a move the last undo took back, made
        again, keeps the dice it was played with (a redo: its dice were rolled).

        ``dice`` are accepted only in a game played with the table's dice: the values
        thrown at the table, which ``requested_by`` entered (journaled as thrown by
        hand); in a game whose dice the companion rolls they raise ``DiceRefused``.
        Raises ``IllegalAction`` with the rule's reason.
        """
        with self._locked():
            live = self._require_live()
            if dice is not None and live.dice != game_log.TABLE_DICE:
                raise DiceRefused(DiceRefused.SERVER_ROLLS)
            game, state = self.game, self.state
            ruling = game.validate(state, action)
            if not ruling:
                raise IllegalAction(ruling.reason, spaces=ruling.spaces)
            request = game.dice_needed(state, action)
            waiting = WaitingRoll(dict(action), request, game.describe(state, action)) \
                if request is not None else None
            redone = self._redoable_action(action)
            if waiting is None:
                if dice:
                    raise IllegalAction(f"{game.describe(state, action)} needs no dice.")
                result = self._record([dict(action)], [])
            elif dice:
                result = self._record_thrown(waiting, dice, requested_by)
            elif redone is not None:
                result = self._record([dict(action)], redone.data.get("dice", ()),
                                      redone.data.get("roll", 0))
            else:
                self._cancel_waiting()
                self._choices = []
                self._question = None
                self._wait(waiting)
                result = self._dice_verdict()
        return self._announce(result)

    def enter_dice(self, dice: Sequence[int], *, entered_by: str = "page") -> TableVerdict:
        """Apply the dice thrown at the table to the move waiting for them, as
        ``entered_by`` entered them (a game played with the table's dice only)."""
        with self._locked():
            live = self._require_live()
            if live.dice != game_log.TABLE_DICE:
                raise DiceRefused(DiceRefused.SERVER_ROLLS)
            if self._waiting is None:
                raise IllegalAction("No move is waiting for dice.")
            result = self._record_thrown(self._waiting, dice, entered_by)
        return self._announce(result)

    def correct(self, correction: Mapping[str, Any]) -> TableVerdict:
        """Put the game right by hand (see ``companion.games.corrections``)."""
        with self._locked():
            if self._live is None:
                raise NoGame(NO_GAME_TO_CORRECT)
            before = self._live.match.state
            self._live.correct(correction, actor=self.actor)
            result = self._changed(v.CORRECTED, describe_correction(correction) + ".", before)
        return self._announce(result)

    def accept_board(self) -> TableVerdict:
        """Correct the game to what the camera last read on every space that differs."""
        with self._locked():
            if self._game_id is None:
                raise NoGame(NO_GAME_TO_CORRECT)
            reading = self._last_reading
            if reading is None:
                raise IllegalAction("The camera has not read the board yet.")
            spaces = compare(self.game.view(self.state), reading).changed
            if not spaces:
                raise IllegalAction("The board already matches the game.")
            unseen = self._unseen_move()
            if unseen:
                raise IllegalAction(unseen, spaces=spaces)
            correction = {"type": "board", "spaces": {s: reading[s] for s in spaces}}
        return self.correct(correction)

    def _unseen_move(self) -> str:
        """Why the camera's last reading may not be accepted, or "": the last step is a
        move made after it (tapped on the page), which the camera has not seen, so
        accepting its reading would quietly take the move back while its turn stays
        passed. (An undo or a correction after the reading may be followed by Accept:
        the referee takes the board as it stands.)"""
        standing = self._require_live().timeline.standing
        if not standing or standing[-1].kind != game_log.ACTION:
            return ""
        if standing[-1].seq <= self._seen_step:
            return ""
        move = self._step_text(standing[-1], len(standing) - 1)
        return (f"The camera has not seen the board since the last move ({move}): accepting "
                "its reading would take the move back and still pass the turn. Put the board "
                "as the game has it, or undo the move.")

    def undo(self) -> TableVerdict:
        """Take back the last move or correction (journaled as an undo; nothing is deleted)."""
        with self._locked():
            live = self._require_live()
            standing = live.timeline.standing
            text = self._step_text(standing[-1], len(standing) - 1) if standing else ""
            before = live.match.state
            live.undo(actor=self.actor)
            result = self._changed(v.UNDONE, f"Undone: {text}.", before)
        return self._announce(result)

    def redo(self) -> TableVerdict:
        """Make again the step the last undo took back (with the same dice)."""
        with self._locked():
            live = self._require_live()
            redoable = live.timeline.redoable
            if not redoable:
                raise IllegalAction("There is nothing to redo.")
            step = redoable[-1]
            before = live.match.state
            live.check_crossing(step, before)
            if step.kind == game_log.CORRECTION:
                live.correct(step.data["correction"], actor=self.actor)
            else:
                live.play(step.data["action"], step.data.get("dice", ()), actor=self.actor,
                          roll=step.data.get("roll", 0))
            text = self._step_text(live.timeline.standing[-1], -1)
            result = self._changed(v.REDONE, f"Redone: {text}.", before)
        return self._announce(result)

    # -- what the page shows ----------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """Everything the table page shows, as JSON data."""
        with self._locked():
            if self._game_id is None or self._live is None:
                return {"game_id": None}
            game, state = self._live.match.game, self._live.match.state
            line = self._live.timeline
            outcome = game.outcome(state)
            return {
                "game_id": self._game_id,
                "game": game.name,
                "dice": self._live.dice,
                "title": game.title,
                "state": state,
                "view": _view_or_none(game, state),
                "to_move": game.to_move(state),
                "phase": game.phase(state),
                "outcome": outcome.to_json() if outcome else None,
                "problem": self._problem.to_json() if self._problem else None,
                **self._first_mover_choice(),
                "choices": self.choices,
                "question": self._question.to_json() if self._question else None,
                "pending_dice": self.pending_dice,
                "history": [self._history.get(e.seq) or self._history_entry(e, i)
                            for i, e in enumerate(line.standing)],
                "can_undo": bool(line.standing),
                "can_redo": bool(line.redoable),
                "last_changed": list(self._last_changed),
            }

    def record(self) -> list[str]:
        """The game's record as lines of text, with every roll made for it (see
        ``companion.table.record``): what the page's export downloads."""
        with self._locked():
            return export_lines(self.journal, self._require())

    def position(self, step: int) -> dict[str, Any]:
        """The board as it was after the ``step``-th step standing (0: before the first),
        for the page's review: its ``view`` and ``board`` as the live game has them, the
        step's words and the spaces it ``changed``, and whether the camera's ``picture``
        of it is kept. Cheap: the live game keeps the state before every step standing,
        so nothing is replayed. Raises ``ValueError`` for a step the game does not have."""
        with self._locked():
            live = self._require_live()
            standing = live.timeline.standing
            if isinstance(step, bool) or not isinstance(step, int) \
                    or not 0 <= step <= len(standing):
                raise ValueError(f"The step must be a whole number from 0 to "
                                 f"{len(standing)}: this game has {len(standing)} "
                                 f"step{'' if len(standing) == 1 else 's'} standing.")
            game = live.match.game
            state = live.before(step) if step < len(standing) else live.match.state
            event = standing[step - 1] if step else None
            changed = last_step.changed_between(game, live.before(step - 1), state) \
                if step else ()
            return {
                "game_id": self._game_id,
                "step": step,
                "steps": len(standing),
                "seq": event.seq if event else None,
                "kind": event.kind if event else None,
                "text": self._step_text(event, step - 1) if event else None,
                "board": state.get("options", {}).get("board"),
                "view": _view_or_none(game, state),
                "to_move": game.to_move(state),
                "changed": list(changed),
                "picture": event is not None and event.seq in self._pictures,
            }

    def picture(self, step: int) -> bytes | None:
        """The camera's picture (JPEG) of the ``step``-th step standing, or ``None`` when
        none is kept (a step played from the page, or one older than the pictures kept,
        ``companion.table.step_pictures``). Raises ``ValueError`` as ``position`` does."""
        with self._locked():
            seq = self.position(step)["seq"]
            return self._pictures.get(seq) if seq is not None else None

    def sgf(self) -> str:
        """The game as SGF text (a game of Go; ``SgfError`` otherwise): what the page's
        export downloads as ``.sgf``."""
        with self._locked():
            return export_sgf(self.journal, self._require(), self._games)

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(verdict, snapshot)`` after every change; return an unsubscribe."""
        return self._listeners.add(listener)

    # -- inside -------------------------------------------------------------------------------

    @contextmanager
    def _locked(self) -> Iterator[None]:
        """Hold the session's lock; on first taking it, apply the rolls queued for the
        waiting action, so whoever reads or changes the session sees them, and on letting
        it go tell the listeners what they did."""
        with self._lock:
            self._depth += 1
            try:
                if self._depth == 1:
                    self._apply_rolls()
                yield
            finally:
                self._depth -= 1
                tell = self._depth == 0 and bool(self._heard)
        if tell:
            self._announce(None)

    @property
    def _match(self) -> Match | None:
        return self._live.match if self._live is not None else None

    def _require(self) -> str:
        if self._game_id is None:
            raise NoGame("No game is being played: start or resume one.")
        return self._game_id

    def _require_live(self) -> game_log.LiveGame:
        self._require()
        assert self._live is not None
        return self._live

    def _follow(self, game_id: str) -> None:
        self._cancel_waiting()
        self._version += 1
        live = game_log.fold(self.journal, game_id, games=self._games)
        self._game_id, self._live, self._history = game_id, live, {}
        self._last_changed = last_step.changed_between(live.match.game, live.before_last,
                                                       live.match.state)
        self._reset_table()
        self._last_reading = None
        self._settled = set()
        self._unlearned = self._misread = None
        self._confirmed = {}
        self._refusals.clear()
        self._since_asked.clear()
        self._prompt_dice()

    def _reset_table(self) -> None:
        self._problem = None
        self._clearing = False
        self._choices = []
        self._question = None

    def _apply(self, candidate: Candidate) -> TableVerdict:
        """Journal a candidate's actions; the last one waits for dice if it needs them
        (unless it is the move the last undo took back: it keeps its dice)."""
        picture = self._reading_picture
        if candidate.dice is None:
            return self._kept_picture(self._record(candidate.actions, []), picture)
        *first, last = candidate.actions
        result = self._kept_picture(self._record(first, []), picture) if first else None
        redone = self._redoable_action(last)
        if redone is not None:
            again = self._kept_picture(self._record([last], redone.data.get("dice", ()),
                                                    redone.data.get("roll", 0)), picture)
            return TableVerdict(again.kind, f"{result.text} {again.text}", again.spaces) \
                if result is not None else again
        self._wait(WaitingRoll(dict(last), candidate.dice,
                               self.game.describe(self.state, last), candidate.view,
                               picture=picture))
        return self._dice_verdict(result)

    def _kept_picture(self, result: TableVerdict, picture: bytes | None) -> TableVerdict:
        """Keep ``picture``, the camera's picture of the reading a step was taken from,
        as the picture of that step, just made (the last standing); return ``result``."""
        standing = self._require_live().timeline.standing
        if picture is not None and standing:
            self._pictures.keep(standing[-1].seq, picture)
        return result

    def _record(self, actions: Sequence[Action], dice: Sequence[int],
                roll: int = 0) -> TableVerdict:
        """Journal ``actions`` (the last with ``dice``, from the ``dice.roll`` event
        ``roll``) and say what they caused."""
        self._cancel_waiting()
        live = self._require_live()
        first = self.state
        texts = []
        for i, action in enumerate(actions):
            before = self.state
            last = i == len(actions) - 1
            live.play(action, dice if last else (), actor=self.actor, roll=roll if last else 0)
            texts.append(self._event_text(before, action))
        return self._changed(v.APPLIED, " ".join(texts), first)

    def _event_text(self, before: State, action: Action) -> str:
        assert self._match is not None
        step = self._match.steps[-1] if self._match.steps else None
        words = [e["text"] for e in step.events if e.get("text")] if step else []
        text = " ".join(w if w.endswith(("?", "!")) else w.rstrip(".") + "." for w in words)
        return text or self.game.describe(before, action) + "."

    def _changed(self, kind: str, text: str, before: State) -> TableVerdict:
        """After a journaled change: forget stale choices, check the board, and note the
        spaces the change touched (``before``: the state it started from)."""
        live = self._require_live()
        self._version += 1
        self._last_changed = last_step.changed_between(live.match.game, before,
                                                       live.match.state)
        self._choices = []
        self._question = self._unlearned = self._misread = None
        self._settled = set()
        self._confirmed = {}
        self._refusals.clear()
        self._since_asked.clear()
        self._cancel_waiting()
        reading = self._last_reading
        spaces: tuple[str, ...] = ()
        if reading is not None:
            spaces = compare(self.game.view(self.state), reading).changed
            if spaces:
                self._problem = TableVerdict(v.MISMATCH, "Make the board match the game: "
                                             f"{', '.join(spaces)}.", spaces)
                text += f" Now make the board match the game: {', '.join(spaces)}."
            else:
                self._problem = None
        self._prompt_dice()
        return TableVerdict(kind, text, spaces)

    def _history_entry(self, event: JournalEvent, index: int) -> dict[str, Any]:
        """The page's line for the ``index``-th step standing (``event``); kept, so a
        long game's history costs next to nothing more per move."""
        entry = self._history[event.seq] = {"seq": event.seq, "kind": event.kind,
                                            "text": self._step_text(event, index)}
        if event.kind != game_log.CORRECTION:
            action = event.data["action"]
            entry["player"] = action.get("player")
            try:
                entry["notation"] = self.game.notation(self._require_live().before(index),
                                                       action)
            except (KeyError, TypeError, ValueError):
                entry["notation"] = None
        return entry

    def _step_text(self, event: JournalEvent, index: int) -> str:
        """The words of the ``index``-th step standing (``event``), as the game says it
        in the state it was made in."""
        entry = self._history.get(event.seq)
        if entry is not None:
            return entry["text"]
        if event.kind == game_log.CORRECTION:
            return describe_correction(event.data["correction"])
        action = event.data["action"]
        try:
            return self.game.describe(self._require_live().before(index), action)
        except (KeyError, TypeError, ValueError):
            return str(action.get("type", "an action"))

    def _announce(self, result: TableVerdict | None) -> TableVerdict | None:
        """Tell the listeners what the rolls applied since the last time did, then
        ``result`` (outside the lock: a listener may read the session); return it."""
        with self._lock:
            self._depth += 1
            try:
                if self._depth == 1:
                    self._apply_rolls()
                results = [*self._heard, *([result] if result is not None else [])]
                self._heard = []
                snapshot = self.snapshot() if results and self._listeners else {}
            finally:
                self._depth -= 1
        for told in results:
            self._listeners.notify(told, snapshot)
        return result

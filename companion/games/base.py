"""The protocol every game implements.

States, actions and events are plain JSON data (dicts, lists, strings, numbers, bools)
so that a state survives ``json.dumps`` → ``json.loads`` exactly, a game record is one
action per line, and the web page and the journal need no special encoders.

Randomness enters only as dice values passed to ``apply``: the game says what it needs
(``dice_needed``), somebody rolls (the button, the page, a record), and the same record
always replays to the same state.
"""

from __future__ import annotations

import copy
import json
import re
from abc import ABC, abstractmethod
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from companion.errors import CompanionError

State = dict[str, Any]
"""A game state: plain JSON data. Never mutated in place by the engine."""

Action = dict[str, Any]
"""An action: ``{"type": "place", "player": "black", "at": "C3"}`` and so on."""

Event = dict[str, Any]
"""Something an action caused: ``{"type": "capture", ..., "text": "Black captures C4"}``."""

NOT_AN_ACTION = 'An action is an object with a "type", such as {"type": "pass"}.'
"""The reason given for anything that is not an action at all."""

_ATOMS = (str, int, float, bool, type(None))


def copy_state(value: Any) -> Any:
    """A copy of a game's state (plain data: dicts, lists, tuples, strings, numbers,
    ``None``) that shares nothing mutable with it. Many times faster than
    ``copy.deepcopy``, which the referee's search for the moves behind a picture would
    otherwise spend most of its time in (a 19x19 board is 361 entries); anything else
    is deep-copied."""
    if isinstance(value, dict):
        return {key: item if type(item) in _ATOMS else copy_state(item)
                for key, item in value.items()}
    if isinstance(value, list):
        return [item if type(item) in _ATOMS else copy_state(item) for item in value]
    if isinstance(value, tuple):
        return tuple(copy_state(item) for item in value)
    if type(value) in _ATOMS:
        return value
    return copy.deepcopy(value)

def typed_json(text: str, hint: str) -> Action:
    """The action typed as a JSON object (``companion referee --play``): ``InvalidAction``
    with ``hint`` (how to type one) for text that is no JSON, and the usual sentence for
    JSON that is no object."""
    try:
        action = json.loads(text)
    except json.JSONDecodeError:
        raise InvalidAction(hint) from None
    if not isinstance(action, dict):
        raise InvalidAction(NOT_AN_ACTION)
    return action


class IllegalAction(CompanionError, ValueError):
    """An action the rules forbid, with the reason in words a player understands.

    ``spaces`` names the spaces a person should look at (for example the stone to take
    back), so the table page can highlight them.
    """

    def __init__(self, reason: str, *, spaces: Sequence[str] = ()) -> None:
        super().__init__(reason)
        self.reason = reason
        self.spaces = tuple(spaces)


class InvalidAction(IllegalAction):
    """An action that is not well formed (unknown type, missing or wrong field)."""


class CorrectionError(CompanionError, ValueError):
    """A correction by hand that cannot be made (``companion.games.corrections``), with
    the reason in words."""


def cannot_correct(game: Game) -> CorrectionError:
    """The error for a game whose board cannot be put right by hand."""
    return CorrectionError(f"{game.title} has no board to correct.")


@dataclass(frozen=True)
class Verdict:
    """The answer to "is this action legal?": ok, or the reason it is not."""

    ok: bool
    reason: str = ""
    spaces: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return self.ok

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"legal": self.ok}
        if not self.ok:
            data["reason"] = self.reason
            if self.spaces:
                data["spaces"] = list(self.spaces)
        return data


@dataclass(frozen=True)
class DiceRequest:
    """Dice an action needs before it can be applied, and what they are for."""

    count: int
    sides: int = 6
    purpose: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"count": self.count, "sides": self.sides, "purpose": self.purpose}


@dataclass(frozen=True)
class CameraSetup:
    """What the camera reads of a game (``Game.camera``): the bundled ``boards`` a
    picture of it may show, the usual one first (Go's 19, 13 and 9 lines); the piece
    ``reader`` (``stones``, ``counters`` or ``onslaught``: ``companion.vision.readers``);
    and the stone ``colours`` in play, for stones."""

    boards: tuple[str, ...]
    reader: str
    colours: tuple[str, ...] = ()


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winners`` is empty for no winner and has several for a tie."""

    termination: str
    winners: tuple[str, ...] = ()
    scores: Mapping[str, float] = field(default_factory=dict)

    @property
    def is_tie(self) -> bool:
        return len(self.winners) > 1

    def to_json(self) -> dict[str, Any]:
        return {
            "termination": self.termination,
            "winners": list(self.winners),
            "scores": dict(self.scores),
        }


class Game(ABC):
    """A rules engine with no I/O. Subclasses implement the abstract hooks.

    The public methods every caller uses are ``initial_state``, ``legal_actions``,
    ``validate``, ``dice_needed``, ``apply``, ``to_move``, ``phase`` and ``outcome``.

    Everything else the companion knows about a game is the game's too, in optional
    hooks with neutral defaults, so that the table (``companion.table``) and the page
    (``web``) never ask which game they hold: ``view`` (what the camera sees),
    ``set_by_hand``, ``move_by_hand`` and ``hand_choices`` (corrections by hand),
    ``guess_actions`` (what a reading no legal action explains looks like),
    ``may_change`` (the spaces an action may change, named without applying it),
    ``piece_words`` (a space's content in words), ``summary`` (the page's panel),
    ``player_choices`` and ``board_choices`` (what the page offers at the start),
    ``camera`` (what the camera reads: boards, piece reader, colours), ``public_state``
    and ``private_to`` (hidden information: what all see, what one seat sees),
    ``set_to_move``,
    ``likely_to_move`` and ``position_problem`` (a game started from a position).
    docs/architecture.md, "Adding a game", lists them with their defaults.
    """

    name: ClassVar[str]
    """The registry name, as typed on the command line (``one``, ``go``, ...)."""

    title: ClassVar[str]
    """The game's name as players know it."""

    player_choices: ClassVar[tuple[int, ...]] = ()
    """The numbers of players the page offers at the start (the ``players`` option);
    empty for a game whose number of players is fixed."""

    board_choices: ClassVar[tuple[str, ...]] = ()
    """The bundled boards the page offers at the start (the ``board`` option), the one
    it proposes first; empty for a game played without a board to choose."""

    uses_dice: ClassVar[bool] = False
    """Whether the rules roll dice (``dice_needed`` asks for some): a page folds its dice
    away for a game that rolls none."""

    camera: ClassVar[CameraSetup | None] = None
    """What the camera reads of this game (its boards, piece reader and colours);
    ``None`` for a game the camera cannot read yet."""

    at_the_table: ClassVar[str | None] = None
    """Why the table (its page and phones) cannot host this game yet, in a sentence, or
    ``None`` (the default: it can). A game whose state holds what some players must not
    see says so until it keeps that apart (``hidden_information``)."""

    hidden_information: ClassVar[bool] = False
    """Whether the state holds what some players must not see (the card game's hands,
    the deck's order and the seed that fixes them). The table then sends every page
    only ``public_state`` and each seated phone its own ``private_to``, lists the legal
    actions (which name the hand) to the seat to move alone, lets only a seat's own
    phone act for it, and gives the record (which holds the seed) once the game is
    over: docs/rulings.md, H1-H3."""

    action_fields: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """The fields an action of each type may carry beyond those its legal actions list
    (such as a secret's salt, which only the player knows); the fields an action sent
    from a page is checked against (``companion.games.action_shape``)."""

    # -- hooks for subclasses -------------------------------------------------------

    @abstractmethod
    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        """Return the state at the start of a game made with ``options``.

        Unknown or impossible options raise ``ValueError`` with a readable message.
        """

    @abstractmethod
    def legal_actions(self, state: State) -> Iterator[Action]:
        """Yield every action the player to move may take now (dice not included)."""

    @abstractmethod
    def check(self, state: State, action: Action) -> None:
        """Raise ``IllegalAction`` with the rule's reason if ``action`` is not legal."""

    @abstractmethod
    def resolve(self, state: State, action: Action, dice: Sequence[int]) -> list[Event]:
        """Carry out a legal ``action`` on ``state`` (a private copy: mutate it freely)."""

    @abstractmethod
    def to_move(self, state: State) -> str | None:
        """Return the player (or side) who acts next, or ``None`` when the game is over."""

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """Return the outcome once the game has ended, else ``None``."""

    def phase(self, state: State) -> str:
        """Return the name of the current phase (games with one phase say ``play``)."""
        return str(state.get("phase", "play"))

    def phase_words(self, state: State) -> str:
        """The current phase as players say it (``the stacking roll``), or ``""`` where
        it goes without saying (the one phase of a game that has one, or the end, which
        the outcome tells). The default: the phase's name in words."""
        phase = self.phase(state)
        return "" if phase in ("play", "over") else phase.replace("_", " ")

    def player_words(self, player: str) -> str:
        """A player's, team's or piece's key (``black``, ``red1``) as players say it
        (``Black``, ``Red 1``): a word with a capital, a number apart."""
        match = re.fullmatch(r"([a-z]+)(\d+)", player)
        if match:
            return f"{match[1].capitalize()} {match[2]}"
        return player.replace("_", " ").capitalize()

    def ending_words(self, termination: str) -> str:
        """How the game ended (``Outcome.termination``) in words for the result card
        ("by resignation"); the default: the termination's name in words."""
        return "by resignation" if termination == "resignation" else termination.replace(
            "_", " ")

    def dice_needed(self, state: State, action: Action) -> DiceRequest | None:
        """Return the dice ``action`` needs, or ``None`` if it needs none."""
        return None

    def describe(self, state: State, action: Action) -> str:
        """Return the action in words (``Black places on C3``)."""
        details = ", ".join(f"{k} {v}" for k, v in action.items() if k not in ("type", "player"))
        who = action.get("player", "")
        return f"{who} {action.get('type', '?')} {details}".strip()

    def notation(self, state: State, action: Action) -> str | None:
        """Return ``action`` in the game's short move notation for a move list paired by
        turn (Go: ``D4``, ``pass``), or ``None`` (the default) for a game whose steps are
        listed one a line in words: the table page pairs the steps of a game that has a
        notation, two sides taking turns, as "12. B D4  W Q16"."""
        return None

    def parse(self, state: State, text: str) -> Action:
        """Return the action a player typed (``companion referee --play``).

        Games with a short notation (``place C3``) override this; every game reads JSON.
        """
        try:
            action = json.loads(text)
        except json.JSONDecodeError as error:
            raise InvalidAction(f"Type the action as JSON ({error.msg}).") from None
        if not isinstance(action, dict):
            raise InvalidAction(NOT_AN_ACTION)
        return action

    def render(self, state: State) -> str:
        """Return the state as text for the command line (games override this)."""
        return json.dumps(state, sort_keys=True, indent=1)

    def view(self, state: State) -> dict[str, Any]:
        """Return what the camera should see: every space's name → its content.

        The content is plain JSON data, ``None`` for an empty space (a stone's colour
        for ONE and Go, a dict of what lies there for games with several kinds of
        piece). The referee at the table compares it with what the camera reads.
        """
        raise NotImplementedError(
            f"{self.title} has no board view: the camera cannot follow it, "
            "so it is played from the page."
        )

    # -- optional hooks for the table and the page --------------------------------------

    def set_by_hand(self, state: State, space: str, content: Any) -> None:
        """Put ``content`` (a value of ``view``) on ``space`` of ``state`` by hand, as a
        referee would, without the rules: a correction (``companion.games.corrections``).
        ``state`` is a private copy: mutate it. ``space`` is on the board.

        Raise ``CorrectionError`` with the reason when it cannot be done. The default
        says the game has no board to correct.
        """
        raise cannot_correct(self)

    def move_by_hand(self, state: State, start: str, end: str) -> None:
        """Move what stands on ``start`` (never empty) to ``end`` of ``state`` by hand,
        without the rules; like ``set_by_hand`` otherwise (and by default)."""
        raise cannot_correct(self)

    def annul_by_hand(self, state: State) -> None:
        """Annul, on ``state`` (a private copy: mutate it), the choices made in secret
        for the round in progress, so they are made again from scratch: the referee's
        correction ``{"type": "annul"}`` when a sealed choice went wrong (see
        ``undo_barrier``). Raise ``CorrectionError`` with the reason when there is none;
        the default says so (a game without secret choices has nothing to annul)."""
        raise CorrectionError(f"{self.title} has no secret choices to annul.")

    def undo_barrier(self, state_before: State, action: Action) -> str | None:
        """Return why ``action``, made in ``state_before``, may not be undone or redone,
        or ``None`` when it may (the default: every step may).

        A game with secret choices refuses to take back a step once a choice it sealed
        could be changed knowing the other side's (a reveal, the other's commitment):
        the sentence says so without a word of any choice, and points to the referee's
        ``annul`` correction (``annul_by_hand``).
        """
        return None

    def hand_choices(self, state: State) -> list[Any]:
        """Return the contents, beside empty, that the page offers for setting a space
        by hand (``set_by_hand``) in ``state``: none by default (a space is only
        cleared; what stands on it is moved)."""
        return []

    def may_change(self, state: State, action: Action) -> Collection[str] | None:
        """Return every space whose content in ``view`` the legal ``action`` may change
        in ``state``, whatever its dice, when the game can tell without applying it; or
        ``None`` (the default): not known, apply it to see.

        The table's search for the moves behind a picture (``companion.table.explain``)
        skips an action whose spaces cannot be the ones the picture shows changed, so the
        answer must never leave out a space the action changes (naming one it leaves as
        it was costs only time). Go names the stone's point and the stones it captures.
        """
        return None

    def guess_actions(self, state: State, reading: Mapping[str, Any],
                      changed: Sequence[str]) -> list[Action]:
        """Return the actions, legal or not, that the camera's ``reading`` (space →
        content in the form of ``view``) looks like, in the order they would have been
        made; ``changed`` are the spaces read surely and differently from ``view``.

        The table asks when no legal action explains a reading, to say *why* the change
        is refused (``validate`` gives the rule's reason): read the changed spaces the
        way a person at the table would ("a black stone appeared on C3"). The default
        guesses nothing: the table then says only that the board does not match.
        """
        return []

    def piece_words(self, content: Any) -> str:
        """Return ``content`` (what ``view`` holds for one space, never ``None``) in the
        players' words, for the table's questions ("Is C4 empty or white?"). The
        default names each key with its value (``pieces red1; orbs blue``), and a
        content that is no dict as it is."""
        if not isinstance(content, Mapping):
            return str(content)
        return "; ".join(
            f"{key} {', '.join(map(str, value)) if isinstance(value, list) else value}"
            for key, value in content.items() if value not in (None, [], False))

    def holding_words(self, space: str, content: Any) -> str:
        """What the page says when a tap on ``space``, where ``content`` stands (a value
        of ``view``, never ``None``), offers no move: "D4 already holds Red 1." (the
        default names the content by ``piece_words``)."""
        return f"{space} already holds {self.piece_words(content)}."

    def set_to_move(self, state: State, player: str) -> None:
        """Make ``player`` (one of ``seats``) the one to move in ``state`` (a private
        copy: mutate it), for a game started from a position
        (``companion.games.position``). The default sets ``state["to_move"]``; a game
        whose turn order is more than that raises ``PositionError`` (the default does
        for a state without ``to_move``)."""
        from companion.games.position import PositionError

        if "to_move" not in state:
            raise PositionError(f"{self.title} starts with the player its rules say: a "
                                "position cannot choose who moves first.")
        state["to_move"] = player

    def likely_to_move(self, state: State) -> str | None:
        """Who moves next in ``state``, a position set up by hand, where the pieces tell
        (Go: as many black stones as white, Black), or ``None`` (the default: the
        players are asked)."""
        return None

    def position_problem(self, state: State) -> str | None:
        """Why ``state``, set up by hand to start a game from, cannot be played on (Go: a
        stone without liberties), or ``None`` (the default: any position will do)."""
        return None

    def picture(self, state: State, focus: str | None = None) -> str | None:
        """A picture of ``state`` drawn by the game, as SVG text, ``focus`` (a piece's
        name) drawn out (the outdoor game: its vision and ranges), or ``None`` for a game
        that draws none (the default: the page draws boards from their geometry)."""
        return None

    def seats(self, state: State) -> tuple[str, ...]:
        """Return the seats a phone can take at this game: the names actions give their
        ``player`` (``black``, ``white``); the default reads ``state["players"]``."""
        return tuple(state.get("players", ()))

    def seat_of(self, state: State, action: Action) -> str | None:
        """Return the seat that takes ``action``: its ``player``, else the player to move
        (``{}`` asks who acts now, as for a pending roll); ``None`` when the game is over."""
        return action.get("player") or self.to_move(state)

    def public_state(self, state: State) -> State:
        """What every page may see of ``state``: all of it by default; a game with
        ``hidden_information`` leaves out the hidden parts (and whatever would give them
        away, such as a shuffle's seed), the ``summary`` holding what is public of
        them (a hand's size)."""
        return state

    def private_to(self, state: State, seat: str) -> dict[str, Any] | None:
        """What only ``seat`` may see of ``state``, on its own phone (a card game's hand),
        as plain JSON data; ``None`` (the default) when a seat sees nothing more than
        ``public_state``."""
        return None

    def summary(self, state: State) -> dict[str, Any] | None:
        """Return the numbers around the board that the table page shows in the game's
        panel (scores, health, what is in hand), as plain JSON data with a ``kind`` the
        page draws it by; ``None`` (the default) for a game without a panel."""
        return None

    # -- the public protocol --------------------------------------------------------

    def validate(self, state: State, action: Action) -> Verdict:
        """Return ok, or the reason ``action`` is illegal in ``state``."""
        try:
            self._check_common(state, action)
            self.check(state, action)
        except IllegalAction as error:
            return Verdict(False, error.reason, error.spaces)
        return Verdict(True)

    def apply(
        self, state: State, action: Action, dice: Sequence[int] = ()
    ) -> tuple[State, list[Event]]:
        """Return the state after ``action`` and the events it caused.

        ``state`` is left untouched. Raises ``IllegalAction`` when the action is illegal
        or the dice given do not match ``dice_needed``.
        """
        self._check_common(state, action)
        self.check(state, action)
        request = self.dice_needed(state, action)
        dice = list(dice)
        if request is None and dice:
            raise InvalidAction("This action needs no dice, but dice were given.")
        if request is not None:
            if len(dice) != request.count:
                raise InvalidAction(
                    f"This action needs {request.count} d{request.sides} "
                    f"({request.purpose or 'a roll'}), but {len(dice)} were given."
                )
            bad = [d for d in dice if not isinstance(d, int) or not 1 <= d <= request.sides]
            if bad:
                raise InvalidAction(f"Dice must be whole numbers 1-{request.sides}, not {bad}.")
        new_state = copy_state(state)
        events = self.resolve(new_state, action, dice)
        return new_state, events

    def is_over(self, state: State) -> bool:
        """Return whether the game has ended."""
        return self.outcome(state) is not None

    def _check_common(self, state: State, action: Action) -> None:
        if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
            raise InvalidAction(NOT_AN_ACTION)
        if self.outcome(state) is not None:
            raise IllegalAction("The game is over.")

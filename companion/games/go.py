"""Go on any board geometry: the 9x9, 13x13 and 19x19 grids, or the ONE ring board.

The rules are those the ONE rules suggest as a variant ("play the game instead by the
rules of Go"): Black and White alternate placing a stone or passing; a group of stones
with no liberties (empty neighbours along the board's lines) is captured; a move that
leaves its own group without liberties is suicide and forbidden; simple ko forbids
retaking a single stone at once; two passes in a row end the game, which is scored by
area (stones on the board plus empty regions that touch one colour only) with komi for
White. Dead stones are not agreed on: play them out before passing (as in the
Tromp-Taylor rules). See ``docs/games/go.md`` and "Go" in ``docs/rulings.md``.

Actions::

    {"type": "place", "player": "black", "at": "D4"}
    {"type": "pass", "player": "white"}
    {"type": "resign", "player": "black"}
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from typing import Any

from companion.games.base import (
    Action,
    CameraSetup,
    Event,
    IllegalAction,
    InvalidAction,
    Outcome,
    State,
)
from companion.games.go_points import HANDICAP_SIZES, MAX_HANDICAP, handicap_points
from companion.games.stones import (
    StoneGame,
    board_geometry,
    geometry_of,
    group_of,
    groups,
    liberties,
    render,
    title,
)
from companion.geometry import Geometry

PLAYERS = ("black", "white")
DEFAULT_KOMI = 7.5
HANDICAP_KOMI = 0.5
"""The komi of a handicap game when none is given: White's half point breaks ties."""


class Go(StoneGame):
    """The Go rules engine (see the module docstring)."""

    name = "go"
    title = "Go"
    board_choices = ("go-9", "go-13", "go-19")
    camera = CameraSetup(("go-19", "go-13", "go-9"), "stones", ("black", "white"))

    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        opts = _normalise(options or {})
        geometry = board_geometry(opts["board"])
        board: dict[str, str | None] = {name: None for name in geometry.names}
        board.update(dict.fromkeys(_handicap_stones(opts), "black"))
        return {
            "game": self.name,
            "options": opts,
            "board": board,
            "to_move": "white" if opts.get("handicap") else "black",
            "captures": {p: 0 for p in PLAYERS},
            "ko": None,
            "passes": 0,
            "over": None,
            "resigned": None,
            "moves": 0,
        }

    def to_move(self, state: State) -> str | None:
        return None if state["over"] else state["to_move"]

    def phase(self, state: State) -> str:
        return "over" if state["over"] else "play"

    def seats(self, state: State) -> tuple[str, ...]:
        return PLAYERS

    def notation(self, state: State, action: Action) -> str | None:
        """A move as Go players list it: the point played (``D4``), ``pass`` or
        ``resigns``."""
        kind = action.get("type")
        if kind == "place":
            return str(action.get("at"))
        return "pass" if kind == "pass" else "resigns" if kind == "resign" else None

    def ending_words(self, termination: str) -> str:
        if termination == "two_passes":
            return "both players passed, and the board was scored"
        return super().ending_words(termination)

    def scores(self, state: State) -> dict[str, float]:
        """Area score now: stones plus empty regions bordered by one colour; komi to White."""
        geometry = geometry_of(state)
        board = state["board"]
        area = {p: float(sum(1 for c in board.values() if c == p)) for p in PLAYERS}
        for region in groups(geometry, board, None):
            borders = {board[n] for s in region for n in geometry.neighbours(s)} - {None}
            if len(borders) == 1:
                area[borders.pop()] += len(region)
        area["white"] += state["options"]["komi"]
        return area

    def outcome(self, state: State) -> Outcome | None:
        if not state["over"]:
            return None
        scores = self.scores(state)
        if state["resigned"]:
            winners: tuple[str, ...] = (_other(state["resigned"]),)
        else:
            best = max(scores.values())
            winners = tuple(p for p in PLAYERS if scores[p] == best)
        return Outcome(state["over"], winners, scores)

    def legal_actions(self, state: State) -> Iterator[Action]:
        if state["over"]:
            return
        player = state["to_move"]
        geometry = geometry_of(state)
        for name in geometry.names:
            if state["board"][name] is None and not _place_problem(state, geometry, player, name):
                yield {"type": "place", "player": player, "at": name}
        yield {"type": "pass", "player": player}
        yield {"type": "resign", "player": player}

    def may_change(self, state: State, action: Action) -> Collection[str] | None:
        """A stone's point and the stones it captures (the enemy groups beside it whose
        only liberty it is); a pass or a resignation changes no point."""
        if action["type"] != "place":
            return ()
        at = action["at"]
        geometry, board = geometry_of(state), state["board"]
        enemy = _other(action["player"])
        changed = {at}
        for neighbour in geometry.neighbours(at):
            if board[neighbour] == enemy and neighbour not in changed:
                group = group_of(geometry, board, neighbour)
                if liberties(geometry, board, group) == {at}:
                    changed |= group
        return changed

    def check(self, state: State, action: Action) -> None:
        kind = action["type"]
        if kind not in ("place", "pass", "resign"):
            raise InvalidAction(
                f"Go has no action {kind!r}: the actions are place, pass and resign."
            )
        player = action.get("player")
        if player is None:
            raise InvalidAction('An action names its player, such as "player": "black".')
        if player not in PLAYERS:
            raise InvalidAction(
                f"There is no player {player!r} in Go; the players are black, white."
            )
        if kind == "resign":
            return
        if player != state["to_move"]:
            raise IllegalAction(f"It is {title(state['to_move'])}'s turn, not {title(player)}'s.")
        if kind == "place":
            geometry = geometry_of(state)
            at = action.get("at")
            if not isinstance(at, str) or at not in geometry:
                raise InvalidAction(f"There is no space {at!r} on this board.")
            problem = _place_problem(state, geometry, player, at)
            if problem is not None:
                raise problem

    def resolve(self, state: State, action: Action, dice: Sequence[int]) -> list[Event]:
        player = action["player"]
        kind = action["type"]
        if kind == "resign":
            state["resigned"] = player
            state["over"] = "resignation"
            return [{"type": "resign", "player": player, "text": f"{title(player)} resigns."},
                    self._game_over(state)]
        state["moves"] += 1
        state["to_move"] = _other(player)
        if kind == "pass":
            state["passes"] += 1
            state["ko"] = None
            events: list[Event] = [
                {"type": "pass", "player": player, "text": f"{title(player)} passes."}
            ]
            if state["passes"] == 2:
                state["over"] = "two_passes"
                events.append(self._game_over(state))
            return events
        at = action["at"]
        geometry = geometry_of(state)
        board = state["board"]
        board[at] = player
        state["passes"] = 0
        events = [{"type": "place", "player": player, "at": at,
                   "text": f"{title(player)} places on {at}."}]
        taken = _captured_by(geometry, board, at)
        for name in taken:
            board[name] = None
        state["captures"][player] += len(taken)
        if taken:
            names = sorted(taken, key=geometry.names.index)
            events.append({
                "type": "capture", "player": player, "spaces": names,
                "captured": _other(player),
                "text": f"{title(player)} captures {len(names)} "
                        f"{'stone' if len(names) == 1 else 'stones'}: {', '.join(names)}.",
            })
        own = group_of(geometry, board, at)
        single_recapture = len(taken) == 1 and len(own) == 1
        state["ko"] = next(iter(taken)) if single_recapture and len(
            liberties(geometry, board, own)) == 1 else None
        return events

    def likely_to_move(self, state: State) -> str | None:
        """Black with as many stones as White, White with one more (Black began);
        otherwise (a handicap, captures) the stones do not tell."""
        stones = list(state["board"].values())
        black, white = stones.count("black"), stones.count("white")
        return {0: "black", 1: "white"}.get(black - white)

    def position_problem(self, state: State) -> str | None:
        """A position is played on only if every group has a liberty (a group without
        one would have been captured)."""
        geometry = geometry_of(state)
        board = state["board"]
        for colour in PLAYERS:
            for group in groups(geometry, board, colour):
                if not liberties(geometry, board, group):
                    names = sorted(group, key=geometry.names.index)
                    if len(names) == 1:
                        return (f"The {colour} stone on {names[0]} has no liberties: in Go "
                                "it would have been captured. Take it off, or free a point "
                                "next to it.")
                    return (f"The {colour} stones on {', '.join(names)} have no liberties: "
                            "in Go they would have been captured. Take them off, or free a "
                            "point next to them.")
        return None

    def render(self, state: State) -> str:
        board = render(geometry_of(state), state["board"])
        caught = ", ".join(f"{title(p)} {state['captures'][p]}" for p in PLAYERS)
        scores = ", ".join(f"{title(p)} {s:g}" for p, s in self.scores(state).items())
        ko = f"\nKo: no retaking at {state['ko']} this move" if state["ko"] else ""
        komi = state["options"]["komi"]
        return f"{board}\nCaptured: {caught}\nArea now (komi {komi:g}): {scores}{ko}"

    def _game_over(self, state: State) -> Event:
        outcome = self.outcome(state)
        assert outcome is not None
        scores = ", ".join(f"{title(p)} {s:g}" for p, s in outcome.scores.items())
        if state["over"] == "resignation":  # the score on the board says nothing then
            text = f"The game is over: {title(outcome.winners[0])} wins by resignation."
        elif outcome.is_tie:
            text = f"The game is over: a draw ({scores})."
        else:
            text = f"The game is over: {title(outcome.winners[0])} wins ({scores})."
        return {"type": "game_over", "termination": state["over"],
                "winners": list(outcome.winners), "scores": dict(outcome.scores),
                "text": text}


def _normalise(options: Mapping[str, Any]) -> dict[str, Any]:
    allowed = ("board", "size", "komi", "handicap")
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        raise ValueError(f"Go has no option {unknown[0]!r}; the options are {', '.join(allowed)}.")
    size = options.get("size", 19)
    if size not in (9, 13, 19) and "board" not in options:
        raise ValueError(f'"size" is 9, 13 or 19, or give a board file of that size as '
                         f'"board" (docs/geometry.md); got {size!r}.')
    board = options.get("board", f"go-{size}")
    if not isinstance(board, str):
        raise ValueError(
            '"board" names a bundled board (such as "go-9" or "one-60") or a board file.'
        )
    board_geometry(board)
    handicap = options.get("handicap", 0)
    if handicap in (0, 1):  # one stone is no handicap: Black simply moves first
        handicap = 0
    elif not isinstance(handicap, int) or isinstance(handicap, bool) or not (
            2 <= handicap <= MAX_HANDICAP):
        raise ValueError(f'"handicap" is a number of stones from 2 to {MAX_HANDICAP}; '
                         f"got {handicap!r}.")
    komi = options.get("komi", HANDICAP_KOMI if handicap else DEFAULT_KOMI)
    if not isinstance(komi, int | float) or isinstance(komi, bool):
        raise ValueError(f'"komi" is a number of points for White; got {komi!r}.')
    normal: dict[str, Any] = {"board": board, "komi": float(komi)}
    if handicap:
        normal["handicap"] = handicap
        _handicap_stones(normal)  # on a board that has its star points, or ValueError
    return normal


def _handicap_stones(options: Mapping[str, Any]) -> list[str]:
    """Where the handicap stones of ``options`` go (none without a handicap)."""
    if not options.get("handicap"):
        return []
    board = options["board"]
    sizes = {f"go-{size}": size for size in HANDICAP_SIZES}
    if board not in sizes:
        raise ValueError(f"A handicap is placed on the star points of the go-9, go-13 and "
                         f"go-19 boards, not on {board}.")
    return handicap_points(sizes[board], options["handicap"])


def _other(player: str) -> str:
    return "white" if player == "black" else "black"


def _captured_by(geometry: Geometry, board: Mapping[str, str | None], at: str) -> set[str]:
    """The opponent stones left without liberties by the stone just put on ``at``."""
    enemy = _other(str(board[at]))
    taken: set[str] = set()
    for neighbour in geometry.neighbours(at):
        if board[neighbour] == enemy and neighbour not in taken:
            group = group_of(geometry, board, neighbour)
            if not liberties(geometry, board, group):
                taken |= group
    return taken


def _place_problem(
    state: State, geometry: Geometry, player: str, at: str
) -> IllegalAction | None:
    """Return why ``player`` may not place on ``at`` (occupied, ko, suicide), or None."""
    board = state["board"]
    if board[at] is not None:
        return IllegalAction(f"{at} is taken by {title(board[at])}.", spaces=[at])
    if state["ko"] == at:
        return IllegalAction(
            f"Ko: {title(player)} may not retake at {at} at once; play elsewhere first.",
            spaces=[at],
        )
    if any(board[neighbour] is None for neighbour in geometry.neighbours(at)):
        return None  # a liberty of its own: no suicide, whatever it captures
    trial = dict(board)
    trial[at] = player
    if _captured_by(geometry, trial, at):
        return None
    if not liberties(geometry, trial, group_of(geometry, trial, at)):
        return IllegalAction(
            f"Suicide: a {title(player)} stone on {at} would have no liberties.", spaces=[at]
        )
    return None

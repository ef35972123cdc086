"""Which way round the board lies in the picture, found from the stones of a position.

A plain grid has no mark that says which corner is A19: the grid finder puts the
board's first corner at the picture's top-left, so a camera on another side of the
table sees the board turned a quarter, a half or three quarters. When the game starts
from a known position (an SGF file, a record), the stones tell: the picture is read
once, and each turn the board's shape allows (four for a square grid, two for an oblong
one, one for any other board; never a mirror, which is another board) is held against
the position. The turn that fits clearly best is taken, and every later picture is read
with it (``turned``).

A turn fits when the reading differs from the position on few of the spaces read
surely (the photo may already hold a move or two, and a stone or two may be misread);
it is clearly best when every other turn that would show the position differently
misfits by a wide margin. Turns that show the position alike (an empty board, a
symmetric setup) are the same to the game, and the first is taken.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.errors import CompanionError
from companion.games.base import Game, State
from companion.geometry import Geometry
from companion.table.explain import SearchLimits, explain
from companion.table.reading import UNSURE, Reading, is_sure, same

MIN_ALLOWED_MISFITS = 3
"""A turn fits with up to this many differing spaces however few stones there are."""
ALLOWED_MISFIT_SHARE = 0.1
"""... or up to this share of the position's pieces, when that is more."""
TURN_NAMES = ("as found", "a quarter turn", "a half turn", "three quarters of a turn")

Turn = Mapping[str, str]
"""For each space, the space of the picture's reading that shows it."""


class OrientationError(CompanionError, ValueError):
    """The picture fits the position in no turn, or in several alike: says which."""


@dataclass(frozen=True)
class Orientation:
    """The turn taken (``index`` into ``turns``), its mapping, and how many spaces read
    surely differ from the position under each turn."""

    index: int
    turn: Turn
    misfits: tuple[int, ...]

    @property
    def words(self) -> str:
        return TURN_NAMES[self.index]


def turns(geometry: Geometry) -> list[dict[str, str]]:
    """The turns of ``geometry`` onto itself, the identity first: four for a square
    grid, two for an oblong one, the identity alone for any other board."""
    identity = {name: name for name in geometry.names}
    if geometry.kind != "grid":
        return [identity]
    at = {(geometry.space(n).attrs["column"], geometry.space(n).attrs["row"]): n
          for n in geometry.names}
    columns = 1 + max(c for c, _ in at)
    rows = 1 + max(r for _, r in at)

    def quarter(c: int, r: int) -> tuple[int, int]:
        return r, columns - 1 - c

    def half(c: int, r: int) -> tuple[int, int]:
        return columns - 1 - c, rows - 1 - r

    steps = [half] if columns != rows else [quarter, quarter, quarter]
    found = [identity]
    for step in steps:
        previous = found[-1]
        following: dict[str, str] = {}
        for name in geometry.names:
            source = previous[name]
            space = geometry.space(source).attrs
            following[name] = at[step(space["column"], space["row"])]
        found.append(following)
    return found


def turned(reading: Reading, turn: Turn) -> dict[str, Any]:
    """``reading`` (by the picture's names) as the board's spaces: each space gets what
    the picture shows at its place under ``turn``."""
    return {space: reading.get(source, UNSURE) for space, source in turn.items()}


def orient(view: Mapping[str, Any], reading: Reading, geometry: Geometry) -> Orientation:
    """The turn under which ``reading`` shows ``view`` (see the module docstring);
    ``OrientationError`` when none fits or several that show it differently fit alike."""
    options = turns(geometry)
    misfits = tuple(_misfits(view, turned(reading, turn)) for turn in options)
    best = min(range(len(options)), key=lambda k: (misfits[k], k))
    pieces = sum(1 for content in view.values() if content is not None)
    allowed = max(MIN_ALLOWED_MISFITS, round(ALLOWED_MISFIT_SHARE * pieces))
    if misfits[best] > allowed:
        raise OrientationError(
            f"The picture does not show the starting position: {misfits[best]} spaces "
            f"differ from it even {TURN_NAMES[best]} (at most {allowed} may).")
    margin = max(MIN_ALLOWED_MISFITS, misfits[best])
    seen = _as_seen(view, options[best])
    for k, turn in enumerate(options):
        if k != best and misfits[k] < misfits[best] + margin and _as_seen(view, turn) != seen:
            raise OrientationError(
                f"The picture fits the starting position {TURN_NAMES[best]} and "
                f"{TURN_NAMES[k]} alike ({misfits[best]} and {misfits[k]} spaces differ): "
                "which way round the board lies cannot be told.")
    return Orientation(best, options[best], misfits)


def follow_turn(game: Game, state: State, reading: Reading, geometry: Geometry,
                previous: int = 0, limits: SearchLimits | None = None) -> Orientation:
    """The turn of a board found afresh in a later picture (a phone moves between shots,
    and the grid finder may then start from another corner), held against the game it
    follows: the turn under which ``reading`` differs least from the game's board, the
    ``previous`` one when they tie. When other turns that show the board differently
    come close, the game decides: the first (fewest misfits, the previous turn first)
    under which legal moves explain the picture, or show no change, is taken; if none
    does, the closest, and the table refuses the picture as read under it."""
    view = game.view(state)
    options = turns(geometry)
    readings = [turned(reading, turn) for turn in options]
    misfits = tuple(_misfits(view, seen) for seen in readings)
    order = sorted(range(len(options)), key=lambda k: (misfits[k], k != previous, k))
    margin = max(MIN_ALLOWED_MISFITS, misfits[order[0]])
    contenders: list[int] = []
    looks: list[dict[str, Any]] = []
    for k in order:
        look = _as_seen(view, options[k])
        if misfits[k] < misfits[order[0]] + margin and look not in looks:
            contenders.append(k)
            looks.append(look)
    best = order[0]
    if len(contenders) > 1:
        for k in contenders:
            found = explain(game, state, readings[k], limits)
            if not found.difference or found.candidates:
                best = k
                break
    return Orientation(best, options[best], misfits)


def _misfits(view: Mapping[str, Any], reading: Reading) -> int:
    return sum(1 for space, content in view.items()
               if is_sure(reading, space) and not same(content, reading[space]))


def _as_seen(view: Mapping[str, Any], turn: Turn) -> dict[str, Any]:
    """What the picture would show of ``view`` if the board lay as ``turn`` says."""
    return {source: view[space] for space, source in turn.items()}

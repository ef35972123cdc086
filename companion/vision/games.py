"""Which board and which pieces the camera reads for a game: the game's own ``camera``
(``companion.games.base.CameraSetup``), so that a new game says it in its package. A
board file given on the command line replaces the game's usual board.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.base import CameraSetup
from companion.games.registry import game_key, game_names, get_game
from companion.geometry import Geometry, load_geometry


@dataclass(frozen=True)
class GameVision:
    """A game's board, its piece reader (``stones``, ``counters`` or ``onslaught``), the
    stone colours in play, and the boards a picture of the game may show."""

    game: str
    geometry: Geometry
    colours: tuple[str, ...]
    recogniser: str = "stones"
    boards: tuple[str, ...] = ()


def _camera(game: str) -> CameraSetup | None:
    try:
        return get_game(game).camera
    except ValueError:
        return None


def _lines(board: str) -> int:
    """How many lines a bundled grid board has across (0 for another kind)."""
    return int(load_geometry(board).spec.get("columns", 0))


def _sized() -> list[tuple[str, CameraSetup]]:
    """The games whose boards come in several sizes, with their camera setups."""
    found = []
    for name in game_names():
        setup = _camera(name)
        if setup is not None and len(setup.boards) > 1:
            found.append((name, setup))
    return found


def _sizes_words(setup: CameraSetup) -> str:
    sizes = sorted(_lines(board) for board in setup.boards)
    return ", ".join(str(n) for n in sizes[:-1]) + f" or {sizes[-1]}"


def game_vision(game: str, *, board: str | None = None, size: int | None = None
                ) -> GameVision:
    """The board (``board`` file, the game's board of ``size`` lines, or its usual one)
    and colours of ``game``; ``ValueError`` for a game the camera cannot read or a size
    its boards do not come in."""
    setup = _camera(game)
    if setup is not None:
        game = game_key(game)
    else:
        readable = [name for name in game_names() if _camera(name) is not None]
        raise ValueError(f"The camera cannot read {game!r} yet; it reads: "
                         f"{', '.join(readable)}.")
    name = board or setup.boards[0]
    if size is not None:
        if len(setup.boards) < 2:
            kinds = "; ".join(f"{get_game(g).title} boards ({_sizes_words(s)})"
                              for g, s in _sized())
            raise ValueError(f"--size is for {kinds}.")
        by_size = {_lines(b): b for b in setup.boards}
        if size not in by_size:
            raise ValueError(f"A {get_game(game).title} board is {_sizes_words(setup)} "
                             f"lines; got {size}.")
        name = board or by_size[size]
    return GameVision(game, load_geometry(name), setup.colours, setup.reader, setup.boards)


def every_board(vision: GameVision) -> tuple[GameVision, ...]:
    """``vision`` on each board a picture of its game may show, the usual first (Go's
    19, 13 and 9 lines): the boards a picture whose board was not given may show."""
    return tuple(GameVision(vision.game, load_geometry(board), vision.colours,
                            vision.recogniser, vision.boards) for board in vision.boards)

"""Which board and which pieces a game's recogniser expects, by game name.

The table lives in ``thresholds.json`` (``games``) beside every other setting; a board
file given on the command line replaces the game's usual board.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.geometry import Geometry, load_geometry
from companion.vision.config import Section, load_config

GO_SIZES = (9, 13, 19)


@dataclass(frozen=True)
class GameVision:
    """A game's board, its recogniser (``stones`` or ``counters``) and the stone
    colours in play."""

    game: str
    geometry: Geometry
    colours: tuple[str, ...]
    recogniser: str = "stones"


def game_vision(game: str, *, board: str | None = None, size: int | None = None,
                cfg: Section | None = None) -> GameVision:
    """The board (``board`` file or the game's own, Go at ``size``) and colours of ``game``."""
    cfg = cfg if cfg is not None else load_config()
    readable = sorted(cfg.games)
    if game not in readable:
        raise ValueError(f"The camera cannot read {game!r} yet; it reads: "
                         f"{', '.join(readable)}.")
    entry = cfg.games[game]
    if size is not None and game != "go":
        raise ValueError("--size is for Go boards (9, 13 or 19).")
    if size is not None and size not in GO_SIZES:
        raise ValueError(f"A Go board is 9, 13 or 19 lines; got {size}.")
    name = board or (f"go-{size}" if size else entry.board)
    return GameVision(game, load_geometry(name), tuple(entry.colours), entry.recogniser)


def go_sizes(vision: GameVision) -> tuple[GameVision, ...]:
    """``vision`` at each Go board size, most lines first: the boards a Go picture whose
    size was not given may show."""
    return tuple(GameVision(vision.game, load_geometry(f"go-{size}"), vision.colours,
                            vision.recogniser) for size in sorted(GO_SIZES, reverse=True))

"""A table session on a journal in memory, its game started: the shape most table and
live-loop tests begin from."""

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from companion.dice import DiceService
from companion.journal import Journal
from companion.table.session import TableSession


@contextmanager
def table_in_memory(game: str, options: dict[str, Any], *,
                    randbelow: Callable[[int], int] | None = None,
                    dice: bool = False) -> Iterator[TableSession]:
    """``game`` started with ``options`` on a fresh journal in memory; with ``dice`` (or a
    ``randbelow`` that fixes what the dice show) the table rolls dice too. The table and
    its journal are closed when the block ends."""
    journal = Journal(":memory:")
    roller = None
    if dice or randbelow is not None:
        roller = (DiceService(journal, randbelow=randbelow) if randbelow is not None
                  else DiceService(journal))
    table = TableSession(journal, dice=roller)
    table.start(game, options)
    try:
        yield table
    finally:
        table.close()
        journal.close()


def camera_reads(table: TableSession, **changes: Any) -> dict[str, Any]:
    """What the camera reads: the game's view of the board with ``changes``
    (space=content, ``UNSURE`` or ``None``)."""
    return {**table.game.view(table.state), **changes}

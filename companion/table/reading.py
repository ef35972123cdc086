"""A reading of the board by the camera, and how it differs from the game's view.

A reading maps each space to the content the camera saw there, in the form the game's
``view`` uses (``None`` for empty, a colour, a dict), or to ``UNSURE`` (the recogniser's
label, ``companion.vision.labels``) when the camera could not tell (a hand's edge, glare,
a piece half on). A space missing from the reading counts as unsure. Unsure spaces are
never compared: they can neither show a move nor contradict one.

A content dict in the view matches a read dict when every key the view gives has the
same value in the reading: the reading may say more than the view asks (the face of the
top counter of a stack, whose order the game does not keep). Lists are compared in any
order (the pieces standing on one square).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.position import PositionError
from companion.vision.labels import EMPTY, UNSURE

Reading = Mapping[str, Any]
"""Space name → content seen, or ``UNSURE``."""


def from_labels(names: Sequence[str], labels: Sequence[str]) -> dict[str, Any]:
    """Turn the recogniser's labels (a colour, ``empty`` or ``unsure``), one per space
    in ``names`` order, into a reading of stones: ``empty`` becomes ``None``."""
    if len(names) != len(labels):
        raise ValueError(f"{len(labels)} labels were read for {len(names)} spaces.")
    return {n: None if label == EMPTY else label for n, label in zip(names, labels,
                                                                     strict=True)}


def cells_position(cells: Sequence[Mapping[str, Any]], to_move: str | None) -> dict[str, Any]:
    """A position from a board as ``companion recognize --json`` prints it (its
    ``cells``) and who moves first."""
    if not isinstance(cells, Sequence) or isinstance(cells, str):
        raise PositionError('"cells" lists the spaces as recognize --json prints them: '
                            '[{"space": "C3", "content": "black"}, ...].')
    board: dict[str, Any] = {}
    for cell in cells:
        if not isinstance(cell, Mapping) or not isinstance(cell.get("space"), str):
            raise PositionError('Each cell is {"space": "C3", "content": "black"}.')
        content = cell.get("content")
        if content == UNSURE:
            raise PositionError(f"{cell['space']} could not be read: set it by hand before "
                                "starting from this position.")
        board[cell["space"]] = None if content in (EMPTY, None) else content
    position: dict[str, Any] = {"board": board}
    if to_move is not None:
        position["to_move"] = to_move
    return position


def is_sure(reading: Reading, space: str) -> bool:
    """Whether the camera read ``space`` (it is in the reading and not unsure)."""
    return space in reading and not (isinstance(reading[space], str)
                                     and reading[space] == UNSURE)


def same(expected: Any, seen: Any) -> bool:
    """Whether ``seen`` (read by the camera) is what ``expected`` (the view) asks for."""
    if isinstance(expected, Mapping):
        return isinstance(seen, Mapping) and all(
            key in seen and same(value, seen[key]) for key, value in expected.items()
        )
    if isinstance(expected, list):
        return isinstance(seen, list) and _sorted(expected) == _sorted(seen)
    return bool(expected == seen)


def _sorted(items: Iterable[Any]) -> list[str]:
    return sorted(json.dumps(item, sort_keys=True) for item in items)


@dataclass(frozen=True)
class Difference:
    """Where a reading and a view disagree: ``changed`` are the spaces read surely and
    differently, ``unsure`` the spaces not read at all (both in board order)."""

    changed: tuple[str, ...]
    unsure: tuple[str, ...]
    total: int

    def __bool__(self) -> bool:
        return bool(self.changed)

    @property
    def unsure_fraction(self) -> float:
        return len(self.unsure) / self.total if self.total else 0.0


def compare(view: Mapping[str, Any], reading: Reading) -> Difference:
    """Return where ``reading`` differs from ``view``, space by space.

    Spaces of the reading that are not on the board raise ``ValueError``: a reading
    registered to another board is a mistake, not a move.
    """
    foreign = [space for space in reading if space not in view]
    if foreign:
        raise ValueError(f"The reading names spaces that are not on this board: "
                         f"{', '.join(sorted(foreign)[:5])}.")
    changed, unsure = [], []
    for space, expected in view.items():
        if not is_sure(reading, space):
            unsure.append(space)
        elif not same(expected, reading[space]):
            changed.append(space)
    return Difference(tuple(changed), tuple(unsure), len(view))


def agrees(view: Mapping[str, Any], reading: Reading) -> bool:
    """Whether ``reading`` matches ``view`` on every space it read surely."""
    return all(same(expected, reading[space]) for space, expected in view.items()
               if is_sure(reading, space))


def changed_spaces(before: Mapping[str, Any], after: Mapping[str, Any]) -> set[str]:
    """Return the spaces whose content differs between two views of one board."""
    return {space for space, content in after.items() if content != before.get(space)}

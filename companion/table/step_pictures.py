"""The camera's picture of each step it saw, kept for review: a small JPEG per step.

When a camera reading is accepted as a move, the session keeps the picture of that
reading (``TableSession.submit_reading``'s ``picture``, ``hardware.step_picture``) for
the step it made, so the page's review can show the board as the camera saw it at that
moment (``GET /api/game/picture?step=N``). The pictures are kept in memory only, the
newest ``MAX_PICTURES`` of them (17 to 51 kB each measured, so at most about 10 MB): a
restart forgets them (the journal keeps the moves, not the pictures), and a long game
keeps only its latest steps' pictures.
"""

from __future__ import annotations

from collections import OrderedDict

MAX_PICTURES = 200
"""The most step pictures kept; the oldest goes first when another is kept."""


class StepPictures:
    """JPEG bytes by the ``seq`` of the journal event of the step they show, at most
    ``limit`` of them, the oldest forgotten first. Not locked: the session holds its lock
    around every call."""

    def __init__(self, limit: int = MAX_PICTURES) -> None:
        if limit < 1:
            raise ValueError("A store of step pictures keeps at least one.")
        self.limit = limit
        self._pictures: OrderedDict[int, bytes] = OrderedDict()

    def keep(self, seq: int, jpeg: bytes) -> None:
        """Keep ``jpeg`` as the picture of step ``seq`` (replacing one kept for it)."""
        self._pictures.pop(seq, None)
        self._pictures[seq] = jpeg
        while len(self._pictures) > self.limit:
            self._pictures.popitem(last=False)

    def get(self, seq: int) -> bytes | None:
        """The picture of step ``seq``, or ``None`` when none is kept."""
        return self._pictures.get(seq)

    def __contains__(self, seq: object) -> bool:
        return seq in self._pictures

    def __len__(self) -> int:
        return len(self._pictures)

    def clear(self) -> None:
        self._pictures.clear()

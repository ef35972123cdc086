"""The readings a question was put on while nobody answered it: once it is answered
with a move, the table catches up with them in order (T40, ``docs/referee-loop.md``).

While a question stands unanswered and its space cannot be read, the moves seen
elsewhere are not played (T14, T38): the question is put again, photo after photo. An
answer that plays a move reads the last reading again from there; the search reaches
three moves (``max_actions``), so an answer given more than about two moves late left
the players to put the moves since in from the page ("Now make the board match the
game: A8, B7, C3, G2. It is White's turn, not Black's."). But the table saw those moves
one photo at a time: each reading the question was put on is one move or two past the
one before. They are kept, in order, with the picture's odds and the picture itself,
and once a move answers the question they are read again one by one from the position
it leads to, each taken only where the strict search explains it by one sequence (as
any reading), then the last reading as before.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.table.question import Question

Held = tuple[dict[str, Any], dict[str, Any], "bytes | None"]
"""One reading a question was put on: the reading, the picture's odds, its picture."""


@dataclass
class SinceAsked:
    """The readings the question ``asked`` was put on, oldest first (module
    docstring). A question is the same one while its words and spaces are (T38 asks it
    anew with the moves the search reaches)."""

    asked: tuple[str, tuple[str, ...]] | None = None
    readings: list[Held] = field(default_factory=list)

    def note(self, question: Question, reading: dict[str, Any], odds: dict[str, Any],
             picture: bytes | None) -> None:
        """``question`` was put (again) on ``reading``."""
        asked = (question.text, question.spaces)
        if asked != self.asked:
            self.asked, self.readings = asked, []
        if not self.readings or self.readings[-1][0] != reading:
            self.readings.append((dict(reading), dict(odds), picture))

    def taken(self, question: Question) -> list[Held]:
        """The readings ``question`` was put on, forgotten now (it is answered)."""
        held = self.readings if (question.text, question.spaces) == self.asked else []
        self.clear()
        return held

    def clear(self) -> None:
        self.asked, self.readings = None, []

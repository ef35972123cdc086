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

They also keep a move seen elsewhere from answering the question too soon (T14): one
move of the player asked about explains a reading where a space read surely in one of
them showed what the game does not have and the move leaves as the game has it (held-out
game 71455, sharpened: Black's B9 unread and asked about, White's A5 seen, then Black's
A4 taking A5: "Black places on A4" alone explained the last photo, and the game held a
position without B9 the table never showed). Such a move plays past the question.
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

    def on(self, question: Question) -> list[Held]:
        """The readings ``question`` was put on so far (none if another was)."""
        return self.readings if (question.text, question.spaces) == self.asked else []

    def taken(self, question: Question) -> list[Held]:
        """The readings ``question`` was put on, forgotten now (it is answered)."""
        held = self.on(question)
        self.clear()
        return held

    def clear(self) -> None:
        self.asked, self.readings = None, []

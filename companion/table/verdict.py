"""What the referee at the table says after each reading, move, correction or undo.

A ``TableVerdict`` is plain data the page shows as it is: ``kind`` says what happened,
``text`` says it in words, ``spaces`` are the spaces to highlight (the ones to put back
after an illegal move, the ones that differ when the board does not match the game),
``choices`` the short list a person picks from when the picture allows several moves
(or the answers to a question about spaces the camera cannot read).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

APPLIED = "applied"
"""One explanation was found (or a move was played from the page) and is now in the game."""
AMBIGUOUS = "ambiguous"
"""Several different moves explain the picture: ``choices`` lists them; ``choose`` one."""
ILLEGAL = "illegal"
"""The change looks like a move the rules forbid: ``text`` is the reason, ``spaces`` go back."""
MISMATCH = "mismatch"
"""The board does not match the game: ``spaces`` differ; restore them or correct the game."""
OCCLUDED = "occluded"
"""Too much of the board could not be read (a hand over it): nothing was concluded."""
UNCHANGED = "unchanged"
"""The board shows what the game expects."""
DICE = "dice"
"""A move waits for a roll: the dice request says how many and what for."""
QUESTION = "question"
"""The camera cannot read ``spaces`` and a move may hide there: ``text`` asks ("Is C4
empty or white?"), ``choices`` are the answers; ``choose`` one."""
ANSWERED = "answered"
"""A question was answered "as the game has it": nothing changed on its spaces."""
OFF_START = "off_start"
"""The game has no move yet and the board shows another position (stones left on the
table at the start): ``spaces`` differ. The page offers to start from what the camera
sees (``TableSession.start_from_camera``) or to clear the board (``clear_board``)."""
CLEARING = "clearing"
"""The players are clearing the board for the game's start: ``spaces`` are still to
take off (or put back); no error, the game waits."""
CORRECTED = "corrected"
UNDONE = "undone"
REDONE = "redone"
STARTED = "started"
ENDED = "ended"

PROBLEMS = (ILLEGAL, MISMATCH)
"""The kinds that leave the table in the "board does not match the game" state."""


@dataclass(frozen=True)
class TableVerdict:
    """What happened, in words, with the spaces to highlight and the choices to offer."""

    kind: str
    text: str
    spaces: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "spaces": list(self.spaces),
                "choices": list(self.choices)}

"""The game resolves the camera's doubt: a piece no legal move could change stays.

The camera misreads now and then: a lamp's highlight on a black stone, a shadow over a
white one. When the search finds no legal actions that explain a reading
(``companion.table.explain``), the referee asks which of the spaces the camera reads
differently *could* have changed: a piece the game knows is there, which no legal
action of the position removes or changes (a Go stone no move can capture, a ONE stone
no jump can take), is still there, whatever the picture says. Those spaces are put back
as the game has them (``keep_known``) and the reading is explained again: when that
explains it (or shows no change at all), a misread stone neither makes the board "not
match" nor invents a move, and the verdict says which spaces the camera misread; when
it still does not, the reading is refused as read (with the move it looks like, the
rule's reason if that is illegal).

Only pieces the game knows are kept: an empty space read as a stone may be a move (by
the player to move, or by the next one after it), so it stays evidence, and a move the
rules forbid is still refused with their reason. A space read as unsure was never
evidence (``reading``). Nor is a piece kept whose fate hangs on a question nobody
answered: a legal action of a position the question's moves lead to may change it
(``unlearned``). The actions looked at are those of the position itself (one
move ahead, at most ``max_tries``); a photograph showing two moves whose second takes
a piece the first move could not is explained by the strict search, before any space is
kept.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.base import Game, State
from companion.table.explain import SearchLimits, outcomes
from companion.table.reading import Difference, Reading, changed_spaces


@dataclass(frozen=True)
class Kept:
    """The reading with the misread pieces put back, and which spaces they are."""

    reading: dict[str, Any]
    spaces: tuple[str, ...]

    @property
    def words(self) -> str:
        names = ", ".join(self.spaces)
        return (f"The camera misread {names}; no legal move could change "
                f"{'it' if len(self.spaces) == 1 else 'them'}, so the game keeps "
                f"{'its piece there' if len(self.spaces) == 1 else 'their pieces'}.")


def changeable(game: Game, state: State, limits: SearchLimits | None = None) -> set[str]:
    """The spaces some legal action of ``state`` changes (any roll of its dice), trying
    at most ``limits.max_tries`` actions."""
    limits = limits or SearchLimits()
    view = game.view(state)
    spaces: set[str] = set()
    for tries, action in enumerate(game.legal_actions(state)):
        if tries >= limits.max_tries:
            break
        for _after, after_view, _dice in outcomes(game, state, action, limits):
            spaces |= changed_spaces(view, after_view)
    return spaces


def keep_known(game: Game, state: State, reading: Reading, difference: Difference,
               limits: SearchLimits | None = None, unlearned: Sequence[State] = ()
               ) -> Kept | None:
    """``reading`` with every piece the game knows, read differently on a space no legal
    action changes, put back as the game has it; ``None`` when there is none.
    ``unlearned`` are positions the game may be in as well (the moves of a question
    nobody answered, ``companion.table.unlearned``): a space they differ on, or one a
    legal action of theirs changes, is not the game's to keep."""
    view: Mapping[str, Any] = game.view(state)
    known = [space for space in difference.changed if view[space] is not None]
    if not known:
        return None
    could = changeable(game, state, limits)
    for other in unlearned:
        could |= changed_spaces(view, game.view(other)) | changeable(game, other, limits)
    kept = tuple(space for space in known if space not in could)
    if not kept:
        return None
    return Kept({**reading, **{space: view[space] for space in kept}}, kept)

"""A piece read surely, photo after photo, where the rules refuse it: "Is F8 black or white?"

The camera may read a stone surely in the wrong colour (held-out game 42194 before T35:
White's F8, blown out by a lamp, read black): the rules refuse it ("It is White's turn,
not Black's."), and they refuse it again at every later photo, since the players cannot
mend a stone that is already the right colour. After the same space was read the same
way in ``REFUSALS_BEFORE_ASKING`` refusals in a row (``Refusals``), the table asks
about it instead (``misread``): the answers are the content read, which keeps the
refusal, and each content the legal moves could have put there, with those moves.
Nothing is played on the picture's word: the colour read is what the picture says, and
the rules alone say the other; only the players' answer plays it. But a stone of the
player not to move is refused too where the other player's move was lost in a space the
camera cannot read (read unsure since before it was set, so never asked about): where
the reading as read is explained with a move hidden in any unread space, that is asked
first (``missed``: "Is A9 empty or black?"), not the colour, whose other answer would
then be wrong.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.games.base import Game, State
from companion.table.explain import Candidate, SearchLimits, explain
from companion.table.question import (
    Answer,
    Question,
    answer_words,
    hidden,
    question_text,
    unseen,
)
from companion.table.reading import UNSURE, Reading, is_sure

REFUSALS_BEFORE_ASKING = 3
"""How many refusals in a row, each putting back the same space read the same way, make
that space a question: one refusal may be the players' slip (a stone of the player not
to move), which they mend; the same one at the next photos, moves played meanwhile, is
a reading they cannot mend. Three keeps the moves since the stone was set within the
search's reach (``SearchLimits.max_actions``) when each photo adds one."""


@dataclass
class Refusals:
    """The spaces the refusals in a row put back, read surely as a piece the game does
    not have there: each with what was read and in how many refusals in a row
    (``note``). A reading that is not refused ends the row (``note`` is not called for
    it: the count of a reading is the session's)."""

    seen: dict[str, tuple[str, int, int]] = field(default_factory=dict)
    """space → (the content read, as JSON; refusals in a row; the reading's number)"""

    def note(self, number: int, view: Mapping[str, Any], reading: Reading,
             spaces: Sequence[str]) -> None:
        """Reading ``number`` (the session counts its readings) was refused with
        ``spaces`` to put back: count those read surely as a piece ``view`` (the game's
        board) does not have there."""
        counted: dict[str, tuple[str, int, int]] = {}
        for space in spaces:
            if not is_sure(reading, space) or reading[space] is None \
                    or reading[space] == view.get(space):
                continue
            content = json.dumps(reading[space], sort_keys=True)
            before = self.seen.get(space)
            if before is not None and before[0] == content and before[2] == number:
                counted[space] = before  # the same reading, read again after an answer
                continue
            row = before[1] + 1 if before is not None and before[0] == content \
                and before[2] == number - 1 else 1
            counted[space] = (content, row, number)
        self.seen = counted

    def repeated(self, number: int, times: int = REFUSALS_BEFORE_ASKING) -> tuple[str, ...]:
        """The spaces reading ``number``'s refusal put back ``times`` times in a row or
        more."""
        return tuple(space for space, (_, row, at) in self.seen.items()
                     if at == number and row >= times)

    def clear(self) -> None:
        self.seen = {}


def missed(game: Game, state: State, reading: Reading, settled: Collection[str],
           limits: SearchLimits) -> Question | None:
    """The question about a move that may hide in a space the camera cannot read (any,
    but those answered "nothing happened" in this position: ``settled``), where such a
    move and the pieces read explain ``reading``; ``None`` where none does."""
    view = game.view(state)
    unread = frozenset(space for space in view
                       if not is_sure(reading, space) and space not in settled)
    if not unread:
        return None
    found = explain(game, state, reading, limits, unread)
    hiding = [candidate for candidate in found.candidates if candidate.hidden]
    return hidden(game, view, hiding) if hiding else None


def misread(game: Game, state: State, reading: Reading, spaces: Sequence[str],
            refusal: str, limits: SearchLimits) -> Question | None:
    """The question about ``spaces``, read surely as pieces the rules refuse there
    (``refusal``: the rule's reason), or ``None`` when no legal moves explain the
    reading with other pieces there. The answers: what was read (the refusal stands),
    then each other content the legal moves explain the reading with, those moves."""
    others: dict[str, Candidate] = {}
    for candidate in _with_another_piece(game, state, reading, spaces, limits):
        put = {space: candidate.view[space] for space in spaces}
        others.setdefault(json.dumps(put, sort_keys=True), replace(candidate, hidden=()))
    named = len(spaces) > 1
    answers = [Answer(answer_words(game, reading, spaces, named), refused=refusal)]
    for candidate in others.values():
        # The reading with those pieces must have one explanation, the search's all
        # tried: else the players would be choosing among moves, not colours. The
        # order kept is the first search's, the piece read first among the moves
        # (it was refused before the others were set).
        found = explain(game, state, {**reading, **{s: candidate.view[s] for s in spaces}},
                        limits)
        if len(found.candidates) != 1 or not found.complete \
                or found.candidates[0].view != candidate.view:
            continue
        answers.append(Answer(answer_words(game, candidate.view, spaces, named), candidate,
                              tuple(spaces)))
    if len(answers) < 2 or len({a.words for a in answers}) < len(answers):
        return None
    return Question(question_text(spaces, answers), tuple(spaces), tuple(answers))


def _with_another_piece(game: Game, state: State, reading: Reading,
                        spaces: Sequence[str], limits: SearchLimits
                        ) -> tuple[Candidate, ...]:
    """The legal moves that explain ``reading`` with ``spaces`` unread, where they put
    a piece on each of ``spaces`` other than the one read: a move may hide there (the
    search's hideouts), or, where nothing else changed, be the only change."""
    unread = {**reading, **{space: UNSURE for space in spaces}}
    found = explain(game, state, unread, limits, frozenset(spaces))
    if found.difference:
        candidates = found.candidates
    else:
        asked = unseen(game, state, unread, spaces, limits)
        candidates = tuple(a.candidate for a in asked.answers
                           if a.candidate is not None) if asked is not None else ()
    return tuple(c for c in candidates
                 if all(c.view[space] is not None and c.view[space] != reading[space]
                        for space in spaces))

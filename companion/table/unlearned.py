"""A question nobody answered: the game does not know what stands where it asked.

The table asked "Is A9 empty or white?" and nobody answered; the next photo showed a
change elsewhere, so the question was dropped, and what stands on A9 was never learned.
Until the game changes, the positions the question's moves lead to are as possible as
the game's own (held-out game 42194: White's A9, unread and asked about, then Black's C9
taking A9 and B9):

- a piece "no legal move could change" (``companion.table.doubt``) is one no legal move
  changes in those positions either (``positions``): White's B9 beside an unlearned A9
  is taken by Black's C9 if White did play A9, so the game does not keep it on its own
  authority, and a catch-up that leaves B9's going unexplained is not played;
- a reading no legal move explains may be explained from one of those positions, the
  question's move and then the moves seen (``through``). Such an explanation needs the
  move asked about and never answered, so it is never played on the picture's word: the
  table offers it to confirm (``Candidate.hidden`` names the spaces asked about).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.games.base import Game, State
from companion.table.explain import Candidate, SearchLimits, explain
from companion.table.question import Question


def positions(question: Question | None) -> tuple[State, ...]:
    """The positions the answers of ``question`` that are moves lead to."""
    if question is None:
        return ()
    return tuple(answer.candidate.state for answer in question.answers
                 if answer.candidate is not None and answer.candidate.state is not None)


def through(game: Game, question: Question, reading: Mapping[str, Any],
            limits: SearchLimits) -> tuple[Candidate, ...]:
    """The explanations of ``reading`` that begin with a move answering ``question``:
    that move, then the shortest legal moves from there that explain the reading, in all
    at most ``limits.max_actions``. Each names the spaces asked about as ``hidden``."""
    found: list[Candidate] = []
    for answer in question.answers:
        first = answer.candidate
        if first is None or first.state is None:
            continue
        left = limits.max_actions - len(first.actions)
        if left < 1:
            continue
        after = explain(game, first.state, reading, replace(limits, max_actions=left))
        found.extend(Candidate(first.actions + rest.actions, f"{first.text}, then {rest.text}",
                               rest.state, rest.view, rest.dice, question.spaces)
                     for rest in after.candidates)
    return tuple(found)

"""Asking the table about a space the camera cannot read: "Is C4 empty or white?"

An unsure space never makes a move by itself (``explain``). But a stone put down in a
glare spot leaves the sure spaces as they were, and the move would be lost to the
camera. So when the camera newly fails to read a space and legal actions exist that
change only spaces it cannot read, the referee asks instead of guessing, with one answer
per possibility: the content the game has there ("empty": nothing happened), or each of
those moves (``unseen``). The same kind of question settles an ambiguous reading whose
explanations differ only on unsure spaces (``between``): the camera saw a move, and only
what it could not read tells which one. And when the camera sees a stone of the player
not to move, the other player's move may hide in a space it cannot read (``hidden``):
"Is C4 empty or white?", where "white" applies both moves and "empty" refuses the
stone seen, with the rule's reason.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.base import Game, State
from companion.games.words import content_words, joined
from companion.table.explain import Candidate, SearchLimits, outcomes
from companion.table.reading import Reading, changed_spaces, is_sure

NOTHING_HAPPENED = "nothing happened there"

RuledOut = Callable[[Mapping[str, Any], set[str]], bool]
"""Whether the picture rules out a move: given the board after it and the spaces it
changes."""


@dataclass(frozen=True)
class Answer:
    """One possibility: ``words`` says what stands on the spaces asked about; the
    ``candidate`` moves that put it there, or ``None`` for "as the game has it";
    ``changes`` are the spaces asked about that the moves change. ``refused``, for an
    answer with no move that is not the game's content (the colour the camera read,
    which the rules forbid: ``companion.table.misread``), is the rule's reason the
    reading stays refused with."""

    words: str
    candidate: Candidate | None = None
    changes: tuple[str, ...] = ()
    refused: str = ""

    @property
    def means(self) -> str:
        """What the answer does, in words: its moves, the refusal it keeps, or
        "nothing happened there"."""
        if self.candidate is not None:
            return self.candidate.text
        return self.refused or NOTHING_HAPPENED

    @property
    def text(self) -> str:
        """The answer as one line: ``White: White places on C4``."""
        return f"{self.words[:1].upper()}{self.words[1:]}: {self.means}"

    def to_json(self) -> dict[str, Any]:
        """``move`` is ``None`` for "as the game has it"; ``means`` says it in words."""
        move = None if self.candidate is None else self.candidate.text
        return {"words": self.words, "move": move, "means": self.means, "text": self.text}


@dataclass(frozen=True)
class Question:
    """A short question about ``spaces`` (read as unsure), and its answers."""

    text: str
    spaces: tuple[str, ...]
    answers: tuple[Answer, ...]

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "spaces": list(self.spaces),
                "answers": [a.to_json() for a in self.answers]}


def unseen(game: Game, state: State, reading: Reading, fresh: Collection[str],
           limits: SearchLimits | None = None, ruled_out: RuledOut | None = None
           ) -> Question | None:
    """Ask about the moves the camera may have missed, or return ``None``.

    ``reading`` matches the game on every space it read surely; ``fresh`` are the unsure
    spaces worth asking about (the camera read them before, or they are being asked
    about). The legal actions are tried one by one (at most ``limits.max_tries``); those
    that change only unsure spaces, one of them fresh, are the moves that may have been
    made, but for those the picture rules out on the spaces they change
    (``ruled_out(view after it, changed)``: it shows something else there all but
    surely, ``companion.table.likely``), as it rules out the explanations of a reading
    with a sure change; where it rules out every one, the question stands whole, and
    the picture's odds answer it (``likely.picture_answer``) or the players do. One
    question covers the spaces the moves left change, so a lamp that newly hides three
    spaces costs one answer ("nothing happened there"), not three, and a space the
    picture shows as the game has it is not asked about.
    """
    limits = limits or SearchLimits()
    view = game.view(state)
    unsure = {space for space in view if not is_sure(reading, space)}
    fresh = set(fresh) & unsure
    moves: list[tuple[Candidate, set[str]]] = []
    for tries, action in enumerate(game.legal_actions(state)):
        if tries >= limits.max_tries:
            break
        text = game.describe(state, action)
        for after, after_view, dice in outcomes(game, state, action, limits):
            changed = changed_spaces(view, after_view)
            if changed and changed <= unsure and changed & fresh:
                moves.append((Candidate((action,), text, after, after_view, dice), changed))
    if not moves:
        return None
    if ruled_out is not None:
        moves = [move for move in moves if not ruled_out(move[0].view, move[1])] or moves
    spaces = tuple(s for s in view if any(s in changed for _, changed in moves))
    named = len(spaces) > 1
    answers = [Answer(answer_words(game, view, spaces, named))]
    for candidate, changed in moves:
        changes = tuple(s for s in spaces if s in changed)
        answers.append(Answer(answer_words(game, candidate.view, changes, named), candidate,
                              changes))
    return Question(question_text(spaces, answers), spaces, tuple(answers))


def between(game: Game, reading: Reading, candidates: Sequence[Candidate]
            ) -> Question | None:
    """Turn several explanations of one reading into a question about the unsure spaces
    they differ on, or return ``None`` when they also differ on a sure space or two of
    them look the same there (then only a choice between the moves can tell)."""
    views = [c.view for c in candidates]
    spaces = tuple(s for s in views[0] if any(v[s] != views[0][s] for v in views))
    if not spaces or any(is_sure(reading, s) for s in spaces):
        return None
    answers = [Answer(answer_words(game, c.view, spaces, len(spaces) > 1), c, spaces)
               for c in candidates]
    if len({a.words for a in answers}) < len(answers):
        return None
    return Question(question_text(spaces, answers), spaces, tuple(answers))


def hidden(game: Game, view: Mapping[str, Any], candidates: Sequence[Candidate]
           ) -> Question:
    """Ask about the unread spaces where the ``candidates`` (explanations with a hidden
    move, ``Candidate.hidden``) put a move: the first answer is what the game has there
    (nothing happened, and the reading is refused), then one per candidate."""
    spaces = tuple(s for s in view if any(s in c.hidden for c in candidates))
    named = len(spaces) > 1
    answers = [Answer(answer_words(game, view, spaces, named))]
    for candidate in candidates:
        changes = tuple(s for s in spaces if candidate.view[s] != view[s])
        answers.append(Answer(answer_words(game, candidate.view, spaces, named), candidate,
                              changes))
    return Question(question_text(spaces, answers), spaces, tuple(answers))


def answer_words(game: Game, view: Mapping[str, Any], spaces: Sequence[str], named: bool) -> str:
    """What ``view`` has on ``spaces``: ``white``; ``named``, with the spaces' names:
    ``C4 white``, ``C4 and D5 empty``, ``C4 white, D5 empty``."""
    words = [content_words(game, view[s]) for s in spaces]
    if not named:
        return words[0]
    if len(set(words)) == 1:
        return f"{joined(list(spaces))} {words[0]}"
    return ", ".join(f"{s} {w}" for s, w in zip(spaces, words, strict=True))


def question_text(spaces: Sequence[str], answers: Sequence[Answer]) -> str:
    """``Is C4 empty or white?`` for one space; ``What is on C4 and D5 now?`` for more."""
    if len(spaces) > 1:
        return f"What is on {joined(list(spaces))} now?"
    words = list(dict.fromkeys(a.words for a in answers))
    return f"Is {spaces[0]} {joined(words, 'or')}?"

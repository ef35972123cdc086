"""The picture settles a question the rules leave open: the likeliest legal answer.

When the camera cannot read a space surely, the referee asks ("Is C4 empty or
black?", ``companion.table.question``). Often the picture still leans: the stone there
fits no colour closely (a material the reader has not learned yet), or is not clearly
the best of two, yet one answer is far likelier than the others. The recogniser gives
those spaces' odds (each label's share of the likelihood, ``Reading.odds`` in
``companion.vision.pipeline``); the rules give the answers, each a legal move or
"nothing happened". The picture's answer is taken when on every space asked about it
is what the picture shows likeliest, and it holds at least ``MIN_SHARE`` of the
likelihood of all the answers. Otherwise, and wherever the picture cannot tell at all
(a lamp's glare, a hand's edge: no odds are given there), the players are asked; but a
space the answer's move takes a piece off (a capture) is the rules' to say once the
picture names the stone that captures (``companion.table.captured``), and is not
weighed.

A move the sure spaces show is not taken where the picture all but surely shows
something else on a space it cannot read surely (``contradicts``): a stone left out
there would put a position into the game that the table never showed.

Only stones are weighed: a space whose content is not empty or a colour (a counter, a
stack) has no odds, and its question is always asked.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from companion.table.captured import set_down, taken_off
from companion.table.question import Answer, Question
from companion.vision.labels import EMPTY

Odds = Mapping[str, Mapping[str, float]]
"""Space → label (``empty`` or a colour) → that label's share of the likelihood."""

MIN_SHARE = 0.99
"""The share of the answers' likelihood the picture's answer must hold: one in a hundred
left to the others, where a question costs the players a tap and a wrong move a game."""


def picture_answer(question: Question, view: Mapping[str, Any], odds: Odds
                   ) -> Answer | None:
    """The answer to ``question`` the picture shows (``view`` is the game's board before
    it), or ``None`` when the picture cannot tell."""
    weighed = tuple(space for space in question.spaces if space in odds)
    if not weighed:
        return None
    weights = []
    for answer in question.answers:
        shown = view if answer.candidate is None else answer.candidate.view
        weights.append(_likelihood(weighed, shown, odds))
    total = sum(weights)
    if total <= 0.0:
        return None
    best = max(range(len(weights)), key=weights.__getitem__)
    if weights[best] / total < MIN_SHARE:
        return None
    answer = question.answers[best]
    shown = view if answer.candidate is None else answer.candidate.view
    if not all(_among_likeliest(_label(shown[space]), odds[space]) for space in weighed):
        return None
    # A space the picture gives no odds on is the rules' to say only where the answer's
    # move takes a piece off it (a capture) and sets the stone that captures where the
    # picture names it (``companion.table.captured``).
    unweighed = set(question.spaces) - set(weighed)
    if unweighed and not (unweighed <= taken_off(view, shown, unweighed)
                          and set_down(view, shown, weighed)):
        return None
    return answer


def contradicts(view: Mapping[str, Any], odds: Odds) -> bool:
    """Whether the picture shows something else, all but surely, on a space where
    ``view`` (the board after a move the sure spaces allow) has an empty space or a
    stone: the move leaves out a stone the camera half sees."""
    return bool(shown_otherwise(view, odds))


def rules_out(odds: Odds) -> Callable[[Mapping[str, Any], set[str]], bool]:
    """Whether the picture rules out a move the camera may have missed, given the board
    after it and the spaces it changes: on one of them it all but surely shows
    something else (``shown_otherwise``). Such a move is no answer worth asking
    about, as a move it contradicts is no explanation (``contradicts``)."""
    return lambda view, changed: bool(shown_otherwise(view, odds) & changed)


def shown_otherwise(view: Mapping[str, Any], odds: Odds) -> set[str]:
    """The spaces where the picture names something other than ``view``'s empty space
    or stone, all but surely (``view``'s label holds at most 1 - ``MIN_SHARE``)."""
    spaces = set()
    for space, shares in odds.items():
        label = _label(view.get(space))
        if label is not None and shares and _named(shares) \
                and _likeliest(shares) != label \
                and float(shares.get(label, 0.0)) <= 1.0 - MIN_SHARE:
            spaces.add(space)
    return spaces


def named_surely(odds: Odds) -> set[str]:
    """The spaces where the picture names one label all but surely (it holds at least
    ``MIN_SHARE``): read by the picture, though not surely enough for a label."""
    return {space for space, shares in odds.items()
            if shares and float(max(shares.values())) >= MIN_SHARE}


def _likelihood(spaces: tuple[str, ...], shown: Mapping[str, Any], odds: Odds) -> float:
    """How likely the picture is if ``shown`` stands on ``spaces``: the product of each
    space's share for its label (0 for content that is not a stone's or empty)."""
    shares = []
    for space in spaces:
        label = _label(shown[space])
        shares.append(float(odds[space].get(label, 0.0)) if label is not None else 0.0)
    return math.prod(shares)


def _label(content: Any) -> str | None:
    """The recogniser's label for ``content``: ``empty``, a colour, or ``None``."""
    if content is None:
        return EMPTY
    return content if isinstance(content, str) else None


def _likeliest(shares: Mapping[str, float]) -> str:
    return max(shares, key=lambda label: shares[label])


def _among_likeliest(label: str | None, shares: Mapping[str, float]) -> bool:
    """Whether ``label`` holds the largest share (with any it ties with)."""
    return label is not None and float(shares.get(label, 0.0)) >= max(shares.values())


def _named(shares: Mapping[str, float]) -> bool:
    """Whether the picture names one label likeliest: a stone it sees without telling
    its colour (two colours tied) names none."""
    top = max(shares.values())
    return sum(1 for share in shares.values() if share >= top) == 1

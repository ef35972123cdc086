"""Which legal actions explain what the camera sees?

Between two steady frames the players may have made one move or several (a capture
chain, two placements). ``explain`` searches the legal actions of the state, and
sequences of up to ``max_actions`` of them, for those whose resulting view matches the
reading on every space read surely. The search is bounded: an action is followed only
when it changes a space that differs in the reading (or one an earlier action of the
sequence changed) and makes some space read surely look as read (an unsure space never
makes a move by itself); at most ``max_tries`` actions are tried (about a second for three
Go moves on a 19x19 board on a laptop). The shortest explanations win;
explanations that lead to the same state, or are the same actions in another order with
the same view, are one.

A move may also hide where the camera cannot read (``hideouts``: spaces it read before
and cannot now, a lamp's glare): when a stone of the player *not* to move appears, the
player to move must have moved first, and the only place the camera cannot disprove is
an unread space. Such a *hidden* action, changing only unread spaces and one of the
``hideouts``, may stand inside a sequence (never at its end, and never alone); the
candidate says which spaces it hid in (``hidden``), and the table asks about them before
it applies anything ("Is C4 empty or white?"). Where the moves seen explain the reading
on their own, a sequence one move longer, that move hidden, is looked for too: Black in
a glare spot, White, then Black where the camera sees it reads as White then Black with
the turns the wrong way round, and the table asks which it was.

An action that needs dice (a Fault of Chaos crossed, a Blade's run) ends a sequence: it
matches when some roll of its dice leads to the view read, and waits for the real roll.
Actions nobody can see (a roll, a pass, the end of a turn) are never guessed from the
picture: they come from the page or the dice.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.games.base import Action, DiceRequest, Game, IllegalAction, State
from companion.table.reading import (
    Difference,
    Reading,
    agrees,
    changed_spaces,
    compare,
    is_sure,
    same,
)


@dataclass(frozen=True)
class SearchLimits:
    """How far the referee looks for an explanation, and when it stops trusting the
    picture. ``max_dice_outcomes`` bounds the rolls tried for an action that needs dice;
    ``max_unsure_fraction`` is the share of unread spaces above which a reading counts
    as occluded (a hand or an arm over the board)."""

    max_actions: int = 3
    max_tries: int = 12000
    max_dice_outcomes: int = 36
    max_unsure_fraction: float = 0.5


@dataclass(frozen=True)
class Candidate:
    """Actions that, taken in order, turn the state into what the camera sees.

    ``state`` is the state after them, or ``None`` when the last one waits for its
    ``dice``; ``view`` is what the board then shows (for a roll that lets the move stand).
    """

    actions: tuple[Action, ...]
    text: str
    state: State | None
    view: Mapping[str, Any]
    dice: DiceRequest | None = None
    hidden: tuple[str, ...] = ()
    """Spaces the camera cannot read where an action of the sequence was put (see the
    module docstring): the table asks about them before applying the candidate."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"text": self.text, "actions": list(self.actions)}
        if self.dice is not None:
            data["dice"] = self.dice.to_json()
        return data


@dataclass(frozen=True)
class Explanation:
    """What the search found: the difference it explained and the shortest candidates.

    ``complete`` is False when ``max_tries`` ran out before every sequence was tried.
    """

    difference: Difference
    candidates: tuple[Candidate, ...] = ()
    tries: int = 0
    complete: bool = True


@dataclass
class _Search:
    """One search: the reading, the spaces that differ in it, and what was found."""

    game: Game
    reading: Reading
    differing: frozenset[str]
    limits: SearchLimits
    hideouts: frozenset[str] = frozenset()
    tries: int = 0
    found: list[Candidate] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)

    @property
    def exhausted(self) -> bool:
        return self.tries >= self.limits.max_tries

    def run(self, state: State, view: Mapping[str, Any], actions: tuple[Action, ...],
            texts: tuple[str, ...], touched: frozenset[str], depth: int,
            hidden: tuple[str, ...] = ()) -> None:
        """Try every legal action after ``actions``; record those that match."""
        for action in self.game.legal_actions(state):
            if self.exhausted:
                return
            self.tries += 1
            text = self.game.describe(state, action)
            for after, after_view, dice in outcomes(self.game, state, action, self.limits):
                changed = changed_spaces(view, after_view)
                hides = self._hides(changed, after, depth)
                if not hides and (not changed & (self.differing | touched)
                                  or not self._progress(view, after_view, changed)):
                    continue
                sequence, words = actions + (action,), texts + (text,)
                where = hidden + tuple(sorted(changed)) if hides else hidden
                if not hides and agrees(after_view, self.reading):
                    self._record(Candidate(sequence, ", then ".join(words), after,
                                           after_view, dice, where))
                    break
                if after is not None and depth > 1:
                    self.run(after, after_view, sequence, words, touched | changed, depth - 1,
                             where)

    def _hides(self, changed: set[str], after: State | None, depth: int) -> bool:
        """Whether an action changing ``changed`` may be a move hidden from the camera:
        not the last of a sequence, only unread spaces, one of them a hideout."""
        return (depth > 1 and after is not None and bool(changed & self.hideouts)
                and not any(is_sure(self.reading, space) for space in changed))

    def _progress(self, before: Mapping[str, Any], after: Mapping[str, Any],
                  changed: set[str]) -> bool:
        """Whether the action makes some space it changes look as the camera read it
        (a space read surely: an unsure space never makes a move by itself)."""
        return any(
            is_sure(self.reading, space) and same(after[space], self.reading[space])
            and not same(before[space], self.reading[space])
            for space in changed
        )

    def _record(self, candidate: Candidate) -> None:
        """Keep ``candidate`` unless an equivalent one was found: one ending in the same
        state, or the same actions in another order with the same view."""
        same_actions = json.dumps(sorted(json.dumps(a, sort_keys=True)
                                         for a in candidate.actions))
        keys = {json.dumps(candidate.view, sort_keys=True) + same_actions}
        if candidate.state is not None:
            keys.add(json.dumps(candidate.state, sort_keys=True))
        if not keys & self.seen:
            self.found.append(candidate)
        self.seen |= keys


def outcomes(game: Game, state: State, action: Action, limits: SearchLimits
             ) -> Iterator[tuple[State | None, dict[str, Any], DiceRequest | None]]:
    """Yield (state or None, view, dice request or None) for each way ``action`` can
    turn out: one, or one per different view a roll of its dice gives (up to
    ``limits.max_dice_outcomes`` rolls; the state is ``None`` until the real roll)."""
    request = game.dice_needed(state, action)
    if request is None:
        try:
            after, _ = game.apply(state, action)
        except IllegalAction:
            return
        yield after, game.view(after), None
        return
    if request.sides ** request.count > limits.max_dice_outcomes:
        return
    seen: set[str] = set()
    for roll in itertools.product(range(1, request.sides + 1), repeat=request.count):
        try:
            after, _ = game.apply(state, action, roll)
        except IllegalAction:
            continue
        view = game.view(after)
        key = json.dumps(view, sort_keys=True)
        if key not in seen:
            seen.add(key)
            yield None, view, request


def explain(game: Game, state: State, reading: Reading,
            limits: SearchLimits | None = None,
            hideouts: Collection[str] = ()) -> Explanation:
    """Return the shortest sequences of legal actions that explain ``reading``.

    Sequences of one action are tried first, then two, up to ``limits.max_actions``;
    the search stops at the first length that explains the reading. A move may hide in
    the unread ``hideouts`` inside a sequence (module docstring).
    """
    limits = limits or SearchLimits()
    view = game.view(state)
    difference = compare(view, reading)
    if not difference:
        return Explanation(difference)
    search = _Search(game, reading, frozenset(difference.changed), limits,
                     frozenset(hideouts))
    for depth in range(1, limits.max_actions + 1):
        search.run(state, view, (), (), frozenset(), depth)
        if search.found or search.exhausted:
            break
    if search.found and search.hideouts and depth < limits.max_actions \
            and not any(c.hidden for c in search.found):
        # The shortest explanation does not rule out one more move, hidden where the
        # camera cannot read: a stone in a glare spot, then the moves seen. Both are
        # kept, so the table asks rather than take the shorter (module docstring).
        shortest = len(search.found)
        search.run(state, view, (), (), frozenset(), depth + 1)
        search.found[shortest:] = [c for c in search.found[shortest:] if c.hidden]
    found = tuple(search.found)
    return Explanation(difference, found, search.tries, complete=not search.exhausted)

"""Which legal actions explain what the camera sees?

Between two steady frames the players may have made one move or several (a capture
chain, two placements). ``explain`` searches the legal actions of the state, and
sequences of up to ``max_actions`` of them, for those whose resulting view matches the
reading on every space read surely. The search is bounded: an action is followed only
when it changes a space that differs in the reading (or one an earlier action of the
sequence changed) and makes some space read surely look as read (an unsure space never
makes a move by itself). The shortest explanations win; explanations that lead to the
same state, or are the same actions in another order with the same view, are one.

The search does each piece of work once. Sequences are tried one action long, then two,
then three (iterative deepening): the legal actions of each position reached, and what
each action applied there gave, are kept for the longer passes. And an action whose
spaces the game names without applying it (``Game.may_change``: a Go stone's point and
the stones it captures) is applied only where those spaces could pass the rule above
(or hide a move): on a 19x19 board almost every placement is passed over unapplied
(``_Search._idle`` proves it changes nothing found). At most ``max_tries`` actions are
applied, sixteen actions named counting as one (``SCREENED_PER_TRY``): about a second on
one core here.

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

SCREENED_PER_TRY = 16
"""Actions screened by the game's ``may_change`` (listed and named, not applied) that
count as one try: applying an action, viewing the result and comparing it costs about
as much as naming sixteen (a 19x19 Go board on one core here: 2.3 us against 48 us)."""


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

    ``complete`` is False when ``max_tries`` ran out before every sequence was tried;
    ``tries`` is the work done (``_Search.tries``).
    """

    difference: Difference
    candidates: tuple[Candidate, ...] = ()
    tries: int = 0
    complete: bool = True


Outcome = tuple[State | None, dict[str, Any], DiceRequest | None]
"""One way an action turns out: the state (``None`` until its dice are rolled), the
view, and the dice it waits for."""


@dataclass(frozen=True)
class _Tried:
    """An action applied at one node of the search: its words, and the ways it turns
    out, each with the spaces it changes."""

    text: str
    results: tuple[tuple[Outcome, frozenset[str]], ...]


@dataclass
class _Search:
    """One search: the reading, the spaces that differ in it, and what was found.

    A node of the search is named by the indices, in ``legal_actions`` order, of the
    actions that lead to it from the state explained; its legal actions and what each
    applied action gave are kept (``listed``, ``tried``), so that the passes of
    iterative deepening, which walk the shorter sequences again, apply no action twice.
    """

    game: Game
    reading: Reading
    differing: frozenset[str]
    limits: SearchLimits
    hideouts: frozenset[str] = frozenset()
    applied: int = 0
    screened: int = 0
    found: list[Candidate] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)
    listed: dict[tuple[int, ...], tuple[Action, ...]] = field(default_factory=dict)
    reaches: dict[tuple[int, ...], frozenset[str] | None] = field(default_factory=dict)
    tried: dict[tuple[int, ...], _Tried] = field(default_factory=dict)

    @property
    def tries(self) -> int:
        """The work done, in actions applied (``SCREENED_PER_TRY``)."""
        return self.applied + self.screened // SCREENED_PER_TRY

    @property
    def exhausted(self) -> bool:
        return self.tries >= self.limits.max_tries

    def run(self, state: State, view: Mapping[str, Any], node: tuple[int, ...],
            actions: tuple[Action, ...], texts: tuple[str, ...], touched: frozenset[str],
            depth: int, hidden: tuple[str, ...] = ()) -> None:
        """Try every legal action after ``actions`` (the node ``node``); record those
        that match."""
        wrong: frozenset[str] | None = None
        for index, action in enumerate(self._legal(node, state)):
            if self.exhausted:
                return
            key = node + (index,)
            reach = None if key in self.tried else self._reach(key, state, action)
            if reach is not None:
                if wrong is None:
                    wrong = self._wrong(view)
                if self._idle(reach, wrong, touched, depth):
                    continue
            tried = self._tried(key, state, view, action, reach)
            for (after, after_view, dice), changed in tried.results:
                hides = self._hides(changed, after, depth)
                if not hides and (not changed & (self.differing | touched)
                                  or not self._progress(view, after_view, changed)):
                    continue
                sequence, words = actions + (action,), texts + (tried.text,)
                where = hidden + tuple(sorted(changed)) if hides else hidden
                if not hides and agrees(after_view, self.reading):
                    self._record(Candidate(sequence, ", then ".join(words), after,
                                           after_view, dice, where))
                    break
                if after is not None and depth > 1:
                    self.run(after, after_view, key, sequence, words, touched | changed,
                             depth - 1, where)

    def _legal(self, node: tuple[int, ...], state: State) -> tuple[Action, ...]:
        """The legal actions of the node's ``state``, listed once per search."""
        if node not in self.listed:
            self.listed[node] = tuple(self.game.legal_actions(state))
        return self.listed[node]

    def _reach(self, key: tuple[int, ...], state: State, action: Action
               ) -> frozenset[str] | None:
        """The spaces ``action`` may change, as the game names them without applying it
        (``Game.may_change``; ``None``: not known), asked once per search."""
        if key not in self.reaches:
            self.screened += 1
            reach = self.game.may_change(state, action)
            self.reaches[key] = None if reach is None else frozenset(reach)
        return self.reaches[key]

    def _tried(self, key: tuple[int, ...], state: State, view: Mapping[str, Any],
               action: Action, reach: Collection[str] | None) -> _Tried:
        """``action`` applied in ``state`` (each way it turns out, with the spaces that
        changes): once per search, and one try. Where the game named the spaces it may
        change (``reach``), only those are compared."""
        if key not in self.tried:
            self.applied += 1
            results = []
            for outcome in outcomes(self.game, state, action, self.limits):
                after_view = outcome[1]
                changed = (changed_spaces(view, after_view) if reach is None else
                           {s for s in reach if after_view[s] != view[s]})
                results.append((outcome, frozenset(changed)))
            self.tried[key] = _Tried(self.game.describe(state, action), tuple(results))
        return self.tried[key]

    def _wrong(self, view: Mapping[str, Any]) -> frozenset[str]:
        """The spaces read surely that ``view`` does not show as read: an action makes
        progress (``_progress``) only by changing one of them."""
        return frozenset(space for space, content in view.items()
                         if is_sure(self.reading, space)
                         and not same(content, self.reading[space]))

    def _idle(self, reach: frozenset[str], wrong: frozenset[str], touched: frozenset[str],
              depth: int) -> bool:
        """Whether an action that changes no space outside ``reach`` surely neither
        hides nor is followed, so that it need not be applied.

        Proof: the action changes a set ``changed`` of spaces, a subset of ``reach``
        (``Game.may_change``), whatever its dice. ``run`` follows it only when it
        hides (``_hides``: ``depth > 1`` and ``changed`` meets the hideouts, so
        ``reach`` does too), or when ``changed`` meets the differing or touched spaces
        and makes progress (``_progress``: some space of ``changed``, read surely, not
        shown as read before it, that is a space of ``wrong``). So where ``reach`` meets
        no hideout (or ``depth`` is 1) and misses the differing and touched spaces or
        ``wrong``, every way it turns out is passed over by ``run``, and skipping it
        records the same candidates in the same order and follows the same sequences.
        """
        if depth > 1 and reach & self.hideouts:
            return False
        return not (reach & (self.differing | touched)) or not (reach & wrong)

    def _hides(self, changed: Collection[str], after: State | None, depth: int) -> bool:
        """Whether an action changing ``changed`` may be a move hidden from the camera:
        not the last of a sequence, only unread spaces, one of them a hideout."""
        return (depth > 1 and after is not None and bool(self.hideouts.intersection(changed))
                and not any(is_sure(self.reading, space) for space in changed))

    def _progress(self, before: Mapping[str, Any], after: Mapping[str, Any],
                  changed: Collection[str]) -> bool:
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
             ) -> Iterator[Outcome]:
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
        search.run(state, view, (), (), (), frozenset(), depth)
        if search.found or search.exhausted:
            break
    if search.found and search.hideouts and depth < limits.max_actions \
            and not any(c.hidden for c in search.found):
        # The shortest explanation does not rule out one more move, hidden where the
        # camera cannot read: a stone in a glare spot, then the moves seen. Both are
        # kept, so the table asks rather than take the shorter (module docstring).
        shortest = len(search.found)
        search.run(state, view, (), (), (), frozenset(), depth + 1)
        search.found[shortest:] = [c for c in search.found[shortest:] if c.hidden]
    found = tuple(search.found)
    return Explanation(difference, found, search.tries, complete=not search.exhausted)

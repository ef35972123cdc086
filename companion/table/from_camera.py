"""What the camera saw, held against the game: part of ``TableSession``.

A steady reading of the board comes in (``submit_reading``); the session finds the
legal moves that explain it (``companion.table.explain``) and applies the one found,
offers several as a choice, asks about spaces the camera cannot read where a move may
hide ("Is C4 empty or white?", ``companion.table.question``), or refuses the reading
with the rule's reason (``companion.table.refusal``); ``choose`` takes the answer. A
mixin of ``TableSession``: it works on the session's own state, kept apart so each file
holds one idea.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import replace
from typing import Any

from companion.games.base import Game, IllegalAction, State
from companion.games.words import joined
from companion.table import verdict as v
from companion.table.doubt import Kept, keep_known
from companion.table.explain import Candidate, Explanation, explain
from companion.table.guesses import guess
from companion.table.likely import (
    Odds,
    contradicts,
    named_surely,
    picture_answer,
    rules_out,
    shown_otherwise,
)
from companion.table.misread import Refusals, misread, missed
from companion.table.question import Answer, Question, between, hidden, unseen
from companion.table.reading import Reading, agrees, compare, is_sure
from companion.table.refusal import refuse
from companion.table.since_asked import Held, SinceAsked
from companion.table.unlearned import positions, through
from companion.table.verdict import TableVerdict

UNCHECKED = ("The board changed in more ways than the referee could check: play on "
             "from the page, or put the board back as the game has it.")
"""What the table says when the search for the moves behind a reading ran out of
tries and what the change looks like breaks a rule: another order may not."""


ONE_MOVE_SPACES = 2
"""The most spaces one move changes that a game's start is still held against (a piece
moved from one space to another): more, at the start, are pieces left on the table."""

OFF_START_NAMED = 6
"""How many differing spaces the "not the game's start" verdict names (then "and N
more")."""


UNSEEN_STONES = ("More has changed than the camera can read: it half sees stones that "
                 "the moves it can read leave out. Play on from the page, or clear the "
                 "view of the board.")
"""What the table says when the moves the camera reads surely would leave out stones
it half sees elsewhere."""


class CameraReadings:
    """Steady readings of the board held against the game (see the module docstring)."""

    _problem: TableVerdict | None
    _choices: list[Candidate]
    _question: Question | None
    _unlearned: Question | None  # dropped unanswered since the game last changed
    _misread: Question | None  # about a piece read surely that the rules refuse (T38)
    _confirmed: dict[str, Any]  # answered as read (T38) since the game last changed
    _refusals: Refusals  # the spaces the refusals in a row put back (T38)
    _since_asked: SinceAsked  # the readings the question standing was put on (T40)
    _readings: int  # the readings held against the game (not hidden by a hand)
    _last_reading: dict[str, Any] | None
    _seen_step: int
    _seen: dict[str, Any] | None
    _settled: set[str]
    _version: int
    _odds: Odds
    _reading_picture: bytes | None
    _clearing: bool
    _at_start: Callable[[], bool]  # the session's: no step of the game stands yet

    def submit_reading(self, reading: Reading, *, disturbed: bool = False,
                       odds: Odds | None = None, picture: bytes | None = None
                       ) -> TableVerdict:
        """Hold a steady reading of the board against the game and act on it.

        ``disturbed``: the board was hidden or moving since the last steady reading (a
        hand passed over it), so a move may hide even in a space the camera could not
        read before either (a lamp's glare); such spaces are then asked about, once per
        position. ``odds``: how the picture leans on unsure spaces (``Reading.odds``);
        where they settle a question among the legal answers, it is not asked
        (``companion.table.likely``). ``picture``: the camera's picture of the board
        read (a JPEG), kept for review if the reading is taken as a move (now, or when a
        choice offered for it is made; ``companion.table.step_pictures``).

        The search for an explanation (or for the moves an unsure space may hide) runs
        outside the lock (it may take a moment on a big board); if the game moved on
        meanwhile, the reading is looked at again.
        """
        reading = dict(reading)
        with self._locked():
            read_before = named_surely(self._odds)
            self._odds = dict(odds or {})
            self._reading_picture = picture
            fresh = self._fresh(reading, disturbed, read_before)
            result = self._reading(reading, fresh)
            self._judged(reading)
            game, state, version, odds = self.game, self.state, self._version, self._odds
            doubt = self._doubt
        if result is None:
            found = self._look(game, state, reading, fresh, odds, doubt)
            with self._locked():
                if version != self._version:
                    result = self._reading(reading, fresh) or self._conclude(
                        *self._look(self.game, self.state, reading, fresh, self._odds,
                                    self._doubt))
                else:
                    result = self._conclude(*found)
                self._judged(reading)
                if result.kind == v.QUESTION and self._question is not None \
                        and self._last_reading is not None:
                    self._since_asked.note(self._question, self._last_reading, self._odds,
                                           picture)
        return self._announce(result)

    def _judged(self, reading: Reading) -> None:
        """Note the last step standing once ``reading`` is the camera's last and acted
        on: a move after it (tapped on the page) is one the camera has not seen."""
        if self._last_reading is reading:
            standing = self._require_live().timeline.standing
            self._seen_step = standing[-1].seq if standing else 0

    def _fresh(self, reading: Reading, disturbed: bool,
               read_before: Collection[str] = ()) -> frozenset[str]:
        """The unsure spaces worth a question: the camera read them surely last time (a
        stone put down in a glare spot), or the picture's odds named what stood there
        all but surely last time and no longer do (``read_before``, T28: the picture
        read the space, though the label did not), they are being asked about, a hand passed
        (``disturbed``) and they were not answered "nothing happened" in this position,
        or the picture all but surely names there a stone (or an empty space) the game
        does not have (``likely.shown_otherwise``: a stone set in a glare spot the
        camera never read surely, or beside a stone set just before, whose shadow left
        the space unread last time). Otherwise a space the camera does not read gives
        no sign that anything happened there, and is not asked about."""
        seen = self._seen or {}
        asked = self._question.spaces if self._question is not None else ()
        view = self.game.view(self.state)
        shown = shown_otherwise(view, self._odds)
        lost = set(read_before) - named_surely(self._odds)
        return frozenset(space for space in view
                         if not is_sure(reading, space)
                         and (space in asked or is_sure(seen, space) or space in shown
                              or space in lost
                              or (disturbed and space not in self._settled)))

    def _reading(self, reading: dict[str, Any], fresh: frozenset[str]) -> TableVerdict | None:
        """Everything short of the search: occluded, waiting for dice, nothing changed.
        Returns ``None`` when the reading needs explaining, or when nothing changed on
        the sure spaces but a move may hide in a ``fresh`` unsure one."""
        game, state = self.game, self.state
        difference = compare(game.view(state), reading)
        if difference.unsure_fraction > self.limits.max_unsure_fraction:
            return TableVerdict(v.OCCLUDED, "The board is hidden (a hand over it?): waiting.",
                                difference.unsure)
        self._last_reading = self._seen = reading
        self._readings += 1
        waiting = self._waiting
        if waiting is not None and waiting.view is not None and agrees(waiting.view, reading):
            return self._dice_verdict()
        if not difference:
            return None if fresh else self._matches()
        if waiting is not None and waiting.view is not None:
            self._cancel_waiting()
        return None

    @property
    def _doubt(self) -> Question | None:
        """The question whose answer the game does not know: the one pending, else the
        last one dropped unanswered since the game changed (``companion.table.unlearned``)."""
        return self._question or self._unlearned

    def _look(self, game: Game, state: State, reading: Reading, fresh: frozenset[str],
              odds: Odds, doubt: Question | None = None
              ) -> tuple[dict[str, Any], Explanation, Question | None, Kept | None]:
        """The search: the explanations of ``reading`` and, when its sure spaces show no
        change, the question about the moves that may hide in ``fresh`` spaces (but for
        those the picture's ``odds`` rule out, ``likely.rules_out``). When no legal move
        explains it, but a move answering ``doubt`` (a question not answered) and then
        legal moves do, those are the explanations, to confirm (``unlearned.through``).
        Else the pieces no legal move could change, in the game's position or one
        ``doubt``'s moves lead to, are kept as the game has them
        (``companion.table.doubt``) and the reading, so corrected, is
        explained again; it is returned with the explanation when that explains it (else
        the reading as read is refused, with the move it looks like)."""
        reading = dict(reading)
        found = explain(game, state, reading, self.limits, fresh)
        kept = None
        if found.difference and not found.candidates and doubt is not None:
            confirm = through(game, doubt, reading, self.limits)
            if confirm:
                return reading, replace(found, candidates=confirm), None, None
        if found.difference and not found.candidates:
            kept = keep_known(game, state, reading, found.difference, self.limits,
                              positions(doubt))
            again = explain(game, state, kept.reading, self.limits, fresh) if kept else None
            if kept is not None and again is not None and (
                    again.candidates or not again.difference):
                reading, found = kept.reading, again
            else:
                kept = None  # the change is refused as read: the move it looks like
        if found.difference or not fresh:
            return reading, found, None, kept
        return reading, found, unseen(game, state, reading, fresh, self.limits,
                                      rules_out(odds)), kept

    def _matches(self, question: Question | None = None) -> TableVerdict:
        """The board shows the game on every space read surely: say so, or ask
        ``question`` about the spaces the camera cannot read. A question dropped
        unanswered whose spaces the camera reads again, as the game has them, is
        learned."""
        restored = self._problem is not None
        reading, unlearned = self._last_reading, self._unlearned
        if unlearned is not None and reading is not None \
                and all(is_sure(reading, space) for space in unlearned.spaces):
            self._unlearned = None
        self._misread = None
        self._refusals.clear()
        self._reset_table()
        if self._waiting is not None and self._waiting.view is not None:
            self._cancel_waiting()
        if question is not None:
            return self._ask(question)
        text = "The board is as the game has it again." if restored else "Nothing changed."
        return TableVerdict(v.UNCHANGED, text)

    def _ask(self, question: Question) -> TableVerdict:
        """Ask ``question``, unless the picture answers it (``companion.table.likely``)."""
        seen = picture_answer(question, self.game.view(self.state), self._odds)
        if seen is not None:
            return self._answer(question, seen, by_picture=True)
        self._problem = None
        self._choices = []
        self._question = question
        return TableVerdict(v.QUESTION, question.text, question.spaces, tuple(self.choices))

    def _conclude(self, reading: dict[str, Any], explanation: Explanation,
                  question: Question | None = None, kept: Kept | None = None
                  ) -> TableVerdict:
        """Apply the one explanation found, offer several, ask the ``question`` found
        for a reading whose sure spaces show no change, or refuse the reading; with the
        pieces ``kept`` as the game has them (the camera misread them), say so.

        When the search ran out of tries, one explanation is not trusted on its own: it
        is offered as a choice, since another might have been found. Several that
        differ only on unsure spaces are put as a question about those spaces.
        """
        if kept is None:
            return self._concluded(reading, explanation, question)
        self._last_reading = self._seen = reading
        result = self._concluded(reading, explanation, question)
        return replace(result, text=f"{result.text} {kept.words}")

    def _concluded(self, reading: dict[str, Any], explanation: Explanation,
                   question: Question | None) -> TableVerdict:
        if not explanation.difference:
            return self._matches(question)
        pending, self._question = self._question, None
        if pending is not self._misread:
            self._unlearned = pending or self._unlearned
        candidates = tuple(c for c in explanation.candidates
                           if not contradicts(c.view, self._odds))
        if explanation.candidates and not candidates:
            return self._unseen_stones(explanation.difference.changed)
        if pending is not None and any(self._unsettled(pending, reading, c)
                                       for c in candidates):
            return self._ask(pending)
        explanation = replace(explanation, candidates=candidates)
        found = tuple(c for c in explanation.candidates if not c.hidden)
        if explanation.candidates and not found:
            if all(is_sure(reading, space) for c in candidates for space in c.hidden):
                return self._confirm(explanation)
            # a move may hide where it is unread
            return self._ask(hidden(self.game, self.game.view(self.state),
                                    explanation.candidates))
        if found and len(found) < len(explanation.candidates) and explanation.complete:
            # The moves seen explain it, and so do they with one more hidden: ask.
            asked = between(self.game, reading, explanation.candidates)
            if asked is not None:
                return self._ask(asked)
        if len(found) == 1 and explanation.complete:
            return self._apply(found[0])
        if found:
            asked = between(self.game, reading, found) if explanation.complete else None
            if asked is not None:
                return self._ask(asked)
            self._problem = None
            self._choices = list(found)
            text = ("The board can be read as several moves: choose one."
                    if explanation.complete else
                    "The board may show this, but not every reading could be checked: "
                    "confirm it.")
            spaces = explanation.difference.changed
            return TableVerdict(v.AMBIGUOUS, text, spaces, tuple(self.choices))
        refused = self._refuse(reading)
        if self._unlearned is not None and refused.kind in (v.ILLEGAL, v.MISMATCH):
            # What the game cannot explain may hang on the question nobody answered:
            # it is put again, which the players can answer, rather than a refusal
            # they cannot mend (T36).
            return self._ask(self._unlearned)
        asked = self._misread_question(reading, refused)
        if asked is not None:
            return asked
        if explanation.complete or refused.kind != v.ILLEGAL:
            return refused
        # The search ran out before it tried every sequence: no rule is known broken.
        self._problem = replace(refused, kind=v.MISMATCH, text=UNCHECKED)
        return self._problem

    def _misread_question(self, reading: Reading, refused: TableVerdict
                          ) -> TableVerdict | None:
        """After the same space was read surely as the same piece in refusals in a row
        (``companion.table.misread``), ask whether it is that piece or another the
        legal moves explain the reading with: "Is F8 black or white?" (T38); but
        first about a move that may hide in a space it cannot read, where one
        explains the reading as read (``misread.missed``). The
        question asked before is put again where no legal move reaches the reading
        any longer (more moves played since), the spaces still read so: its moves,
        answered, are played and the reading read again from there."""
        if refused.kind not in (v.ILLEGAL, v.MISMATCH):
            return None
        game, state = self.game, self.state
        self._refusals.note(self._readings, game.view(state), reading, refused.spaces)
        spaces = tuple(space for space in self._refusals.repeated(self._readings)
                       if self._confirmed.get(space) != reading[space])
        if not spaces:
            return None
        lost = missed(game, state, reading, self._settled, self.limits)
        if lost is not None:
            return self._ask(lost)  # a move the camera missed, not a colour misread
        question = misread(game, state, reading, spaces, refused.text, self.limits)
        kept = self._misread
        if question is None and kept is not None and all(
                is_sure(reading, space) and space in spaces for space in kept.spaces):
            question = kept
        if question is None:
            return None
        self._misread = question
        return self._ask(question)

    def _confirm(self, explanation: Explanation) -> TableVerdict:
        """The reading is explained only with a move on spaces asked about and never
        answered, which the camera now reads (a stone set there, then taken: held-out
        game 42194's A9, then Black's C9 taking A9 and B9; ``companion.table.unlearned``).
        Nothing is applied on the picture's word: the moves are offered to confirm."""
        spaces = joined(list(dict.fromkeys(s for c in explanation.candidates
                                           for s in c.hidden)))
        self._problem = None
        self._choices = list(explanation.candidates)
        text = (f"{spaces} was asked about and not answered; the board shows the moves "
                "only with a move there: confirm it.")
        return TableVerdict(v.AMBIGUOUS, text, explanation.difference.changed,
                            tuple(self.choices))

    def _catch_up(self, held: list[Held], answered: dict[str, Any],
                  last: dict[str, Any]) -> list[str]:
        """Play, oldest first, the moves each of ``held`` (the readings a question just
        answered with a move was put on, ``companion.table.since_asked``) shows past the
        game, where the strict search explains it by one sequence the picture's odds of
        that reading allow, no move hidden, none waiting for dice; a reading behind the
        game or not so explained is passed over. ``answered``: the spaces a colour
        question (T38) was answered on, read so in each. The words of the moves played;
        ``last`` (the reading read after them) is the last reading again."""
        texts = []
        picture = self._reading_picture
        for seen, odds, shot in held:
            seen = {**seen, **answered}
            if seen == last or not compare(self.game.view(self.state), seen):
                continue
            _, found, asked, kept = self._look(self.game, self.state, seen, frozenset(), odds)
            plain = [c for c in found.candidates if not c.hidden and c.dice is None
                     and not contradicts(c.view, odds)]
            if asked is not None or kept is not None or not found.complete \
                    or len(found.candidates) != 1 or len(plain) != 1:
                continue
            self._last_reading, self._reading_picture = seen, shot
            texts.append(self._apply(plain[0]).text)
        self._last_reading, self._reading_picture = last, picture
        return texts

    def _unsettled(self, question: Question, reading: Reading, candidate: Candidate) -> bool:
        """Whether ``candidate`` would play on past ``question``, still unanswered: it
        has several moves, and leaves a space asked about as the game has it while the
        camera still cannot read it. A move may hide there among them, and taking them
        alone would put a position into the game that the table never showed: the
        question is put again instead. (One move seen elsewhere answers the question: it
        was that player's move; not where a reading the question was put on showed
        surely, on a space the move leaves as the game has it, something the game does
        not have there: a stone set and taken meanwhile, T40.)"""
        view = self.game.view(self.state)
        if not any(not is_sure(reading, space) and candidate.view[space] == view[space]
                   for space in question.spaces):
            return False
        return len(candidate.actions) > 1 or any(
            candidate.view[space] == view[space]
            for seen, _, _ in self._since_asked.on(question)
            for space in compare(view, seen).changed)

    def _unseen_stones(self, spaces: tuple[str, ...]) -> TableVerdict:
        """The moves the sure spaces show would leave out stones the camera half sees
        elsewhere (``companion.table.likely.contradicts``): more happened than it can
        read. Nothing is applied."""
        self._problem = TableVerdict(v.MISMATCH, UNSEEN_STONES, spaces)
        self._choices = []
        return self._problem

    def _refuse(self, reading: dict[str, Any]) -> TableVerdict:
        """No legal move explains the board: see ``companion.table.refusal``; at the
        game's start, a board that looks like several moves, or changes more spaces than
        one move does, shows another position (``_off_start``): pieces left on the
        table, not a wrong move."""
        if self._at_start():
            difference = compare(self.game.view(self.state), reading)
            if (len(difference.changed) > ONE_MOVE_SPACES
                    or len(guess(self.game, self.state, reading, difference)) > 1):
                return self._off_start(reading)
        self._problem, look_alike = refuse(self.game, self.state, reading)
        self._choices = [look_alike] if look_alike is not None else []
        return self._problem

    def _off_start(self, reading: Reading) -> TableVerdict:
        """The game has no move yet and the board is not as it starts: offer to start
        from what the camera sees or to clear the board; once the players chose to
        clear it (``clear_board``), say calmly what is still to clear."""
        view = self.game.view(self.state)
        spaces = compare(view, reading).changed
        named = ", ".join(spaces[:OFF_START_NAMED]) + (
            f" and {len(spaces) - OFF_START_NAMED} more" if len(spaces) > OFF_START_NAMED
            else "")
        self._choices = []
        if not self._clearing:
            text = (f"The board does not show the game's start ({named}): start from what "
                    "the camera sees, or clear the board.")
            self._problem = TableVerdict(v.OFF_START, text, spaces)
        elif any(content is not None for content in view.values()):
            self._problem = TableVerdict(v.CLEARING, "Set the board up as the game starts: "
                                         f"{named}. The game waits for it.", spaces)
        else:
            self._problem = TableVerdict(v.CLEARING, "Take the pieces off the board: "
                                         f"{named}. The game begins once it is empty.",
                                         spaces)
        return self._problem

    def choose(self, index: int) -> TableVerdict:
        """Apply the ``index``-th of the moves offered, or take the ``index``-th answer
        to the question asked (``choices``)."""
        with self._locked():
            if not 0 <= index < len(self.choices):
                raise IllegalAction("There is no such choice: read the board again.")
            if self._question is not None:
                result = self._answer(self._question, self._question.answers[index])
            else:
                result = self._apply(self._choices[index])
        return self._announce(result)

    def _answer(self, question: Question, answer: Answer, *, by_picture: bool = False
                ) -> TableVerdict:
        """Apply the move answered, or note that nothing changed on the spaces asked
        about (an observation, not journaled: they are not asked about again while the
        camera still cannot read them, unless it was the picture that answered). After a
        move, the other spaces asked about are asked about again: the next player's move
        may hide there too."""
        self._question = None
        held = self._since_asked.taken(question)
        if question is self._unlearned:
            self._unlearned = None
        what = (f"{question.spaces[0]} is {answer.words}" if len(question.spaces) == 1
                else answer.words)
        how = "as the picture shows it most likely" if by_picture else "as answered"
        reading = self._last_reading
        if question is self._misread and reading is not None:
            if answer.candidate is None:
                # What the camera read stands, and so does the refusal (T38).
                self._confirmed.update({space: reading[space] for space in question.spaces})
                refused = self._refuse(reading)
                return replace(refused, text=f"{what}, as answered. {refused.text}")
            # The camera read another piece there: the reading as answered.
            self._last_reading = {**reading, **{space: answer.candidate.view[space]
                                                for space in question.spaces}}
        if answer.candidate is None:
            if by_picture:
                what = f"{what} most likely"
            else:
                self._settled |= set(question.spaces)
            reading = self._last_reading
            if reading is not None and compare(self.game.view(self.state), reading):
                # Read again without a move there: the moves seen, or the stone seen
                # refused (it has no move before it).
                again = self._conclude(*self._look(self.game, self.state, reading,
                                                   frozenset(), self._odds))
                return replace(again, text=f"{what}, as the game has it. {again.text}")
            return TableVerdict(v.ANSWERED, f"{what}, as the game has it: nothing changed.")
        asked_colour = question is self._misread
        answered = {space: answer.candidate.view[space] for space in question.spaces} \
            if asked_colour else {}
        reading = self._last_reading
        if held:  # the readings it was put on are caught up with after it (T40)
            self._last_reading = None
        result = self._apply(answer.candidate)
        self._last_reading = reading
        result = replace(result, text=f"{what}, {how}: {result.text}")
        rest = [s for s in question.spaces if s not in answer.changes]
        reading = self._last_reading
        # The reading as answered is read as the camera's own (T38): a move may hide
        # where the picture names a stone it cannot read surely.
        fresh = self._fresh(reading, False) if asked_colour and reading is not None \
            else frozenset()
        if result.kind == v.APPLIED and reading is not None and (fresh or compare(
                self.game.view(self.state), reading)):
            # The board shows more than the move answered (a question put again past
            # moves it could not explain, T36): the readings it was put on are caught
            # up with one by one (T40), and the last is read again from there.
            caught = self._catch_up(held, answered, reading)
            again = self._conclude(*self._look(self.game, self.state, reading,
                                               fresh, self._odds))
            return replace(again, text=" ".join([result.text, *caught, again.text]))
        if result.kind != v.APPLIED or not rest or reading is None:
            return result
        follow = unseen(self.game, self.state, reading, rest, self.limits,
                        rules_out(self._odds))
        if follow is None:
            return result
        asked = self._ask(follow)
        return replace(asked, text=f"{result.text} {asked.text}")

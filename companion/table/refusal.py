"""What to say when no legal action explains a reading.

The change is read as the actions it looks like (``guesses``) and each is checked by the
rules in turn: the first the rules forbid makes the verdict *illegal*, with the rule's
reason and the differing spaces to put back. If every one is legal, the board is not
quite what they would leave (a token not placed, a stone not taken off): the verdict is
*mismatch*, with those actions offered as a choice. If the change looks like no action,
it is a plain *mismatch* with the differing spaces.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import Action, Game, State
from companion.table import verdict as v
from companion.table.explain import Candidate
from companion.table.guesses import guess
from companion.table.reading import compare
from companion.table.verdict import TableVerdict


def refuse(game: Game, state: State, reading: dict[str, Any]
           ) -> tuple[TableVerdict, Candidate | None]:
    """Return the verdict on an unexplained ``reading`` and the legal look-alike, if any."""
    difference = compare(game.view(state), reading)
    spaces = difference.changed
    hypothesis, legal, words = state, [], []
    look_alike: Candidate | None = None
    for action in guess(game, state, reading, difference):
        ruling = game.validate(hypothesis, action)
        if not ruling:
            return TableVerdict(v.ILLEGAL, ruling.reason, spaces), None
        legal.append(action)
        words.append(game.describe(hypothesis, action))
        request = game.dice_needed(hypothesis, action)
        if request is not None:
            look_alike = _candidate(legal, words, None, game.view(hypothesis), request)
            break
        hypothesis, _ = game.apply(hypothesis, action)
    else:
        if legal:
            look_alike = _candidate(legal, words, hypothesis, game.view(hypothesis))
    if look_alike is None:
        return TableVerdict(v.MISMATCH, "The board does not match the game.", spaces), None
    return TableVerdict(v.MISMATCH, "The board does not match the game; it looks like: "
                        f"{look_alike.text}.", spaces, (look_alike.text,)), look_alike


def _candidate(actions: list[Action], words: list[str], state: State | None,
               view: dict[str, Any], dice: Any = None) -> Candidate:
    return Candidate(tuple(actions), ", then ".join(words), state, view, dice)

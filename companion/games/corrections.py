"""Putting the game right by hand when the board and the game disagree.

A correction changes the state the way a referee would, without the rules: set what is
on a space, move what is on one space to another, or accept the whole board as the
camera reads it. Corrections are journaled like moves (kind ``game.correction``, see
``companion.game_log``), undone like moves, and replayed by ``rebuild``::

    {"type": "set", "space": "C3", "content": "black"}
    {"type": "move", "from": "C3", "to": "C4"}
    {"type": "board", "spaces": {"C3": null, "C4": "black"}}
    {"type": "annul"}

This module checks a correction's form and its spaces against the game's ``view``; what
setting or moving a space does to a state is the game's own knowledge, its hooks
``Game.set_by_hand`` and ``Game.move_by_hand`` (a game without them has no board to
correct). ``annul`` takes back the secret choices of the round in progress, so both
sides choose again (``Game.annul_by_hand``; OneWorld's combat round): the one way past
a sealed choice that undo refuses (``Game.undo_barrier``), and one the record shows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.base import CorrectionError, Game, State, cannot_correct, copy_state

KINDS = ("set", "move", "board", "annul")


def correct(game: Game, state: State, correction: Mapping[str, Any]) -> State:
    """Return ``state`` corrected as ``correction`` says (``state`` is left untouched).

    Raises ``CorrectionError`` when the correction is malformed or impossible.
    """
    if not isinstance(correction, Mapping) or correction.get("type") not in KINDS:
        raise CorrectionError(f'A correction is an object whose "type" is one of '
                              f'{", ".join(KINDS)}.')
    if correction["type"] == "annul":
        annulled = copy_state(state)
        game.annul_by_hand(annulled)
        return annulled
    try:
        view = game.view(state)
    except NotImplementedError:
        raise cannot_correct(game) from None
    state = copy_state(state)
    kind = correction["type"]
    if kind == "move":
        start, end = _space(view, correction.get("from")), _space(view, correction.get("to"))
        if start == end or view[start] is None:
            raise CorrectionError(f"There is nothing on {start} to move to {end}.")
        game.move_by_hand(state, start, end)
    else:
        spaces = ({correction.get("space"): correction.get("content")} if kind == "set"
                  else correction.get("spaces"))
        if not isinstance(spaces, Mapping) or not spaces:
            raise CorrectionError('Say which spaces to set: "spaces" maps each to its content.')
        for space, content in spaces.items():
            game.set_by_hand(state, _space(view, space), content)
    return state


def describe(correction: Mapping[str, Any]) -> str:
    """Return a correction in words: ``Correction: C3 set to black``."""
    kind = correction.get("type")
    if kind == "annul":
        return "Correction: the secret choices of the round annulled; they are made again"
    if kind == "move":
        return f"Correction: what was on {correction.get('from')} moved to {correction.get('to')}"
    if kind == "set":
        return f"Correction: {correction.get('space')} set to {_words(correction.get('content'))}"
    spaces = correction.get("spaces") or {}
    return "Correction: the board accepted as it is (" + ", ".join(
        f"{s} {_words(c)}" for s, c in spaces.items()) + ")"


def _words(content: Any) -> str:
    if content is None:
        return "empty"
    if isinstance(content, Mapping):
        parts = [f"{k} {', '.join(v) if isinstance(v, list) else v}"
                 for k, v in content.items() if v not in (None, [])]
        return "; ".join(parts) or "empty"
    return str(content)


def _space(view: Mapping[str, Any], space: object) -> str:
    if not isinstance(space, str) or space not in view:
        raise CorrectionError(f"There is no space {space!r} on this board.")
    return space

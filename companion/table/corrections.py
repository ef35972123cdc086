"""Putting the game right by hand when the board and the game disagree.

A correction changes the state the way a referee would, without the rules: set what is
on a space, move what is on one space to another, or accept the whole board as the
camera reads it. Corrections are journaled like moves (kind ``game.correction``, see
``companion.game_log``), undone like moves, and replayed by ``rebuild``::

    {"type": "set", "space": "C3", "content": "black"}
    {"type": "move", "from": "C3", "to": "C4"}
    {"type": "board", "spaces": {"C3": null, "C4": "black"}}

ONE and Go: a stone set on a space comes from its player's hand, a stone taken off goes
back to it (ONE keeps hands; moving a stone leaves them alone). ONSLAUGHT: a square's
content lists the pieces and orbs on it and the node token; a piece taken off a square
leaves the board, an orb taken off goes home. OneWorld: what stands on a hex can be moved
to another hex, or cleared (children go under their Tower); a hex cannot be *set* to a
counter, because a stack's make-up cannot be read from above: move the counters instead.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

from companion.errors import CompanionError
from companion.games.base import Game, State

KINDS = ("set", "move", "board")


class CorrectionError(CompanionError, ValueError):
    """A correction that cannot be made, with the reason in words."""


def correct(game: Game, state: State, correction: Mapping[str, Any]) -> State:
    """Return ``state`` corrected as ``correction`` says (``state`` is left untouched).

    Raises ``CorrectionError`` when the correction is malformed or impossible.
    """
    if not isinstance(correction, Mapping) or correction.get("type") not in KINDS:
        raise CorrectionError(f'A correction is an object whose "type" is one of '
                              f'{", ".join(KINDS)}.')
    setter, mover = _HANDLERS.get(game.name, (None, None))
    if setter is None or mover is None:
        raise CorrectionError(f"{game.title} has no board to correct.")
    view = game.view(state)
    state = copy.deepcopy(state)
    kind = correction["type"]
    if kind == "move":
        start, end = _space(view, correction.get("from")), _space(view, correction.get("to"))
        if start == end or view[start] is None:
            raise CorrectionError(f"There is nothing on {start} to move to {end}.")
        mover(state, start, end)
    else:
        spaces = ({correction.get("space"): correction.get("content")} if kind == "set"
                  else correction.get("spaces"))
        if not isinstance(spaces, Mapping) or not spaces:
            raise CorrectionError('Say which spaces to set: "spaces" maps each to its content.')
        for space, content in spaces.items():
            setter(state, _space(view, space), content)
    return state


def describe(correction: Mapping[str, Any]) -> str:
    """Return a correction in words: ``Correction: C3 set to black``."""
    kind = correction.get("type")
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


# -- ONE and Go ---------------------------------------------------------------------------


def _set_stone(state: State, space: str, content: Any) -> None:
    players = state.get("players", ["black", "white"])
    if content is not None and content not in players:
        raise CorrectionError(f"A space holds a stone of {', '.join(players)} or nothing, "
                              f"not {content!r}.")
    hand = state.get("hand")
    old = state["board"][space]
    if hand is not None and content is not None and content != old:
        if hand[content] == 0:
            raise CorrectionError(f"{content.capitalize()} has no stone left in hand to put "
                                  f"on {space}.")
        hand[content] -= 1
    if hand is not None and old is not None and content != old:
        hand[old] += 1
    state["board"][space] = content


def _move_stone(state: State, start: str, end: str) -> None:
    if state["board"][end] is not None:
        raise CorrectionError(f"{end} is taken: take that stone off first.")
    state["board"][end], state["board"][start] = state["board"][start], None


# -- ONSLAUGHT ------------------------------------------------------------------------------


def _set_square(state: State, square: str, content: Any) -> None:
    content = content or {"pieces": [], "orbs": [], "token": None}
    if not isinstance(content, Mapping):
        raise CorrectionError('A square holds {"pieces": [...], "orbs": [...], "token": ...}.')
    pieces, orbs = list(content.get("pieces", [])), list(content.get("orbs", []))
    token = content.get("token")
    if not set(pieces) <= set(state["pieces"]) or not set(orbs) <= set(state["orbs"]):
        raise CorrectionError(f"The pieces are {', '.join(state['pieces'])} and the orbs "
                              f"{', '.join(state['orbs'])}.")
    if token is not None and (square not in state["nodes"] or token not in state["orbs"]):
        raise CorrectionError(f"Only a node takes a token, red or blue; {square} "
                              f"{'is' if square in state['nodes'] else 'is not'} a node.")
    for name, piece in state["pieces"].items():
        if name in pieces:
            piece["at"] = square
        elif piece["at"] == square:
            piece["at"] = None
    for team, orb in state["orbs"].items():
        if team in orbs:
            orb["at"] = square
            carrier = orb["carrier"]
            orb["carrier"] = carrier if carrier in pieces else None
        elif orb["at"] == square:
            orb["at"], orb["carrier"] = orb["home"], None
    if square in state["nodes"]:
        state["nodes"][square].update(owner=token, progress=None)


def _move_square(state: State, start: str, end: str) -> None:
    for piece in state["pieces"].values():
        if piece["at"] == start:
            piece["at"] = end
    for orb in state["orbs"].values():
        if orb["at"] == start:
            orb["at"] = end


# -- OneWorld ----------------------------------------------------------------------------------


def _set_hex(state: State, hex_: str, content: Any) -> None:
    if content is not None:
        raise CorrectionError("A OneWorld hex can only be cleared or have its counters moved: "
                              "a stack cannot be set from what its top counter shows.")
    if any(god["at"] == hex_ and god["lives"] > 0 for god in state["gods"].values()):
        raise CorrectionError(f"The gods on {hex_} cannot be cleared away: move them instead.")
    home = "gone" if state["options"].get("tower_elimination") else "under_tower"
    for children in state["children"].values():
        for child in children:
            if child["at"] == hex_:
                child["at"], child["aspect"] = home, None


def _move_hex(state: State, start: str, end: str) -> None:
    if end in state["towers"].values() or start in state["towers"].values():
        raise CorrectionError("A Tower of Balance moves by the rules only.")
    for children in state["children"].values():
        for child in children:
            if child["at"] == start:
                child["at"] = end
    for god in state["gods"].values():
        if god["at"] == start:
            god["at"] = end


_HANDLERS: dict[str, tuple[Callable[[State, str, Any], None], Callable[[State, str, str], None]]]
_HANDLERS = {
    "one": (_set_stone, _move_stone),
    "go": (_set_stone, _move_stone),
    "onslaught": (_set_square, _move_square),
    "oneworld": (_set_hex, _move_hex),
}

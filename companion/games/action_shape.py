"""The shape of an action or a correction sent from outside (a page, a record): bounded,
and with no field the game does not know, before anything of it is journaled.

A game ignores fields it does not read, so without this check ``{"type": "place",
"player": "black", "at": "C3", "junk": "<20 MiB>"}`` is a legal move, journaled for
good. Two checks:

* ``check_bounds``: any action, any game. Plain JSON of a small size: at most
  ``MAX_FIELDS`` fields named like identifiers, texts of at most ``MAX_TEXT``
  characters, lists and objects of at most ``MAX_ITEMS`` items nested at most
  ``MAX_DEPTH`` deep, finite numbers within ``MAX_NUMBER`` (the outdoor game's poses are
  inches with fractions).
* ``check_action``: the bounds, then the fields against the game's legal actions of the
  same type now (the fields they carry, and those the game declares a player adds, its
  ``action_fields``, such as the salt of a reveal). An action of a type no legal action
  has and the game declares no fields for is left to the rules, which refuse it.

``check_correction`` and ``check_spaces`` bound a correction by hand and a reading of the
board alike: known fields, at most ``MAX_SPACES`` spaces, each content within the bounds.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Mapping
from typing import Any

from companion.games.base import Game, State

MAX_FIELDS = 12
MAX_TEXT = 128
MAX_ITEMS = 64
MAX_DEPTH = 3
MAX_NUMBER = 1_000_000
MAX_SPACES = 2000
"""The most spaces a correction or a reading names (a board has a few hundred)."""
CORRECTION_FIELDS = {"set": ("space", "content"), "move": ("from", "to"),
                     "board": ("spaces",), "annul": ()}
"""Each kind of correction (``companion.games.corrections.KINDS``) and its fields."""
MAX_LEGAL_LOOKED_AT = 5000
"""The most legal actions read to learn the fields of a type (the longest list a game
yields, a OneWorld turn, is a few hundred)."""

_FIELD_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")


class ActionShapeError(ValueError):
    """An action that is not the shape of any action of its game; says why."""


def check_bounds(action: Any) -> None:
    """Raise ``ActionShapeError`` unless ``action`` is a small plain JSON object with a
    ``type``, whose fields are named like identifiers."""
    if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
        raise ActionShapeError('An action is an object with a "type", such as '
                               '{"type": "place", "player": "black", "at": "C3"}.')
    if len(action) > MAX_FIELDS:
        raise ActionShapeError(f"An action has at most {MAX_FIELDS} fields, not "
                               f"{len(action)}.")
    for key, value in action.items():
        if not isinstance(key, str) or not _FIELD_NAME.fullmatch(key):
            raise ActionShapeError(f"An action's fields are named in lower-case letters, "
                                   f"digits and _; {_shown(key)} is not.")
        _check_value(value, f'"{key}"', 1)


def check_action(game: Game, state: State, action: Any) -> None:
    """Raise ``ActionShapeError`` unless ``action`` is within the bounds and carries only
    fields an action of its type carries in ``game`` now."""
    check_bounds(action)
    kind = action["type"]
    known = set(game.action_fields.get(kind, ()))
    for legal in itertools.islice(game.legal_actions(state), MAX_LEGAL_LOOKED_AT):
        if legal.get("type") == kind:
            known.update(legal)
    if not known:
        return
    unknown = sorted(set(action) - known - {"type"})
    if unknown:
        raise ActionShapeError(
            f"A {_shown(kind)} action of {game.title} has no field "
            f"{', '.join(_shown(k) for k in unknown)}; its fields are "
            f"{', '.join(sorted(known))}.")


def check_correction(correction: Any) -> None:
    """Raise ``ActionShapeError`` unless ``correction`` has a known ``type``, only its
    fields, and bounded contents (what each means is ``companion.games.corrections``'s)."""
    kind = correction.get("type") if isinstance(correction, Mapping) else None
    if not isinstance(kind, str) or kind not in CORRECTION_FIELDS:
        raise ActionShapeError(f'A correction is an object whose "type" is one of '
                               f'{", ".join(CORRECTION_FIELDS)}.')
    fields = CORRECTION_FIELDS[kind]
    unknown = sorted(str(k) for k in correction if k != "type" and k not in fields)
    if unknown:
        raise ActionShapeError(f"A {kind} correction has no field "
                               f"{', '.join(_shown(k) for k in unknown)}; its fields are "
                               f"{', '.join(fields)}.")
    if kind == "board":
        check_spaces(correction.get("spaces"), '"spaces"')
    for key in fields:
        if key != "spaces":
            _check_value(correction.get(key), f'"{key}"', 1)


def check_spaces(spaces: Any, where: str) -> None:
    """Raise ``ActionShapeError`` unless ``spaces`` maps at most ``MAX_SPACES`` short
    space names to bounded contents."""
    if not isinstance(spaces, Mapping):
        raise ActionShapeError(f"{where} maps each space to what is on it.")
    if len(spaces) > MAX_SPACES:
        raise ActionShapeError(f"{where} names {len(spaces)} spaces; at most {MAX_SPACES}.")
    for space, content in spaces.items():
        if not isinstance(space, str) or len(space) > MAX_TEXT:
            raise ActionShapeError(f"{where} names a space that is not a short text.")
        _check_value(content, f"{where} {_shown(space)}", 1)


def _check_value(value: Any, where: str, depth: int) -> None:
    if value is None or isinstance(value, bool):
        return
    if isinstance(value, float) and not math.isfinite(value):
        raise ActionShapeError(f"{where} is not a finite number.")
    if isinstance(value, int | float):
        if abs(value) > MAX_NUMBER:
            raise ActionShapeError(f"{where} is a number beyond {MAX_NUMBER}.")
        return
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise ActionShapeError(f"{where} is a text of {len(value)} characters; at most "
                                   f"{MAX_TEXT} are taken.")
        return
    if not isinstance(value, list | Mapping):
        raise ActionShapeError(f"{where} is not a text, a number, a list or an object.")
    if depth >= MAX_DEPTH:
        raise ActionShapeError(f"{where} nests lists or objects more than {MAX_DEPTH} deep.")
    if len(value) > MAX_ITEMS:
        raise ActionShapeError(f"{where} holds {len(value)} items; at most {MAX_ITEMS}.")
    if isinstance(value, Mapping):
        for key, item in value.items():
            if not isinstance(key, str) or len(key) > MAX_TEXT:
                raise ActionShapeError(f"{where} has a key that is not a short text.")
            _check_value(item, where, depth + 1)
    else:
        for item in value:
            _check_value(item, where, depth + 1)


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."

"""The JSON body of an API request: an object, or a 400 that says what to send.

The body is parsed here, strictly, not by Flask's lenient parser: it must be UTF-8,
nested at most ``MAX_DEPTH`` deep (a deeper one would exhaust the parser's recursion),
and hold no ``NaN``/``Infinity`` (not JSON, and nothing the table counts with) and no
lone surrogate (``"\\ud800"``: a string no file, journal or page can hold). How large
a body may be is the app's ``MAX_CONTENT_LENGTH`` (see web/app.py), or what a view marked
``larger_body`` takes: a larger one is a 413 before any view runs.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, TypeVar

from flask import current_app, request
from werkzeug.exceptions import RequestEntityTooLarge

from web.errors import InvalidRequest

View = TypeVar("View", bound=Callable[..., Any])

MAX_DEPTH = 32
"""The deepest nesting of arrays and objects a body may have."""

MAX_NUMBER_DIGITS = 30
"""The longest number a body may write (no count, size or index the API takes is longer)."""

# A string (an unterminated one runs to the end, so the scan stays linear) or a bracket.
_TOKENS = re.compile(r'"(?:[^"\\]++|\\.)*+"?|[\[\]{}]', re.DOTALL)
_SURROGATE = re.compile(r"[\ud800-\udfff]")


def larger_body(limit: int) -> Callable[[View], View]:
    """Let the view take a body of up to ``limit`` bytes instead of the app's
    ``MAX_CONTENT_LENGTH`` (an import's record)."""
    def mark(view: View) -> View:
        view.max_body = limit  # type: ignore[attr-defined]
        return view
    return mark


def refuse_large_bodies() -> None:
    """Before any view: a body larger than the view takes is a 413 whether the view
    reads it or not (a body sent without its length is cut at the limit as it is read)."""
    view = current_app.view_functions.get(request.endpoint or "")
    limit = getattr(view, "max_body", None)
    if limit is not None:
        request.max_content_length = limit
    limit = request.max_content_length
    if limit is not None and (request.content_length or 0) > limit:
        raise RequestEntityTooLarge()


class NotJson(InvalidRequest):
    """A body that is not JSON at all (its syntax, not its bounds)."""


def json_body(example: str = "") -> dict[str, Any]:
    """The request's body as a JSON object, ``{}`` when there is none. Anything else is
    an ``InvalidRequest`` whose sentence shows ``example``, a body the route takes."""
    data = request.get_data()
    if not data:
        return {}
    such_as = f", such as {example}" if example else ""
    try:
        body = parse_json(data)
    except NotJson as error:
        raise InvalidRequest(f"The request body must be a JSON object{such_as}.") from error
    if not isinstance(body, dict):
        raise InvalidRequest(f"The request body must be a JSON object{such_as}.")
    return body


def parse_json(data: bytes | str, what: str = "The request body") -> Any:
    """Parse ``data`` as strict JSON; ``InvalidRequest`` says what is wrong with
    ``what`` (the request body, a line of a record)."""
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise NotJson(f"{what} must be JSON in UTF-8.") from error
    if nesting_depth(data) > MAX_DEPTH:
        raise InvalidRequest(f"{what} is nested too deep: at most {MAX_DEPTH} "
                             f"arrays and objects inside one another.")
    try:
        value = json.loads(data, parse_constant=_no_constant(what),
                           parse_int=_number(int, what), parse_float=_number(float, what))
    except json.JSONDecodeError as error:
        raise NotJson(f"{what} is not valid JSON ({error.msg} at "
                             f"character {error.pos}).") from error
    if _has_surrogate(value):
        raise InvalidRequest(f"{what} holds a lone surrogate (such as \\ud800), which "
                             f"is not text.")
    return value


def nesting_depth(text: str) -> int:
    """How deep arrays and objects nest in the JSON ``text`` (brackets inside strings
    do not count), found in one pass without parsing."""
    depth = deepest = 0
    for token in _TOKENS.finditer(text):
        bracket = token[0]
        if bracket in ("[", "{"):
            depth += 1
            deepest = max(deepest, depth)
        elif bracket in ("]", "}"):
            depth -= 1
    return deepest


def _no_constant(what: str) -> Any:
    def refuse(name: str) -> Any:
        raise InvalidRequest(f"{what} holds {name}, which is not a JSON number.")
    return refuse


def _number(kind: type, what: str) -> Any:
    def parse(text: str) -> int | float:
        if len(text) > MAX_NUMBER_DIGITS:
            raise InvalidRequest(f"{what} holds a number of {len(text)} characters; at "
                                 f"most {MAX_NUMBER_DIGITS} are taken.")
        value = kind(text)
        if value in (float("inf"), float("-inf")):
            raise InvalidRequest(f"{what} holds {text}, too large a number.")
        return value
    return parse


def _has_surrogate(value: Any) -> bool:
    if isinstance(value, str):
        return _SURROGATE.search(value) is not None
    if isinstance(value, dict):
        return any(_has_surrogate(k) or _has_surrogate(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_surrogate(v) for v in value)
    return False

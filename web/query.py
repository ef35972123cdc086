"""Query parameters of API requests, read strictly: a whole number is ASCII digits only
(``"²"`` passes ``str.isdigit()`` yet makes ``int()`` raise; ``int()`` takes ``"٣"`` and
``" 3"``), within the bounds the route documents, else a 400 that says so."""

from __future__ import annotations

from flask import request

from web.errors import InvalidRequest


def whole_number(name: str, default: int, lowest: int, highest: int) -> int:
    """The query parameter ``name`` as a whole number from ``lowest`` to ``highest``
    (``default`` when absent); ``InvalidRequest`` otherwise."""
    text = request.args.get(name)
    if text is None:
        return default
    digits = len(str(highest))
    if not (text.isascii() and text.isdigit() and len(text) <= digits
            and lowest <= int(text) <= highest):
        raise InvalidRequest(f"{name} must be a whole number from {lowest} to {highest}, "
                             f"not {text[:20]!r}.")
    return int(text)

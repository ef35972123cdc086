"""The JSON body of an API request: an object, or a 400 that says what to send."""

from __future__ import annotations

from typing import Any

from flask import request

from web.errors import InvalidRequest


def json_body(example: str = "") -> dict[str, Any]:
    """The request's body as a JSON object, ``{}`` when there is none. Anything else is
    an ``InvalidRequest`` whose sentence shows ``example``, a body the route takes."""
    if not request.get_data():
        return {}
    body = request.get_json(silent=True, force=True)
    if not isinstance(body, dict):
        such_as = f", such as {example}" if example else ""
        raise InvalidRequest(f"The request body must be a JSON object{such_as}.")
    return body

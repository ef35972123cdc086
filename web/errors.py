"""Errors as JSON for the API: a bad request is a 400 with one sentence, an unknown
/api route a 404, a body over the size limit a 413, never a traceback page for something
a user typed. An exception no view expected is logged with its traceback and answered
with a 500 sentence on /api routes (the fuzz benchmark looks for any)."""

from __future__ import annotations

from flask import Flask, current_app, jsonify, request
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge


class InvalidRequest(ValueError):
    """A request the API cannot act on; the message says why, for a person."""


def error_response(message: str, status: int):
    return jsonify(error=message), status


def register(app: Flask) -> None:
    """Answer API errors with ``{"error": "a sentence"}``."""

    @app.errorhandler(InvalidRequest)
    def invalid_request(error: InvalidRequest):
        return error_response(str(error), 400)

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        if _is_api():
            return error_response(_sentence(error), error.code or 500)
        return error

    @app.errorhandler(Exception)
    def unexpected(error: Exception):
        if not _is_api():
            raise error
        current_app.logger.exception("Unexpected error on %s %s", request.method,
                                     request.path)
        return error_response("Something went wrong in the companion while answering; "
                              "the error is in its log.", 500)


def _is_api() -> bool:
    return request.path.startswith("/api/") or request.path == "/healthz"


def _sentence(error: HTTPException) -> str:
    if isinstance(error, RequestEntityTooLarge):
        return (f"The request body is too large: at most {_size(request.max_content_length)} "
                f"on {request.path}.")
    if error.code == 404:
        return f"There is no {request.path} here."
    if error.code == 405:
        return f"{request.path} does not take {request.method} requests."
    return f"{error.name}: {error.description}"


def _size(limit: int | None) -> str:
    if limit is None:
        return "what the server takes"
    if limit % (1 << 20) == 0:
        return f"{limit >> 20} MiB"
    return f"{limit >> 10} KiB" if limit % (1 << 10) == 0 else f"{limit} bytes"

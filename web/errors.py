"""Errors as JSON for the API: a bad request is a 400 with one sentence, an unknown
/api route a 404, never a traceback page for something a user typed."""

from __future__ import annotations

from flask import Flask, jsonify, request
from werkzeug.exceptions import HTTPException


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
        if request.path.startswith("/api/") or request.path == "/healthz":
            return error_response(_sentence(error), error.code or 500)
        return error


def _sentence(error: HTTPException) -> str:
    if error.code == 404:
        return f"There is no {request.path} here."
    if error.code == 405:
        return f"{request.path} does not take {request.method} requests."
    return f"{error.name}: {error.description}"

"""The server's OpenAPI 3 description, published at ``GET /api/openapi.json``.

Written by hand next to the routes it describes (a test checks that every route of the
app is described, and nothing else); the fuzz benchmark (``companion bench fuzz``)
builds its requests from it. Request bodies are given as JSON Schema with the bounds the
server enforces (``web.request_body``, ``companion.games.action_shape``), so a
generator that keeps to the schema sends requests the server may act on, and one that
strays is refused with a 4xx and a sentence.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, jsonify

from calibration.charuco import DEFAULT_SPEC
from companion.dice import MAX_COUNT, MAX_MODIFIER, MAX_SIDES
from companion.games.action_shape import CORRECTION_FIELDS, MAX_TEXT
from companion.games.registry import game_names
from web.api import MAX_HISTORY, MAX_NAME, MAX_PURPOSE
from web.calibration_page import PAPERS
from web.calibration_runner import MAX_WANTED, MIN_VIEWS, TARGETS
from web.request_body import MAX_DEPTH
from web.table_api import MAX_GAME_ID, MAX_IMPORT_BODY

bp = Blueprint("openapi", __name__, url_prefix="/api")

ERROR = {"type": "object", "properties": {"error": {"type": "string"}},
         "required": ["error"]}
TEXT = {"type": "string", "maxLength": MAX_TEXT}
POSITION = {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2}
CONTENT = {"anyOf": [{"type": "null"}, TEXT, {"type": "object"}]}
STEP = {"name": "step", "in": "query", "required": True,
        "schema": {"type": "integer", "minimum": 0}}
"""The step a review asks for (``/api/game/position``, ``/api/game/picture``)."""


@bp.get("/openapi.json")
def openapi_json():
    """This description, as JSON."""
    return jsonify(description(current_app.config["VERSION"]))


def description(version: str) -> dict[str, Any]:
    """The OpenAPI 3 document of every route the app serves."""
    return {
        "openapi": "3.0.3",
        "info": {
            "title": "Tabletop Companion",
            "version": version,
            "description": (
                "The table's JSON API and pages (docs/web.md). Every error is "
                '{"error": "a sentence"} with a 4xx status. Request bodies are JSON '
                f"objects of at most {current_app.config['MAX_CONTENT_LENGTH']} bytes "
                f"({MAX_IMPORT_BODY} for an import), nested at most {MAX_DEPTH} deep, "
                "without NaN, Infinity or lone surrogates."),
        },
        "paths": _paths(),
        "components": {"schemas": {"Error": ERROR}},
    }


def _paths() -> dict[str, Any]:
    games = game_names()
    action = {"type": "object", "required": ["type"],
              "properties": {"type": TEXT, "player": TEXT, "at": TEXT},
              "additionalProperties": True}
    correction = {"type": "object", "required": ["type"],
                  "properties": {"type": {"type": "string", "enum": list(CORRECTION_FIELDS)},
                                 "space": TEXT, "content": CONTENT, "from": TEXT, "to": TEXT,
                                 "spaces": {"type": "object",
                                            "additionalProperties": CONTENT}}}
    return {
        "/": {"get": _page("The table page.", "text/html")},
        "/favicon.ico": {"get": _op("No icon (204).", responses={"204": _bare("No icon.")})},
        "/frame.jpg": {"get": _page("The newest camera picture (or a placeholder).",
                                    "image/jpeg")},
        "/cards/flags/{code}.png": {"get": _op(
            "The flag of a country of the card game, by its code (FRA).",
            path=[_param("code", {"type": "string", "pattern": "^[A-Z]{3}$"})],
            responses={"200": _bare("The flag.", "image/png"), "404": _error()})},
        "/video.mjpg": {"get": _page("The camera as an MJPEG stream.",
                                     "multipart/x-mixed-replace")},
        "/healthz": {"get": _op("Is the companion up: version, camera, journal.",
                                responses={"200": _json("Up."),
                                           "503": _json("The journal cannot be read.")})},
        "/static/{filename}": {"get": _op(
            "The page's scripts and styles.", path=[_param("filename", {"type": "string"})],
            responses={"200": _bare("The file."), "404": _bare("No such file.")})},
        "/calibrate": {"get": _page("The camera calibration page.", "text/html")},
        "/calibration": {"get": _op("The calibration page's other name: sent on to it.",
                                    responses={"302": _bare("To /calibrate.")})},
        "/join": {"get": _op(
            "The join link (or the referee link): the table page, which joins.",
            query=[_param("pin", {"type": "string", "maxLength": 20}),
                   _param("referee", {"type": "string", "maxLength": 20})],
            responses={"302": _bare("To the table page.")})},
        "/join/qr.svg": {"get": _op("Joined phones: the join link as a QR code.",
                                    responses={"200": _bare("The QR code.", "image/svg+xml"),
                                               "401": _error()})},
        "/api/join": {"post": _op("Join the table: a seat, or watching.", body={
            "pin": {"type": "string", "maxLength": 20},
            "seat": {"type": "string", "maxLength": MAX_NAME},
            "watch": {"type": "boolean"}},
            responses={"200": _json("Who this phone is now."), "400": _error(),
                       "403": _error(), "409": _error(), "429": _error()})},
        "/api/me": {"get": _op("Who this phone is: its role and seat.")},
        "/api/seats": {"get": _op("The game's seats, and who sits where.")},
        "/api/seats/free": {"post": _op("Referee: free a seat.", body={
            "seat": {"type": "string", "maxLength": MAX_NAME}}, required=["seat"])},
        "/api/leave": {"post": _op("This phone leaves the table.", body={})},
        "/calibrate/frame.jpg": {"get": _page("The frame the calibration looked at last.",
                                              "image/jpeg")},
        "/calibrate/charuco.pdf": {"get": _op(
            "The ChArUco target to print, at true scale.",
            query=[_param("paper", {"type": "string", "enum": list(PAPERS)}),
                   _param("spec", {"type": "string", "maxLength": 60,
                                   "example": DEFAULT_SPEC})],
            responses={"200": _bare("The PDF.", "application/pdf"),
                       "400": _error()})},
        "/api/openapi.json": {"get": _op("This description.")},
        "/api/status": {"get": _op("The camera, the dice and the button.")},
        "/api/events": {"get": _op(
            "Server-sent events: hello, roll, frame, status, table, calibration.",
            responses={"200": _bare("The event stream.", "text/event-stream")})},
        "/api/dice/roll": {"post": _op("Roll dice (or what the dice button does).", body={
            "dice": {"type": "string", "maxLength": 20, "example": "2d6+3"},
            "count": {"type": "integer", "minimum": 1, "maximum": MAX_COUNT},
            "sides": {"type": "integer", "minimum": 1, "maximum": MAX_SIDES},
            "modifier": {"type": "integer", "minimum": -MAX_MODIFIER, "maximum": MAX_MODIFIER},
            "purpose": {"type": "string", "maxLength": MAX_PURPOSE},
            "by": {"type": "string", "maxLength": MAX_NAME}})},
        "/api/dice/history": {"get": _op("The latest rolls, newest first.", query=[
            _param("limit", {"type": "integer", "minimum": 1, "maximum": MAX_HISTORY})])},
        "/api/demo/resume": {"post": _op(
            "Demo only: run the replay again from its start (a new game of ONE).",
            body={}, responses={"200": _json("Running."), "404": _error()})},
        "/api/demo/button": {"post": _op("Demo only: press the simulated dice button.",
                                         responses={"200": _json("Pressed."),
                                                    "404": _error()})},
        "/api/games": {"get": _op("The games the table referees, and the saved games.")},
        "/api/board/{name}": {"get": _op(
            "A board's geometry: a bundled board or a board file in the data folder.",
            path=[_param("name", {"type": "string"})])},
        "/api/game": {"get": _op(
            "The game as the page shows it, and the live loop. The same for every page: "
            "a game with hidden_information holds only what all may see (its state "
            "without the hands, the deck's order and the seed).")},
        "/api/game/hand": {"get": _op(
            "What only this phone's seat may see of the game (a card game's hand); "
            "null for a phone without a seat and for a game that hides nothing.",
            responses={"200": _json("The seat and its private part."), "401": _error(),
                       "409": _error()})},
        "/api/game/start": {"post": _change("Start a game, from its start or a position.", {
            "game": {"type": "string", "enum": games},
            "options": {"type": "object", "properties": {
                "players": {"type": "integer", "minimum": 1, "maximum": 8},
                "seed": {"type": "integer", "minimum": 0},
                "board": {"type": "string"}, "size": {"type": "integer"},
                "handicap": {"type": "integer", "minimum": 2, "maximum": 9}}},
            "dice": {"type": "string", "enum": ["server", "table"]},
            "position": {"type": "object", "properties": {
                "cells": {"type": "array", "items": {"type": "object", "properties": {
                    "space": {"type": "string"}, "content": CONTENT}}},
                "to_move": {"type": "string"},
                "sgf": {"type": "string"}, "record": {"type": "string"}}}})},
        "/api/game/resume": {"post": _change("Go on with a game from the journal.", {
            "game_id": {"type": "string", "maxLength": MAX_GAME_ID}})},
        "/api/game/end": {"post": _change("End the game.")},
        "/api/game/actions": {"get": _op(
            "The legal actions, each with its words, spaces and dice (a game with hidden "
            "information: only to the phone of the seat to move; withheld says why).",
            query=[_param("space", {"type": "string"})],
            responses={"200": _json("The actions."), "400": _error(), "409": _error()})},
        "/api/game/position": {"get": _op(
            "Review: the board as it was after a step (0: before the first).",
            query=[STEP],
            responses={"200": _json("The position."), "400": _error(), "409": _error()})},
        "/api/game/picture": {"get": _op(
            "Review: the camera's picture of a step, where one was kept.",
            query=[STEP],
            responses={"200": _bare("The picture.", "image/jpeg"), "400": _error(),
                       "404": _error(), "409": _error()})},
        "/api/game/play": {"post": _change("Play an action.", {
            "action": action,
            "dice": {"type": "array", "maxItems": MAX_COUNT,
                     "items": {"type": "integer", "minimum": 0, "maximum": MAX_SIDES}}},
            required=["action"])},
        "/api/game/dice": {"post": _change(
            "Referee: the dice thrown at the table for the move waiting for them.",
            {"dice": {"type": "array", "maxItems": MAX_COUNT,
                      "items": {"type": "integer", "minimum": 1, "maximum": MAX_SIDES}}},
            required=["dice"])},
        "/api/game/choose": {"post": _change(
            "Pick one of the moves offered, or answer the question asked.",
            {"index": {"type": "integer", "minimum": 0}}, required=["index"])},
        "/api/game/correct": {"post": _change("Put the game right by hand.",
                                              {"correction": correction},
                                              required=["correction"])},
        "/api/game/accept": {"post": _change("Accept the board as the camera read it.")},
        "/api/game/from-camera": {"post": _change(
            "Start the game again, before any move, from the board the camera read.",
            {"to_move": {"type": "string"}})},
        "/api/game/clear-board": {"post": _change(
            "The board is being cleared for the game's start: the game waits for it.")},
        "/api/game/undo": {"post": _change("Undo the last step.")},
        "/api/game/redo": {"post": _change("Redo the step undone last.")},
        "/api/game/reading": {"post": _change("A reading of the board from outside.", {
            "reading": {"type": "object", "additionalProperties": CONTENT},
            "disturbed": {"type": "boolean"}}, required=["reading"])},
        "/api/game/export": {"get": _op(
            "The game's record (JSON Lines), or with format=sgf a game of Go as SGF; a game "
            "with hidden information once it is over (409 before: its seed fixes the deal).",
            query=[_param("format", {"type": "string", "enum": ["jsonl", "sgf"]})],
            responses={"200": _bare("The record.", "application/x-ndjson"),
                       "400": _error(), "409": _error()})},
        "/api/game/import": {"post": _op(
            f"Start a game from a record or an SGF file (at most {MAX_IMPORT_BODY} bytes).",
            body_content={
                "text/plain": {"schema": {"type": "string"}},
                "application/json": {"schema": {
                    "type": "object", "required": ["record"],
                    "properties": {"record": {"type": "string"}}}}},
            responses={"200": _json("The imported game and the lines skipped."),
                       "400": _error(), "413": _error()})},
        "/api/calibration": {"get": _op("The live loop's registration of the board.")},
        "/api/calibration/register": {"post": _op(
            "Find the board again, or from the four corners tapped.",
            body={"corners": {"type": "array", "items": POSITION,
                              "minItems": 4, "maxItems": 4}})},
        "/api/calibration/camera": {"get": _op("The camera calibration session.")},
        "/api/calibration/camera/start": {"post": _op(
            "Start collecting pictures of a calibration target.", body={
                "target": {"type": "string", "enum": list(TARGETS)},
                "spec": {"type": "string", "maxLength": 60, "example": DEFAULT_SPEC},
                "wanted": {"type": "integer", "minimum": MIN_VIEWS, "maximum": MAX_WANTED}},
            responses={"200": _json("The session."), "400": _error(), "409": _error()})},
        "/api/calibration/camera/finish": {"post": _op("Calibrate from the pictures kept.")},
        "/api/calibration/camera/cancel": {"post": _op("Stop and forget the session.")},
        "/api/calibration/camera/save": {"post": _op("Save the result as camera.json.")},
    }


def _op(summary: str, *, body: dict[str, Any] | None = None,
        body_content: dict[str, Any] | None = None, required: list[str] | None = None,
        query: list[dict[str, Any]] | None = None, path: list[dict[str, Any]] | None = None,
        responses: dict[str, Any] | None = None) -> dict[str, Any]:
    operation: dict[str, Any] = {"summary": summary}
    parameters = (path or []) + (query or [])
    if parameters:
        operation["parameters"] = parameters
    if body is not None:
        schema: dict[str, Any] = {"type": "object", "properties": body}
        if required:
            schema["required"] = required
        body_content = {"application/json": {"schema": schema}}
    if body_content is not None:
        operation["requestBody"] = {"content": body_content, "required": bool(required)}
    operation["responses"] = responses or {"200": _json("Done."), "400": _error()}
    return operation


def _change(summary: str, body: dict[str, Any] | None = None,
            required: list[str] | None = None) -> dict[str, Any]:
    """A change to the game: refused by the rules with a 409 and the rule's reason."""
    return _op(summary, body=body if body is not None else {}, required=required,
               responses={"200": _json("The verdict and the game."), "400": _error(),
                          "409": _error()})


def _page(summary: str, media: str) -> dict[str, Any]:
    return _op(summary, responses={"200": _bare(summary, media)})


def _param(name: str, schema: dict[str, Any]) -> dict[str, Any]:
    where = "path" if name in ("name", "filename", "code") else "query"
    return {"name": name, "in": where, "required": where == "path", "schema": schema}


def _json(text: str) -> dict[str, Any]:
    return {"description": text, "content": {"application/json": {"schema": {
        "type": "object"}}}}


def _bare(text: str, media: str | None = None) -> dict[str, Any]:
    if media is None:
        return {"description": text}
    return {"description": text, "content": {media: {}}}


def _error() -> dict[str, Any]:
    return {"description": "Refused, with a sentence that says why.",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}

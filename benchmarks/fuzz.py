"""Fuzzing the server: requests generated from its own OpenAPI description
(``GET /api/openapi.json``) and salted with hostile payloads (``benchmarks.fuzz_requests``:
deep nesting, ``NaN``, lone surrogates, huge texts and bodies, wrong types, paths such as
``/dev/zero``), sent in-process to the app ``companion serve`` builds (a journal in a
temporary folder, that folder as the data folder, the demo's simulated button, no
camera). A quarter of the moves played are the game's legal actions, so games
start, go on and end while the hostile requests arrive.

Prints the requests sent, how many got each status, the statuses per route, and every
HTTP 500 with its request; exits 1 when there was any. The goal is none.

    companion bench fuzz [--requests 10000] [--seed 0] [--spoil 0.1]
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask import Flask

from benchmarks.machine import machine

SUMMARY = "hostile and random requests from the server's OpenAPI description: no HTTP 500"

STREAMS = ("/api/events", "/video.mjpg")
"""Routes that answer an endless stream: only their status is read."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--requests", type=int, default=10_000,
                        help="requests to generate (default 10000)")
    parser.add_argument("--seed", type=int, default=0, help="hypothesis seed (default 0)")
    parser.add_argument("--spoil", type=float, default=0.1,
                        help="chance that a value of a body is replaced by a hostile one "
                             "(default 0.1)")


@dataclass
class FuzzResult:
    """What a fuzz run saw: each status's count, per route too, and every 500."""

    sent: int = 0
    statuses: Counter[int] = field(default_factory=Counter)
    by_route: dict[str, Counter[int]] = field(default_factory=dict)
    failures: list[tuple[str, int, str]] = field(default_factory=list)
    seconds: float = 0.0

    def count(self, route: str, status: int, shown: str, answer: str) -> None:
        self.sent += 1
        self.statuses[status] += 1
        self.by_route.setdefault(route, Counter())[status] += 1
        if status >= 500:
            self.failures.append((shown, status, answer))


def fuzz_app(folder: Path, seed: int, config: dict[str, Any] | None = None) -> Flask:
    """The app to fuzz, its journal in ``folder``, its dice seeded. Not in testing mode:
    an exception no view expected becomes the 500 the run counts, as it would on a real
    server. Pass in ``config`` what a server needs to accept the referee (see
    ``headers``)."""
    from web.app import create_app

    return create_app({"JOURNAL_PATH": str(folder / "journal.sqlite3"), "DEMO": True,
                       "TESTING": False, "DICE_RANDBELOW": random.Random(seed).randrange,
                       **(config or {})})


def headers(token: str | None = None) -> dict[str, str]:
    """What every request carries: a same-origin ``Origin`` and, with ``token``, the
    referee's ``Authorization: Bearer`` header."""
    sent = {"Origin": "http://localhost"}
    if token:
        sent["Authorization"] = f"Bearer {token}"
    return sent


def fuzz(app: Flask, requests: int, seed: int, *, spoil: float = 0.1,
         sent_headers: dict[str, str] | None = None) -> FuzzResult:
    """Send ``requests`` generated requests (seeded) to ``app``; return what came back."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as hypothesis_seed
    from hypothesis import strategies as st

    from benchmarks.fuzz_requests import FuzzRequest, requests_for

    client = app.test_client()
    spec = client.get("/api/openapi.json").get_json()
    generated = requests_for(spec, spoil)
    result = FuzzResult()
    started = time.perf_counter()

    def send(request: FuzzRequest) -> None:
        response = client.open(request.path, method=request.method,
                               query_string=request.query_string(), data=request.body,
                               content_type=request.content_type,
                               headers=sent_headers or {},
                               buffered=not request.path.startswith(STREAMS))
        answer = "" if request.path.startswith(STREAMS) else response.get_data()[
            :300].decode("utf-8", "replace")
        response.close()
        result.count(_route(app, request), response.status_code, request.shown(), answer)

    @settings(max_examples=requests, database=None, deadline=None,
              phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    @given(generated, st.integers(min_value=0, max_value=3),
           st.integers(min_value=0, max_value=10**6))
    def one(request: FuzzRequest, legal: int, pick: int) -> None:
        # Every draw is made whatever the app answers, so that the generation does not
        # depend on the app's state (hypothesis requires it).
        if request.path == "/api/game/play" and legal == 0:
            request = _legal_play(client, pick, sent_headers) or request
        send(request)

    hypothesis_seed(seed)(one)()
    result.seconds = time.perf_counter() - started
    return result


def _legal_play(client: Any, pick: int, sent_headers: dict[str, str] | None) -> Any:
    """A play of the game's legal action number ``pick`` (modulo their number) now, if
    there is a game."""
    import json

    from benchmarks.fuzz_requests import FuzzRequest

    listed = client.get("/api/game/actions", headers=sent_headers or {})
    actions = (listed.get_json() or {}).get("actions") if listed.status_code == 200 else None
    if not actions:
        return None
    action = actions[pick % len(actions)]["action"]
    return FuzzRequest("POST", "/api/game/play", json.dumps({"action": action}).encode())


def _route(app: Flask, request: Any) -> str:
    adapter = app.url_map.bind("localhost")
    try:
        rule, _ = adapter.match(request.path, method=request.method, return_rule=True)
    except Exception:  # noqa: BLE001 - any path nobody routes: 404, 405, a redirect
        return "(no route)"
    return f"{request.method} {rule.rule}"


@contextmanager
def _data_folder(folder: Path) -> Iterator[None]:
    """Use ``folder`` as the companion's data folder for the run (board files live
    there), then put the old one back."""
    old = os.environ.get("COMPANION_HOME")
    os.environ["COMPANION_HOME"] = str(folder)
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("COMPANION_HOME", None)
        else:
            os.environ["COMPANION_HOME"] = old


def report(result: FuzzResult) -> list[str]:
    """The run in lines: totals, statuses, per route, every 500."""
    lines = [f"requests sent: {result.sent} in {result.seconds:.0f} s "
             f"({result.sent / max(result.seconds, 1e-9):.0f}/s)",
             "statuses: " + ", ".join(f"{status}: {count}"
                                      for status, count in sorted(result.statuses.items())),
             "per route:"]
    for route, counts in sorted(result.by_route.items()):
        shown = ", ".join(f"{s}: {c}" for s, c in sorted(counts.items()))
        lines.append(f"  {route:44} {shown}")
    fives = sum(c for s, c in result.statuses.items() if s >= 500)
    lines.append(f"HTTP 5xx: {fives}")
    for shown, status, answer in result.failures:
        lines.append(f"  {status} {shown}\n      -> {answer}")
    return lines


def run(args: argparse.Namespace) -> int:
    from web.runtime import get_runtime

    print(f"fuzz: {args.requests} requests, seed {args.seed}, spoil {args.spoil}; "
          f"{machine()}")
    with tempfile.TemporaryDirectory() as name, _data_folder(Path(name)):
        # The requests come as the referee's, who may call every route: each route's
        # handling of what it is sent is tried, not only the access check before it.
        token = secrets.token_urlsafe(16)
        app = fuzz_app(Path(name), args.seed, {"ACCESS_TOKEN": token})
        try:
            result = fuzz(app, args.requests, args.seed, spoil=args.spoil,
                          sent_headers=headers(token))
        finally:
            get_runtime(app).close()
    print("\n".join(report(result)))
    return 1 if result.failures else 0

"""Load benchmark: many phones holding live pages open, and one phone's plain requests.

Serves the app with waitress on a free port of this machine, as ``companion serve``
does (its threads, its caps on open streams, its waitress options), with a journal in a
temporary folder and no camera. Then:

(a) the latency of plain ``GET /api/status`` requests with no stream open;
(b) ``--streams`` phones, each from its own loopback address (127.0.1.1, 127.0.1.2, ...),
    open ``GET /api/events`` and then never read it again (slow phones); the answers
    are counted (200: held open, 503: refused at once with Retry-After, none: no
    answer within ``--timeout``, the request waiting for a free server thread);
(c) the latency of plain requests again while every one of those connections is held,
    from ``--workers`` clients at once, with a die rolled on every tenth (an event for
    every open stream);
(d) one device opening more streams than the per-client cap.

Errors are requests that failed or took more than ``--timeout`` seconds.
"""

from __future__ import annotations

import argparse
import http.client
import logging
import secrets
import socket
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from benchmarks.machine import machine

SUMMARY = "plain-request latency (p50/p99) with hundreds of live pages held open"

EVENTS_REQUEST = b"GET /api/events HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\n\r\n"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--streams", type=_positive, default=200, metavar="N",
                        help="phones opening a live page and never reading (default 200)")
    parser.add_argument("--requests", type=_positive, default=500, metavar="N",
                        help="plain requests timed in each phase (default 500)")
    parser.add_argument("--workers", type=_positive, default=4, metavar="N",
                        help="plain requests in flight at once (default 4)")
    parser.add_argument("--threads", type=_positive, default=32, metavar="N",
                        help="server threads, as `serve --threads` (default 32)")
    parser.add_argument("--cap", type=_positive, metavar="N",
                        help="open streams allowed in all (default: what serve allows "
                             "with --threads; a large one shows the server without caps)")
    parser.add_argument("--timeout", type=float, default=5.0, metavar="S",
                        help="a request slower than this is an error (default 5 s)")


def run(args: argparse.Namespace) -> int:
    import waitress

    from web.app import create_app
    from web.commands import WAITRESS_OPTIONS
    from web.live import stream_cap
    from web.runtime import get_runtime

    logging.getLogger("waitress.queue").setLevel(logging.ERROR)  # "Task queue depth"
    cap = args.cap or stream_cap(args.threads)
    print(f"Load benchmark on {machine()}: waitress, {args.threads} threads, "
          f"at most {cap} streams open")
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as folder:
        token = secrets.token_urlsafe(16)  # the requests come from the referee's script
        app = create_app({"JOURNAL_PATH": str(Path(folder) / "journal.sqlite3"),
                          "SSE_MAX_STREAMS": cap, "ACCESS_TOKEN": token})
        server = waitress.create_server(app, host="127.0.0.1", port=0,
                                        threads=args.threads, **WAITRESS_OPTIONS)
        port = int(server.effective_port)
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        try:
            request = _requester(port, args.timeout, token)
            _report("(a) plain requests, no stream open",
                    _timed(request, args.requests, args.workers))
            held, answers = _open_streams(port, args.streams, args.timeout)
            print(f"(b) {args.streams} phones open a live page: " + ", ".join(
                f"{count} × {answer}" for answer, count in sorted(answers.items())))
            _report(f"(c) plain requests with {args.streams} phones holding their "
                    f"connection ({answers.get('200', 0)} streams open)",
                    _timed(request, args.requests, args.workers))
            left = time.perf_counter()
            for sock in held:
                sock.close()
            slots = get_runtime(app).hub.slots
            while slots.open and time.perf_counter() - left < 60:
                time.sleep(0.05)
            print(f"    the phones leave: {slots.open} streams still open "
                  f"{time.perf_counter() - left:.1f} s later")
            greedy, answers = _open_streams(port, 10, args.timeout, same_address=True)
            print("(d) one device opens 10 live pages: " + ", ".join(
                f"{count} × {answer}" for answer, count in sorted(answers.items())))
            for sock in greedy:
                sock.close()
        finally:
            _stop(server, thread, get_runtime(app))
    return 0


def _stop(server: Any, thread: threading.Thread, runtime: Any) -> None:
    """End the streams (freeing their threads), then close every connection from inside
    the server's own loop, so it stops without an error."""
    runtime.close()

    def close_everything() -> None:
        for channel in list(server._map.values()):
            channel.close()

    server.trigger.pull_trigger(close_everything)
    thread.join(10)
    server.task_dispatcher.shutdown()


def _requester(port: int, timeout: float, token: str) -> Callable[[int], float | None]:
    """A plain request (every tenth a die rolled, as the referee with ``token``): its
    latency in ms, or None if it failed or was too slow."""

    def request(number: int) -> float | None:
        start = time.perf_counter()
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
            if number % 10 == 9:
                connection.request("POST", "/api/dice/roll", body=b'{"count": 1}',
                                   headers={"Content-Type": "application/json",
                                            "Authorization": f"Bearer {token}"})
            else:
                connection.request("GET", "/api/status")
            response = connection.getresponse()
            response.read()
            connection.close()
        except OSError:
            return None
        if response.status != 200:
            return None
        return (time.perf_counter() - start) * 1000
    return request


def _timed(request: Callable[[int], float | None], count: int,
           workers: int) -> list[float | None]:
    with ThreadPoolExecutor(workers) as pool:
        return list(pool.map(request, range(count)))


def _open_streams(port: int, count: int, timeout: float,
                  same_address: bool = False) -> tuple[list[socket.socket], dict[str, int]]:
    """Open ``count`` event streams, each from its own loopback address unless
    ``same_address``, all at once; read only each answer's status line (waiting at
    most ``timeout`` seconds in all). Return the sockets (held open) and how many
    answers of each status came ("none" for no answer in time)."""
    held: list[socket.socket] = []
    answers: dict[str, int] = {}
    for index in range(count):
        source = "127.0.2.1" if same_address else f"127.0.{1 + index // 250}.{1 + index % 250}"
        try:
            sock = socket.create_connection(("127.0.0.1", port), timeout=timeout,
                                            source_address=(source, 0))
            sock.sendall(EVENTS_REQUEST)
            held.append(sock)
        except OSError:
            answers["error"] = answers.get("error", 0) + 1
    deadline = time.perf_counter() + timeout
    for sock in held:
        answer = "none"
        try:
            sock.settimeout(max(0.01, deadline - time.perf_counter()))
            answer = sock.recv(64).split(b"\r\n")[0].split(b" ")[1].decode()
        except (OSError, IndexError):
            pass
        answers[answer] = answers.get(answer, 0) + 1
    return held, answers


def _report(title: str, latencies: list[Any]) -> None:
    good = sorted(value for value in latencies if value is not None)
    errors = len(latencies) - len(good)
    if not good:
        print(f"{title}: every one of {len(latencies)} failed")
        return
    p99 = good[min(len(good) - 1, int(round(0.99 * (len(good) - 1))))]
    print(f"{title}: {len(latencies)} requests, p50 {statistics.median(good):.1f} ms, "
          f"p99 {p99:.1f} ms, max {good[-1]:.1f} ms, {errors} errors")


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value

"""Live updates to every open page, as server-sent events (SSE).

The :class:`LiveHub` fans events out to connected clients. Each client has its own
bounded queue: publishing never blocks, and a client too slow to keep up (a phone that
went to sleep, a vanished connection the server has not noticed yet) is dropped when
its queue is full. Its stream then ends with a ``retry:`` hint, the browser's
``EventSource`` reconnects by itself, and the page re-fetches what it missed. Nobody
else waits for it. A stream also ends (with the same hint) when its client has gone
(waitress says so, or a keep-alive write fails) and after ``max_age`` seconds, so a
phone that stopped reading without closing cannot keep its thread for ever.

A stream holds one server thread while it is open (waitress serves each request on a
thread and has no way to park a response), so :class:`StreamSlots` caps the open
streams (the event streams and the MJPEG video) per client address and in total, below
the server's threads by a reserve (:func:`stream_cap`): ordinary requests always find a
free thread, and a stream over a cap is answered at once with a 503 and ``Retry-After``
(see docs/reliability.md, "Many phones and slow phones").
"""

from __future__ import annotations

import json
import math
import queue
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from flask import Response, jsonify

RETRY_MS = 3000
"""How long a browser waits before reconnecting a dropped stream."""

DROPPED_RETRY_MS = 10_000
"""The ``retry:`` hint of a stream ended for being slow or too old: come back later."""

BUSY_RETRY_AFTER = 10
"""Seconds a client refused a stream (over a cap) is told to wait (``Retry-After``)."""

GONE_POLL = 1.0
"""Seconds between looks, while a stream waits, at whether its client has gone."""

MIN_RESERVE = 2
"""Server threads always kept for ordinary requests, however few threads there are."""

PER_CLIENT = 6
"""Streams one client address may hold open by default: a phone with a few tabs."""


def stream_cap(threads: int) -> int:
    """The most streams a server of ``threads`` threads holds open at once: a quarter of
    the threads (at least ``MIN_RESERVE``) stay free for ordinary requests."""
    return max(1, threads - max(MIN_RESERVE, threads // 4))


class StreamsFull(Exception):
    """A stream over a cap; the message is the sentence the 503 carries."""

    retry_after = BUSY_RETRY_AFTER


class StreamSlots:
    """Counts the open streams per client address and in total, and refuses one more
    past ``total`` or past ``per_client`` for one address."""

    def __init__(self, *, total: int, per_client: int) -> None:
        self.total = total
        self.per_client = per_client
        self._open: dict[str, int] = {}
        self._lock = threading.Lock()

    @property
    def open(self) -> int:
        with self._lock:
            return sum(self._open.values())

    def take(self, client: str) -> Callable[[], None]:
        """Take a slot for ``client`` (its address) and return the function that gives
        it back (calling it again does nothing); raise ``StreamsFull`` over a cap."""
        with self._lock:
            if sum(self._open.values()) >= self.total:
                raise StreamsFull(
                    f"The table already serves {self.total} live pages, the most it "
                    f"can at once; try again in {BUSY_RETRY_AFTER} s or close a page.")
            if self._open.get(client, 0) >= self.per_client:
                raise StreamsFull(
                    f"This device already has {self.per_client} live pages open, the "
                    f"most one device may; close one, or try again in {BUSY_RETRY_AFTER} s.")
            self._open[client] = self._open.get(client, 0) + 1
        given = threading.Event()

        def give_back() -> None:
            if given.is_set():
                return
            given.set()
            with self._lock:
                left = self._open.get(client, 0) - 1
                if left > 0:
                    self._open[client] = left
                else:
                    self._open.pop(client, None)
        return give_back


def refused(full: StreamsFull) -> Response:
    """The answer to a stream over a cap: a 503 with the sentence and ``Retry-After``."""
    response = jsonify(error=str(full))
    response.status_code = 503
    response.headers["Retry-After"] = str(full.retry_after)
    return response


def ending(reason: str) -> str:
    """The last message of a stream the server ends: a ``retry:`` hint (reconnect later)
    and a comment saying why."""
    return f"retry: {DROPPED_RETRY_MS}\n: {reason}\n\n"


def format_event(kind: str, data: dict[str, Any]) -> str:
    """Return one SSE message: an ``event:`` line, a JSON ``data:`` line, a blank line."""
    return f"event: {kind}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n"


class _Client:
    def __init__(self, size: int) -> None:
        self.queue: queue.Queue[str | None] = queue.Queue(maxsize=size)
        self.dropped = False


class EventStream:
    """The body of one SSE response: the hello message, then events as they come, and a
    keep-alive comment whenever ``keepalive`` seconds pass without one (which is also how
    a vanished client is noticed: writing to it fails). It ends, with a ``retry:`` hint,
    when its client is dropped as too slow, when ``gone()`` says the client has left, or
    once ``max_age`` seconds of ``clock`` have passed. Closing it leaves the hub and calls
    ``on_close`` (which gives back its slot)."""

    def __init__(self, hub: LiveHub, client: _Client, hello: str, keepalive: float, *,
                 max_age: float = float("inf"), gone: Callable[[], bool] = lambda: False,
                 on_close: Callable[[], None] = lambda: None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._hub = hub
        self._client = client
        self._first: str | None = f"retry: {RETRY_MS}\n{hello}"
        self._keepalive = keepalive
        self._gone = gone
        self._on_close = on_close
        self._clock = clock
        self._deadline = clock() + max_age
        self._ended = False

    def __iter__(self) -> Iterator[str]:
        return self

    def __next__(self) -> str:
        if self._first is not None:
            first, self._first = self._first, None
            return first
        if self._ended:
            self.close()
            raise StopIteration
        client = self._client
        slices = max(1, math.ceil(self._keepalive / GONE_POLL))
        for _ in range(slices):
            if client.dropped:
                if self._hub.closed:
                    break
                return self._end("dropped: this page fell too far behind")
            if self._gone():
                break
            if self._clock() >= self._deadline:
                return self._end("ended: a stream lives a while, then the page reconnects")
            try:
                message = client.queue.get(timeout=min(self._keepalive, GONE_POLL))
            except queue.Empty:
                continue
            if message is None:
                break
            return message
        else:
            return ": keep-alive\n\n"
        self.close()
        raise StopIteration

    def _end(self, reason: str) -> str:
        self._ended = True
        self._hub._leave(self._client)
        return ending(reason)

    def close(self) -> None:
        self._hub._leave(self._client)
        self._on_close()


class LiveHub:
    """Publishes events to every connected client without ever blocking the publisher."""

    def __init__(self, *, queue_size: int = 64, slots: StreamSlots | None = None) -> None:
        self.queue_size = queue_size
        self.slots = slots or StreamSlots(total=stream_cap(32), per_client=PER_CLIENT)
        """The caps on open streams, shared by every streaming route."""
        self._clients: set[_Client] = set()
        self._lock = threading.Lock()
        self._closed = False

    @property
    def client_count(self) -> int:
        with self._lock:
            return len(self._clients)

    @property
    def closed(self) -> bool:
        return self._closed

    def stream(self, *, hello: dict[str, Any], keepalive: float = 15.0,
               **options: Any) -> EventStream:
        """Connect a client now (so it misses nothing from this moment) and return its
        stream, which starts with a ``hello`` event carrying ``hello``. ``options`` are
        :class:`EventStream`'s ``max_age``, ``gone``, ``on_close`` and ``clock``."""
        client = _Client(self.queue_size)
        with self._lock:
            if self._closed:
                client.dropped = True
            else:
                self._clients.add(client)
        return EventStream(self, client, format_event("hello", hello), keepalive, **options)

    def publish(self, kind: str, data: dict[str, Any]) -> None:
        """Queue the event for every client; drop clients whose queue is full."""
        message = format_event(kind, data)
        with self._lock:
            clients = list(self._clients)
        for client in clients:
            try:
                client.queue.put_nowait(message)
            except queue.Full:
                client.dropped = True
                self._leave(client)

    def close(self) -> None:
        """End every stream (the server is shutting down) and refuse new clients."""
        with self._lock:
            self._closed = True
            clients, self._clients = list(self._clients), set()
        for client in clients:
            client.dropped = True
            try:
                client.queue.put_nowait(None)
            except queue.Full:
                pass  # its stream sees ``dropped`` at its next message

    def _leave(self, client: _Client) -> None:
        with self._lock:
            self._clients.discard(client)

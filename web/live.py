"""Live updates to every open page, as server-sent events (SSE).

The :class:`LiveHub` fans events out to connected clients. Each client has its own
bounded queue: publishing never blocks, and a client too slow to keep up (a phone that
went to sleep, a vanished connection the server has not noticed yet) is dropped when
its queue is full. Its stream then ends, the browser's ``EventSource`` reconnects by
itself, and the page re-fetches what it missed. Nobody else waits for it.

A stream holds one server thread while it is open (waitress serves each request on a
thread), so the server needs a thread per open page plus a few: see docs/web.md.
"""

from __future__ import annotations

import json
import queue
import threading
from collections.abc import Iterator
from typing import Any

RETRY_MS = 3000
"""How long a browser waits before reconnecting a dropped stream."""


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
    a vanished client is noticed: writing to it fails). Closing it leaves the hub."""

    def __init__(self, hub: LiveHub, client: _Client, hello: str, keepalive: float) -> None:
        self._hub = hub
        self._client = client
        self._first: str | None = f"retry: {RETRY_MS}\n{hello}"
        self._keepalive = keepalive

    def __iter__(self) -> Iterator[str]:
        return self

    def __next__(self) -> str:
        if self._first is not None:
            first, self._first = self._first, None
            return first
        client = self._client
        if client.dropped:
            self.close()
            raise StopIteration
        try:
            message = client.queue.get(timeout=self._keepalive)
        except queue.Empty:
            return ": keep-alive\n\n"
        if message is None or client.dropped:
            self.close()
            raise StopIteration
        return message

    def close(self) -> None:
        self._hub._leave(self._client)


class LiveHub:
    """Publishes events to every connected client without ever blocking the publisher."""

    def __init__(self, *, queue_size: int = 64) -> None:
        self.queue_size = queue_size
        self._clients: set[_Client] = set()
        self._lock = threading.Lock()
        self._closed = False

    @property
    def client_count(self) -> int:
        with self._lock:
            return len(self._clients)

    def stream(self, *, hello: dict[str, Any], keepalive: float = 15.0) -> EventStream:
        """Connect a client now (so it misses nothing from this moment) and return its
        stream, which starts with a ``hello`` event carrying ``hello``."""
        client = _Client(self.queue_size)
        with self._lock:
            if self._closed:
                client.dropped = True
            else:
                self._clients.add(client)
        return EventStream(self, client, format_event("hello", hello), keepalive)

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

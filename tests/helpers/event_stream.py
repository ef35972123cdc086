"""Reading the web app's server-sent events in tests."""

import json


def parse(chunk):
    """Return (event name, data) of one SSE message, or (None, None) for a comment."""
    kind, data = None, None
    for line in chunk.splitlines():
        if line.startswith("event: "):
            kind = line[len("event: "):]
        elif line.startswith("data: "):
            data = json.loads(line[len("data: "):])
    return kind, data


def next_event(chunks, kind, limit=20):
    """Read chunks (bounded) until an event of ``kind``; return its data."""
    for _ in range(limit):
        found, data = parse(next(chunks))
        if found == kind:
            return data
    raise AssertionError(f"no {kind} event in {limit} chunks")

"""Server-sent events: every roll reaches every page; slow pages never block others;
streams are capped per client and in total, and old or abandoned ones end."""

import pytest

from tests.helpers.event_stream import next_event, parse
from web.live import (
    DROPPED_RETRY_MS,
    LiveHub,
    StreamsFull,
    StreamSlots,
    ending,
    format_event,
    stream_cap,
)
from web.runtime import _relay, get_runtime


def test_the_stream_says_hello_then_delivers_a_roll(make_app):
    app = make_app(SSE_KEEPALIVE=0.05)
    client = app.test_client()
    response = client.get("/api/events")
    assert response.mimetype == "text/event-stream"
    assert response.headers["Cache-Control"] == "no-store"
    chunks = (c.decode() if isinstance(c, bytes) else c for c in response.response)
    first = next(chunks)
    assert first.startswith("retry: 3000\n")
    kind, hello = parse(first)
    assert kind == "hello" and hello["camera"]["status"] == "no camera"
    rolled = client.post("/api/dice/roll", json={"count": 2, "sides": 6, "by": "page"})
    assert next_event(chunks, "roll") == rolled.get_json()
    get_runtime(app).dice.roll_pending_or_default(requested_by="button")
    assert next_event(chunks, "roll")["requested_by"] == "button"
    assert get_runtime(app).hub.client_count == 1
    response.close()
    assert get_runtime(app).hub.client_count == 0


def test_an_idle_stream_sends_keep_alive_comments(make_app):
    response = make_app(SSE_KEEPALIVE=0.01).test_client().get("/api/events")
    chunks = iter(response.response)
    next(chunks)
    assert next(chunks) in (b": keep-alive\n\n", ": keep-alive\n\n")
    response.close()


def test_a_slow_client_is_dropped_and_the_others_still_hear_everything():
    hub = LiveHub(queue_size=3)
    slow = hub.stream(hello={}, keepalive=0.01)
    quick = hub.stream(hello={}, keepalive=0.01)
    next(slow), next(quick)
    heard = []
    for number in range(10):
        hub.publish("frame", {"number": number})
        heard.append(parse(next(quick))[1]["number"])
    assert heard == list(range(10))
    assert hub.client_count == 1
    # The slow client's stream ends with a retry hint (its browser reconnects later
    # and re-fetches).
    assert list(slow) == [ending("dropped: this page fell too far behind")]
    assert ending("x").startswith(f"retry: {DROPPED_RETRY_MS}\n")


def test_closing_the_hub_ends_every_stream_and_refuses_new_ones():
    hub = LiveHub()
    stream = hub.stream(hello={"a": 1}, keepalive=5.0)
    assert parse(next(stream)) == ("hello", {"a": 1})
    hub.close()
    assert list(stream) == []
    late = hub.stream(hello={}, keepalive=5.0)
    assert parse(next(late))[0] == "hello"
    assert list(late) == [] and hub.client_count == 0


def test_an_abandoned_stream_leaves_the_hub_when_closed_unread():
    hub = LiveHub()
    hub.stream(hello={}, keepalive=5.0).close()
    assert hub.client_count == 0


def test_format_event_is_one_sse_message():
    assert format_event("roll", {"total": 7}) == 'event: roll\ndata: {"total":7}\n\n'


def test_frame_events_are_throttled_and_status_events_are_not(fake_clock):
    hub = LiveHub()
    stream = hub.stream(hello={}, keepalive=0.01)
    next(stream)
    relay = _relay(hub, frame_rate=4.0, clock=fake_clock)
    for number in range(1, 11):       # 10 frames at 16 fps
        relay("frame", {"number": number})
        fake_clock.advance(0.0625)
    relay("status", {"camera": "reconnecting in 1 s: unplugged"})
    messages = [parse(next(stream)) for _ in range(4)]
    assert messages == [("frame", {"number": 1}), ("frame", {"number": 5}),
                        ("frame", {"number": 9}),
                        ("status", {"camera": "reconnecting in 1 s: unplugged"})]


def test_streams_are_capped_per_client_and_in_total():
    slots = StreamSlots(total=3, per_client=2)
    first = slots.take("10.0.0.5")
    slots.take("10.0.0.5")
    with pytest.raises(StreamsFull, match="This device already has 2 live pages open"):
        slots.take("10.0.0.5")
    slots.take("10.0.0.6")
    with pytest.raises(StreamsFull, match="already serves 3 live pages"):
        slots.take("10.0.0.7")
    first()
    first()  # giving a slot back twice gives back one
    assert slots.open == 2
    slots.take("10.0.0.7")
    assert slots.open == 3


def test_the_stream_cap_keeps_threads_for_ordinary_requests():
    assert stream_cap(32) == 24
    assert stream_cap(4) == 2
    assert all(threads - stream_cap(threads) >= 2 for threads in range(4, 200))


def test_a_stream_over_the_cap_is_answered_at_once_with_a_503(make_app):
    app = make_app(SSE_KEEPALIVE=5.0, SSE_MAX_STREAMS=3, SSE_MAX_PER_CLIENT=2)
    client = app.test_client()
    held = [client.get("/api/events"), client.get("/video.mjpg")]
    refused = client.get("/api/events")
    assert refused.status_code == 503
    assert refused.headers["Retry-After"] == "10"
    assert "This device already has 2 live pages open" in refused.get_json()["error"]
    other = app.test_client()
    held.append(other.get("/api/events", environ_base={"REMOTE_ADDR": "10.0.0.9"}))
    full = other.get("/video.mjpg", environ_base={"REMOTE_ADDR": "10.0.0.8"})
    assert full.status_code == 503 and "already serves 3" in full.get_json()["error"]
    assert client.get("/api/status").status_code == 200
    for response in held:
        response.close()
    assert get_runtime(app).hub.slots.open == 0
    assert client.get("/api/events").status_code == 200


def test_a_stream_ends_with_a_retry_hint_when_it_is_old(fake_clock):
    hub = LiveHub()
    closed = []
    stream = hub.stream(hello={}, keepalive=0.01, max_age=60.0, clock=fake_clock,
                        on_close=lambda: closed.append(True))
    next(stream)
    assert next(stream) == ": keep-alive\n\n"
    fake_clock.advance(60.0)
    assert list(stream) == [ending("ended: a stream lives a while, then the page "
                                   "reconnects")]
    assert hub.client_count == 0 and closed


def test_a_stream_whose_client_has_gone_ends():
    hub = LiveHub()
    gone = [False]
    stream = hub.stream(hello={}, keepalive=0.01, gone=lambda: gone[0])
    next(stream)
    hub.publish("roll", {"total": 3})
    assert parse(next(stream)) == ("roll", {"total": 3})
    gone[0] = True
    assert list(stream) == [] and hub.client_count == 0

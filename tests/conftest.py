"""Fixtures shared by the whole suite. Keep them general: any suite may use them."""

from __future__ import annotations

import gc

import pytest

pytest_plugins = ["tests.helpers.cpu_budget"]  # the CPU each test costs, and the budget


def pytest_collection_finish(session: pytest.Session) -> None:
    """Leave what collecting made (modules, test items, constants: it lives to the end
    of the run) out of Python's later garbage collections, each of which would walk it
    all again: a few seconds of CPU in the quick run (docs/testing.md)."""
    gc.freeze()


class FakeClock:
    """A clock that only moves when told to: ``clock()`` reads it, ``clock.sleep(s)`` and
    ``clock.advance(s)`` move it forward at once. Pass ``clock`` and ``clock.sleep``
    wherever code takes an injected clock and sleep, and no test ever waits."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def fake_clock() -> FakeClock:
    """A :class:`FakeClock` starting at t = 1000 s."""
    return FakeClock()


@pytest.fixture
def mock_pin_factory():
    """A gpiozero ``MockFactory`` for devices under test, closed afterwards."""
    from gpiozero.pins.mock import MockFactory

    factory = MockFactory()
    yield factory
    factory.close()


@pytest.fixture
def companion_home(tmp_path, monkeypatch):
    """Point the companion's data folder (``COMPANION_HOME``) at a fresh temporary one."""
    home = tmp_path / "companion-home"
    monkeypatch.setenv("COMPANION_HOME", str(home))
    return home


@pytest.fixture
def make_app(tmp_path):
    """A factory for web apps: ``make_app(**config)`` returns a Flask app with its
    journal in ``tmp_path``, no camera and no button unless ``config`` says otherwise.
    Its ``test_client()`` is the referee (by the token ``TEST_TOKEN``);
    ``tests/helpers/phones.py`` has the other phones (not joined, a player, a watcher).
    Every app it made is closed (camera thread, pins, streams, journal) afterwards."""
    from tests.helpers.phones import TEST_TOKEN, TableClient
    from web.app import create_app
    from web.runtime import get_runtime

    apps = []

    def make(**config):
        config.setdefault("JOURNAL_PATH", str(tmp_path / f"journal-{len(apps)}.sqlite3"))
        config.setdefault("TESTING", True)
        config.setdefault("ACCESS_TOKEN", TEST_TOKEN)
        app = create_app(config)
        app.test_client_class = TableClient
        apps.append(app)
        return app

    yield make
    for app in apps:
        get_runtime(app).close()


@pytest.fixture
def app(make_app):
    """A web app with a journal in a temporary folder, no camera, no button."""
    return make_app()


@pytest.fixture
def client(app):
    """Flask's test client for ``app``, as the referee (the token)."""
    return app.test_client()


@pytest.fixture
def anonymous_client(app):
    """A test client for ``app`` that has not joined the table (no token, no cookie)."""
    return app.test_client(as_referee=False)


@pytest.fixture
def live_server():
    """Serve apps for real: ``live_server(app)`` starts waitress on a free port in a
    background thread and returns the base URL ("http://127.0.0.1:PORT"). Servers are
    shut down from inside their own loop afterwards, so no socket is left open."""
    import threading

    import waitress

    from web.runtime import get_runtime

    running = []

    def serve(app, threads=16):
        server = waitress.create_server(app, host="127.0.0.1", port=0, threads=threads)
        thread = threading.Thread(target=server.run, name="live-server", daemon=True)
        thread.start()
        running.append((app, server, thread))
        return f"http://127.0.0.1:{server.effective_port}"

    yield serve
    for app, server, thread in running:
        get_runtime(app).close()  # ends the live streams, which free their threads
        def close_everything(server=server):
            for channel in list(server._map.values()):
                channel.close()

        try:
            server.trigger.pull_trigger(close_everything)
        except OSError:
            # The trigger's pipe was closed under it (seen once in CI: a descriptor
            # closed elsewhere in the process). The loop wakes each second and ends once
            # its map is empty; the trigger leaves the map without closing descriptor
            # numbers that may belong to someone else by now.
            server.trigger.del_channel()
            close_everything()
        thread.join(10)
        server.task_dispatcher.shutdown()
        assert not thread.is_alive(), "the live server did not stop"

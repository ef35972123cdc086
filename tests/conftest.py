"""Fixtures shared by the whole suite. Keep them general: any suite may use them."""

from __future__ import annotations

import pytest


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

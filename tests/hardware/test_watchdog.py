"""The systemd notifications: READY=1 and WATCHDOG=1 on a real AF_UNIX datagram socket."""

import os
import socket

import pytest

from hardware.watchdog import HeartbeatTimer, Watchdog, notify


@pytest.fixture
def systemd_socket(tmp_path):
    """A datagram socket standing in for systemd's $NOTIFY_SOCKET."""
    path = tmp_path / "notify"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(str(path))
        sock.setblocking(False)
        yield str(path), sock


def received(sock):
    messages = []
    while True:
        try:
            messages.append(sock.recv(4096).decode())
        except BlockingIOError:
            return messages


def test_outside_systemd_there_is_no_watchdog():
    assert Watchdog.from_environment({}) is None


def test_systemd_s_period_comes_from_watchdog_usec(systemd_socket):
    path, _ = systemd_socket
    watchdog = Watchdog.from_environment({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "30000000",
                                          "WATCHDOG_PID": str(os.getpid())})
    assert watchdog.period == 30.0 and watchdog.beats
    other = Watchdog.from_environment({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "30000000",
                                       "WATCHDOG_PID": str(os.getpid() + 1)})
    assert other.period == 0 and not other.beats


def test_ready_says_ready_and_beats_once(systemd_socket):
    path, sock = systemd_socket
    Watchdog(path, 30.0).ready("serving on port 8000")
    assert received(sock) == ["READY=1\nSTATUS=serving on port 8000", "WATCHDOG=1"]


def test_beats_as_often_as_frames_come_send_one_message_a_quarter_period(systemd_socket):
    path, sock = systemd_socket
    now = [0.0]
    watchdog = Watchdog(path, 8.0, clock=lambda: now[0])
    for step in range(100):  # 10 s of frames at 10 frames a second
        now[0] = step / 10
        watchdog.beat()
    assert received(sock) == ["WATCHDOG=1"] * 5  # at 0, 2, 4, 6 and 8 s


def test_without_a_period_only_readiness_is_said(systemd_socket):
    path, sock = systemd_socket
    watchdog = Watchdog(path, 0.0)
    watchdog.ready()
    watchdog.beat()
    assert received(sock) == ["READY=1"]


def test_a_socket_that_is_gone_is_logged_not_raised(tmp_path, caplog):
    assert not notify(str(tmp_path / "nobody"), "WATCHDOG=1")
    assert "cannot tell systemd" in caplog.text


def test_an_abstract_socket_is_written_with_a_leading_at():
    name = f"companion-test-{os.getpid()}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind("\0" + name)
        assert notify("@" + name, "READY=1")
        assert sock.recv(100) == b"READY=1"


def test_a_table_without_a_camera_is_beaten_by_the_timer(systemd_socket):
    path, sock = systemd_socket
    waits = []
    timer = HeartbeatTimer(Watchdog(path, 30.0),
                           wait=lambda seconds: waits.append(seconds) or len(waits) == 3)
    timer.run()
    assert waits == [15.0] * 3
    assert received(sock) == ["WATCHDOG=1"] * 3


def test_serve_says_ready_and_a_table_without_a_camera_keeps_beating(systemd_socket,
                                                                     make_app):
    from web.runtime import get_runtime, tell_systemd_ready

    path, sock = systemd_socket
    runtime = get_runtime(make_app())
    tell_systemd_ready(runtime, "serving on port 8000",
                       {"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "30000000"})
    sock.settimeout(10)
    messages = [sock.recv(4096).decode() for _ in range(3)]
    assert sorted(messages) == ["READY=1\nSTATUS=serving on port 8000",
                                "WATCHDOG=1", "WATCHDOG=1"]
    runtime.close()
    sock.settimeout(10)
    assert sock.recv(4096) == b"STOPPING=1"
    assert tell_systemd_ready(runtime, "", {}) is None

"""Running a real server in a test: a free port, and how long it may take to start."""

import socket

STARTUP_LIMIT = 30.0  # seconds a server may take to answer before the test fails


def free_port():
    """A TCP port on 127.0.0.1 nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]

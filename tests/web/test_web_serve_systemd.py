"""A real ``companion serve`` under a stand-in for systemd: it says READY=1 on the
notification socket once it listens, beats the watchdog without a camera, and caps its
live streams below its threads (``--threads 4``: two streams, the third refused)."""

import http.client
import json
import os
import socket
import subprocess
import sys

import pytest

from tests.helpers.serving import STARTUP_LIMIT, free_port


@pytest.mark.slow  # a real server process: CI runs it, the quick run leaves it out
def test_serve_says_ready_beats_and_caps_its_streams(tmp_path):
    notify = tmp_path / "notify"
    port = free_port()
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as systemd:
        systemd.bind(str(notify))
        systemd.settimeout(STARTUP_LIMIT)
        env = {**os.environ, "COMPANION_HOME": str(tmp_path), "NOTIFY_SOCKET": str(notify),
               "WATCHDOG_USEC": "20000000"}
        process = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1",
             "--port", str(port), "--source", "none", "--no-button", "--threads", "4"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True)
        streams = []
        try:
            said = set()
            while "READY=1" not in said:
                said.add(systemd.recv(4096).decode().split("\n")[0])
            assert "WATCHDOG=1" in said or systemd.recv(4096) == b"WATCHDOG=1"
            for _ in range(2):
                stream = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                stream.request("GET", "/api/events")
                answer = stream.getresponse()  # kept: it holds the connection open
                assert answer.status == 200
                streams += [stream, answer]
            third = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            streams.append(third)
            third.request("GET", "/api/events")
            refused = third.getresponse()
            assert refused.status == 503 and refused.getheader("Retry-After") == "10"
            assert "live pages" in json.loads(refused.read())["error"]
            plain = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            streams.append(plain)
            plain.request("GET", "/api/status")
            answer = plain.getresponse()
            assert answer.status == 200 and answer.read()
        finally:
            for stream in streams:
                stream.close()
            process.terminate()
            process.communicate(timeout=10)
        assert process.returncode == 0
        said = []
        while True:
            systemd.settimeout(0)
            try:
                said.append(systemd.recv(4096))
            except BlockingIOError:
                break
        assert b"STOPPING=1" in said

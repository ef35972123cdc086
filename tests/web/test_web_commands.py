"""``companion serve`` and ``companion demo``: help texts, URLs, and a real start."""

import json
import os
import socket
import subprocess
import sys
import urllib.error
import urllib.request

import pytest

from companion.cli import main
from tests.helpers.serving import STARTUP_LIMIT, free_port
from web.commands import urls


def help_text(capsys, command):
    with pytest.raises(SystemExit) as exit_:
        main([command, "--help"])
    assert exit_.value.code == 0
    return " ".join(capsys.readouterr().out.split())  # argparse wraps lines


def test_serve_help_explains_every_option(capsys):
    text = help_text(capsys, "serve")
    for option in ("--host", "--port", "--source", "--journal", "--button-pin", "--no-button",
                   "--led-pin", "--buzzer-pin", "--threads", "picamera, usb:0",
                   "replay:PATH?fps=2&loop=1", "default: 0.0.0.0", "default: 17",
                   "--private", "docs/security.md", "COMPANION_TOKEN"):
        assert option in text


def test_the_start_banner_gives_the_join_link_pin_qr_code_and_the_referee_link():
    from web.access import Access
    from web.join_banner import banner
    from web.pin_guard import PinGuard
    from web.sessions import Sessions

    access = Access(table_pin="123456", referee_pin="87654321", token=None, private=True,
                    sessions=Sessions(), guard=PinGuard())
    text = banner(["http://192.168.1.20:8000/", "http://table.local:8000/"], access)
    assert "http://192.168.1.20:8000/join?referee=87654321" in text
    assert "http://192.168.1.20:8000/join?pin=123456 with the table PIN 123456" in text
    assert "\u2580" in text or "\u2584" in text  # the QR code, in half blocks
    assert "http://table.local:8000/" in text and "only phones that joined" in text


def test_demo_help_says_no_camera_and_no_pi_are_needed(capsys):
    text = help_text(capsys, "demo")
    assert "replayed game" in text and "simulated dice button" in text
    assert "--port" in text and "default: 127.0.0.1" in text


def test_urls_name_localhost_or_the_lan_addresses():
    assert urls("127.0.0.1", 8000) == ["http://localhost:8000/"]
    assert urls("192.168.1.9", 80) == ["http://192.168.1.9:80/"]
    lan = urls("0.0.0.0", 8000)
    assert lan[-1] == f"http://{socket.gethostname()}.local:8000/"
    assert all(u.startswith("http://") and "127.0.0.1" not in u for u in lan)


def test_serve_with_a_bad_source_says_so_in_one_sentence(capsys, tmp_path):
    code = main(["serve", "--source", "webcam", "--no-button",
                 "--journal", str(tmp_path / "j.sqlite3")])
    assert code == 1
    err = capsys.readouterr().err
    assert err.startswith("companion serve: 'webcam' is neither a source name")
    assert err.count("\n") == 1


def get_json(url, timeout=2.0):
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return json.loads(response.read())


@pytest.mark.slow  # a real demo process: CI runs it; the quick run has the demo in-process
def test_companion_demo_really_starts_and_serves(tmp_path):
    port = free_port()
    env = {**os.environ, "COMPANION_HOME": str(tmp_path), "COMPANION_TOKEN": "demo-token"}
    process = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "demo", "--port", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True)
    try:
        health = None
        attempts = 0
        while health is None:
            attempts += 1
            assert attempts < STARTUP_LIMIT * 10, "the demo did not answer in time"
            try:
                health = get_json(f"http://127.0.0.1:{port}/healthz")
            except (urllib.error.URLError, ConnectionError):
                # Not listening yet: wait a tenth of a second on the process itself,
                # which also notices a demo that died.
                with pytest.raises(subprocess.TimeoutExpired):
                    process.wait(timeout=0.1)
        assert health["ok"] and health["journal"] == str(tmp_path / "demo.sqlite3")
        request = urllib.request.Request(f"http://127.0.0.1:{port}/api/demo/button",
                                         method="POST",
                                         headers={"Authorization": "Bearer demo-token"})
        with urllib.request.urlopen(request, timeout=5) as response:
            pressed = json.loads(response.read())
        assert pressed["roll"]["requested_by"] == "simulated button"
    finally:
        process.terminate()
        output, _ = process.communicate(timeout=10)
    assert process.returncode == 0
    assert f"http://localhost:{port}/join?referee=" in output
    assert f"http://localhost:{port}/join?pin=" in output


def test_serve_uses_the_pi_camera_where_its_library_is_installed(monkeypatch):
    import importlib.util

    from web import commands

    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name: object() if name == "picamera2" else None)
    assert commands._source(None) == "picamera"
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    assert commands._source(None) is None
    assert commands._source("none") is None
    assert commands._source("usb:1") == "usb:1"


def test_demo_on_a_port_in_use_says_so(capsys, companion_home):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["demo", "--port", str(port)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"companion demo: cannot listen on 127.0.0.1 port {port}")
    assert "choose another --port" in err


def test_serve_private_refuses_watching_without_joining_and_keeps_sessions_in_the_data_folder(
        monkeypatch, companion_home):
    from web import commands

    served = {}
    monkeypatch.setattr(commands, "_serve",
                        lambda config, *args, **kwargs: served.update(config) or 0)
    assert main(["serve", "--private", "--source", "none", "--no-button"]) == 0
    assert served["PRIVATE"] is True
    assert served["SESSIONS_PATH"] == str(companion_home / "sessions.json")

"""``companion serve`` and ``companion demo``: the table page on the local network.

Both serve the app with waitress, a production WSGI server that serves each request
on a thread from a fixed pool. A live page holds one thread for its event stream (and
one more if it shows /video.mjpg), so the pool is sized for a table of phones plus a
few: ``--threads 32`` by default, of which at most ``web.live.stream_cap`` (24) serve
streams, so ordinary requests always find a free thread (docs/reliability.md).
"""

from __future__ import annotations

import argparse
import importlib.util
import logging
import os
import signal
import socket
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion import paths
from companion.errors import UserFacingError

DEFAULT_THREADS = 32

WAITRESS_OPTIONS = {"connection_limit": 500, "channel_request_lookahead": 1}
"""Room for many idle connections (waitress stops accepting at its limit, 100 by
default), and a look ahead on each so a stream notices its client leaving."""


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``serve`` and ``demo`` sub-commands."""
    serve = subparsers.add_parser(
        "serve", help="serve the table page: the game refereed from the camera, dice",
        description=(
            "Serve the table page to the players' phones: the game refereed from the "
            "camera (or played from the page), the camera picture, the dice (the GPIO "
            "button and a Roll button on the page) and the history, updated live. "
            "Phones join with the PIN and QR code printed on start; the referee link "
            "printed with them is yours. $COMPANION_TOKEN, if set, is a token scripts "
            "send as 'Authorization: Bearer TOKEN' to act as the referee. "
            "Stop it with Ctrl-C."))
    serve.add_argument("--host", default="0.0.0.0",
                       help="address to listen on (default: 0.0.0.0, every network, so "
                            "that phones reach the table; anyone on the network can then "
                            "watch, but only phones with the PIN play and only the "
                            "referee changes the game: see docs/security.md)")
    serve.add_argument("--private", action="store_true",
                       help="only phones that joined with the table's PIN may watch")
    serve.add_argument("--port", type=int, default=8000, help="TCP port (default: 8000)")
    serve.add_argument("--source", metavar="SPEC",
                       help="the camera: picamera, usb:0, an http(s)/rtsp URL, a folder or "
                            "video to replay, replay:PATH?fps=2&loop=1, or none (default: "
                            "picamera where python3-picamera2 is installed, else none)")
    serve.add_argument("--journal", metavar="PATH", type=Path,
                       help="the event journal (default: journal.sqlite3 in the data folder, "
                            "$COMPANION_HOME if set)")
    button = serve.add_mutually_exclusive_group()
    button.add_argument("--button-pin", type=int, default=17, metavar="N",
                        help="GPIO (BCM) pin of the dice button, wired to ground "
                             "(default: 17)")
    button.add_argument("--no-button", action="store_true",
                        help="run without the GPIO dice button")
    serve.add_argument("--led-pin", type=int, metavar="N",
                       help="GPIO pin of an LED that lights on each roll")
    serve.add_argument("--buzzer-pin", type=int, metavar="N",
                       help="GPIO pin of an active buzzer that beeps on each roll")
    serve.add_argument("--threads", type=int, default=DEFAULT_THREADS, metavar="N",
                       help="server threads; each open page holds one for its live "
                            "updates, and a quarter stay free for other requests "
                            f"(default: {DEFAULT_THREADS})")
    serve.set_defaults(func=run_serve)

    demo = subparsers.add_parser(
        "demo", help="try the companion with no camera and no Pi",
        description=(
            "Serve the table page with a replayed game of ONE (rendered pictures of its "
            "board, one per move, captures included) instead of a camera, refereed move by "
            "move through the live loop, and a simulated dice button instead of "
            "GPIO: nothing to wire, nothing to install. Games and rolls go to a demo "
            "journal in the data folder. Stop it with Ctrl-C."))
    demo.add_argument("--host", default="127.0.0.1",
                      help="address to listen on (default: 127.0.0.1, this computer only; "
                           "0.0.0.0 lets phones on the network in)")
    demo.add_argument("--port", type=int, default=8000, help="TCP port (default: 8000)")
    demo.add_argument("--threads", type=int, default=DEFAULT_THREADS, metavar="N",
                      help=f"server threads (default: {DEFAULT_THREADS})")
    demo.set_defaults(func=run_demo)


def run_serve(args: argparse.Namespace) -> int:
    from calibration.commands import default_camera_path
    from companion.vision.look_file import default_look_path

    config = {
        "JOURNAL_PATH": str(args.journal or paths.journal_path()),
        "FRAME_SOURCE": _source(args.source),
        "BUTTON_PIN": None if args.no_button else args.button_pin,
        "LED_PIN": args.led_pin,
        "BUZZER_PIN": args.buzzer_pin,
        "CAMERA_PATH": str(default_camera_path()),
        "LOOK_PATH": str(default_look_path()),
        "PRIVATE": args.private,
        "SESSIONS_PATH": str(paths.data_dir() / "sessions.json"),
    }
    return _serve(config, args.host, args.port, args.threads)


def _source(spec: str | None) -> str | None:
    """The --source to open: "none" for no camera; by default the Pi camera where its
    library is installed (a Pi set up by systemd/install-pi.sh), else no camera."""
    if spec is None:
        return "picamera" if importlib.util.find_spec("picamera2") else None
    return None if spec.strip().lower() == "none" else spec


def run_demo(args: argparse.Namespace) -> int:
    from web.demo import DemoGames

    games = DemoGames()
    config = demo_config(games)
    config["JOURNAL_PATH"] = str(paths.data_dir() / "demo.sqlite3")
    config["SESSIONS_PATH"] = str(paths.data_dir() / "demo-sessions.json")

    def begin(runtime: Any) -> None:
        games.table = runtime.table
        games.new_game()

    return _serve(config, args.host, args.port, args.threads, begin=begin)


def demo_config(games: Any) -> dict[str, Any]:
    """The demo's app config: the held replay, its known board, the simulated button."""
    from web.demo import HeldReplay, demo_locator

    return {
        "FRAME_SOURCE": lambda: HeldReplay(games.new_game, control=games),
        "DEMO_REPLAY": games,
        "BOARD_LOCATOR": demo_locator,
        "DEMO": True,
        "BUTTON_PIN": 17,
    }


def _serve(config: dict[str, Any], host: str, port: int, threads: int,
           begin: Callable[[Any], None] | None = None) -> int:
    import waitress

    from web.access import get_access
    from web.app import create_app
    from web.join_banner import banner
    from web.live import stream_cap
    from web.runtime import get_runtime, tell_systemd_ready
    from web.table_api import MAX_IMPORT_BODY

    if threads < 4:
        raise UserFacingError(f"--threads must be at least 4, not {threads}")
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    app = create_app({"SSE_MAX_STREAMS": stream_cap(threads), **config,
                      "ACCESS_TOKEN": os.environ.get("COMPANION_TOKEN")})
    runtime = get_runtime(app)
    try:
        if begin is not None:
            begin(runtime)
        if config.get("BUTTON_PIN") is not None and runtime.button is None:
            print(f"Running without the dice button: {runtime.button_problem}")
        _check_port(host, port)
        # Waitress refuses a larger body before reading it (the app's own limits, 413
        # with a sentence, are smaller but for an import's).
        server = waitress.create_server(app, host=host, port=port, threads=threads,
                                        ident="tabletop-companion", **WAITRESS_OPTIONS,
                                        max_request_body_size=MAX_IMPORT_BODY)
        print(f"Camera: {runtime.camera()['status']}; journal: {runtime.journal.path}")
        print(banner(urls(host, server.effective_port), get_access(app)))
        print("Stop with Ctrl-C.", flush=True)
        signal.signal(signal.SIGTERM, _exit_on_sigterm)
        tell_systemd_ready(runtime, f"serving on port {server.effective_port}")
        server.run()
    finally:
        runtime.close()
    return 0


def _check_port(host: str, port: int) -> None:
    """Raise a UserFacingError now if the server could not listen on ``host:port`` (waitress
    itself would fail with a traceback and leave its sockets open)."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(address)
    except OSError as error:
        reason = error.strerror or str(error)
        raise UserFacingError(f"cannot listen on {host} port {port} ({reason}); is another "
                              "companion running? choose another --port") from error


def _exit_on_sigterm(signum: int, frame: Any) -> None:
    sys.exit(0)


def urls(host: str, port: int) -> list[str]:
    """The addresses a person can open: for 0.0.0.0, this machine's LAN addresses and
    its mDNS name; for 127.0.0.1, localhost."""
    if host in ("0.0.0.0", "", "::"):
        names = lan_addresses() + [f"{socket.gethostname()}.local"]
    elif host in ("127.0.0.1", "localhost"):
        names = ["localhost"]
    else:
        names = [f"[{host}]" if ":" in host else host]
    return [f"http://{name}:{port}/" for name in names]


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, the default route's first."""
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # a documentation address: nothing is sent
            found.append(probe.getsockname()[0])
    except OSError:
        pass  # no route: maybe no network yet; the host name lookup may still answer
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for info in infos:
        address = str(info[4][0])
        if address not in found:
            found.append(address)
    return [a for a in found if not a.startswith("127.") and a != "0.0.0.0"]

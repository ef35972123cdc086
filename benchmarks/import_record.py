"""Import benchmark: how long ``POST /api/game/import`` takes as the record grows.

Each record is a game of Go on 19×19 (100 random legal moves, seeded) followed by
corrections by hand (``# correction:`` lines) that put a stone on a free space and take
it away again, over and over, until the record has the size asked: every line is legal
and journaled, so the whole import path (parsing, the rules, the journal, the fold of
the game afterwards) is timed. The app runs in-process (Flask's test client) with a
file journal in a temporary folder, as ``serve`` has it.
"""

from __future__ import annotations

import argparse
import json
import random
import secrets
import tempfile
import time
from pathlib import Path

from benchmarks.machine import machine
from companion.games.match import Match

SUMMARY = "seconds to import a record of 1,250 to 5,000 steps (linear in its length?)"

OPENING_MOVES = 100


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--sizes", default="70000,140000,280000", metavar="N,N",
                        help="record sizes in characters (default 70000,140000,280000: "
                             "about 1,250, 2,500 and 4,900 steps; imports take at most "
                             "5,000 steps)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the opening moves")


def run(args: argparse.Namespace) -> int:
    from web.app import create_app
    from web.runtime import get_runtime

    sizes = [int(text) for text in args.sizes.split(",") if text.strip()]
    print(f"Import benchmark on {machine()}")
    print("    characters     lines    seconds   µs per line")
    for size in sizes:
        record = long_record(size, args.seed)
        with tempfile.TemporaryDirectory(prefix="companion-bench-") as folder:
            token = secrets.token_urlsafe(16)  # the referee imports (docs/security.md)
            app = create_app({"JOURNAL_PATH": str(Path(folder) / "journal.sqlite3"),
                              "ACCESS_TOKEN": token})
            try:
                start = time.perf_counter()
                answer = app.test_client().post("/api/game/import", data=record,
                                                content_type="text/plain",
                                                headers={"Authorization": f"Bearer {token}"})
                seconds = time.perf_counter() - start
            finally:
                get_runtime(app).close()
        lines = record.count("\n")
        status = "" if answer.status_code == 200 else f"   (answered {answer.status_code})"
        per_line = seconds / lines * 1e6
        print(f"    {len(record):>10,}  {lines:>8,}  {seconds:>9.1f}  {per_line:>12.0f}{status}")
    return 0


def long_record(size: int, seed: int) -> str:
    """A legal Go record of about ``size`` characters (module docstring)."""
    rng = random.Random(seed)
    match = Match("go", {"size": 19})
    lines = [json.dumps({"game": "go", "options": {"size": 19}})]
    for _ in range(OPENING_MOVES):
        places = [action for action in match.legal_actions if action.get("type") == "place"]
        action = rng.choice(places)
        match.push(action)
        lines.append(json.dumps(action))
    free = next(space for space, stone in match.state["board"].items() if stone is None)
    total = sum(len(line) + 1 for line in lines)
    stone: str | None = "black"
    while True:
        line = "# correction: " + json.dumps({"type": "board", "spaces": {free: stone}})
        if total + len(line) + 1 > size:
            break
        lines.append(line)
        total += len(line) + 1
        stone = None if stone else "black"
    return "\n".join(lines) + "\n"

"""Following rendered games photo by photo, as ``companion referee go --frames`` does.

Each game is a seeded random game of Go (a capture taken, when there is one, half the
time), rendered on one realistic table (``companion.vision.scene.looks``: glossy stones
with their lamps' highlights, a webcam's noise and JPEG; development looks, or with
``--held-out`` the held-out ones no threshold is chosen on, with ``--unseen`` the unseen
ones, measured only at the end of a piece of work), one photo per position, the first
the empty board. The follow runs the live loop (learned look, the game resolving
doubt, the picture's odds) through the board's corners in the first photo. Nobody
answers the referee's questions. ``--start M`` follows the game from its position after
move M (the moves before it played into the game, as ``referee --start`` does; the first
photo shows that position and settles the board's turn), ``--relight-at N`` changes the
light at once from photo N on (another light of the look's own set: a lamp switched on,
a cloud; ``looks.relit``), ``--sharpen`` sharpens every photo and saves it as a strong
JPEG, as a phone does (``scene.phone``). Photos are numbered by the moves they follow (photo
N shows the position after move N). Prints per game the verdicts, whether every photo's
position was read right to the end, where it first stopped and why, and whether the game
ever held a position the table did not show; then the totals.

    companion bench follow --games 6 --moves 20 [--size 9] [--held-out | --unseen]
                           [--first-seed 10] [--start 60] [--relight-at 12] [--sharpen]
"""

from __future__ import annotations

import argparse
import random
from typing import Any

import numpy as np

from companion.games.go import Go
from companion.games.replay import Entry, Record
from companion.vision.scene.frames import render_game_frames
from companion.vision.scene.looks import DEVELOPMENT, HELD_OUT, UNSEEN, random_look_of
from companion.vision.scene.phone import random_sharpening
from hardware.follow_frames import FrameFollower

SUMMARY = "following rendered games photo by photo with the live loop (learned look, odds)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=6, help="games to follow (default 6)")
    parser.add_argument("--moves", type=int, default=20, help="moves per game (default 20)")
    parser.add_argument("--size", type=int, default=9, choices=(9, 13, 19),
                        help="board size (default 9)")
    looks = parser.add_mutually_exclusive_group()
    looks.add_argument("--held-out", action="store_true", help="held-out table looks")
    looks.add_argument("--unseen", action="store_true",
                       help="unseen table looks (measure once, never study scene by scene)")
    parser.add_argument("--first-seed", type=int, default=0, help="first game's seed")
    parser.add_argument("--start", type=int, default=0, metavar="MOVE",
                        help="follow from the position after this move (default 0: the "
                             "empty board)")
    parser.add_argument("--relight-at", type=int, default=None, metavar="PHOTO",
                        help="another light from this photo on (a lamp switched on)")
    parser.add_argument("--sharpen", action="store_true",
                        help="every photo sharpened by a phone and saved as a strong JPEG")


def random_game(size: int, moves: int, seed: int) -> list[dict[str, Any]]:
    """The states of a seeded random game of Go, the first state included."""
    return random_moves(size, moves, seed)[0]


def random_moves(size: int, moves: int, seed: int
                 ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """A seeded random game of Go: its states (the first included) and its moves."""
    go, rng = Go(), random.Random(seed)
    states, actions = [go.initial_state({"size": size})], []
    for _ in range(moves):
        state = states[-1]
        places = [a for a in go.legal_actions(state) if a["type"] == "place"]
        captures = [a for a in places if _captures(go, state, a)]
        actions.append(rng.choice(captures if captures and rng.random() < 0.5 else places))
        states.append(go.apply(state, actions[-1])[0])
    return states, actions


def _captures(go: Go, state: dict[str, Any], action: dict[str, Any]) -> bool:
    return any(e["type"] == "capture" for e in go.apply(state, action)[1])


def _cells(state: dict[str, Any]) -> dict[str, str]:
    return {space: colour or "empty" for space, colour in state["board"].items()}


def follow_game(seed: int, size: int, moves: int, looks: str, *, start: int = 0,
                relight_at: int | None = None, sharpen: bool = False) -> dict[str, Any]:
    """Follow one rendered game on a table of the ``looks`` set from its position after
    move ``start``, the light changed from photo ``relight_at`` on, every photo
    sharpened by a phone with ``sharpen``; what became of it (photos numbered by move)."""
    states, actions = random_moves(size, moves, seed)
    look = random_look_of(np.random.default_rng(seed), looks)
    sharpening = random_sharpening(np.random.default_rng([seed, 5])) if sharpen else None
    frames = render_game_frames(
        [{k: c for k, c in s["board"].items() if c} for s in states[start:]], look, seed,
        f"go-{size}", relight_at=None if relight_at is None else relight_at - start,
        sharpening=sharpening)
    record = Record("go", {"size": size}, tuple(
        Entry(line, action) for line, action in enumerate(actions[:start], start=1)))
    follower = FrameFollower(Go(), record, positioned=start > 0,
                             corners=frames[0][1]["corners_px"])
    shown: list[dict[str, str]] = []
    stop, wrong, verdicts = None, False, []
    for index, ((image, _), state) in enumerate(zip(frames, states[start:], strict=True),
                                                start=start):
        result = follower.see(str(index), image)
        verdicts.append(result.verdict)
        shown.append(_cells(state))
        held = {c["space"]: c["content"] for c in result.to_json()["cells"]}
        if stop is None and held != shown[-1]:
            stop = (index, result.verdict, result.reason or result.text)
        wrong |= held not in shown
    return {"verdicts": verdicts, "stop": stop, "wrong": wrong}


def run(args: argparse.Namespace) -> int:
    if not 0 <= args.start < args.moves or not (
            args.relight_at is None or args.start < args.relight_at <= args.moves):
        print("--start is a move before the last (0 ≤ START < MOVES), --relight-at a photo "
              "after it (START < PHOTO ≤ MOVES).")
        return 2
    ended = wrong = 0
    looks = HELD_OUT if args.held_out else UNSEEN if args.unseen else DEVELOPMENT
    for seed in range(args.first_seed, args.first_seed + args.games):
        game = follow_game(seed, args.size, args.moves, looks, start=args.start,
                           relight_at=args.relight_at, sharpen=args.sharpen)
        stop = game["stop"]
        ended += stop is None
        wrong += game["wrong"]
        where = ("to the end" if stop is None
                 else f"stopped at photo {stop[0]} ({stop[1]}: {stop[2]})")
        print(f"game {seed}: {where}; a position not shown: {'yes' if game['wrong'] else 'no'}")
        print("  " + " ".join(game["verdicts"]), flush=True)
    print(f"{ended} of {args.games} games followed to the end, every move right; "
          f"{wrong} held a position the table did not show")
    return 0

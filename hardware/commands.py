"""Sub-commands of the hardware layer: ``companion roll``, ``companion cameras``
(``hardware.cameras``), ``--frames`` for ``companion referee`` and ``--live`` for
``companion calibrate camera``.

``companion roll`` rolls through the same ``DiceService`` and journal as the button and
the page, so a roll from the command line shows up in the table's dice history.

``companion referee GAME --frames IMAGE...`` follows a game from photographs through the
live loop (``hardware.follow_frames``). The ``referee`` sub-command belongs to the core
(``companion.games.commands``: records and play), which may not import the camera loop;
so this layer adds the ``--frames`` options to that parser and takes the command when
they are given. ``companion calibrate camera --live SOURCE`` likewise takes the pictures
of a lens calibration from a camera (``hardware.live_calibration``). Both are added by
``extend``, which the composition root (``companion/cli.py``) calls once every layer
has registered its own commands.
"""

from __future__ import annotations

import argparse
import getpass
import importlib
import json
import time
from pathlib import Path

from companion import paths
from companion.dice import DiceService, Roll, parse_dice
from companion.errors import UserFacingError, value_errors_as
from companion.journal import Journal


def register(subparsers: argparse._SubParsersAction) -> None:
    from hardware import cameras

    cameras.register(subparsers)
    parser = subparsers.add_parser(
        "roll",
        help="roll dice and record the roll in the journal",
        description=(
            "Roll dice from the operating system's random source and record the roll in "
            "the journal, like the dice button does. DICE is 2d6, d20 or 3 (three d6); "
            "the default is 1d6."
        ),
    )
    parser.add_argument("dice", nargs="?", default=None, metavar="DICE",
                        help="what to roll: 2d6, d20, 3 (= 3d6); default 1d6")
    parser.add_argument("--purpose", default="", metavar="TEXT",
                        help="what the roll is for, e.g. 'attack on B4'")
    parser.add_argument("--by", default=None, metavar="NAME",
                        help="who rolled (default: your user name)")
    parser.add_argument("--journal", type=Path, default=None, metavar="PATH",
                        help="the journal file (default: the companion's data folder)")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object instead of a sentence")
    parser.add_argument("--history", nargs="?", type=int, const=20, default=None, metavar="N",
                        help="show the last N rolls (default 20) instead of rolling")
    parser.set_defaults(func=run)


def extend(subparsers: argparse._SubParsersAction) -> None:
    """Give the lower layers' commands their options that need a camera."""
    referee = subparsers.choices.get("referee")
    if referee is not None:
        add_frames(referee)
    camera = _sub_command(subparsers.choices.get("calibrate"), "camera")
    if camera is not None:
        add_live(camera)


def _sub_command(parser: argparse.ArgumentParser | None, name: str
                 ) -> argparse.ArgumentParser | None:
    """The sub-command ``name`` of ``parser``, or ``None``."""
    for action in parser._actions if parser is not None else ():
        if isinstance(action, argparse._SubParsersAction):
            return action.choices.get(name)
    return None


def add_frames(referee: argparse.ArgumentParser) -> None:
    """Give ``companion referee`` the options that follow a game from photographs."""
    referee.description = (referee.description or "") + (
        " With --frames, follow a game from photographs, each a steady view of the table "
        "after a move, and print what each did to the game (docs/referee-loop.md).")
    referee.add_argument("--frames", nargs="+", metavar="IMAGE", type=Path,
                         help="follow the game from photographs, each a steady view of the "
                              "table after a move")
    referee.add_argument("--corners", metavar="x,y;x,y;x,y;x,y",
                         help="with --frames: the board's four corners in every photograph, "
                              "its top-left corner first (default: found in each)")
    referee.add_argument("--json", action="store_true",
                         help="with --frames: one JSON object per photograph")
    _take_when(referee, "frames", "hardware.follow_frames")


def add_live(camera: argparse.ArgumentParser) -> None:
    """Give ``companion calibrate camera`` the options that take its pictures from a camera."""
    camera.add_argument("--live", metavar="SOURCE",
                        help="take the pictures from a camera (picamera, usb:0, a folder...)")
    camera.add_argument("--views", type=int, default=15,
                        help="live: stop after this many good pictures (default 15)")
    _take_when(camera, "live", "hardware.live_calibration")


def _take_when(parser: argparse.ArgumentParser, option: str, module: str) -> None:
    """Run ``module``'s ``run(args)`` for ``parser``'s command when ``option`` is given,
    the command's own function otherwise (``module`` is imported only then)."""
    own = parser.get_default("func")

    def either(args: argparse.Namespace) -> int:
        if getattr(args, option) is None:
            return int(own(args) or 0)
        return int(importlib.import_module(module).run(args) or 0)

    parser.set_defaults(func=either)


def run(args: argparse.Namespace) -> int:
    if args.history is None:
        with value_errors_as(UserFacingError):
            count, sides, modifier = parse_dice(args.dice or "1d6")
    elif args.dice is not None:
        raise UserFacingError(f"Give dice to roll ({args.dice}) or --history, not both.")
    elif args.history < 1:
        raise UserFacingError(f"--history needs a number of rolls of 1 or more, not "
                              f"{args.history}.")
    journal_path = args.journal or paths.journal_path()
    with Journal(journal_path) as journal:
        dice = DiceService(journal)
        if args.history is not None:
            rolls = dice.history(limit=args.history)
            if args.json:
                print(json.dumps({"rolls": [roll.to_json() for roll in rolls]}))
            elif not rolls:
                print(f"No rolls yet in {journal_path}.")
            else:
                for roll in rolls:
                    print(describe(roll, with_time=True))
            return 0
        with value_errors_as(UserFacingError):
            roll = dice.roll(count, sides, purpose=args.purpose,
                             requested_by=args.by or _user_name(), modifier=modifier)
    if args.json:
        print(json.dumps(roll.to_json()))
    else:
        print(describe(roll))
    return 0


def describe(roll: Roll, *, with_time: bool = False) -> str:
    """Return a roll as one line: ``#12 2d6: 3 + 5 = 8 (attack; by alice)``,
    ``#13 1d20+2: 11 + 2 = 13``."""
    terms = [str(value) for value in roll.values]
    if roll.modifier:
        terms.append(f"{'+' if roll.modifier > 0 else '-'} {abs(roll.modifier)}")
    result = " + ".join(terms).replace("+ -", "-") if len(terms) > 1 else str(roll.total)
    if len(terms) > 1:
        result += f" = {roll.total}"
    notes = [text for text in (roll.purpose, roll.for_whom and f"for {roll.for_whom}",
                               roll.requested_by and f"by {roll.requested_by}") if text]
    line = f"#{roll.seq} {roll.notation}: {result}"
    if notes:
        line += f" ({'; '.join(notes)})"
    if with_time:
        line = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(roll.time)) + "  " + line
    return line


def _user_name() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "command line"

"""The one console command, ``companion``, and its sub-commands.

This module is the composition root: it is the only place that knows every layer
(``companion``, ``calibration``, ``hardware``, ``web``, and ``benchmarks``), and the one
module ``tests/test_layers.py`` lets import upward. Each layer keeps its own
sub-commands in a ``commands`` module exposing ``register(subparsers)``; they are listed
here by module name and imported when the parser is built, so the layers themselves
only ever import downward (docs/architecture.md). A module may also expose
``extend(subparsers)``, called once every module has registered: a higher layer adds
there the options of a lower layer's command that need it (``hardware.commands`` gives
``referee`` its ``--frames`` and ``calibrate camera`` its ``--live``).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from companion import __version__
from companion.errors import UserFacingError

# Modules that each add one or more sub-commands, in the order --help lists them.
COMMAND_MODULES: tuple[str, ...] = ("companion.games.commands", "companion.journal_commands",
                                     "companion.cards.commands",
                                     "hardware.commands",
                                     "web.commands", "benchmarks.commands",
                                     "calibration.commands")


def build_parser() -> argparse.ArgumentParser:
    """Return the full ``companion`` argument parser with every sub-command."""
    parser = argparse.ArgumentParser(
        prog="companion",
        description=(
            "Tabletop Companion: a camera referee for physical board games. "
            "Run 'companion demo' to see it work with no camera and no Pi."
        ),
    )
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    modules = [importlib.import_module(name) for name in COMMAND_MODULES]
    for module in modules:
        module.register(subparsers)
    for module in modules:
        if hasattr(module, "extend"):
            module.extend(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` and run the chosen sub-command; return the process exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (`companion cards deck | head`)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except UserFacingError as error:
        print(f"companion {args.command}: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())

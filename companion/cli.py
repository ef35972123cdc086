"""The one console command, ``companion``, and its sub-commands.

This module is the composition root: it is the only place that knows every layer.
Each layer keeps its own sub-commands in a ``commands`` module exposing
``register(subparsers)``; they are listed here by module name and imported when the
parser is built, so the core's own modules never import the outer layers.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from companion import __version__
from companion.errors import UserFacingError

# Modules that each add one or more sub-commands, in the order --help lists them.
COMMAND_MODULES: tuple[str, ...] = ("companion.games.commands", "hardware.commands",
                                     "web.commands", "benchmarks.commands",
                                     "calibration.commands", "companion.vision.commands")


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
    for module_name in COMMAND_MODULES:
        importlib.import_module(module_name).register(subparsers)
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
    except UserFacingError as error:
        print(f"companion {args.command}: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())

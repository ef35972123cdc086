"""``companion journal check`` and ``companion journal recover``: see
``companion.journal_repair``."""

from __future__ import annotations

import argparse
from pathlib import Path

from companion import paths


def register(subparsers: argparse._SubParsersAction) -> None:
    journal = subparsers.add_parser(
        "journal", help="check a journal, or recover its readable events into a new one",
        description="Check the event journal, or copy every readable event of a damaged "
                    "one into a new journal (docs/reliability.md, 'Journal damage').")
    actions = journal.add_subparsers(dest="action", metavar="ACTION")
    check = actions.add_parser("check", help="say whether a journal is sound")
    check.add_argument("path", nargs="?", type=Path, metavar="PATH",
                       help="the journal (default: the data folder's)")
    check.set_defaults(func=run_check)
    recover = actions.add_parser("recover",
                                 help="copy every readable event into a new journal")
    recover.add_argument("path", nargs="?", type=Path, metavar="PATH",
                         help="the damaged journal (default: the data folder's)")
    recover.add_argument("--to", required=True, type=Path, metavar="NEW",
                         help="the new journal to write (must not exist)")
    recover.set_defaults(func=run_recover)
    journal.set_defaults(func=lambda args: journal.print_help() or 2)


def run_check(args: argparse.Namespace) -> int:
    from companion.journal_repair import check

    report = check(args.path or paths.journal_path())
    print("\n".join(report.lines()))
    print("Sound." if not report.problems else
          f"Damaged: `companion journal recover {report.path} --to NEW` keeps every "
          "readable event.")
    return 1 if report.problems else 0


def run_recover(args: argparse.Namespace) -> int:
    from companion.journal_repair import recover

    report = recover(args.path or paths.journal_path(), args.to)
    print("\n".join(report.lines()))
    print(f"Recovered {report.events} events into {args.to}"
          + (f"; {len(report.lost)} could not be read." if report.lost else "; none lost."))
    return 0

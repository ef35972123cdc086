"""The command line run in the test's process, its output captured."""

import io
import sys

from companion.cli import main


def run_cli(capsys, *args, stdin=None, monkeypatch=None):
    """``companion ARGS...`` with ``stdin`` (a string) as standard input: (exit code,
    standard output, standard error)."""
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err

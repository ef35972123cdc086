"""The command line's entry point: a reader that stops early (``| head``) ends the
command quietly, with no traceback."""

import subprocess
import sys


def test_a_reader_that_stops_early_gets_no_traceback():
    command = [sys.executable, "-m", "companion.cli", "cards", "deck", "--json"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        process.stdout.read(100)
        process.stdout.close()
        errors = process.stderr.read()
    assert errors == b""
    assert process.returncode in (0, 141)

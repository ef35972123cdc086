"""A journal left as a crash or a power cut leaves it: written by another process that
ends without closing it (shared by the journal-damage tests of the records and the page)."""

import subprocess
import sys
from pathlib import Path

CRASH = """
import os, sys
from companion.journal import Journal
journal = Journal(sys.argv[1])
for number in range(int(sys.argv[2])):
    journal.append("note", {"n": number})
os._exit(0)  # no close: as a crash or a power cut leaves it
"""


def crash_after(path, events):
    """Append ``events`` notes to the journal at ``path`` in a process that then dies."""
    subprocess.run([sys.executable, "-c", CRASH, str(path), str(events)], check=True)


def wal(path):
    """The journal's write-ahead log beside it."""
    return Path(f"{path}-wal")

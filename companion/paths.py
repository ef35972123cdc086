"""Where the companion keeps its files: the journal, calibration results, settings.

One folder, ``$COMPANION_HOME`` if set, else ``$XDG_DATA_HOME/tabletop-companion``
(``~/.local/share/tabletop-companion``). The systemd unit sets ``COMPANION_HOME`` to
the service user's state directory.
"""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    """Return the companion's data folder, creating it if needed."""
    home = os.environ.get("COMPANION_HOME")
    if home:
        path = Path(home)
    else:
        xdg = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        path = Path(xdg) / "tabletop-companion"
    path.mkdir(parents=True, exist_ok=True)
    return path


def journal_path() -> Path:
    """Return the default path of the SQLite journal."""
    return data_dir() / "journal.sqlite3"

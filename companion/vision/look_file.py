"""The learned looks of the tables this companion has watched, kept between games.

The live loop saves each table's learned look (``companion.vision.look``) as ``look.json``
in the data folder, beside the camera's lens calibration (``camera.json``) and the board's
registration (``registration.json``), so that the next game at the same table starts
knowing what its empty spaces and stones look like. One file holds a look per board and
picture size (``look_key``): the same camera over another board, or giving pictures of
another size, learns its own. The file is replaced whole (written beside it, then
renamed), so a power cut never leaves half of it; a file that cannot be read is ignored,
with a line in the log, and the look is learned afresh.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
from pathlib import Path
from typing import Any

from companion import paths
from companion.geometry import Geometry
from companion.vision.config import Section
from companion.vision.look import LearnedLook

log = logging.getLogger(__name__)

LOOK_FILE = "look.json"


def default_look_path() -> Path:
    """Where ``serve`` keeps the learned looks: ``look.json`` in the data folder."""
    return paths.data_dir() / LOOK_FILE


def look_key(geometry: Geometry, size: tuple[int, int]) -> str:
    """The board (its geometry's title) and the picture size (width, height) a look is for."""
    return f"{geometry.spec.get('title', geometry.kind)} @ {int(size[0])}x{int(size[1])}"


class LookFile:
    """The learned looks kept in ``path``, one per ``look_key``."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)

    def load(self, key: str, colours: list[str], cfg: Section | None = None
             ) -> LearnedLook | None:
        """The look saved for ``key`` with exactly the classes ``empty`` and ``colours``,
        or ``None`` (none saved, or one that cannot be used: logged)."""
        entry = self._entries().get(key)
        if entry is None:
            return None
        try:
            look = LearnedLook.from_json(entry, cfg)
        except ValueError as error:
            log.warning("learned look: the one saved in %s for %s is ignored: %s",
                        self.path, key, error)
            return None
        if look.colours != list(colours):
            log.info("learned look: the one saved in %s for %s knows %s, not %s: "
                     "learning it afresh", self.path, key, look.colours, list(colours))
            return None
        return look

    def save(self, key: str, look: LearnedLook) -> None:
        """Keep ``look`` for ``key`` beside the others (the file is replaced whole)."""
        entries = self._entries()
        entries[key] = look.to_json()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".look-", suffix=".json",
                                             dir=self.path.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump(entries, out, indent=1)
                out.write("\n")
            os.replace(temporary, self.path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise

    def _entries(self) -> dict[str, Any]:
        """Every look in the file; none when there is no file or it cannot be read."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {}
        except OSError as error:
            log.warning("learned look: %s cannot be read (%s): learning afresh", self.path,
                        error)
            return {}
        try:
            data = json.loads(text)
        except ValueError as error:
            log.warning("learned look: %s is broken (%s): ignored, learning afresh",
                        self.path, error)
            return {}
        if not isinstance(data, dict):
            log.warning("learned look: %s holds no looks: ignored, learning afresh", self.path)
            return {}
        return data

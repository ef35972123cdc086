"""Build a geometry from its spec (a dict or a JSON file), dispatching on ``kind``."""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from companion.geometry.base import Geometry

# kind -> "module:function" taking the spec and returning a Geometry.
_BUILDERS: dict[str, str] = {
    "grid": "companion.geometry.grid:build_grid",
    "hex": "companion.geometry.hexes:build_hex_map",
    "rings": "companion.geometry.rings:build_rings",
}

DATA_DIR = Path(__file__).resolve().parent.parent / "data" / "boards"

MAX_BOARD_FILE = 1024 * 1024
"""The largest board file read, in bytes (the biggest bundled board is under 100 KiB);
a device such as ``/dev/zero`` or a folder is no board file at all."""


def builder_kinds() -> list[str]:
    return sorted(_BUILDERS)


def geometry_from_spec(spec: Mapping[str, Any]) -> Geometry:
    """Return the geometry ``spec`` describes; ``ValueError`` says what is wrong with it."""
    kind = spec.get("kind")
    if kind not in _BUILDERS:
        raise ValueError(
            f"A board spec needs a \"kind\", one of {', '.join(builder_kinds())}; got {kind!r}."
        )
    module_name, function_name = _BUILDERS[kind].split(":")
    build = getattr(importlib.import_module(module_name), function_name)
    return build(spec)


def load_geometry(source: str | Path | Mapping[str, Any]) -> Geometry:
    """Load a geometry from a spec, a JSON file, or the name of a bundled board
    (a file in ``companion/data/boards/`` without its ``.json``)."""
    if isinstance(source, Mapping):
        return geometry_from_spec(source)
    path = Path(source)
    if not path.exists() and (DATA_DIR / f"{source}.json").exists():
        path = DATA_DIR / f"{source}.json"
    if not path.exists():
        raise ValueError(f"No board file {str(path)!r} and no bundled board of that name.")
    try:
        spec = json.loads(read_board_file(path))
    except json.JSONDecodeError as error:
        raise ValueError(f"The board file {path} is not valid JSON: {error}") from None
    except RecursionError:
        raise ValueError(f"The board file {path} nests too deep to be a board.") from None
    if not isinstance(spec, Mapping):
        raise ValueError(f"The board file {path} is not a JSON object.")
    return geometry_from_spec(spec)


def read_board_file(path: Path) -> str:
    """The text of the board file ``path``, read only if it is a regular file of at most
    ``MAX_BOARD_FILE`` bytes; ``ValueError`` says why not."""
    if not path.is_file():
        raise ValueError(f"{str(path)!r} is not a board file.")
    try:
        with path.open("rb") as file:
            data = file.read(MAX_BOARD_FILE + 1)
    except OSError as error:
        raise ValueError(f"The board file {path} cannot be read: {error.strerror}.") from None
    if len(data) > MAX_BOARD_FILE:
        raise ValueError(f"The board file {path} is larger than {MAX_BOARD_FILE} bytes.")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"The board file {path} is not UTF-8 text.") from None


def bundled_boards() -> list[str]:
    """The names of the bundled boards (``go-19``, ``oneworld``, ...)."""
    return sorted(path.stem for path in DATA_DIR.glob("*.json"))


def board_in_folder(source: str, folder: Path) -> str:
    """``source`` if it names a bundled board, else the path of the board file
    ``source`` names inside ``folder`` (a server's data folder: a request must not make
    it read any file); ``ValueError`` when it is neither."""
    if source in bundled_boards():
        return source
    refused = ValueError(f"A board is one of {', '.join(bundled_boards())} or a .json board "
                         f"file in {folder}; not {source[:80]!r}.")
    try:
        inside = (folder / source).resolve()
        if Path(source).suffix != ".json" or not inside.is_relative_to(folder.resolve()):
            raise refused
    except (OSError, ValueError):
        raise refused from None
    return str(inside)

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
    try:
        spec = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(
            f"No board file {str(path)!r} and no bundled board of that name."
        ) from None
    except json.JSONDecodeError as error:
        raise ValueError(f"The board file {path} is not valid JSON: {error}") from None
    return geometry_from_spec(spec)

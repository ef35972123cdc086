"""Every threshold the recognisers use, read from ``thresholds.json`` (never literals in
code), so that a referee or a benchmark can change one without touching the code."""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

DEFAULT_PATH = Path(__file__).with_name("thresholds.json")


class Section(Mapping[str, Any]):
    """A read-only section of the configuration: ``cfg.stones.sigma`` or ``cfg["stones"]``."""

    def __init__(self, values: Mapping[str, Any]) -> None:
        self._values = {
            key: Section(value) if isinstance(value, Mapping) else value
            for key, value in values.items()
        }
        # Each setting is an attribute of its own too: the recognisers read hundreds a
        # frame, and ``__getattr__`` costs a call each. A name the class has (``items``,
        # ``get``...) stays the class's, as it was.
        self.__dict__.update({key: value for key, value in self._values.items()
                              if isinstance(key, str) and not hasattr(type(self), key)})

    def __getattr__(self, name: str) -> Any:
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(f"The vision settings have no {name!r}.") from None

    def __getitem__(self, key: str) -> Any:
        return self._values[key]

    def __iter__(self):
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def to_dict(self) -> dict[str, Any]:
        return {
            key: value.to_dict() if isinstance(value, Section) else copy.deepcopy(value)
            for key, value in self._values.items()
        }


@lru_cache(maxsize=4)
def _load(path: str) -> Section:
    return Section(json.loads(Path(path).read_text(encoding="utf-8")))


def load_config(path: str | Path | None = None, **overrides: Mapping[str, Any]) -> Section:
    """Return the settings from ``path`` (default: the bundled ``thresholds.json``),
    with whole sections' keys replaced by ``overrides`` (``stones={"sigma": 0.3}``)."""
    base = _load(str(path or DEFAULT_PATH))
    if not overrides:
        return base
    values = base.to_dict()
    for section, changes in overrides.items():
        if section not in values:
            raise ValueError(f"The vision settings have no section {section!r}.")
        values[section].update(changes)
    return Section(values)

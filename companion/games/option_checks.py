"""Checks every game's options share: no option the game does not have, and whole
numbers within their bounds, each refused with a sentence naming what is wrong."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def with_defaults(title: str, defaults: Mapping[str, Any],
                  options: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` over ``defaults``; ``ValueError`` for an option ``title`` does not have."""
    unknown = sorted(set(options) - set(defaults))
    if unknown:
        raise ValueError(f"{title} has no option {unknown[0]!r}; the options are "
                         f"{', '.join(defaults)}.")
    return {**defaults, **options}


def whole(value: Any, key: str, low: int, high: int | None = None) -> int:
    """``value``, the option ``key``, if it is a whole number from ``low`` (to ``high``)."""
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (
            high is not None and value > high):
        bound = f"from {low} to {high}" if high is not None else f"{low} or more"
        raise ValueError(f'"{key}" is a whole number {bound}; got {value!r}.')
    return value

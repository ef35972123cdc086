"""The outdoor game's options: the field, the number of characters, and every ruling
players could reasonably make otherwise (docs/rulings.md, "The outdoor game")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

DEFAULT_OPTIONS: dict[str, Any] = {
    "units": "in",  # the unit of every length, given and said: in or cm (O3)
    "field": [24.0, 24.0],  # width and height in inches: 2 ft × 2 ft
    "characters": 5,  # each player's in every sequence, or [North's, South's]
    "sequences": 7,
    "vision": 180.0,  # degrees: the front half (O1)
    "blocking": False,  # pieces stand in the way of sight (O2)
    "fallen_block": False,  # a piece on its side still stands in the way (O2)
    "piece_radius": 0.5,  # inches: a piece's size where its pose gives none (O3)
    "action_range": 1.0,  # inches, edge to edge
    "watcher": "observed",  # the set of a character that sees but is seen by none (O4)
    "idle_turns": 2,  # turns without moving or acting that make a character unobserved (O5)
    "edge": "nearest",  # the edge an unobserved character walks to: nearest or home (O6)
    "must_walk": True,  # an unobserved character walks the full 12 inches (O6)
    "difference": "absolute",  # the roll difference: absolute or signed (O8)
    "six_succeeds": False,  # a 6 always succeeds, whatever the target (O8)
    "scoring": "falls",  # falls (a point per piece turned on its side) or none (O11)
    "split_choice": "opponent",  # who decides which equal group changes hands (O10)
    "distance_tolerance": 0.25,  # inches a measured move may be over
    "angle_tolerance": 10.0,  # degrees a measured walk may be off its edge
    "setup_tolerance": 45.0,  # degrees a piece may face off the opponent's edge at the start
}

_CHOICES = {
    "units": ("in", "cm"),
    "watcher": ("observed", "unobserved"),
    "edge": ("nearest", "home"),
    "difference": ("absolute", "signed"),
    "scoring": ("falls", "none"),
    "split_choice": ("opponent", "splitter"),
}
CM_PER_INCH = 2.54
_LENGTHS = ("piece_radius", "action_range", "distance_tolerance")
_FLAGS = ("blocking", "fallen_block", "must_walk", "six_succeeds")
_NUMBERS = {  # name: (least, most)
    "vision": (1.0, 360.0),
    "piece_radius": (0.0, 6.0),
    "action_range": (0.0, 12.0),
    "distance_tolerance": (0.0, 3.0),
    "angle_tolerance": (0.0, 90.0),
    "setup_tolerance": (0.0, 180.0),
}
_COUNTS = {"sequences": (1, 7), "idle_turns": (0, 99)}


def normalise(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options with the defaults filled in; ``ValueError`` with a sentence for an
    unknown option or a value out of its range."""
    unknown = sorted(set(options) - set(DEFAULT_OPTIONS))
    if unknown:
        raise ValueError(f"The outdoor game has no option {unknown[0]!r}; its options are "
                         f"{', '.join(sorted(DEFAULT_OPTIONS))}.")
    opts = {**DEFAULT_OPTIONS, **options}
    for name, choices in _CHOICES.items():
        if opts[name] not in choices:
            raise ValueError(f"The option {name!r} is one of {', '.join(choices)}, "
                             f"not {opts[name]!r}.")
    for name in _FLAGS:
        if not isinstance(opts[name], bool):
            raise ValueError(f"The option {name!r} is true or false, not {opts[name]!r}.")
    scale = CM_PER_INCH if opts["units"] == "cm" else 1.0
    for name, (least, most) in _NUMBERS.items():
        if name in _LENGTHS:
            if name not in options:
                opts[name] = opts[name] * scale
            least, most = least * scale, most * scale
        opts[name] = _number(name, opts[name], least, most)
    for name, (least, most) in _COUNTS.items():
        value = opts[name]
        if not _count(value, least, most):
            raise ValueError(f"The option {name!r} is a whole number from {least} to {most}, "
                             f"not {value!r}.")
    counts = opts["characters"]
    counts = [counts, counts] if not isinstance(counts, (list, tuple)) else list(counts)
    if len(counts) != 2 or not all(_count(n, 1, 20) for n in counts):
        raise ValueError("The option 'characters' is each player's number of characters, "
                         "1 to 20, or [North's, South's].")
    opts["characters"] = counts
    field = opts["field"]
    if not isinstance(field, (list, tuple)) or len(field) != 2:
        raise ValueError("The option 'field' is the field's width and height in inches, "
                         "such as [24, 24].")
    if "field" not in options:
        field = [side * scale for side in field]
    opts["field"] = [_number("field", side, 6.0 * scale, 240.0 * scale) for side in field]
    return opts


def unit(opts: Mapping[str, Any]) -> tuple[float, str]:
    """How many of the game's length units make an inch, and the unit's short name."""
    return (CM_PER_INCH, "cm") if opts["units"] == "cm" else (1.0, "in")


def _number(name: str, value: Any, least: float, most: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not \
            least <= value <= most:
        raise ValueError(f"The option {name!r} is a number from {least:g} to {most:g}, "
                         f"not {value!r}.")
    return float(value)


def _count(value: Any, least: int, most: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and least <= value <= most

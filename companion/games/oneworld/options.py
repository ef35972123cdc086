"""OneWorld's options: the optional rules of section 12 and the rulings players may change.

Every option has a default (the basic game and the project's rulings, see
``docs/rulings.md``); ``resolve_options`` checks what players asked for and returns the
complete, plain-JSON set that the game state carries, so a record replays the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

PLAYERS = ("borg", "chez")

DEFAULTS: dict[str, Any] = {
    # The mapsheet: a bundled board name, a path to a JSON file, or the spec itself.
    "board": "oneworld",
    # Rulings where the text is silent or contradicts itself.
    "blade_meets_enemy": "enters",
    "blade_meets_enemy_god": "attacks",
    "pass_through_full_stacks": True,
    "optional_reinforcement": False,
    "secrets": "commit",
    # Optional rules of section 12.
    "singing_grasses": False,
    "friendly_obstacle": False,
    "pylon_movement": False,
    "flee_while_you_can": False,
    "god_lives": 3,
    "tower_elimination": False,
    "frustration_clause": False,
    "frustration_rounds": "consecutive",
    "moving_towers": None,
    "new_geography": False,
    "more_balance": False,
    "stacking_limit": 4,
    "chaos_gambit_1": False,
    "chaos_gambit_2": False,
    "non_aligned_towers": False,
    "god_powers": 0,
    "borg_chez_scenario": False,
}

_CHOICES: dict[str, tuple[Any, ...]] = {
    "blade_meets_enemy": ("enters", "stops"),
    "blade_meets_enemy_god": ("attacks", "stops"),
    "secrets": ("commit", "table"),
    "frustration_rounds": ("consecutive", "total"),
    "moving_towers": (None, "clockwise", "counterclockwise"),
}
_FLAGS = (
    "pass_through_full_stacks", "optional_reinforcement", "singing_grasses",
    "friendly_obstacle", "pylon_movement", "flee_while_you_can", "tower_elimination",
    "frustration_clause", "new_geography", "more_balance", "chaos_gambit_1",
    "chaos_gambit_2", "non_aligned_towers", "borg_chez_scenario",
)


def resolve_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Return the full option set for a new game; ``ValueError`` says what is wrong."""
    given = dict(options or {})
    unknown = sorted(set(given) - set(DEFAULTS))
    if unknown:
        raise ValueError(
            f"OneWorld has no option {', '.join(map(repr, unknown))}; "
            f"the options are: {', '.join(DEFAULTS)}."
        )
    resolved = {**DEFAULTS, **given}
    for key, allowed in _CHOICES.items():
        if resolved[key] not in allowed:
            raise ValueError(
                f"The option {key!r} is one of {list(allowed)}; got {resolved[key]!r}."
            )
    for key in _FLAGS:
        if not isinstance(resolved[key], bool):
            raise ValueError(f"The option {key!r} is true or false; got {resolved[key]!r}.")
    board = resolved["board"]
    if not isinstance(board, str | Mapping):
        raise ValueError('The option "board" is a board name, a file path or a hex-map spec.')
    if isinstance(board, Mapping):
        resolved["board"] = dict(board)
    limit = resolved["stacking_limit"]
    if limit != "roll" and not (_whole(limit) and 1 <= limit <= 13):
        raise ValueError('The option "stacking_limit" is a number from 1 to 13 or "roll".')
    if resolved["borg_chez_scenario"]:
        for key in ("god_lives", "god_powers"):
            if key in given:
                raise ValueError(f"The BORG/CHEZ scenario sets {key!r} itself; leave it out.")
        resolved["god_lives"] = {"borg": 1, "chez": 3}
        resolved["god_powers"] = {"borg": 2, "chez": 0}
    if resolved["tower_elimination"] and "god_lives" not in given:
        resolved["god_lives"] = 1
    resolved["god_lives"] = _per_player(resolved["god_lives"], "god_lives", 1, 3)
    resolved["god_powers"] = _per_player(resolved["god_powers"], "god_powers", 0, 13)
    _check_combinations(resolved)
    return resolved


def _check_combinations(options: Mapping[str, Any]) -> None:
    if options["chaos_gambit_1"] and options["chaos_gambit_2"]:
        raise ValueError(
            "Chaos Gambit I sends beings into Chaos and Chaos Gambit II says there is no "
            "Chaos to go to (the universe is curved): choose one of them."
        )
    if options["tower_elimination"]:
        clash = [k for k in ("moving_towers", "more_balance", "non_aligned_towers",
                             "new_geography", "optional_reinforcement") if options[k]]
        if clash:
            raise ValueError(
                f"Tower Elimination removes the Towers of Balance, so {', '.join(clash)} "
                "cannot be used with it."
            )
    if options["moving_towers"] and options["new_geography"]:
        raise ValueError(
            "Moving Towers of Balance moves the Towers along the edge, but with New "
            "Geography a Tower stands near an end, not on the edge: choose one of them."
        )


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _per_player(value: Any, key: str, low: int, high: int) -> dict[str, int]:
    if _whole(value):
        value = {player: value for player in PLAYERS}
    if (
        not isinstance(value, Mapping)
        or set(value) != set(PLAYERS)
        or not all(_whole(v) and low <= v <= high for v in value.values())
    ):
        raise ValueError(
            f'The option "{key}" is a number from {low} to {high}, or one for each god: '
            f'{{"borg": {low}, "chez": {high}}}.'
        )
    return {player: int(value[player]) for player in PLAYERS}

"""Properties of the outdoor game's judgements on seeded random positions: the order in
which pieces are listed changes nothing, nor does turning or mirroring the whole field,
nor measuring in centimetres instead of inches."""

import copy
import math
import random

import pytest

from companion.games.outdoor.acting import odds
from companion.games.outdoor.observation import in_play, observers, standing
from tests.helpers.outdoor_field import GAME, set_up

SEEDS = range(12)


def position(seed, **options):
    """Four characters a side anywhere on the field, facing anywhere, North to move."""
    rng = random.Random(seed)
    north = {f"N{i}": (rng.uniform(1, 23), rng.uniform(1, 23), 180) for i in range(1, 5)}
    south = {f"S{i}": (rng.uniform(1, 23), rng.uniform(1, 23), 0) for i in range(1, 5)}
    state = set_up(north, south, **options)
    for character in state["characters"].values():
        character["facing"] = rng.uniform(0, 360)
    return state


def moves(state, seed):
    """Moves North's characters might try: near and far, in every direction."""
    rng = random.Random(seed)
    tried = []
    for cid in ("N1", "N2", "N3", "N4"):
        c = state["characters"][cid]
        for _ in range(4):
            length, direction = rng.uniform(0.5, 14), rng.uniform(0, 2 * math.pi)
            tried.append({"type": "move", "player": "north", "character": cid,
                          "x": c["x"] + length * math.sin(direction),
                          "y": c["y"] - length * math.cos(direction)})
    return tried


def judged(state, tried):
    """What the game says of each piece and of each tried move (the sentences left out:
    they name edges and pieces in an order that a turned field changes)."""
    sets = {cid: standing(state, cid).stats.name for cid in in_play(state)}
    seen = {cid: sorted(observers(state, cid)) for cid in in_play(state)}
    numbers = {(a, b): odds(state, a, b).target for a in in_play(state)
               for b in in_play(state) if a != b}
    verdicts = [GAME.validate(state, move).ok for move in tried]
    return sets, seen, numbers, verdicts


def remade(state, place):
    """``state`` with every piece moved by ``place((x, y, facing)) -> (x, y, facing)``."""
    other = copy.deepcopy(state)
    for character in other["characters"].values():
        x, y, facing = place((character["x"], character["y"], character["facing"]))
        character.update(x=x, y=y, facing=facing % 360.0)
    return other


def moved(place, tried):
    """The moves ``tried``, their end points placed by ``place``."""
    return [{**action, "x": place((action["x"], action["y"], 0.0))[0],
             "y": place((action["x"], action["y"], 0.0))[1]} for action in tried]


@pytest.mark.parametrize("seed", SEEDS)
def test_the_order_pieces_are_listed_in_changes_nothing(seed):
    state = position(seed)
    reordered = copy.deepcopy(state)
    reordered["characters"] = dict(reversed(list(state["characters"].items())))
    tried = moves(state, seed)
    assert judged(reordered, tried) == judged(state, tried)


TURNED = lambda p: (24 - p[1], p[0], p[2] + 90)  # noqa: E731 - a quarter turn clockwise
MIRRORED = lambda p: (24 - p[0], p[1], 360 - p[2])  # noqa: E731 - west and east swapped


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("place", [TURNED, MIRRORED], ids=["turned", "mirrored"])
def test_turning_or_mirroring_the_whole_field_changes_no_verdict(seed, place):
    state = position(seed)
    tried = moves(state, seed)
    assert judged(remade(state, place), moved(place, tried)) == judged(state, tried)


@pytest.mark.parametrize("seed", SEEDS)
def test_centimetres_give_the_same_game_as_inches(seed):
    inches = position(seed)
    scale = lambda p: (p[0] * 2.54, p[1] * 2.54, p[2])  # noqa: E731
    metric = remade(inches, scale)
    metric["options"] = GAME.initial_state({"units": "cm", "characters": 4})["options"]
    for character in metric["characters"].values():
        character["r"] *= 2.54
    tried = moves(inches, seed)
    assert judged(metric, moved(scale, tried)) == judged(inches, tried)


def test_in_centimetres_the_verdicts_speak_centimetres():
    state = set_up({"N1": (30, 15, 180)}, {"S1": (30, 45, 0)}, units="cm")
    assert state["options"]["field"] == [60.96, 60.96]
    verdict = GAME.validate(state, {"type": "move", "player": "north", "character": "N1",
                                    "x": 30, "y": 35})
    assert verdict.reason == ("N1 moved 20.0 cm: 4.8 cm more than the 15.24 cm it may (seen by "
                              "and seeing S1).")

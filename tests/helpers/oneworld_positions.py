"""OneWorld positions on a small test map, for the rules' tests and the table's:

    Pylons C4 C5 D4 and F9 F10; a Runeline between E5 and E6; a Fault between E8 and E9;
    the Tower hexes A7 (BORG) and I7 (CHEZ); BORG's gods on E1, CHEZ's on E13.

``pos`` sets children out, ``refused`` checks a move is illegal and why, ``where`` lists
the aspects in a hex, ``to_combat`` and ``fight_round`` play up to and through combat.
"""

import pytest

from companion.games import Match
from companion.games.base import IllegalAction
from companion.games.oneworld import OneWorld
from companion.games.oneworld.secrets import seal
from companion.games.oneworld.setup import position

BOARD = {
    "kind": "hex", "columns": 9, "rows": 13, "hex_mm": 18.0, "default_terrain": "flatland",
    "terrain": {"pylon": ["C4", "C5", "D4", "F9", "F10"]},
    "hexes": {"A7": {"tower_site": "west"}, "I7": {"tower_site": "east"}},
    "ends": {"north": "top", "south": "bottom"},
    "features": [{"kind": "runeline", "sides": ["E5/E6"]},
                 {"kind": "fault", "sides": ["E8/E9"]}],
}
GAME = OneWorld()

def pos(borg=None, chez=None, player="borg", gods=None, **options):
    base = GAME.initial_state({"board": BOARD, **options})
    return position(base, children={"borg": borg or {}, "chez": chez or {}},
                    gods=gods or {"borg": "E1", "chez": "E13"}, player=player)

def refused(state, action, *words):
    verdict = GAME.validate(state, action)
    assert not verdict.ok, f"{action} should be illegal"
    for word in words:
        assert word in verdict.reason, verdict.reason
    with pytest.raises(IllegalAction):
        GAME.apply(state, action, [3] * 5)
    return verdict

def where(state, player, at):
    return sorted(c["aspect"] for c in state["children"][player] if c["at"] == at)



SALT = {"borg": "b0rg-salt-0123456789", "chez": "chez-salt-0123456789"}


def to_combat(state, *moves):
    """Apply the moves, end movement (and take no reinforcement), reach the combat phase."""
    match = Match(GAME, state=state)
    for action in moves:
        match.push(action)
    match.push({"type": "end_movement", "player": match.state["player"]})
    if match.phase() == "reinforcement":
        match.push({"type": "reinforce", "player": match.state["player"]}, [1])
    assert match.phase() == "combat"
    return match


def fight_round(match, borg, chez, first="borg"):
    sealed = {"borg": seal("borg", borg, SALT["borg"]), "chez": seal("chez", chez, SALT["chez"])}
    second = "chez" if first == "borg" else "borg"
    match.push(sealed[first]["commit"])
    match.push(sealed[second]["commit"])
    match.push(sealed[first]["reveal"])
    return match.push(sealed[second]["reveal"])

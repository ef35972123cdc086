"""OneWorld's actions read as sentences; a commitment never shows its hash."""

import pytest

from companion.games import get_game

GAME = get_game("oneworld")
HASH = "ab" * 32


@pytest.mark.parametrize("action, words", [
    ({"type": "move", "player": "borg", "from": "G5", "aspect": "fog", "to": "H7"},
     "BORG moves a Fog from G5 to H7"),
    ({"type": "move", "player": "chez", "from": "A4", "aspect": "blade", "to": "chaos"},
     "CHEZ sends a Blade from A4 into Chaos"),
    ({"type": "reveal", "player": "borg", "choice": {"stone": 2, "fog": 1, "blade": 0},
      "salt": "s" * 16}, "BORG reveals 1 Fog, 2 Stone"),
    ({"type": "hurl", "aspects": {"borg": {"stone": 2}, "chez": {"fog": 1}}},
     "Revealed at the table: BORG 2 Stone; CHEZ 1 Fog"),
    ({"type": "place_children", "player": "chez",
      "children": {"F4": {"stone": 2, "blade": 2}, "F5": {"fog": 1}}},
     "CHEZ sets up 5 children on 2 hexes"),
])
def test_actions_read_as_sentences(action, words):
    assert GAME.describe({}, action) == words


def test_a_commitment_is_described_without_its_hash():
    text = GAME.describe({}, {"type": "commit", "player": "chez", "commitment": HASH})
    assert text == "CHEZ seals a secret choice"
    assert HASH not in text

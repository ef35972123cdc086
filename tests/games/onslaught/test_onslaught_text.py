"""ONSLAUGHT at the command line: the typed notation, the board as text, and a whole
game played through ``companion referee onslaught --play``."""

from __future__ import annotations

import io
import json

import pytest

from companion.cli import main
from companion.games import get_game
from companion.games.base import InvalidAction
from tests.helpers.paths import EXAMPLES

GAME = get_game("onslaught")


@pytest.mark.parametrize("text, action", [
    ("roll", {"type": "roll"}),
    ("roll 4", {"type": "roll", "dice": [4]}),
    ("move d2", {"type": "move", "to": "D2"}),
    ("move D2 D3 D4", {"type": "move", "path": ["D2", "D3", "D4"]}),
    ("D2 D3", {"type": "move", "path": ["D2", "D3"]}),
    ("challenge blue2", {"type": "challenge", "target": "blue2"}),
    ("challenge b2 5 3", {"type": "challenge", "target": "blue2", "dice": [5, 3]}),
    ("attack 6", {"type": "attack", "dice": [6]}),
    ("heroism", {"type": "heroism"}),
    ("end", {"type": "end_turn"}),
    ('{"type": "end_turn", "piece": "red1"}', {"type": "end_turn", "piece": "red1"}),
])
def test_typed_actions(text, action):
    assert GAME.parse(GAME.initial_state(), text) == action


@pytest.mark.parametrize("text, message", [
    ("fly", "Type roll, move D2 D3"),
    ("roll four", "Type roll"),
    ("challenge b2 5", "Type roll"),
    ("challenge green1", "no piece 'green1'"),
    ("", "Type roll"),
])
def test_typed_nonsense_explains_the_notation(text, message):
    with pytest.raises(InvalidAction, match=message):
        GAME.parse(GAME.initial_state(), text)


def test_the_board_as_text_shows_pieces_nodes_orbs_and_the_turn():
    state = GAME.initial_state({"players": 2})
    state["pieces"]["red1"]["at"] = "C3"
    state["pieces"]["blue2"]["at"] = None
    state["nodes"]["D4"]["owner"] = "blue"
    state["nodes"]["D4"]["progress"] = {"team": "red", "turns": 1, "piece": "red2"}
    state["orbs"]["blue"].update(at="E5", carrier=None)
    text = GAME.render(state)
    rows = text.splitlines()
    assert rows[0].split() == list("ABCDEFG")
    assert rows[1].split() == ["7", ".", ".", ".", "b1", ".", ".", "."]
    assert rows[3].split() == ["5", ".", "L", ".", ".", "bo", "R", "."]
    assert rows[4].split() == ["4", ".", ".", ".", "P=b", ".", ".", "."]
    assert rows[5].split() == ["3", ".", "L", "r1", ".", ".", "R", "."]
    assert rows[7].split() == ["1", "ro", ".", ".", "r2", ".", ".", "."]
    assert "D4 blue (red 1/2 turns)" in text
    assert "blue on E5 (dropped)" in text
    assert "Off the board (back on their core next turn): Blue 2" in text
    assert text.endswith("Turn 1: Red 1 (the red player) to roll.")


def test_a_whole_game_is_played_at_the_command_line(monkeypatch, capsys):
    lines = [line for line in (EXAMPLES / "onslaught-2p.jsonl").read_text().splitlines()
             if line.startswith('{"type"')]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    assert main(["referee", "onslaught", "--play", "--options", '{"players": 2}']) == 0
    out = capsys.readouterr().out
    assert "Illegal: D4 is held by Blue 2: challenge it instead." in out
    assert "The blue core is destroyed: red wins" in out
    assert json.loads(out.splitlines()[-1])["outcome"]["winners"] == ["red"]

"""The shipped ONSLAUGHT records (docs/examples/onslaught-*.jsonl) replay to the verdicts
their comments describe, through the engine and through ``companion referee``."""

from __future__ import annotations

import json

import pytest

from companion.games import IllegalAction, get_game
from tests.helpers.paths import EXAMPLES

GAME = get_game("onslaught")


def read(name):
    """Return the record's options and its (action, dice) lines; ``#`` lines are notes."""
    options, actions = {}, []
    for line in (EXAMPLES / name).read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        data = json.loads(line)
        if "type" not in data:
            assert data["game"] == "onslaught"
            options = data["options"]
            continue
        dice = data.pop("dice", [])
        actions.append((data, dice))
    return options, actions


def replay(name):
    """Replay a record; return the final state, every event type and the refusals."""
    options, actions = read(name)
    state = GAME.initial_state(options)
    events, refusals = [], []
    for action, dice in actions:
        try:
            state, caused = GAME.apply(state, action, dice)
        except IllegalAction as error:
            refusals.append((action, error.reason))
            continue
        events += caused
    return state, events, refusals


def kinds(events):
    return [e["type"] for e in events]


def test_two_player_game_goes_to_a_red_win_with_each_rule_shown():
    state, events, refusals = replay("onslaught-2p.jsonl")
    assert state["controllers"]["red2"] == "red"
    assert refusals == [({"type": "move", "path": ["D2", "D3", "D4"]},
                         "D4 is held by Blue 2: challenge it instead.")]
    texts = [e["text"] for e in events]
    assert "Blue 2 challenges Red 1: 5 against 2" in texts
    assert "Blue captures D4 after two turns on it" in texts
    assert "Red 2 captures D4 with the orb" in texts
    assert "Red 2 captures B3 by entering it" in texts
    assert kinds(events).count("orb_returned") >= 1
    outcome = GAME.outcome(state)
    assert outcome.winners == ("red",) and state["cores"]["blue"]["health"] == 0
    assert state["cores"]["red"]["health"] == 3
    assert kinds(events)[-1] == "game_won"


def test_four_player_game_shows_a_tie_heroism_and_team_captures():
    state, events, refusals = replay("onslaught-4p.jsonl")
    assert refusals == []
    assert state["controllers"]["red2"] == "red2"
    texts = [e["text"] for e in events]
    assert "A tie: roll again" in texts
    assert "Blue 2 gives itself up to return the red orb" in texts
    assert "Blue captures D4 after two turns on it" in texts
    assert "Red captures D4 after two turns on it" in texts
    assert GAME.outcome(state).winners == ("blue",)
    assert state["cores"] == {"red": {"at": "D1", "health": 0},
                              "blue": {"at": "D7", "health": 3}}


@pytest.mark.parametrize("name", ["onslaught-2p.jsonl", "onslaught-4p.jsonl"])
def test_replaying_a_record_twice_gives_the_same_result(name):
    assert replay(name) == replay(name)


@pytest.mark.parametrize("name", ["onslaught-2p.jsonl", "onslaught-4p.jsonl"])
def test_the_referee_command_gives_the_engines_verdicts(name, capsys):
    from companion.cli import main

    assert main(["referee", "onslaught", "--record", str(EXAMPLES / name)]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line]
    verdicts = [line for line in lines if "legal" in line]
    state, _, refusals = replay(name)
    assert [v["reason"] for v in verdicts if not v["legal"]] == [r for _, r in refusals]
    assert len(verdicts) == len(read(name)[1])
    assert lines[-1]["state"] == state

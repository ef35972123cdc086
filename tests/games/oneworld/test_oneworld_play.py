"""Random legal play never reaches an illegal state; states survive JSON exactly; the
shipped example records replay to their end."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games import Match
from companion.games.oneworld import OneWorld
from companion.games.oneworld.secrets import seal
from companion.games.oneworld.state import OFF_MAP, PLAYERS, board_of, god_in, towers
from companion.games.replay import read_record, replay
from tests.helpers.paths import EXAMPLES

OPTION_SETS = [
    {},
    {"secrets": "table", "friendly_obstacle": True, "pylon_movement": True},
    {"tower_elimination": True, "frustration_clause": True},
    {"chaos_gambit_2": True, "flee_while_you_can": True, "god_powers": 1, "god_lives": 1},
    {"chaos_gambit_1": True, "moving_towers": "clockwise", "more_balance": True,
     "stacking_limit": "roll"},
    {"new_geography": True, "non_aligned_towers": True, "frustration_clause": True,
     "frustration_rounds": "total", "optional_reinforcement": True},
]


class Player:
    """Plays random legal actions, sealing secret choices and revealing them later."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.hidden: dict[str, dict] = {}

    def act(self, match: Match) -> None:
        game, state = match.game, match.state
        for player in PLAYERS:
            choices = game.legal_choices(state, player)
            if choices and match.to_move() == player:
                sealed = seal(player, self.rng.choice(choices), f"salt-{self.rng.random()}")
                self.hidden[player] = sealed["reveal"]
                match.push(sealed["commit"])
                return
        if match.to_move() in self.hidden and not list(match.legal_actions):
            match.push(self.hidden.pop(match.to_move()))
            return
        actions = list(match.legal_actions)
        moves = [a for a in actions if a["type"] != "end_movement"]
        action = self.rng.choice(moves if moves and self.rng.random() < 0.85 else actions)
        request = game.dice_needed(state, action)
        dice = [self.rng.randint(1, 6) for _ in range(request.count)] if request else []
        match.push(action, dice)


def check_invariants(state) -> None:
    board = board_of(state)
    assert json.loads(json.dumps(state)) == state
    limit = state["stacking_limit"]
    for player in PLAYERS:
        children = state["children"][player]
        assert len(children) == 13
        counts: dict[str, int] = {}
        for child in children:
            at = child["at"]
            assert at in OFF_MAP or at in board
            if at not in OFF_MAP:
                counts[at] = counts.get(at, 0) + 1
                assert child["aspect"] in ("stone", "blade", "fog")
                assert god_in(state, at) != player, "a child in its own god's hex"
                other_towers = [h for p, h in towers(state).items() if p != player]
                if not state["options"]["non_aligned_towers"]:
                    assert at not in other_towers, "a child on the enemy Tower"
        assert all(n <= limit for n in counts.values()), counts
        assert sum(counts.values()) <= 13
        if state["options"]["tower_elimination"]:
            assert all(c["at"] != "under_tower" for c in children)
    if state["phase"] == "movement" and not state["this_turn"]["moved"]:
        borg = {c["at"] for c in state["children"]["borg"]} - set(OFF_MAP)
        chez = {c["at"] for c in state["children"]["chez"]} - set(OFF_MAP)
        assert not borg & chez, "a hostile encounter left unresolved"


def play(options, seed, steps):
    rng = random.Random(seed)
    match = Match(OneWorld(), options)
    player = Player(rng)
    for _ in range(steps):
        if match.is_over():
            break
        player.act(match)
        check_invariants(match.state)
    return match


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=st.sampled_from(OPTION_SETS), seed=st.integers(0, 10_000))
def test_random_legal_play_keeps_every_invariant(options, seed):
    play(options, seed, 100)


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=st.sampled_from(OPTION_SETS), seed=st.integers(0, 10_000))
def test_long_random_games_keep_every_invariant(options, seed):
    play(options, seed, 600)


def test_undo_restores_the_exact_state():
    match = play({}, 7, 60)
    before = json.dumps(match.state, sort_keys=True)
    Player(random.Random(1)).act(match)
    match.pop()
    assert json.dumps(match.state, sort_keys=True) == before


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("oneworld-*.jsonl")), ids=lambda p: p.name)
def test_example_records_replay_without_an_illegal_line(path):
    record = read_record(path.read_text(encoding="utf-8").splitlines())
    results = list(replay(OneWorld(), record))
    illegal = [r for r in results[:-1] if not r["legal"]]
    assert not illegal, illegal[:1]
    final = results[-1]
    check_invariants(final["state"])
    if "whole" in path.name:
        assert final["outcome"] is not None


def test_the_referee_command_replays_the_whole_game(capsys):
    from companion.cli import main

    record = EXAMPLES / "oneworld-whole-game.jsonl"
    assert main(["referee", "oneworld", "--record", str(record)]) == 0
    lines = capsys.readouterr().out.splitlines()
    final = json.loads(lines[-1])
    assert final["final"] and final["outcome"]["termination"] == "god destroyed"
    assert all(json.loads(line).get("legal", True) for line in lines[:-1])

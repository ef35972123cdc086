"""``companion bench table`` runs and prints its figures (small settings)."""

from __future__ import annotations

import math

import pytest

from benchmarks.table import go_game, plans_to_play, press_to_led
from companion.cli import main
from companion.games.registry import get_game
from companion.games.replay import read_record
from tests.helpers.paths import EXAMPLES


def test_bench_table_prints_the_cost_per_move_of_each_game(capsys):
    code = main(["bench", "table", "--games", "go,onslaught", "--go-moves", "12",
                 "--window", "3"])
    assert code == 0
    out = capsys.readouterr().out
    assert "go 19x19, 12 seeded moves (go): 12 moves played" in out
    assert "onslaught-4p.jsonl (onslaught): 73 moves played" in out
    for row in ("play", "reading", "undo", "redo"):
        assert out.count(f"    {row} ") == 2
    assert out.count("target (last <= 2 x first, <= 20 ms)") == 2


def test_the_longest_example_of_each_game_is_played_and_go_is_seeded():
    plans = {plan.game: plan for plan in plans_to_play(5, seed=1)}
    hosted = {record.game for record in map(read_record, (
        path.read_text().splitlines() for path in EXAMPLES.glob("*.jsonl")))
        if get_game(record.game).at_the_table is None}
    assert set(plans) == hosted | {"go"}
    assert {"go", "one", "oneworld", "onslaught", "outdoor"} <= set(plans)
    assert plans["oneworld"].label == "oneworld-whole-game.jsonl"
    assert len(plans["oneworld"].moves) >= 443
    assert go_game(5, seed=1) == plans["go"] and len(plans["go"].moves) == 5


@pytest.mark.slow  # a benchmark's test; the quick run keeps test_dice_button.py's LED and
# test_table_live_game.py's roll applied off the thread that rolled it
def test_a_press_late_in_oneworld_lights_the_led_and_the_roll_is_applied(tmp_path):
    oneworld = plans_to_play(1, seed=1, wanted={"oneworld"})[0]
    [press] = press_to_led(oneworld, tmp_path / "press.sqlite3", presses=1)
    assert press["LED"] >= 0 and math.isfinite(press["roll applied"])  # lit, and applied

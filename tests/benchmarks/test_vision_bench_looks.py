"""``companion bench vision --looks``: the realistic camera looks' figures, development
and held-out looks reported apart (the figures themselves are for docs/benchmarks.md)."""

import json

import pytest

from benchmarks.vision import count_lost, lost_report
from companion.cli import main


@pytest.mark.slow
def test_bench_vision_reports_development_and_held_out_looks_apart(capsys):
    assert main(["bench", "vision", "--scenes", "1", "--boards", "go-9", "--looks", "real"]) == 0
    out = capsys.readouterr().out
    assert "under camera looks" in out
    assert "go-9, development looks:" in out and "go-9, held-out looks:" in out
    for figure in ("per-space error", "unsure", "whole-board accuracy", "hand scenes flagged",
                   "other scenes flagged", "ms registration", "ms classification"):
        assert out.count(figure) == 2


@pytest.mark.slow
@pytest.mark.parametrize("looks, other", [("held-out", "development"), ("unseen", "held-out")])
def test_bench_vision_reports_one_set_of_looks_alone(capsys, looks, other):
    assert main(["bench", "vision", "--scenes", "1", "--boards", "go-9", "--looks",
                 looks]) == 0
    out = capsys.readouterr().out
    assert f"go-9, {looks} looks:" in out and other not in out


@pytest.mark.slow
def test_bench_vision_counts_the_unsure_spaces_by_rule_and_truth(capsys):
    assert main(["bench", "vision", "--scenes", "3", "--boards", "go-9", "--looks",
                 "development", "--why", "--grid-scenes", "0"]) == 0
    out = capsys.readouterr().out
    assert "go-9, development looks:" in out and "held-out" not in out
    table = out[out.index("unsure by rule"):].splitlines()
    assert "empty" in table[0] and "black" in table[0] and "white" in table[0]
    assert len(table) > 1 and " / " in table[1]


def test_boards_not_whole_are_counted_by_the_kind_alone_that_lost_them():
    counts: dict = {}
    count_lost(counts, {"white unsure: core blown out"})
    count_lost(counts, {"white unsure: core blown out"})
    count_lost(counts, {"white unsure: core blown out", "black read empty"})
    count_lost(counts, {"flagged: board occluded"})
    assert counts == {("white unsure: core blown out", True): 2,
                      ("white unsure: core blown out", False): 1,
                      ("black read empty", False): 1,
                      ("flagged: board occluded", True): 1}
    table = lost_report(counts, rows=2).splitlines()
    assert table[1].split() == ["2", "/", "3", "white", "unsure:", "core", "blown", "out"]
    assert table[2].split()[:3] == ["1", "/", "1"] and table[2].endswith("board occluded")
    assert table[3].strip() == "... and 1 kinds more"


@pytest.mark.slow
def test_bench_vision_logs_every_scene_and_what_kept_each_board_from_whole(capsys, tmp_path):
    log = tmp_path / "scenes.jsonl"
    assert main(["bench", "vision", "--scenes", "4", "--boards", "go-9", "--looks",
                 "development", "--seed", "50000", "--grid-scenes", "0", "--lost",
                 "--scene-log", str(log)]) == 0
    out = capsys.readouterr().out
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert [line["seed"] for line in lines] == [50000, 50001, 50002, 50003]
    assert all(line["board"] == "go-9" and line["looks"] == "development" for line in lines)
    whole = sum(1 for line in lines
                if not line["hand"] and not line["occluded"] and not line["spaces"])
    without_hand = sum(1 for line in lines if not line["hand"])
    assert f"({whole} of {without_hand} scenes without a hand" in out
    if whole < without_hand:
        table = out[out.index("boards not whole"):].splitlines()
        assert " / " in table[1]

"""``companion bench vision --looks``: the realistic camera looks' figures, development
and held-out looks reported apart (the figures themselves are for docs/benchmarks.md)."""

import pytest

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

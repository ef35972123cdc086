"""``companion bench vision`` runs end to end on a couple of scenes and prints its
figures (the figures themselves are for docs/benchmarks.md, not for a test)."""

import pytest

from companion.cli import main


@pytest.mark.slow
def test_bench_vision_prints_every_figure(capsys):
    assert main(["bench", "vision", "--scenes", "2", "--boards", "go-9,one-60",
                 "--grid-scenes", "1"]) == 0
    out = capsys.readouterr().out
    for board in ("go-9:", "one-60:"):
        assert board in out
    for figure in ("per-space error", "unsure", "whole-board accuracy", "ms registration",
                   "ms classification", "ms total"):
        assert out.count(figure) == 2
    assert "Grid registration, rendered 640x480 19x19 scenes" in out
    for stage in ("find", "follow", "follow moved"):
        assert f"  {stage} " in out


@pytest.mark.slow
def test_bench_grid_speed_and_vision_look_run_end_to_end(capsys, tmp_path):
    assert main(["bench", "grid-speed", "--scenes", "1", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Grid registration, rendered" in out and "real photos in" in out
    assert main(["bench", "vision-look", "--games", "1", "--frames", "5",
                 "--frozen-after", "2"]) == 0
    out = capsys.readouterr().out
    for reader in ("look-free", "learned", "frozen"):
        assert reader in out


def test_bench_vision_refuses_an_unknown_board(capsys):
    assert main(["bench", "vision", "--scenes", "2", "--boards", "chess"]) == 2
    assert "Boards are" in capsys.readouterr().out

"""``companion bench vision`` runs end to end on a couple of scenes and prints its
figures (the figures themselves are for docs/benchmarks.md, not for a test)."""

from companion.cli import main


def test_bench_vision_prints_every_figure(capsys):
    assert main(["bench", "vision", "--scenes", "2", "--boards", "go-9,one-60"]) == 0
    out = capsys.readouterr().out
    for board in ("go-9:", "one-60:"):
        assert board in out
    for figure in ("per-space error", "unsure", "whole-board accuracy", "ms registration",
                   "ms classification", "ms total"):
        assert out.count(figure) == 2


def test_bench_vision_refuses_an_unknown_board(capsys):
    assert main(["bench", "vision", "--scenes", "2", "--boards", "chess"]) == 2
    assert "Boards are" in capsys.readouterr().out

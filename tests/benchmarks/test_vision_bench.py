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


def _occlusion_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if "flagged occluded" in line]


def test_bench_vision_forces_hands_and_full_boards_and_reads_its_cache_again(capsys, tmp_path):
    """``--hands all`` puts a hand in every scene, ``--full-glare`` none (a full board
    under a glare instead); ``--cache`` keeps each rendered scene and reads it again,
    with the same figures."""
    bench = ["bench", "vision", "--scenes", "1", "--boards", "go-9", "--grid-scenes", "0",
             "--seed", "3300", "--cache", str(tmp_path)]
    assert main([*bench, "--hands", "all"]) == 0
    first = _occlusion_lines(capsys.readouterr().out)
    assert first[0].split("occluded")[1].split()[1:3] == ["of", "1"]  # one hand scene
    assert first[1].split("occluded")[1].split()[1:3] == ["of", "0"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["go-9-None-hands100-3300.json",
                                                         "go-9-None-hands100-3300.png"]
    assert main([*bench, "--hands", "all"]) == 0
    assert _occlusion_lines(capsys.readouterr().out) == first
    assert main([*bench, "--full-glare", "300"]) == 0
    out = capsys.readouterr().out
    assert "each 300 stones (at most the board's spaces) under a lamp's glare, no hand" in out
    lines = _occlusion_lines(out)
    assert lines[0].split("occluded")[1].split()[1:3] == ["of", "0"]
    assert lines[1].split("occluded")[1].split()[1:3] == ["of", "1"]  # a board, no hand
    assert (tmp_path / "go-9-None-full300-3300.png").exists()

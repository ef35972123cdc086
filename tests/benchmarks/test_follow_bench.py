"""``companion bench follow`` follows rendered games and prints what became of them."""

import pytest

from companion.cli import main


def test_bench_follow_prints_each_game_and_the_totals(capsys):
    code = main(["bench", "follow", "--games", "1", "--moves", "2", "--first-seed", "0"])
    out = capsys.readouterr().out
    assert code == 0
    assert out.splitlines()[0] == "game 0: to the end; a position not shown: no"
    assert out.splitlines()[1] == "  unchanged move move"
    assert out.splitlines()[-1] == ("1 of 1 games followed to the end, every move right; "
                                    "0 held a position the table did not show")


def test_bench_follow_follows_a_game_on_an_unseen_table(capsys):
    assert main(["bench", "follow", "--games", "1", "--moves", "2", "--unseen"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("game 0: ") and len(out[1].split()) == 3
    assert out[-1].startswith("1 of 1 games followed") or out[-1].startswith("0 of 1 games")


def test_bench_follow_takes_one_set_of_looks_only(capsys):
    with pytest.raises(SystemExit):
        main(["bench", "follow", "--games", "1", "--held-out", "--unseen"])
    assert "not allowed with argument" in capsys.readouterr().err


def test_bench_follow_from_a_later_move_numbers_photos_by_move(capsys):
    code = main(["bench", "follow", "--games", "1", "--moves", "5", "--start", "3",
                 "--first-seed", "0"])
    out = capsys.readouterr().out.splitlines()
    assert code == 0
    assert out[0] == "game 0: to the end; a position not shown: no"
    assert out[1] == "  unchanged move move"  # photos 3 (the start), 4 and 5


def test_bench_follow_relit_and_sharpened_follows_every_photo(capsys):
    code = main(["bench", "follow", "--games", "1", "--moves", "3", "--relight-at", "2",
                 "--sharpen", "--first-seed", "0"])
    out = capsys.readouterr().out.splitlines()
    assert code == 0
    assert out[0].startswith("game 0: ") and len(out[1].split()) == 4


def test_bench_follow_refuses_a_start_past_the_game(capsys):
    assert main(["bench", "follow", "--games", "1", "--moves", "3", "--start", "3"]) == 2
    assert "--start" in capsys.readouterr().out

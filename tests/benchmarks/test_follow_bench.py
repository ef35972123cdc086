"""``companion bench follow`` follows rendered games and prints what became of them."""

from companion.cli import main


def test_bench_follow_prints_each_game_and_the_totals(capsys):
    code = main(["bench", "follow", "--games", "1", "--moves", "2", "--first-seed", "0"])
    out = capsys.readouterr().out
    assert code == 0
    assert out.splitlines()[0] == "game 0: to the end; a position not shown: no"
    assert out.splitlines()[1] == "  unchanged move move"
    assert out.splitlines()[-1] == ("1 of 1 games followed to the end, every move right; "
                                    "0 held a position the table did not show")

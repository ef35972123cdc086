"""``companion roll``: notation, readable and JSON output, history, errors."""

import json

import pytest

from companion.cli import main
from companion.dice import parse_dice
from companion.journal import Journal


@pytest.fixture
def journal_path(tmp_path):
    return tmp_path / "journal.sqlite3"


def roll(capsys, *args):
    code = main(["roll", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("text, dice", [
    ("2d6", (2, 6, 0)), ("d20", (1, 20, 0)), ("3", (3, 6, 0)), ("1D8", (1, 8, 0)),
    (" 4d10 ", (4, 10, 0)), ("2d6+3", (2, 6, 3)), ("3d6-1", (3, 6, -1)),
    ("d20 + 5", (1, 20, 5)), ("3+1", (3, 6, 1)),
])
def test_dice_notation(text, dice):
    assert parse_dice(text) == dice


@pytest.mark.parametrize("text", ["", "2x6", "d", "2d", "-1", "2d6+", "dd6", "2d6+1d4",
                                  "2d6²", None])
def test_what_is_not_dice_is_refused_with_an_example(text):
    with pytest.raises(ValueError, match="write them like 2d6, d20, 3 \\(three d6\\) or 2d6\\+3"):
        parse_dice(text)


def test_dice_beyond_their_limits_are_refused_in_words():
    with pytest.raises(ValueError, match="from -1000 to 1000, not 5000"):
        parse_dice("2d6+5000")
    with pytest.raises(ValueError, match="sides from 2 to 1000"):
        parse_dice("d1")


def test_a_modifier_is_added_to_the_sum_printed_and_journaled(capsys, journal_path):
    code, out, _ = roll(capsys, "2d6-1", "--by", "bob", "--journal", journal_path, "--json")
    assert code == 0
    result = json.loads(out)
    assert result["notation"] == "2d6-1" and result["modifier"] == -1
    assert result["total"] == sum(result["values"]) - 1
    code, out, _ = roll(capsys, "--history", "--journal", journal_path)
    a, b = result["values"]
    assert out.rstrip().endswith(f"#1 2d6-1: {a} + {b} - 1 = {a + b - 1} (by bob)")


def test_a_roll_is_printed_and_journaled(capsys, journal_path):
    code, out, _ = roll(capsys, "3d6", "--purpose", "attack on B4", "--by", "alice",
                        "--journal", journal_path)
    assert code == 0
    with Journal(journal_path) as journal:
        (event,) = journal.events()
    values = event.data["values"]
    assert event.kind == "dice.roll" and event.actor == "alice" and len(values) == 3
    assert out == (f"#1 3d6: {values[0]} + {values[1]} + {values[2]} = {sum(values)} "
                   "(attack on B4; by alice)\n")


def test_the_default_is_one_d6_by_the_os_user(capsys, journal_path, monkeypatch):
    monkeypatch.setattr("getpass.getuser", lambda: "carol")
    code, out, _ = roll(capsys, "--journal", journal_path)
    assert code == 0 and out.startswith("#1 1d6: ") and out.endswith("(by carol)\n")


def test_the_default_journal_is_in_the_data_folder(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    assert roll(capsys, "d4")[0] == 0
    with Journal(tmp_path / "home" / "journal.sqlite3") as journal:
        assert journal.events()[0].data["sides"] == 4


def test_json_output_is_one_object(capsys, journal_path):
    code, out, _ = roll(capsys, "2d20", "--by", "bob", "--json", "--journal", journal_path)
    data = json.loads(out)
    assert code == 0 and data["count"] == 2 and data["sides"] == 20 and data["seq"] == 1
    assert data["total"] == sum(data["values"]) and data["requested_by"] == "bob"


def test_history_lists_the_latest_rolls_newest_first(capsys, journal_path):
    for dice in ("d4", "d8", "d12"):
        roll(capsys, dice, "--by", "dan", "--journal", journal_path)
    code, out, _ = roll(capsys, "--history", "2", "--journal", journal_path)
    lines = out.splitlines()
    assert code == 0 and len(lines) == 2
    assert "#3 1d12" in lines[0] and "#2 1d8" in lines[1]
    code, out, _ = roll(capsys, "--history", "--json", "--journal", journal_path)
    assert [r["sides"] for r in json.loads(out)["rolls"]] == [12, 8, 4]


def test_history_of_a_new_journal_says_so(capsys, journal_path):
    code, out, _ = roll(capsys, "--history", "--journal", journal_path)
    assert code == 0 and out.startswith("No rolls yet")


@pytest.mark.parametrize("args, words", [
    (["2x6"], "'2x6' is not dice"),
    (["0d6"], "number of dice must be a whole number from 1 to 100"),
    (["1d1"], "sides from 2 to 1000"),
    (["--history", "0"], "--history needs a number of rolls of 1 or more"),
    (["2d6", "--history"], "Give dice to roll (2d6) or --history, not both."),
])
def test_bad_input_is_one_sentence_and_exit_1(capsys, journal_path, args, words):
    code, out, err = roll(capsys, *args, "--journal", journal_path)
    assert code == 1 and out == ""
    assert err.startswith("companion roll: ") and words in err and err.count("\n") == 1


def test_a_file_that_is_not_a_journal_is_refused(capsys, tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("not a journal")
    code, _, err = roll(capsys, "--journal", path)
    assert code == 1 and "is not a Tabletop Companion journal" in err
    assert path.read_text() == "not a journal"


def test_a_history_count_that_is_not_a_number_is_a_usage_error(capsys, journal_path):
    with pytest.raises(SystemExit) as caught:
        main(["roll", "--history", "many", "--journal", str(journal_path)])
    assert caught.value.code == 2
    assert "invalid int value" in capsys.readouterr().err

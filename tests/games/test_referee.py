"""`companion referee`: replaying the example records, bad input, and --play from a pipe."""

import json
import subprocess
import sys

import pytest

from companion.games import DiceRequest, Game, IllegalAction, Outcome, registry
from companion.games.replay import RecordError, read_record
from tests.helpers.cli import run_cli
from tests.helpers.paths import EXAMPLES


def referee(capsys, *args, stdin=None, monkeypatch=None):
    return run_cli(capsys, "referee", *args, stdin=stdin, monkeypatch=monkeypatch)


def replay_example(capsys, game, name):
    code, out, err = referee(capsys, game, "--record", str(EXAMPLES / name))
    assert code == 0 and err == ""
    lines = [json.loads(line) for line in out.splitlines()]
    illegal = {v["line"]: v["reason"] for v in lines[:-1] if not v["legal"]}
    return lines, illegal, lines[-1], out


def test_two_player_one_game_replays_with_the_verdicts_we_expect(capsys):
    lines, illegal, final, out = replay_example(capsys, "one", "one-2p-60.jsonl")
    assert illegal == {11: "C3 is taken by Black."}
    chain = next(v for v in lines if v["line"] == 9)
    assert chain["action"] == {"type": "jump", "player": "black", "path": ["A1", "C1", "C3"]}
    assert [e["over"] for e in chain["events"]] == ["B1", "C2"]
    assert next(v for v in lines if v["line"] == 15)["events"][0]["text"] == (
        "White jumps from B2 over C3 to D4 and captures a Black stone.")
    assert final["final"] is True and final["phase"] == "over" and final["to_move"] is None
    assert final["outcome"] == {"termination": "out_of_stones", "winners": ["black"],
                                "scores": {"black": 44, "white": 36}}
    assert final["state"]["hand"] == {"black": 2, "white": 0}
    assert final["state"]["captured"] == {"black": {"white": 20}, "white": {"black": 16}}
    assert replay_example(capsys, "one", "one-2p-60.jsonl")[3] == out  # identical twice


def test_four_player_one_game_replays_with_the_verdicts_we_expect(capsys):
    lines, illegal, final, out = replay_example(capsys, "one", "one-4p-60.jsonl")
    assert illegal == {9: "It is Black's turn, not Blue's.",
                       17: "Blue has resigned and plays no more."}
    chain = next(v for v in lines if v["line"] == 11)
    assert [e["captured"] for e in chain["events"]] == ["white", "red"]
    assert final["state"]["resigned"] == ["blue"]
    assert final["outcome"]["winners"] == ["black"]
    assert final["outcome"]["termination"] == "out_of_stones"
    assert replay_example(capsys, "one", "one-4p-60.jsonl")[3] == out


def test_go_game_replays_with_the_verdicts_we_expect(capsys):
    lines, illegal, final, out = replay_example(capsys, "go", "go-9x9.jsonl")
    assert illegal == {32: "E5 is taken by Black.",
                       37: "Suicide: a White stone on B5 would have no liberties."}
    capture = next(v for v in lines if v["line"] == 35)["events"][1]
    assert capture["spaces"] == ["B5"]
    assert final["outcome"] == {"termination": "two_passes", "winners": ["black"],
                                "scores": {"black": 45.0, "white": 43.5}}
    assert replay_example(capsys, "go", "go-9x9.jsonl")[3] == out


def test_the_console_command_gives_the_same_output(capsys):
    out = replay_example(capsys, "go", "go-9x9.jsonl")[3]
    result = subprocess.run(
        [sys.executable, "-m", "companion.cli", "referee", "go",
         "--record", str(EXAMPLES / "go-9x9.jsonl")],
        capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0 and result.stdout == out


def test_output_lines_have_sorted_keys(capsys):
    out = replay_example(capsys, "go", "go-9x9.jsonl")[3]
    for line in out.splitlines():
        assert line == json.dumps(json.loads(line), sort_keys=True, ensure_ascii=False)


# -- bad input ---------------------------------------------------------------------------


def test_a_malformed_line_is_reported_with_its_number_and_replay_goes_on(tmp_path, capsys):
    record = tmp_path / "bad.jsonl"
    record.write_text('{"game": "one"}\n\n{"type": "place", "player": "black", "at": "A1"\n'
                      '{"type": "place", "player": "black", "at": "A1"}\n')
    code, out, err = referee(capsys, "one", "--record", str(record))
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 2
    assert lines[0]["line"] == 3 and lines[0]["legal"] is False
    assert lines[0]["error"].startswith("Line 3 is not valid JSON")
    assert lines[1]["line"] == 4 and lines[1]["legal"] is True
    assert lines[2]["state"]["board"]["A1"] == "black"


def test_an_illegal_action_leaves_the_state_and_exit_code_alone(tmp_path, capsys):
    record = tmp_path / "game.jsonl"
    record.write_text('{"type": "place", "player": "white", "at": "A1"}\n'
                      '{"type": "place", "player": "black", "at": "A1", "dice": [3]}\n'
                      '# a comment\n'
                      '{"type": "place", "player": "black", "at": "A2"}\n')
    code, out, _ = referee(capsys, "one", "--record", str(record))
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert lines[0] == {"line": 1, "legal": False, "reason": "It is Black's turn, not White's.",
                        "action": {"type": "place", "player": "white", "at": "A1"}}
    assert lines[1]["reason"] == "This action needs no dice, but dice were given."
    assert lines[2]["line"] == 4 and lines[2]["legal"]
    assert lines[3]["state"]["moves"] == 1


@pytest.mark.parametrize("record, args, message", [
    (None, ["--record", "/no/such/file.jsonl"], "cannot read the record"),
    ('{"game": "go"}\n', [], "a game of go, not of one"),
    ('{"game": "one", "options": {"players": 9}}\n', [], "2 to 6 players"),
    ('{"game": "one"}\n', ["--options", "{bad"], "--options is not valid JSON"),
    ('{"game": "one"}\n', ["--options", "[1]"], "JSON object"),
    ('{"type": "pass", "player": "black"}\n{"game": "one"}\n', [], "header must be"),
    ("root:x:0:0:root:/root:/bin/bash\n", [], "This is not a game record: line 1 is not "
                                             "valid JSON"),
    ('# a list, not a record\n[1, 2]\n', [], "line 2 is not a JSON object"),
])
def test_unusable_input_exits_2_with_one_sentence(tmp_path, capsys, record, args, message):
    path = tmp_path / "r.jsonl"
    if record is not None:
        path.write_text(record)
        args = ["--record", str(path), *args]
    code, out, err = referee(capsys, "one", *args)
    assert code == 2 and out == ""
    assert err.startswith("companion referee: ") and message in err
    assert "Traceback" not in err


def test_unknown_game_and_missing_record(capsys):
    code, _, err = referee(capsys, "chess", "--record", "x.jsonl")
    assert code == 2 and "no game called 'chess'" in err
    code, out, _ = referee(capsys, " ONE", "--record", str(EXAMPLES / "one-2p-60.jsonl"))
    assert code == 0 and json.loads(out.splitlines()[-1])["final"]  # any case
    code, _, err = referee(capsys, "one")
    assert code == 2 and "--record" in err


def test_command_line_options_override_the_header(tmp_path, capsys):
    path = tmp_path / "r.jsonl"
    path.write_text('{"game": "one", "options": {"players": 2}}\n')
    _, out, _ = referee(capsys, "one", "--record", str(path), "--options", '{"players": 3}')
    assert json.loads(out)["state"]["players"] == ["black", "white", "red"]


def test_read_record_skips_comments_and_blank_lines():
    record = read_record(["# hello", "", '{"game": "one", "options": {"players": 3}}',
                          '{"type": "pass", "player": "black", "dice": [1, 2]}'])
    assert record.game == "one" and record.options == {"players": 3}
    assert record.entries[0].line == 4 and record.entries[0].dice == (1, 2)
    assert record.entries[0].action == {"type": "pass", "player": "black"}
    with pytest.raises(RecordError, match="header"):
        read_record(['{"game": 3}'])


# -- --play ----------------------------------------------------------------------------------


def notation(path):
    """The actions of a record typed as a player would: place C3, jump A1 C1 C3, pass."""
    typed = []
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        action = json.loads(line)
        if action.get("type") == "place":
            typed.append(f"place {action['at']}")
        elif action.get("type") == "jump":
            typed.append("jump " + " ".join(action["path"]))
        elif action.get("type") == "pass":
            typed.append("pass")
        elif action.get("type") == "resign":
            typed.append(f"resign {action['player']}")
    return "\n".join(typed) + "\n"


def test_a_game_of_one_played_to_the_end_through_a_pipe(capsys, monkeypatch, tmp_path):
    saved = tmp_path / "saved.jsonl"
    code, out, err = referee(capsys, "one", "--play", "--save", str(saved),
                             stdin=notation(EXAMPLES / "one-2p-60.jsonl"),
                             monkeypatch=monkeypatch)
    assert code == 0 and err == ""
    assert "Illegal: C3 is taken by Black." in out
    assert "Black jumps from C1 over C2 to C3 and captures a White stone." in out
    assert "The game is over: Black wins (Black 44, White 36)." in out
    assert out.splitlines()[-1] == json.dumps({"outcome": {
        "scores": {"black": 44, "white": 36}, "termination": "out_of_stones",
        "winners": ["black"]}}, sort_keys=True)
    assert any(line.split() == ["A", "X", ".", ".", ".", ".", "."] for line in out.splitlines())
    # the saved record replays to the same end
    code, replayed, _ = referee(capsys, "one", "--record", str(saved))
    final = json.loads(replayed.splitlines()[-1])
    assert code == 0 and final["outcome"]["scores"] == {"black": 44, "white": 36}


def test_a_game_of_go_played_to_the_end_through_a_pipe(capsys, monkeypatch):
    code, out, _ = referee(capsys, "go", "--options", '{"size": 9}', "--play",
                           stdin=notation(EXAMPLES / "go-9x9.jsonl"), monkeypatch=monkeypatch)
    assert code == 0
    assert "Illegal: Suicide: a White stone on B5 would have no liberties." in out
    assert "Black captures 1 stone: B5." in out
    assert "The game is over: Black wins (Black 45, White 43.5)." in out


def test_play_takes_json_undo_and_reports_an_unfinished_game(capsys, monkeypatch):
    typed = ('{"type": "place", "player": "black", "at": "E5"}\n'
             "place D4\nundo\nundo\nundo\nmove D4\nC3\n")
    code, out, _ = referee(capsys, "go", "--options", '{"size": 9}', "--play",
                           stdin=typed, monkeypatch=monkeypatch)
    assert code == 0
    assert "Taken back: White places on D4." in out
    assert "Taken back: Black places on E5." in out
    assert "Nothing to take back." in out
    assert "Illegal: I cannot read 'move D4'" in out
    assert "Black places on C3." in out
    assert out.splitlines()[-2] == "The game is not over: White to move."


def test_play_continues_a_record(capsys, monkeypatch):
    code, out, _ = referee(capsys, "go", "--record", str(EXAMPLES / "go-9x9.jsonl"), "--play",
                           stdin="", monkeypatch=monkeypatch)
    assert code == 0
    assert "Line 32 of the record is illegal and left out: E5 is taken by Black." in out
    assert '"winners": ["black"]' in out.splitlines()[-1]


# -- dice, with a tiny game that rolls -----------------------------------------------------


class Race(Game):
    """Roll a die each turn; the game ends when the total reaches 10."""

    name = "race"
    title = "Race"

    def initial_state(self, options=None):
        return {"total": 0}

    def legal_actions(self, state):
        yield {"type": "roll"}

    def check(self, state, action):
        if action["type"] != "roll":
            raise IllegalAction("The only action is roll.")

    def dice_needed(self, state, action):
        return DiceRequest(1, 6, "the race")

    def resolve(self, state, action, dice):
        state["total"] += dice[0]
        return [{"type": "roll", "text": f"Rolled to {state['total']}."}]

    def to_move(self, state):
        return None if state["total"] >= 10 else "runner"

    def outcome(self, state):
        return Outcome("finish", ("runner",)) if state["total"] >= 10 else None


@pytest.fixture
def race(monkeypatch):
    monkeypatch.setitem(registry._GAMES, "race", f"{__name__}:Race")


def test_dice_in_a_record_are_passed_to_the_game_and_checked(race, tmp_path, capsys):
    path = tmp_path / "race.jsonl"
    path.write_text('{"type": "roll", "dice": [6]}\n{"type": "roll"}\n'
                    '{"type": "roll", "dice": [7]}\n{"type": "roll", "dice": [4]}\n')
    code, out, _ = referee(capsys, "race", "--record", str(path))
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert lines[0]["legal"] and lines[0]["dice"] == [6]
    assert lines[1]["reason"] == "This action needs 1 d6 (the race), but 0 were given."
    assert lines[2]["reason"] == "Dice must be whole numbers 1-6, not [7]."
    assert lines[3]["events"][0]["text"] == "Rolled to 10."
    assert lines[4]["outcome"]["winners"] == ["runner"]


def test_play_rolls_the_dice_nobody_typed_with_a_seed(race, capsys, monkeypatch):
    outputs = []
    for _ in range(2):
        code, out, _ = referee(capsys, "race", "--play", "--seed", "5",
                               stdin='{"type": "roll"}\n' * 10, monkeypatch=monkeypatch)
        assert code == 0
        outputs.append(out)
    assert outputs[0] == outputs[1]
    rolls = [int(line.split()[1]) for line in outputs[0].splitlines() if line.startswith("Rolled ")
             and "(the race)" in line]
    assert rolls and sum(rolls[:-1]) < 10 <= sum(rolls)
    assert '"winners": ["runner"]' in outputs[0].splitlines()[-1]

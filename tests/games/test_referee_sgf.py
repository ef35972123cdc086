"""`companion referee` with SGF files and start positions: ``--record GAME.sgf`` replays an
SGF file as it replays a record, ``--save GAME.sgf`` writes one (chosen by the
extension), ``--start FILE`` starts from where a record or an SGF file ends, with
``--record`` and ``--play`` alike, and a record's header carries its position."""

import json
from pathlib import Path

from companion.games.sgf import read_sgf
from tests.helpers.cli import run_cli

GNUGO = Path(__file__).parents[1] / "data" / "sgf" / "gnugo-9x9-capture.sgf"


def referee(capsys, *args, stdin=None, monkeypatch=None):
    return run_cli(capsys, "referee", *args, stdin=stdin, monkeypatch=monkeypatch)


def test_an_sgf_file_replays_as_a_record(capsys):
    code, out, err = referee(capsys, "go", "--record", str(GNUGO))
    assert code == 0 and err == ""
    lines = [json.loads(line) for line in out.splitlines()]
    assert all(v["legal"] for v in lines[:-1]) and len(lines) == 11  # ten moves, the end
    capture = next(v for v in lines[:-1] if any(e["type"] == "capture" for e in v["events"]))
    assert capture["action"] == {"type": "place", "player": "black", "at": "C4"}
    final = lines[-1]
    assert final["state"]["board"]["C3"] is None and final["outcome"] is not None


def test_an_sgf_file_played_on_and_saved_as_sgf_keeps_its_position_and_moves(
        capsys, monkeypatch, tmp_path):
    saved = tmp_path / "again.sgf"
    text = "(;GM[1]FF[4]SZ[9]KM[5.5]AB[cc][gg]AW[cg]PL[W];W[ee];B[bg])"
    (tmp_path / "start.sgf").write_text(text)
    code, out, err = referee(capsys, "go", "--record", str(tmp_path / "start.sgf"), "--play",
                             "--save", str(saved), stdin="D4\npass\npass\n",
                             monkeypatch=monkeypatch)
    assert code == 0, err
    again = read_sgf(saved.read_text())
    assert again.setup == {"C7": "black", "G3": "black", "C3": "white"}
    assert again.to_move == "white" and again.komi == 5.5
    assert again.moves == (("white", "E5"), ("black", "B3"), ("white", "D4"),
                           ("black", None), ("white", None))
    assert "RE[" in saved.read_text()


def test_a_record_saved_with_its_position_replays_from_it(capsys, monkeypatch, tmp_path):
    saved = tmp_path / "game.jsonl"
    code, _, err = referee(capsys, "go", "--start", str(GNUGO), "--play", "--save",
                           str(saved), stdin="A1\n", monkeypatch=monkeypatch)
    assert code == 0, err
    header = json.loads(saved.read_text().splitlines()[0])
    assert header["position"]["to_move"] == "white"
    assert header["position"]["board"]["C4"] == "black" and "C3" not in header["position"]["board"]
    code, out, err = referee(capsys, "go", "--record", str(saved))
    assert code == 0, err
    final = json.loads(out.splitlines()[-1])
    assert final["state"]["board"]["A1"] == "white" and final["state"]["board"]["C4"] == "black"


def test_start_with_a_record_plays_it_on_from_the_position(capsys, tmp_path):
    record = tmp_path / "moves.jsonl"
    record.write_text('{"type": "place", "player": "white", "at": "J9"}\n')
    code, out, err = referee(capsys, "go", "--start", str(GNUGO), "--record", str(record))
    assert code == 0, err
    final = json.loads(out.splitlines()[-1])
    assert final["state"]["board"]["J9"] == "white" and final["state"]["board"]["C7"] == "black"


def test_a_handicap_from_the_command_line(capsys, monkeypatch):
    code, out, _ = referee(capsys, "go", "--options", '{"size": 9, "handicap": 2}', "--play",
                           stdin="", monkeypatch=monkeypatch)
    assert code == 0
    assert "White to move" in out


def test_sgf_is_refused_for_another_game_in_one_sentence(capsys, monkeypatch, tmp_path):
    code, out, err = referee(capsys, "one", "--record", str(GNUGO))
    assert code == 2 and out == ""
    assert err == ("companion referee: An SGF file holds a game of Go, not of ONE: give a game "
                   "record (.jsonl).\n")
    code, _, err = referee(capsys, "one", "--play", "--save", str(tmp_path / "x.sgf"),
                           stdin="", monkeypatch=monkeypatch)
    assert code == 2
    assert "SGF holds games of Go; a game of ONE is exported as a game record" in err
    bad = tmp_path / "bad.sgf"
    bad.write_text("not sgf")
    code, _, err = referee(capsys, "go", "--record", str(bad))
    assert code == 2 and "start with '(;'" in err

"""The SGF reader: setup stones, the player to move, moves, passes, variations, and a
clear reason for every file it cannot read."""

import pytest

from companion.games.go import Go
from companion.games.replay import RecordError, read_record, record_end
from companion.games.sgf import SgfError, point_name, read_sgf, sgf_record


def sgf_state(text, options=None):
    """The Go state an SGF text reaches, through its record."""
    return record_end(Go(), read_record(sgf_record(text)), options)


def test_points_are_named_from_the_top_left_corner():
    assert point_name("aa", 19) == "A19"
    assert point_name("ss", 19) == "T1"
    assert point_name("dd", 19) == "D16"
    assert point_name("ia", 9) == "J9"  # no column I


def test_setup_stones_the_player_to_move_and_komi():
    game = read_sgf("(;GM[1]FF[4]SZ[9]KM[6.5]AB[cc][gg]AW[cg]PL[W])")
    assert game.size == 9 and game.komi == 6.5
    assert game.setup == {"C7": "black", "G3": "black", "C3": "white"}
    state = sgf_state("(;GM[1]FF[4]SZ[9]KM[6.5]AB[cc][gg]AW[cg]PL[W])")
    assert state["to_move"] == "white"
    assert state["options"]["komi"] == 6.5
    assert sum(1 for c in state["board"].values() if c) == 3


def test_compressed_rectangles_and_empty_setup():
    game = read_sgf("(;SZ[9]AB[aa:bc]AE[ab])")
    assert sorted(game.setup) == ["A7", "A9", "B7", "B8", "B9"]


def test_moves_of_the_main_line_with_passes_and_captures():
    text = ("(;SZ[9];B[ba];W[aa];B[ab](;W[tt];B[]))"
            "(;SZ[19];B[pp])")  # a second game, left out
    game = read_sgf(text)
    assert game.moves == (("black", "B9"), ("white", "A9"), ("black", "A8"),
                          ("white", None), ("black", None))
    state = sgf_state(text)
    assert state["board"]["A9"] is None  # captured by A8
    assert state["captures"]["black"] == 1
    assert state["to_move"] == "white"


def test_only_the_first_variation_is_followed():
    game = read_sgf("(;SZ[9];B[ee](;W[cc];B[gg])(;W[gc]))")
    assert [point for _, point in game.moves] == ["E5", "C7", "G3"]


def test_escaped_brackets_in_comments_are_skipped():
    game = read_sgf("(;SZ[9]C[a comment with \\] and ;B[aa\\] inside];B[ee])")
    assert game.moves == (("black", "E5"),)


def test_the_first_move_decides_who_moves_when_there_is_no_pl():
    state = sgf_state("(;SZ[9]AB[ee];W[cc])")
    assert state["to_move"] == "black" and state["board"]["C7"] == "white"


def test_the_state_plays_on_with_the_rules():
    state = sgf_state("(;SZ[13]AB[dd]PL[W])")
    after, _ = Go().apply(state, {"type": "place", "player": "white", "at": "D4"})
    assert after["to_move"] == "black"


@pytest.mark.parametrize("text, words", [
    ("", "start with '(;'"),
    ("(;SZ[9]AB[ee]", "a ')' is missing"),
    ("(;SZ[40])", "2 to 25 lines"),
    ("(;SZ[19:9])", "square"),
    ("(;SZ[9]AB[zz])", "off a board of 9 lines"),
    ("(;SZ[9]AB[e])", "two letters"),
    ("(;SZ[9]PL[X])", "names no player"),
    ("(;SZ[9]KM[lots])", "not a number"),
    ("(;SZ[9]C[never closed)", "not closed"),
    ("(;SZ[9] ! )", "Unexpected '!'"),
])
def test_a_file_it_cannot_read_says_why(text, words):
    with pytest.raises(SgfError, match=None) as caught:
        read_sgf(text)
    assert words in str(caught.value)


def test_stones_set_up_after_a_move_are_a_correction():
    text = "(;SZ[9];B[ee];AB[cc]AE[ee]C[Correction];W[gg])"
    assert read_sgf(text).corrections == ((1, {"C7": "black", "E5": None}),)
    lines = sgf_record(text)
    assert lines[2] == '# correction: {"spaces": {"C7": "black", "E5": null}, "type": "board"}'
    assert sgf_state(text)["board"]["E5"] == "black"  # a replay skips it; an import applies it


def test_an_illegal_move_in_the_file_is_refused_with_the_rule():
    with pytest.raises(RecordError, match="Line 3 .* is illegal: E5 is taken by Black"):
        sgf_state("(;SZ[9];B[ee];W[ee])")


def test_another_size_needs_a_board_file_of_that_size(tmp_path):
    game = read_sgf("(;SZ[7]AB[dd]PL[W])")
    assert game.setup == {"D4": "black"}
    with pytest.raises(RecordError, match="give a board file of that size"):
        sgf_state("(;SZ[7]AB[dd]PL[W])")
    board = tmp_path / "go-7.json"
    board.write_text('{"kind": "grid", "columns": 7, "rows": 7, "points": "intersections", '
                     '"skip_i": true, "pitch_mm": 22.0, "margin_mm": 15.0}')
    state = sgf_state("(;SZ[7]AB[dd]PL[W])", {"board": str(board)})
    assert state["board"]["D4"] == "black" and len(state["board"]) == 49

"""Go on square grids and on the ONE ring board: liberties, suicide, ko, area scoring."""

import json

import pytest

from companion.games import IllegalAction, get_game
from companion.games.base import InvalidAction
from companion.games.go import Go
from companion.geometry import load_geometry

GAME = Go()


def setup(options=None, black=(), white=(), to_move="black"):
    state = GAME.initial_state(options)
    for name in black:
        state["board"][name] = "black"
    for name in white:
        state["board"][name] = "white"
    state["to_move"] = to_move
    return state


def place(player, at):
    return {"type": "place", "player": player, "at": at}


def passes(player):
    return {"type": "pass", "player": player}


def play(state, *actions):
    for action in actions:
        state, _ = GAME.apply(state, action)
    return state


def refused(state, action):
    verdict = GAME.validate(state, action)
    assert not verdict.ok
    with pytest.raises(IllegalAction):
        GAME.apply(state, action)
    return verdict


@pytest.fixture
def five_by_five(tmp_path):
    path = tmp_path / "go-5.json"
    path.write_text(json.dumps({"kind": "grid", "columns": 5, "rows": 5,
                                "points": "intersections", "skip_i": True}))
    return str(path)


# -- boards and options --------------------------------------------------------------------


def test_registered_and_sized_by_option():
    assert isinstance(get_game("go"), Go)
    assert len(GAME.initial_state()["board"]) == 361
    assert len(GAME.initial_state({"size": 9})["board"]) == 81
    assert len(GAME.initial_state({"size": 13})["board"]) == 169
    assert len(GAME.initial_state({"board": "one-60"})["board"]) == 60
    assert GAME.initial_state()["options"] == {"board": "go-19", "komi": 7.5}


def test_bundled_go_boards_have_real_line_spacing_and_star_points():
    board = load_geometry("go-19")
    assert board.position_mm("A19") == (15.0, 15.0)
    assert board.position_mm("B18") == pytest.approx((37.0, 38.7))
    assert board.height_mm == pytest.approx(18 * 23.7 + 30.0)
    stars = [s.name for s in board.spaces() if s.attrs.get("kind") == "star"]
    assert sorted(stars) == ["D10", "D16", "D4", "K10", "K16", "K4", "Q10", "Q16", "Q4"]
    assert "I9" not in load_geometry("go-9")


@pytest.mark.parametrize("options, message", [
    ({"size": 10}, "9, 13 or 19"),
    ({"komi": "six"}, "number of points"),
    ({"handicap": 10}, "from 2 to 9"),
    ({"handicap": 2, "board": "one-60"}, "star points"),
    ({"ko": 1}, "no option 'ko'"),
])
def test_impossible_options(options, message):
    with pytest.raises(ValueError, match=message):
        GAME.initial_state(options)


# -- turns ---------------------------------------------------------------------------------


def test_black_first_then_alternate_and_taken_points():
    state = setup({"size": 9})
    assert refused(state, place("white", "E5")).reason == "It is Black's turn, not White's."
    state = play(state, place("black", "E5"))
    assert GAME.to_move(state) == "white"
    verdict = refused(state, place("white", "E5"))
    assert verdict.reason == "E5 is taken by Black." and verdict.spaces == ("E5",)
    with pytest.raises(InvalidAction, match="no space 'I5'"):
        GAME.apply(state, place("white", "I5"))
    with pytest.raises(InvalidAction, match="no action 'jump'"):
        GAME.apply(state, {"type": "jump", "player": "white", "path": ["A1", "A3"]})


# -- capture by liberties --------------------------------------------------------------------


def test_a_stone_without_liberties_is_captured():
    state = setup({"size": 9}, black=["A2"], white=["A1"])
    after, events = GAME.apply(state, place("black", "B1"))
    assert after["board"]["A1"] is None and after["captures"]["black"] == 1
    assert events[-1]["text"] == "Black captures 1 stone: A1."


def test_a_group_is_captured_when_its_last_liberty_is_filled():
    state = setup({"size": 9}, black=["A3", "B2", "C1"], white=["A1", "A2", "B1"],
                  to_move="black")
    state = play(state, place("black", "B3"), place("white", "J9"))
    assert state["board"]["A1"] == "white"  # still no capture: they touch nothing else
    state = setup({"size": 9}, black=["A3", "B2"], white=["A1", "A2", "B1"])
    after = play(state, place("black", "C1"))
    assert [after["board"][s] for s in ("A1", "A2", "B1")] == [None, None, None]
    assert after["captures"]["black"] == 3


def test_suicide_is_forbidden_unless_it_captures():
    state = setup({"size": 9}, white=["A2", "B1"])
    verdict = refused(state, place("black", "A1"))
    assert verdict.reason == "Suicide: a Black stone on A1 would have no liberties."
    assert place("black", "A1") not in list(GAME.legal_actions(state))
    state = setup({"size": 9}, black=["A3", "B2", "C1"], white=["A2", "B1"])
    after = play(state, place("black", "A1"))
    assert after["board"]["A2"] is None and after["board"]["B1"] is None


def test_simple_ko_forbids_retaking_at_once():
    state = setup({"size": 9}, black=["D6", "C5", "D4"], white=["E6", "F5", "E4", "D5"])
    state = play(state, place("black", "E5"))
    assert state["board"]["D5"] is None and state["ko"] == "D5"
    verdict = refused(state, place("white", "D5"))
    assert verdict.reason == "Ko: White may not retake at D5 at once; play elsewhere first."
    assert verdict.spaces == ("D5",)
    state = play(state, place("white", "A1"), place("black", "J9"))
    after = play(state, place("white", "D5"))
    assert after["board"]["E5"] is None  # the retake is allowed after a move elsewhere


def test_capturing_two_stones_is_not_a_ko():
    state = setup({"size": 9}, black=["A3", "B2"], white=["A1", "A2"])
    assert play(state, place("black", "B1"))["ko"] is None


# -- the end and area scoring --------------------------------------------------------------


def wall_game(board, komi):
    state = GAME.initial_state({"board": board, "komi": komi})
    for row in range(1, 6):
        state = play(state, place("black", f"C{row}"), place("white", f"D{row}"))
    return play(state, passes("black"), passes("white"))


def test_two_passes_end_the_game_scored_by_area_with_komi(five_by_five):
    state = wall_game(five_by_five, 7.5)
    outcome = GAME.outcome(state)
    assert outcome.termination == "two_passes"
    assert outcome.scores == {"black": 15.0, "white": 10 + 7.5}
    assert outcome.winners == ("white",)
    assert GAME.outcome(wall_game(five_by_five, 0)).winners == ("black",)


def test_equal_area_is_a_draw(five_by_five):
    outcome = GAME.outcome(wall_game(five_by_five, 5))
    assert outcome.is_tie and outcome.winners == ("black", "white")


def test_a_region_touching_both_colours_counts_for_nobody(five_by_five):
    state = setup({"board": five_by_five, "komi": 0}, black=["A1"], white=["E5"])
    assert GAME.scores(state) == {"black": 1.0, "white": 1.0}


def test_a_move_between_passes_restarts_the_count():
    state = play(setup({"size": 9}), passes("black"), place("white", "E5"), passes("black"))
    assert not GAME.is_over(state)


def test_resignation():
    state, events = GAME.apply(setup({"size": 9}), {"type": "resign", "player": "black"})
    outcome = GAME.outcome(state)
    assert outcome.termination == "resignation" and outcome.winners == ("white",)
    assert events[-1]["type"] == "game_over"
    # The board's score says nothing of a resignation: no score beside the winner.
    assert events[-1]["text"] == "The game is over: White wins by resignation."
    assert refused(state, place("white", "E5")).reason == "The game is over."


# -- on the ONE ring board --------------------------------------------------------------------


def test_capture_and_suicide_on_the_ring_board():
    state = setup({"board": "one-60"}, black=["A2", "A6", "B1", "B12"], white=["A1"])
    after = play(state, place("black", "B2"))
    assert after["board"]["A1"] is None and after["captures"]["black"] == 1
    state = setup({"board": "one-60"}, black=["A2", "A6", "B1", "B2", "B12"], to_move="white")
    assert refused(state, place("white", "A1")).reason == (
        "Suicide: a White stone on A1 would have no liberties.")


def test_area_scoring_on_the_ring_board():
    state = setup({"board": "one-36", "komi": 0.5},
                  black=[f"B{n}" for n in range(1, 13)], white=["C1"])
    # the empty A ring touches Black only; the rest of ring C touches both colours
    assert GAME.scores(state) == {"black": 12.0 + 6, "white": 1.5}


def test_text_board_shows_rows_from_the_top():
    state = setup({"size": 9}, black=["A9"], white=["J1"])
    lines = GAME.render(state).splitlines()
    assert lines[0].split() == list("ABCDEFGHJ")
    assert lines[1].split() == ["9", "X"] + ["."] * 8
    assert lines[9].split() == ["1"] + ["."] * 8 + ["O"]
    assert "Area now (komi 7.5)" in GAME.render(state)

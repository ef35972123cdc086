"""Square grids: names, adjacency, lines for jumps, positions in millimetres."""

import pytest

from companion.geometry import load_geometry


def test_go_board_has_361_intersections_named_without_i():
    board = load_geometry({"kind": "grid", "columns": 19, "rows": 19, "points": "intersections",
                           "pitch_mm": 22.0, "margin_mm": 15.0, "skip_i": True})
    assert len(board) == 361
    assert "I1" not in board and "J1" in board and "T19" in board
    assert board.position_mm("A19") == (15.0, 15.0)
    assert board.position_mm("A1") == (15.0, 15.0 + 18 * 22.0)
    assert board.width_mm == pytest.approx(18 * 22.0 + 30.0)


def test_cells_adjacency_is_orthogonal_only():
    board = load_geometry({"kind": "grid", "columns": 7, "rows": 7, "pitch_mm": 30.0})
    assert sorted(board.neighbours("B2")) == ["A2", "B1", "B3", "C2"]
    assert sorted(board.neighbours("A1")) == ["A2", "B1"]
    assert not board.adjacent("A1", "B2")
    assert board.position_mm("A7") == (30.0, 30.0)


def test_jump_lands_on_the_far_side_along_a_line_and_not_off_the_board():
    board = load_geometry({"kind": "grid", "columns": 5, "rows": 5})
    assert board.beyond("A1", "B1") == "C1"
    assert board.beyond("C3", "C4") == "C5"
    assert board.beyond("C4", "C5") is None
    assert board.beyond("A1", "B2") is None


@pytest.mark.parametrize("spec, message", [
    ({"kind": "grid", "rows": 3}, '"columns"'),
    ({"kind": "grid", "columns": 3, "rows": 0}, '"rows"'),
    ({"kind": "hexagons"}, 'needs a "kind"'),
    ({"kind": "grid", "columns": 3, "rows": 3, "special": {"Z9": {}}}, "not on the board"),
])
def test_bad_specs_say_what_is_wrong(spec, message):
    with pytest.raises(ValueError, match=message):
        load_geometry(spec)

"""Ring boards: names, adjacency by overlapping sectors, jumps along and across rings."""

import math
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.geometry import load_geometry


@pytest.fixture(scope="module")
def one60():
    return load_geometry("one-60")


def test_default_one_board_has_sixty_named_spaces(one60):
    assert len(one60) == 60
    assert one60.names[:7] == ["A1", "A2", "A3", "A4", "A5", "A6", "B1"]
    assert one60.names[-1] == "D24"
    assert [one60.space(n).attrs["ring"] for n in ("A1", "B1", "C1", "D1")] == [0, 1, 2, 3]


def test_positions_are_clockwise_from_twelve_o_clock_in_millimetres(one60):
    centre = one60.width_mm / 2
    assert one60.width_mm == one60.height_mm == pytest.approx(2 * (4 * 28.0 + 20.0))
    assert one60.position_mm("A1") == pytest.approx((centre, centre - 28.0))
    assert one60.position_mm("D7") == pytest.approx((centre + 112.0, centre))  # 90 degrees
    assert one60.position_mm("B7") == pytest.approx((centre, centre + 56.0))  # 180 degrees
    for name in one60.names:
        x, y = one60.position_mm(name)
        ring = one60.space(name).attrs["ring"]
        assert math.hypot(x - centre, y - centre) == pytest.approx(28.0 * (ring + 1))


def test_hash_marks_are_spaces_with_an_attribute(one60):
    marked = [s.name for s in one60.spaces() if s.attrs.get("hash_mark")]
    assert marked == [f"D{n}" for n in range(2, 25, 2)]
    assert one60.neighbours("D2")  # a hash mark is an ordinary space for the rules


def test_adjacency_around_rings_and_across_by_overlapping_sectors(one60):
    assert sorted(one60.neighbours("A1")) == ["A2", "A6", "B1", "B12", "B2"]
    assert sorted(one60.neighbours("B2")) == ["A1", "A2", "B1", "B3", "C2", "C3"]
    assert sorted(one60.neighbours("C1")) == ["B1", "C18", "C2", "D1", "D2", "D24"]
    assert sorted(one60.neighbours("D1")) == ["C1", "D2", "D24"]
    assert not one60.adjacent("A1", "B3")
    degrees = Counter(len(one60.neighbours(n)) for n in one60.names)
    assert degrees == {6: 30, 5: 6, 4: 18, 3: 6}


def test_touching_at_one_angle_is_a_diagonal_not_adjacency():
    board = load_geometry({"kind": "rings", "rings": [3, 6], "start_deg": [0, 30]})
    assert sorted(board.neighbours("A1")) == ["A2", "A3", "B1", "B6"]
    assert not board.adjacent("A1", "B2")


def test_jumps_along_a_ring_go_round_the_circle(one60):
    assert one60.beyond("D1", "D2") == "D3"
    assert one60.beyond("D24", "D1") == "D2"
    assert one60.beyond("D1", "D24") == "D23"
    assert one60.beyond("A6", "A1") == "A2"


def test_jumps_across_rings_continue_the_straight_line_both_ways(one60):
    assert one60.beyond("A1", "B1") == "C1"
    assert one60.beyond("C1", "B1") == "A1"
    assert one60.beyond("A1", "B2") == "C3"
    assert one60.beyond("C3", "B2") == "A1"
    assert one60.beyond("B2", "C3") == "D4"
    # C2 over B1 would land on A1, but the line from A1 over B1 goes to C1: no jump.
    assert one60.beyond("C2", "B1") is None
    assert one60.beyond("B1", "A1") is None  # nothing beyond the innermost ring


def test_every_jump_goes_over_a_neighbour_onto_a_neighbour_of_it(one60):
    for start in one60.names:
        for over in one60.neighbours(start):
            end = one60.beyond(start, over)
            if end is not None:
                assert one60.adjacent(over, end) and end != start
                assert one60.beyond(end, over) == start


@pytest.mark.parametrize("name, count", [("one-36", 36), ("one-90", 90)])
def test_other_bundled_ring_boards(name, count):
    assert len(load_geometry(name)) == count


@pytest.mark.parametrize("spec, message", [
    ({"kind": "rings"}, '"rings"'),
    ({"kind": "rings", "rings": [6, 2]}, "at least 3"),
    ({"kind": "rings", "rings": [6, 12], "radii_mm": [30]}, "one radius per ring"),
    ({"kind": "rings", "rings": [6, 12], "radii_mm": [30, 20]}, "grow"),
    ({"kind": "rings", "rings": [6, 12], "hash_marks": [13]}, "1 to 12"),
    ({"kind": "rings", "rings": [6, 12], "start_deg": [0]}, "list of 2"),
])
def test_bad_ring_specs_say_what_is_wrong(spec, message):
    with pytest.raises(ValueError, match=message):
        load_geometry(spec)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    counts=st.lists(st.integers(3, 40), min_size=1, max_size=5),
    start=st.integers(0, 359),
)
def test_any_ring_board_has_symmetric_adjacency_and_reversible_jumps(counts, start):
    board = load_geometry({"kind": "rings", "rings": counts, "start_deg": start})
    assert len(board) == sum(counts)
    for name in board.names:
        ring = board.space(name).attrs["ring"]
        same_ring = [n for n in board.neighbours(name) if board.space(n).attrs["ring"] == ring]
        assert len(same_ring) == 2
        for neighbour in board.neighbours(name):
            assert board.adjacent(neighbour, name)
            assert abs(board.space(neighbour).attrs["ring"] - ring) <= 1
            end = board.beyond(name, neighbour)
            if end is not None:
                assert board.adjacent(neighbour, end) and board.beyond(end, neighbour) == name

"""Hex maps: names a person can call out, adjacency, the six directions, distance,
positions in millimetres, terrain and features along hex sides."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.geometry import load_geometry
from companion.geometry.hexes import HexGeometry

SMALL = {"kind": "hex", "columns": 5, "rows": 4, "hex_mm": 20.0, "margin_mm": 10.0}


def test_hexes_are_named_by_column_letter_and_row_number_from_the_top_left():
    board = load_geometry(SMALL)
    assert isinstance(board, HexGeometry)
    assert len(board) == 20
    assert board.names[:3] == ["A1", "B1", "C1"] and board.names[-1] == "E4"
    assert board.coords("C2") == (2, 1)
    assert board.name_at(4, 3) == "E4" and board.name_at(5, 0) is None


def test_flat_hexes_have_six_neighbours_inside_and_fewer_at_the_edge():
    board = load_geometry(SMALL)
    assert sorted(board.neighbours("C2")) == ["B1", "B2", "C1", "C3", "D1", "D2"]
    assert sorted(board.neighbours("B2")) == ["A2", "A3", "B1", "B3", "C2", "C3"]
    assert sorted(board.neighbours("A1")) == ["A2", "B1"]
    assert board.step("B2", "N") == "B1" and board.step("B2", "SE") == "C3"
    assert board.step("C2", "NE") == "D1" and board.step("A1", "NW") is None
    assert board.direction("B2", "A3") == "SW" and board.direction("B2", "D2") is None


def test_odd_shift_lowers_the_first_column_instead():
    board = load_geometry({**SMALL, "shift": "odd"})
    assert sorted(board.neighbours("B2")) == ["A1", "A2", "B1", "B3", "C1", "C2"]
    assert board.position_mm("A1")[1] > board.position_mm("B1")[1]


def test_pointy_hexes_lie_in_rows_with_east_and_west_neighbours():
    board = load_geometry({**SMALL, "orientation": "pointy"})
    assert board.directions == ("NE", "E", "SE", "SW", "W", "NW")
    assert board.step("A2", "NE") == "B1" and board.step("A2", "NW") == "A1"
    assert board.step("B2", "E") == "C2" and board.step("A1", "W") is None
    assert board.position_mm("A2")[0] == pytest.approx(board.position_mm("A1")[0] + 10.0)


def test_straight_lines_rays_and_jumps_follow_the_six_directions():
    board = load_geometry(SMALL)
    assert board.ray("A1", "SE") == ["B1", "C2", "D2", "E3"]
    assert board.ray("A1", "SE", 2) == ["B1", "C2"]
    assert board.ray("C4", "N") == ["C3", "C2", "C1"]
    assert board.beyond("A1", "B1") == "C2"
    assert board.beyond("D2", "E3") is None


def test_distance_counts_hex_steps():
    board = load_geometry(SMALL)
    assert board.distance("A1", "A1") == 0
    assert board.distance("A1", "E3") == 4
    assert board.distance("A1", "A4") == 3
    assert board.distance("A1", "E4") == 5
    assert board.hexes_from_edge("C3", "top") == 3
    assert board.hexes_from_edge("C3", "bottom") == 2
    assert board.hexes_from_edge("D2", "right") == 2


def test_wrapping_reappears_in_the_same_row_or_column_on_the_far_side():
    board = load_geometry({**SMALL, "columns": 6})
    assert board.step("C1", "N", wrap=True) == "C4"
    assert board.step("F2", "SE", wrap=True) == "A3"
    assert board.step_coords("A1", "N") == (0, -1)


def test_positions_in_millimetres_and_the_size_of_the_sheet():
    board = load_geometry(SMALL)
    radius = 20.0 / math.sqrt(3)
    assert board.position_mm("A1") == pytest.approx((10.0 + radius, 20.0))
    assert board.position_mm("B1") == pytest.approx((10.0 + 2.5 * radius, 30.0))
    assert board.width_mm == pytest.approx(20.0 + radius * 8)
    assert board.height_mm == pytest.approx(20.0 + 4 * 20.0 + 10.0)
    for a in board.names:
        for b in board.neighbours(a):
            ax, ay = board.position_mm(a)
            bx, by = board.position_mm(b)
            assert math.hypot(ax - bx, ay - by) == pytest.approx(20.0, abs=1e-3)


def test_shared_side_lies_on_both_hexes_corners():
    board = load_geometry(SMALL)
    p, q = board.side_mm("B2", "C2")
    corners = board.corners_mm("B2") + board.corners_mm("C2")
    for point in (p, q):
        assert sum(math.dist(point, c) < 1e-3 for c in corners) == 2
    with pytest.raises(ValueError, match="not neighbours"):
        board.side_mm("A1", "C3")


def test_perimeter_runs_clockwise_round_the_edge_from_a1():
    board = load_geometry(SMALL)
    ring = board.perimeter()
    assert ring[:5] == ["A1", "B1", "C1", "D1", "E1"]
    assert ring[5:8] == ["E2", "E3", "E4"]
    assert len(ring) == 14 and set(ring) == {n for n in board.names if board.edges_of(n)}
    assert board.perimeter(clockwise=False)[:3] == ["A1", "A2", "A3"]


def test_terrain_attributes_and_features_along_sides():
    board = load_geometry({
        **SMALL,
        "default_terrain": "flatland",
        "terrain": {"pylon": ["B2", "C2"]},
        "hexes": {"A3": {"tower_site": "west"}},
        "features": [{"kind": "runeline", "sides": ["B2/B3", "C3/B3"]},
                     {"kind": "fault", "name": "Rift", "sides": ["B3/C3"]}],
    })
    assert board.terrain("B2") == "pylon" and board.terrain("A1") == "flatland"
    assert board.space("A3").attrs["tower_site"] == "west"
    assert board.features_between("B3", "B2") == ("runeline",)
    assert board.features_between("B3", "C3") == ("runeline", "fault")
    assert board.features_between("A1", "B1") == ()
    assert [f.name for f in board.features] == ["runeline", "Rift"]


@pytest.mark.parametrize("spec, message", [
    ({"kind": "hex", "rows": 3}, '"columns"'),
    ({**SMALL, "orientation": "round"}, '"orientation"'),
    ({**SMALL, "shift": "left"}, '"shift"'),
    ({**SMALL, "terrain": {"pylon": ["Z9"]}}, "not on the map"),
    ({**SMALL, "terrain": {"pylon": ["A1"], "lake": ["A1"]}}, "two terrains"),
    ({**SMALL, "features": [{"kind": "fault", "sides": ["A1/C3"]}]}, "neighbouring"),
    ({**SMALL, "features": [{"kind": "fault", "sides": ["A1-B1"]}]}, '"E5/E6"'),
    ({**SMALL, "features": [{"sides": ["A1/B1"]}]}, '"kind"'),
])
def test_bad_specs_say_what_is_wrong(spec, message):
    with pytest.raises(ValueError, match=message):
        load_geometry(spec)


@settings(max_examples=40, deadline=None)
@given(
    columns=st.integers(1, 9), rows=st.integers(1, 9),
    orientation=st.sampled_from(["flat", "pointy"]), shift=st.sampled_from(["even", "odd"]),
    data=st.data(),
)
def test_any_map_is_consistent(columns, rows, orientation, shift, data):
    board = load_geometry({"kind": "hex", "columns": columns, "rows": rows,
                           "orientation": orientation, "shift": shift})
    a = data.draw(st.sampled_from(board.names))
    b = data.draw(st.sampled_from(board.names))
    assert board.distance(a, b) == board.distance(b, a)
    assert (board.distance(a, b) == 1) == board.adjacent(a, b)
    for direction in board.directions:
        other = board.step(a, direction)
        if other is not None:
            back = board.directions[(board.directions.index(direction) + 3) % 6]
            assert board.step(other, back) == a
        wrapped = board.step(a, direction, wrap=True)
        assert wrapped in board

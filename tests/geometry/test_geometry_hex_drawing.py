"""The OneWorld mapsheet as data, and its picture drawn from that data."""

import numpy as np

from companion.geometry import load_geometry
from companion.geometry.hex_drawing import INK, TERRAIN_COLOURS, draw_hex_map


def test_default_oneworld_map_honours_the_text():
    board = load_geometry("oneworld")
    assert (board.columns, board.rows) == (13, 21)
    terrains = {board.terrain(n) for n in board.names}
    assert terrains == {"flatland", "pylon"}
    sites = {n: board.space(n).attrs["tower_site"] for n in board.names
             if board.space(n).attrs.get("tower_site")}
    assert sites == {"A11": "west", "M11": "east"}
    # The tower hexes sit on the long sides, mirror images of each other.
    assert board.edges_of("A11") == ("left",) and board.edges_of("M11") == ("right",)
    assert board.hexes_from_edge("A11", "top") == board.hexes_from_edge("M11", "top") == 11
    assert {f.kind for f in board.features} == {"runeline", "fault"}
    assert board.spec["ends"] == {"north": "top", "south": "bottom"}
    # Pylons come in clusters: every pylon touches another pylon.
    pylons = [n for n in board.names if board.terrain(n) == "pylon"]
    assert all(any(board.terrain(m) == "pylon" for m in board.neighbours(n))
               for n in pylons if n not in ("G4", "G18"))


def test_drawing_fills_hexes_by_terrain_and_marks_features():
    board = load_geometry({"kind": "hex", "columns": 3, "rows": 2, "hex_mm": 20.0,
                           "default_terrain": "flatland", "terrain": {"pylon": ["B1"]},
                           "features": [{"kind": "fault", "sides": ["A1/A2"]}]})
    image = draw_hex_map(board, px_per_mm=4.0, labels=False)
    assert image.shape[:2] == (round(board.height_mm * 4), round(board.width_mm * 4))
    x, y = board.position_mm("A2")
    assert tuple(image[int(y * 4), int(x * 4)]) == TERRAIN_COLOURS["flatland"]
    x, y = board.position_mm("B1")
    # Pylon hexes are spotted: mostly the pylon colour, with darker spots.
    patch = image[int(y * 4) - 10:int(y * 4) + 10, int(x * 4) - 10:int(x * 4) + 10]
    assert (patch == TERRAIN_COLOURS["pylon"]).all(axis=2).mean() > 0.5
    (sx, sy), (ex, ey) = board.side_mm("A1", "A2")
    mid = image[int((sy + ey) * 2), int((sx + ex) * 2)]
    assert tuple(mid) == (255, 255, 255)  # a Fault is a hollow line: white inside
    edge = image[int((sy + ey) * 2) + 4, int((sx + ex) * 2)]
    assert np.abs(edge.astype(int) - INK).max() < 60

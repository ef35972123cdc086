"""ONSLAUGHT's printed pieces: what the rules give, in the sizes the recogniser reads.

The sheet is drawn on a pen that records every shape in millimetres; the shapes are
checked against the board's squares (a piece must fit the zones the reader looks in)
and against each other (nothing to cut out overlaps anything else).
"""

from __future__ import annotations

import pytest

from calibration.printables.onslaught import draw_sheet, write_onslaught_pieces
from calibration.printables.sheet import area_mm
from companion.cli import main
from companion.geometry import load_geometry
from companion.vision.config import load_config
from tests.helpers.true_scale import assert_true_scale

PITCH = 40.0


class RecordingPen:
    """Keeps the circles and rectangles drawn, with their fill, instead of drawing."""

    def __init__(self) -> None:
        self.circles: list[tuple[float, float, float, tuple | None]] = []
        self.rects: list[tuple[float, float, float, float, tuple | None]] = []

    def circle(self, x, y, r, *, fill=None, stroke=None, width=0.3):
        self.circles.append((x, y, r, fill))

    def rect(self, x, y, w, h, *, fill=None, stroke=None, width=0.3):
        self.rects.append((x, y, w, h, fill))

    def text(self, *args, **kwargs):
        pass

    def line(self, *args, **kwargs):
        pass


@pytest.fixture(scope="module")
def sheet():
    palette = load_config().palette
    pen = RecordingPen()
    draw_sheet(pen, palette, PITCH, area_mm("a4")[0])
    red = tuple(v / 255 for v in palette["red"])
    blue = tuple(v / 255 for v in palette["blue"])
    return pen, red, blue


def test_the_rules_pieces_are_all_there_with_spares(sheet):
    pen, red, blue = sheet
    discs = [c for c in pen.circles if c[2] == pytest.approx(0.13 * PITCH)]
    assert sum(c[3] == red for c in discs) == 4 and sum(c[3] == blue for c in discs) == 4
    marks = [c for c in pen.circles if c[3] == (1.0, 1.0, 1.0) and c[2] < 0.13 * PITCH]
    assert len(marks) == 4  # two Red 2 and two Blue 2, each with its white centre
    assert all(any((m[0], m[1]) == (d[0], d[1]) for d in discs) for m in marks)
    rings = [c for c in pen.circles if c[2] == pytest.approx(0.38 * PITCH)]
    assert sorted(c[3] == red for c in rings) == [False, False, True, True]
    frames = [r for r in pen.rects if r[2] == pytest.approx(0.94 * PITCH)]
    assert sum(r[4] == red for r in frames) == 6 and sum(r[4] == blue for r in frames) == 6


def test_each_piece_fits_its_zone_of_the_square(sheet):
    """A disc stays inside the reader's disc zone, a ring between the discs and the
    frame, a frame inside the square: all three can lie on one square together."""
    zones = load_config().onslaught
    pen, _, _ = sheet
    piece = min(c[2] for c in pen.circles if c[3] != (1.0, 1.0, 1.0))
    ring_out = max(c[2] for c in pen.circles)
    ring_in = max(c[2] for c in pen.circles if c[3] == (1.0, 1.0, 1.0))
    frame_out = max(r[2] for r in pen.rects) / 2
    frame_in = min(r[2] for r in pen.rects) / 2
    assert 0.15 * PITCH + piece <= zones.disc_zone * PITCH  # two team mates side by side
    assert zones.ring_zone[0] * PITCH <= ring_in < ring_out <= zones.ring_zone[1] * PITCH + 0.5
    assert ring_out < frame_in and frame_out < PITCH / 2


def test_nothing_to_cut_out_overlaps(sheet):
    pen, _, _ = sheet
    width, height = area_mm("a4")
    boxes = [(x - r, y - r, x + r, y + r) for x, y, r, fill in pen.circles
             if fill != (1.0, 1.0, 1.0)]
    boxes += [(x, y, x + w, y + h) for x, y, w, h, fill in pen.rects if fill != (1.0, 1.0, 1.0)]
    for k, a in enumerate(boxes):
        assert a[0] >= -1e-9 and a[1] >= 0 and a[2] <= width and a[3] <= height
        for b in boxes[k + 1:]:
            overlap_x = min(a[2], b[2]) - max(a[0], b[0])
            overlap_y = min(a[3], b[3]) - max(a[1], b[1])
            assert overlap_x <= 1e-6 or overlap_y <= 1e-6, (a, b)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_sheet_prints_at_true_scale(tmp_path, paper):
    path = tmp_path / "pieces.pdf"
    assert write_onslaught_pieces(path, load_geometry("onslaught"), load_config().palette,
                                  paper) == 1
    assert_true_scale(path, paper)


def test_print_pieces_command(tmp_path, capsys):
    out = tmp_path / "pieces.pdf"
    assert main(["print", "pieces", "-o", str(out)]) == 0
    assert "Wrote" in capsys.readouterr().out and out.stat().st_size > 1000
    huge = tmp_path / "huge.json"
    huge.write_text('{"kind": "grid", "columns": 3, "rows": 3, "pitch_mm": 150}')
    assert main(["print", "pieces", "--board", str(huge), "-o", str(tmp_path / "x.pdf")]) == 1
    assert "too large" in capsys.readouterr().err

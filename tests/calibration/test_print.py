"""Every printable is produced, on A4 and Letter, and its rulers measure true in the PDF.

The PDFs are written uncompressed, so the test reads the page sizes and the rulers'
strokes straight from the content streams (in points: 72 to the inch, 2.8346 to the mm).
"""

from __future__ import annotations

import colorsys
import re

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from calibration.charuco import parse_spec
from calibration.printables.board import board_title, write_board
from calibration.printables.counters import all_counters, write_counters
from calibration.printables.sheet import (
    CAPTION_FONT,
    CAPTION_LINES,
    CAPTION_PT,
    MARGIN_MM,
    area_mm,
    caption_lines,
    plan_tiles,
)
from calibration.printables.targets import write_charuco, write_markers
from companion.cli import main
from companion.geometry import load_geometry
from companion.vision.designs.counters import BAND, GROUND
from tests.helpers.true_scale import MM, assert_true_scale, pdf_pages

# The fewest sheets each bundled board takes, upright or on their side: a 9x9 Go board on
# one A3 or two A4 sheets (on their side, one above the other); every board on two A3.
SHEETS = {"go-9": {"a4": 2, "a3": 1, "letter": 4}, "go-13": {"a4": 4, "a3": 2, "letter": 4},
          "go-19": {"a4": 8, "a3": 4, "letter": 8}, "one-60": {"a4": 4, "a3": 2, "letter": 4},
          "onslaught": {"a4": 6, "a3": 2, "letter": 6},
          "oneworld": {"a4": 4, "a3": 2, "letter": 6}}
FOOTER_TEXT = re.compile(rb"BT 1 0 0 1 ([\d.]+) ([\d.]+) Tm \((.*?)\) Tj T\* ET")


def _footer_lines(stream: bytes) -> list[tuple[float, str]]:
    """The lines written upright from the page's left margin (the footer), top first:
    (where each ends, in points from the page's left edge; its text)."""
    found = []
    for x, y, raw in FOOTER_TEXT.findall(stream):
        if float(x) != pytest.approx(MARGIN_MM * MM) or float(y) == 0:
            continue
        text = re.sub(rb"\\(.)", rb"\1", raw).decode("latin-1")
        found.append((float(y), float(x) + stringWidth(text, CAPTION_FONT, CAPTION_PT), text))
    return [(right, text) for _y, right, text in sorted(found, reverse=True)]


@pytest.fixture(scope="module")
def bundled_board(tmp_path_factory):
    """``bundled_board(name, paper)``: the path of the board's printable and its number
    of pages, written once per module and worker (the two tests below only read it)."""
    written = {}

    def write(name: str, paper: str):
        if (name, paper) not in written:
            path = tmp_path_factory.mktemp("boards") / f"{name}-{paper}.pdf"
            written[name, paper] = path, write_board(path, load_geometry(name), name, paper)
        return written[name, paper]

    return write


@pytest.mark.parametrize("paper", ["a4", "a3", "letter"])
@pytest.mark.parametrize("name", sorted(SHEETS))
def test_every_bundled_board_prints_true_scale_on_the_fewest_sheets(bundled_board, name,
                                                                    paper):
    path, pages = bundled_board(name, paper)
    assert assert_true_scale(path, paper) == pages == SHEETS[name][paper]


@pytest.mark.parametrize("paper", ["a4", "a3", "letter"])
@pytest.mark.parametrize("name", sorted(SHEETS))
def test_every_caption_fits_its_sheet_whole(bundled_board, name, paper):
    """The caption is wrapped within the margins, nothing of it cut: each sheet says which
    it is and the board's whole title."""
    path, pages = bundled_board(name, paper)
    title = board_title(load_geometry(name), name)
    for number, ((width, _height), stream) in enumerate(pdf_pages(path), start=1):
        lines = _footer_lines(stream)
        assert all(right <= width - MARGIN_MM * MM + 1e-6 for right, _text in lines)
        words = " ".join(text for _right, text in lines)
        assert title in words
        assert pages == 1 or f"Sheet {number} of {pages} (" in words


def test_a_caption_too_long_for_its_lines_ends_in_an_ellipsis_within_the_width():
    lines = caption_lines("A board with a very long name " * 40, 400.0)
    assert len(lines) == CAPTION_LINES and lines[-1].endswith(" ...")
    assert all(stringWidth(line, CAPTION_FONT, CAPTION_PT) <= 400.0 for line in lines)


def test_a_small_board_fits_one_page(tmp_path):
    geometry = load_geometry({"kind": "grid", "columns": 5, "rows": 5, "pitch_mm": 20.0})
    path = tmp_path / "small.pdf"
    assert write_board(path, geometry, "small", "a4") == 1
    assert_true_scale(path, "a4")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_charuco_markers_and_counters_print(tmp_path, paper):
    assert write_charuco(tmp_path / "c.pdf", parse_spec(), paper) == 1
    assert assert_true_scale(tmp_path / "c.pdf", paper) == 1
    assert write_markers(tmp_path / "m.pdf", paper) >= 5  # four field corners + stickers
    assert_true_scale(tmp_path / "m.pdf", paper)
    assert write_counters(tmp_path / "k.pdf", paper) == 2
    assert_true_scale(tmp_path / "k.pdf", paper)


def test_the_same_printable_twice_is_the_same_file(tmp_path):
    write_charuco(tmp_path / "a.pdf", parse_spec())
    write_charuco(tmp_path / "b.pdf", parse_spec())
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


@pytest.mark.parametrize("size", [(150, 200), (400, 300), (426, 457), (900, 120)])
def test_tiles_cover_the_artwork_and_overlap(size):
    area = area_mm("a4")
    tiles = plan_tiles(*size, area, overlap=12.0)
    assert all(t.width <= area[0] + 1e-9 and t.height <= area[1] + 1e-9 for t in tiles)
    assert max(t.x0 + t.width for t in tiles) == pytest.approx(size[0])
    assert max(t.y0 + t.height for t in tiles) == pytest.approx(size[1])
    for t in tiles:
        right = [u for u in tiles if u.row == t.row and u.column == t.column + 1]
        if right:
            assert t.x0 + t.width - right[0].x0 == pytest.approx(12.0)
        below = [u for u in tiles if u.column == t.column and u.row == t.row + 1]
        if below:
            assert t.y0 + t.height - below[0].y0 == pytest.approx(12.0)


def test_counters_are_86_and_tell_side_and_aspect_apart():
    counters = all_counters()
    assert len(counters) == 86
    for side in ("borg", "chez"):
        mine = [c for c in counters if c.side == side]
        assert [sum(c.kind == k for c in mine) for k in ("stone", "blade", "fog", "tower",
                                                         "god")] == [13, 13, 13, 1, 3]
    dark, light = (sum(GROUND[s]) / 3 for s in ("borg", "chez"))
    assert light - dark > 150
    hues = sorted(colorsys.rgb_to_hsv(*(v / 255 for v in rgb))[0] * 360
                  for rgb in BAND.values())
    gaps = [b - a for a, b in zip(hues, hues[1:], strict=False)] + [360 - hues[-1] + hues[0]]
    assert min(gaps) > 25  # every aspect's band a clearly different hue


def test_print_command_writes_each_printable(tmp_path, capsys):
    for args in (["charuco"], ["markers"], ["board", "onslaught"], ["counters"]):
        out = tmp_path / f"{args[-1]}.pdf"
        assert main(["print", *args, "--paper", "letter", "-o", str(out)]) == 0
        assert_true_scale(out, "letter")
    assert "check the 100 mm ruler" in capsys.readouterr().out


def test_print_command_refuses_in_words(tmp_path, capsys):
    assert main(["print", "board", "no-such-board", "-o", str(tmp_path / "x.pdf")]) == 1
    assert "no bundled board of that name" in capsys.readouterr().err
    assert main(["print", "charuco", "--spec", "3x3:10:20", "-o", str(tmp_path / "x.pdf")]) == 1
    assert "smaller than its squares" in capsys.readouterr().err


def test_the_drawing_itself_is_at_true_scale(tmp_path):
    """Pages are drawn in millimetres through one transform of 72/25.4 points per mm;
    the ChArUco board's 18 black squares are drawn 33 mm a side within it."""
    write_charuco(tmp_path / "c.pdf", parse_spec("5x7:33:25"))
    (_size, stream), = pdf_pages(tmp_path / "c.pdf")
    scale = re.search(rb"\nq\n([\d.]+) 0 0 -([\d.]+) [\d.]+ [\d.]+ cm\n", stream)
    assert float(scale[1]) == pytest.approx(MM, abs=1e-5)
    assert float(scale[2]) == pytest.approx(MM, abs=1e-5)
    assert len(re.findall(rb"n [\d.]+ [\d.]+ 33 33 re f", stream)) == 18

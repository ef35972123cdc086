"""Pages at true scale: a pen in millimetres, a ruler on every page, tiling.

Everything we print is drawn with a ``Pen`` in millimetres, x to the right and y down
(as board geometries are), and written by ``write_pages`` (pages laid out freely) or
``write_tiled`` (one artwork larger than a sheet, cut into overlapping tiles with
alignment crosses). Every page carries a 100 mm ruler and a 3 inch ruler, so a person
can check the printer kept the scale before cutting anything.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from reportlab.lib.pagesizes import A3, A4, LETTER
from reportlab.lib.units import inch, mm
from reportlab.lib.utils import ImageReader, simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

PAPERS: dict[str, tuple[float, float]] = {"a4": A4, "a3": A3, "letter": LETTER}  # points
MARGIN_MM = 10.0  # most printers cannot print closer to the edge
CAPTION_FONT = "Helvetica"
CAPTION_PT = 7.0  # the footer's words
CAPTION_LEADING_MM = 3.2  # from one line of the footer to the next
CAPTION_LINES = 3  # at most, above the line that says to print at 100 %
FOOTER_MM = 10.0 + CAPTION_LINES * CAPTION_LEADING_MM  # the rulers, that line, the caption
OVERLAP_MM = 12.0  # tiles of a large board overlap by this much
RULER_MM = 100.0
RULER_IN = 3
Colour = tuple[float, float, float]  # RGB, 0..1
BLACK: Colour = (0.0, 0.0, 0.0)


class Pen:
    """Draws on a reportlab canvas in millimetres, y down, from an origin the page
    chooses (the artwork's top-left corner)."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas

    def line(self, x0: float, y0: float, x1: float, y1: float, width: float = 0.3,
             colour: Colour = BLACK, dash: Sequence[float] = ()) -> None:
        c = self.canvas
        c.setStrokeColorRGB(*colour)
        c.setLineWidth(width)
        c.setDash(list(dash) if dash else [])
        c.line(x0, y0, x1, y1)

    def polyline(self, points: Sequence[tuple[float, float]], width: float = 0.3,
                 colour: Colour = BLACK, closed: bool = False,
                 fill: Colour | None = None) -> None:
        c = self.canvas
        path = c.beginPath()
        path.moveTo(*points[0])
        for point in points[1:]:
            path.lineTo(*point)
        if closed:
            path.close()
        c.setStrokeColorRGB(*colour)
        c.setLineWidth(width)
        c.setDash([])
        if fill is not None:
            c.setFillColorRGB(*fill)
        c.drawPath(path, stroke=1 if width > 0 else 0, fill=1 if fill is not None else 0)

    def rect(self, x: float, y: float, w: float, h: float, *, fill: Colour | None = None,
             stroke: Colour | None = BLACK, width: float = 0.3) -> None:
        self.canvas.rect(x, y, w, h, **self._paint(fill, stroke, width))

    def circle(self, x: float, y: float, r: float, *, fill: Colour | None = None,
               stroke: Colour | None = BLACK, width: float = 0.3) -> None:
        self.canvas.circle(x, y, r, **self._paint(fill, stroke, width))

    def _paint(self, fill: Colour | None, stroke: Colour | None, width: float) -> dict[str, int]:
        """Set the colours (and a solid line) a closed shape is drawn with; return
        reportlab's ``stroke``/``fill`` switches for it (no colour: not painted)."""
        c = self.canvas
        if fill is not None:
            c.setFillColorRGB(*fill)
        if stroke is not None:
            c.setStrokeColorRGB(*stroke)
            c.setLineWidth(width)
            c.setDash([])
        return {"stroke": int(stroke is not None), "fill": int(fill is not None)}

    def text(self, x: float, y: float, text: str, size: float = 3.0, *,
             colour: Colour = BLACK, align: str = "left", bold: bool = False) -> None:
        """Write ``text`` with its baseline at ``y``; ``size`` is the height in mm."""
        c = self.canvas
        c.saveState()
        c.translate(x, y)
        c.scale(1, -1)
        c.setFillColorRGB(*colour)
        c.setFont("Helvetica-Bold" if bold else "Helvetica", size)
        draw = {"left": c.drawString, "centre": c.drawCentredString,
                "right": c.drawRightString}[align]
        draw(0, 0, text)
        c.restoreState()

    def cells(self, bits: np.ndarray, x: float, y: float, size: float) -> None:
        """Draw a black-and-white cell pattern (1 = black), e.g. an ArUco marker, as
        vector squares filling ``size`` × ``size`` mm from (x, y)."""
        n = bits.shape[0]
        cell = size / n
        c = self.canvas
        c.setFillColorRGB(*BLACK)
        for row in range(n):
            col = 0
            while col < n:  # one rectangle per run of black cells
                if bits[row, col]:
                    start = col
                    while col < n and bits[row, col]:
                        col += 1
                    c.rect(x + start * cell, y + row * cell, (col - start) * cell, cell,
                           stroke=0, fill=1)
                else:
                    col += 1

    def image(self, rgb: np.ndarray, x: float, y: float, w: float, h: float) -> None:
        """Place an RGB picture (rows top to bottom) over (x, y, w, h) mm."""
        from PIL import Image

        c = self.canvas
        c.saveState()
        c.translate(x, y + h)
        c.scale(1, -1)
        c.drawImage(ImageReader(Image.fromarray(rgb)), 0, 0, w, h)
        c.restoreState()


Draw = Callable[[Pen], None]


@dataclass(frozen=True)
class Page:
    """A page's content: ``draw`` is called with the pen's origin at the top-left of
    the page's printable area (``area_mm`` wide and high), then the caption."""

    draw: Draw
    caption: str


def paper_size(paper: str, landscape: bool = False) -> tuple[float, float]:
    """The sheet's width and height in points, turned on its side for ``landscape``."""
    try:
        width, height = PAPERS[paper.lower()]
    except KeyError:
        raise ValueError(f"Paper is {', '.join(PAPERS)}, not {paper!r}.") from None
    return (height, width) if landscape else (width, height)


def area_mm(paper: str, landscape: bool = False) -> tuple[float, float]:
    """The printable area of a page, in mm, under the margins and above the rulers."""
    width, height = paper_size(paper, landscape)
    return (width / mm - 2 * MARGIN_MM, height / mm - 2 * MARGIN_MM - FOOTER_MM)


def caption_lines(caption: str, width_pt: float) -> list[str]:
    """The caption wrapped to ``width_pt``, in at most ``CAPTION_LINES`` lines; a caption
    longer than that ends its last line with an ellipsis rather than running off the page."""
    lines = simpleSplit(caption, CAPTION_FONT, CAPTION_PT, width_pt)
    if len(lines) <= CAPTION_LINES:
        return lines
    last = " ".join(lines[CAPTION_LINES - 1:])
    while stringWidth(last + " ...", CAPTION_FONT, CAPTION_PT) > width_pt:
        last = last[:-1].rstrip()
    return [*lines[:CAPTION_LINES - 1], last + " ..."]


def draw_rulers(canvas: Canvas, caption: str, page_width: float) -> None:
    """The 100 mm and 3 inch rulers along the bottom of the page (in points, upright),
    with the page's caption above them, wrapped to the page's width (``page_width``
    points)."""
    left = MARGIN_MM * mm
    base = MARGIN_MM * mm + 2 * mm
    canvas.setStrokeColorRGB(*BLACK)
    canvas.setFillColorRGB(*BLACK)
    canvas.setDash([])
    canvas.setLineWidth(0.5)
    canvas.line(left, base, left + RULER_MM * mm, base)
    for k in range(int(RULER_MM) + 1):
        tall = 4.0 if k % 10 == 0 else 2.5 if k % 5 == 0 else 1.5
        canvas.line(left + k * mm, base, left + k * mm, base + tall * mm)
    canvas.setFont("Helvetica", 6)
    canvas.drawString(left, base - 2.6 * mm, "0")
    canvas.drawRightString(left + RULER_MM * mm, base - 2.6 * mm, "100 mm")
    start = left + (RULER_MM + 12) * mm
    canvas.line(start, base, start + RULER_IN * inch, base)
    for k in range(RULER_IN * 8 + 1):
        tall = 4.0 if k % 8 == 0 else 2.5 if k % 4 == 0 else 1.5
        canvas.line(start + k * inch / 8, base, start + k * inch / 8, base + tall * mm)
    canvas.drawString(start, base - 2.6 * mm, "0")
    canvas.drawRightString(start + RULER_IN * inch, base - 2.6 * mm, f"{RULER_IN} in")
    canvas.setFont(CAPTION_FONT, CAPTION_PT)
    canvas.drawString(left, base + 6 * mm,
                      "Print at 100 % ('actual size'): the rulers must measure 100 mm and 3 in.")
    lines = caption_lines(caption, page_width - 2 * left)
    for k, line in enumerate(lines):
        canvas.drawString(left, base + (6 + CAPTION_LEADING_MM * (len(lines) - k)) * mm, line)


def write_pages(path: str | Path, pages: Sequence[Page], paper: str = "a4", *,
                landscape: bool = False, title: str = "") -> int:
    """Write ``pages`` to the PDF ``path``; return how many pages were written."""
    width, height = paper_size(paper, landscape)
    canvas = Canvas(str(path), pagesize=(width, height), pageCompression=0, invariant=1)
    canvas.setTitle(title or "Tabletop Companion printable")
    canvas.setCreator("companion print")
    for page in pages:
        canvas.saveState()
        # Pen space: mm, y down, origin at the printable area's top-left corner.
        canvas.transform(mm, 0, 0, -mm, MARGIN_MM * mm, height - MARGIN_MM * mm)
        page.draw(Pen(canvas))
        canvas.restoreState()
        draw_rulers(canvas, page.caption, width)
        canvas.showPage()
    canvas.save()
    return len(pages)


@dataclass(frozen=True)
class Tile:
    """The part of an artwork one sheet shows: (x0, y0) and size in artwork mm."""

    row: int
    column: int
    x0: float
    y0: float
    width: float
    height: float


def plan_tiles(width: float, height: float, area: tuple[float, float],
               overlap: float = OVERLAP_MM) -> list[Tile]:
    """Cut a ``width`` × ``height`` mm artwork into tiles no larger than ``area``,
    neighbours overlapping by ``overlap`` mm; rows top to bottom."""
    def cuts(length: float, room: float) -> list[tuple[float, float]]:
        if length <= room:
            return [(0.0, length)]
        count = math.ceil((length - overlap) / (room - overlap))
        step = (length - overlap) / count  # equal tiles, each at most `room` wide
        return [(k * step, step + overlap) for k in range(count)]

    return [Tile(r, c, x0, y0, w, h)
            for r, (y0, h) in enumerate(cuts(height, area[1]))
            for c, (x0, w) in enumerate(cuts(width, area[0]))]


def tile_count(width: float, height: float, paper: str, landscape: bool) -> int:
    return len(plan_tiles(width, height, area_mm(paper, landscape)))


def write_tiled(path: str | Path, width: float, height: float, draw: Draw, name: str,
                paper: str = "a4") -> int:
    """Print one artwork (drawn by ``draw`` with its top-left at the pen's origin) at
    true scale: on one sheet if it fits, else tiled over as few sheets as possible, upright
    or on their side, with alignment crosses in the overlaps. Returns the number of pages."""
    landscape = tile_count(width, height, paper, True) < tile_count(width, height, paper, False)
    area = area_mm(paper, landscape)
    tiles = plan_tiles(width, height, area)
    pages = [_tile_page(tile, tiles, draw, name, area) for tile in tiles]
    return write_pages(path, pages, paper, landscape=landscape, title=name)


def tile_caption(tile: Tile, tiles: Sequence[Tile], name: str) -> str:
    """What a sheet of a tiled artwork says: which sheet it is, where it goes and how to
    join it, then the artwork's name."""
    if len(tiles) == 1:
        return name
    rows = 1 + max(t.row for t in tiles)
    columns = 1 + max(t.column for t in tiles)
    number = tile.row * columns + tile.column + 1
    where = " ".join(word for word in (_place(tile.row, rows, ("top", "middle", "bottom")),
                                       _place(tile.column, columns, ("left", "middle", "right")))
                     if word)
    if rows > 1 and columns > 1:
        where += f", row {tile.row + 1} of {rows}, column {tile.column + 1} of {columns}"
    return (f"Sheet {number} of {len(tiles)} ({where}): trim along a dashed line and lay the "
            f"sheet over its neighbour so the circled crosses meet. {name}")


def _place(index: int, count: int, words: tuple[str, str, str]) -> str:
    """``index`` of ``count`` in words (top, middle, bottom); nothing when ``count`` is 1."""
    if count == 1:
        return ""
    return words[0] if index == 0 else words[2] if index == count - 1 else words[1]


def _tile_page(tile: Tile, tiles: Sequence[Tile], draw: Draw, name: str,
               area: tuple[float, float]) -> Page:
    single = len(tiles) == 1

    def draw_tile(pen: Pen) -> None:
        c = pen.canvas
        dx = (area[0] - tile.width) / 2 if single else 0.0
        dy = (area[1] - tile.height) / 2 if single else 0.0
        c.saveState()
        path = c.beginPath()
        path.rect(dx, dy, tile.width, tile.height)
        c.clipPath(path, stroke=0, fill=0)
        c.translate(dx - tile.x0, dy - tile.y0)
        c.saveState()
        draw(pen)
        c.restoreState()
        _alignment_marks(pen, tile, tiles)
        c.restoreState()

    return Page(draw_tile, tile_caption(tile, tiles, name))


def _alignment_marks(pen: Pen, tile: Tile, tiles: Sequence[Tile]) -> None:
    """Dashed cut lines and crosses along the middle of every overlap this tile shares,
    drawn in artwork coordinates so the neighbour shows them in the same place."""
    grey = (0.35, 0.35, 0.35)
    x1, y1 = tile.x0 + tile.width, tile.y0 + tile.height
    for other in tiles:
        if other.row == tile.row and abs(other.column - tile.column) == 1:
            left, right = sorted((tile, other), key=lambda t: t.column)
            x = (right.x0 + left.x0 + left.width) / 2
            pen.line(x, tile.y0, x, y1, 0.2, grey, dash=(2, 2))
            for y in np.linspace(tile.y0 + 10, y1 - 10, 4):
                _cross(pen, x, float(y))
        if other.column == tile.column and abs(other.row - tile.row) == 1:
            top, bottom = sorted((tile, other), key=lambda t: t.row)
            y = (bottom.y0 + top.y0 + top.height) / 2
            pen.line(tile.x0, y, x1, y, 0.2, grey, dash=(2, 2))
            for x in np.linspace(tile.x0 + 10, x1 - 10, 4):
                _cross(pen, float(x), y)


def _cross(pen: Pen, x: float, y: float, size: float = 3.0) -> None:
    pen.circle(x, y, size * 0.6, stroke=(0, 0, 0), width=0.2)
    pen.line(x - size, y, x + size, y, 0.25)
    pen.line(x, y - size, x, y + size, 0.25)

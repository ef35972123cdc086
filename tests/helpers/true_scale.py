"""Reading printables' PDFs: their pages and rulers, and the check that they print true
to scale. The PDFs are written uncompressed, so the page sizes and the rulers' strokes
are read straight from the content streams (in points: 72 to the inch, 2.8346 to the mm).
"""

import re
from pathlib import Path

import pytest

MM = 72 / 25.4
PAPER_POINTS = {"a4": (595.2756, 841.8898), "a3": (841.8898, 1190.551),
                "letter": (612.0, 792.0)}
LINE = re.compile(rb"n ([-\d.]+) ([-\d.]+) m ([-\d.]+) ([-\d.]+) l S")


def pdf_pages(path: Path) -> list[tuple[tuple[float, float], bytes]]:
    """(MediaBox width and height, content stream) of each page, in page order."""
    data = path.read_bytes()
    objects = dict(re.findall(rb"\n(\d+) 0 obj\n(.*?)\nendobj", data, re.S))
    pages = []
    kids = re.search(rb"/Kids \[ ([\d R]+) \]", data)[1].split(b" 0 R")
    for kid in (k.strip() for k in kids if k.strip()):
        page = objects[kid]
        box = re.search(rb"/MediaBox \[ 0 0 ([\d.]+) ([\d.]+) \]", page)
        content = re.search(rb"/Contents (\d+) 0 R", page)[1]
        stream = re.search(rb"stream\r?\n(.*)endstream", objects[content], re.S)[1]
        pages.append(((float(box[1]), float(box[2])), stream))
    return pages


def rulers(stream: bytes) -> dict[str, tuple[float, int, float]]:
    """Each ruler on the page: its length in points, its tick count, the tick spacing."""
    lines = [tuple(float(v) for v in m) for m in LINE.findall(stream)]
    found = {}
    for x0, y0, x1, y1 in lines:
        if y0 != y1:
            continue
        length = x1 - x0
        ticks = sorted(a for a, b, c, d in lines if a == c and b == y0 and x0 - 1e-3 <= a
                       <= x1 + 1e-3 and d > b)
        if abs(length - 100 * MM) < 0.01:
            found["mm"] = (length, len(ticks), (ticks[-1] - ticks[0]) / (len(ticks) - 1))
        if abs(length - 3 * 72) < 0.01:
            found["in"] = (length, len(ticks), (ticks[-1] - ticks[0]) / (len(ticks) - 1))
    return found


def assert_true_scale(path: Path, paper: str) -> int:
    pages = pdf_pages(path)
    assert pages
    for (width, height), stream in pages:
        assert sorted((width, height)) == pytest.approx(sorted(PAPER_POINTS[paper]), abs=0.01)
        found = rulers(stream)
        assert found["mm"] == pytest.approx((100 * MM, 101, MM), abs=1e-3)
        assert found["in"] == pytest.approx((216.0, 25, 9.0), abs=1e-3)
    return len(pages)

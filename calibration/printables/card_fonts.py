"""The fonts the ONE WORLD cards print native names in: Noto subsets, shaped by HarfBuzz.

Helvetica, the PDF's built-in font, prints Latin-1 only. A native name it cannot print
(Россия, 中国, العراق, भारत, ...) is set in the first font of
``companion/data/cards/fonts/fonts.json`` that has a glyph for each of its characters:
Noto subsets cut to exactly the deck's names by ``tools/build_card_fonts.py`` (OFL-1.1,
``OFL.txt`` beside them). They are registered with reportlab as TrueType fonts and
drawn *shaped*: reportlab hands the text to HarfBuzz (``uharfbuzz``), which joins Arabic
letters, orders a right-to-left name's glyphs from right to left, places the marks and
reorders Devanagari, Khmer and Myanmar clusters; widths are those of the shaped glyphs.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from functools import cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import ShapedStr, TTFont, shapeStr

from companion.cards.deck import DATA_DIR

FONTS_DIR = DATA_DIR / "fonts"
MANIFEST = "fonts.json"
TEXT_ENCODING = "cp1252"  # what the PDF's built-in Helvetica prints


@dataclass(frozen=True)
class NameFont:
    """A registered font: its name in the PDF and the characters it has glyphs for."""

    name: str
    characters: frozenset[str]

    def prints(self, text: str) -> bool:
        """Whether every character of ``text`` has a glyph in this font."""
        return set(text) <= self.characters


def printed_name(name: str) -> str:
    """A native name as printed: without the invisible format characters (the
    right-to-left and left-to-right marks some of the deck's Arabic names carry)."""
    return "".join(ch for ch in name if unicodedata.category(ch) != "Cf").strip()


def helvetica_prints(text: str) -> bool:
    """Whether the built-in Helvetica has every character of ``text``."""
    try:
        text.encode(TEXT_ENCODING)
    except UnicodeEncodeError:
        return False
    return True


@cache
def name_fonts() -> tuple[NameFont, ...]:
    """The fonts of the manifest, registered with reportlab, in the order they are tried."""
    manifest = json.loads((FONTS_DIR / MANIFEST).read_text(encoding="utf-8"))
    fonts = []
    for entry in manifest["fonts"]:
        font = TTFont(entry["name"], str(FONTS_DIR / entry["file"]), shapable=True)
        pdfmetrics.registerFont(font)
        fonts.append(NameFont(entry["name"],
                              frozenset(chr(code) for code in font.face.charToGlyph)))
    return tuple(fonts)


def font_for(text: str) -> str | None:
    """The registered font that prints ``text`` (``None``: no font has all its letters)."""
    return next((font.name for font in name_fonts() if font.prints(text)), None)


def is_shaped(font: str) -> bool:
    """Whether text in ``font`` is drawn shaped (a registered Noto subset)."""
    return any(font == entry.name for entry in name_fonts())


def shaped(text: str, font: str, size: float) -> str:
    """``text`` as the glyphs to draw: shaped by HarfBuzz in a Noto subset (a
    ``ShapedStr``, which ``Canvas.drawString`` draws glyph by glyph, in visual order:
    right-to-left names come out right to left), unchanged in Helvetica."""
    return shapeStr(text, font, size, force=True) if is_shaped(font) else text


def text_width(text: str, font: str, size: float) -> float:
    """The width of ``text`` at ``size``: of the shaped glyphs for a Noto subset."""
    glyphs = shaped(text, font, size)
    if isinstance(glyphs, ShapedStr):
        return sum(d.x_advance for d in glyphs.__shapeData__) * size / 1000.0
    return pdfmetrics.stringWidth(text, font, size)

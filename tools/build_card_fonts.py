"""Subset the Noto fonts to the glyphs the ONE WORLD cards' native names use,
``companion/data/cards/fonts/``.

    apt-get install -y fonts-noto-core fonts-noto-cjk    # the sources (OFL-1.1)
    python -m pip install fonttools                      # a maintainer's tool only
    python tools/build_card_fonts.py

Helvetica, the PDF's built-in font, has Latin letters only; the cards' native names are
written in fifteen scripts (docs/games/oneworld-cards.md lists them). For every native
name of ``companion/data/cards/deck.json`` that Helvetica cannot print, the first font of
``SOURCES`` that has a glyph for each of its characters takes it; each font is then cut
down (fontTools' subsetter) to the characters of its names, with the comma and the space,
keeping the layout tables a shaper needs (Arabic joining forms, marks, Indic and Khmer
reordering): the glyphs those reach are kept too. Noto Sans CJK ships PostScript outlines,
which reportlab cannot embed: its subset is converted to TrueType curves (cu2qu).

The fonts, the manifest ``fonts.json`` (the fonts in the order the printer tries them,
each with its source file and the sha256 of that file) and the OFL text, copied from the
Debian package's copyright file, are written beside each other. Rebuilt from the same
packages, every file is the same to the byte.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from calibration.printables.card_fonts import (  # noqa: E402
    FONTS_DIR,
    MANIFEST,
    helvetica_prints,
    printed_name,
)
from companion.cards.deck import load_deck  # noqa: E402

NOTO = Path("/usr/share/fonts/truetype/noto")
CJK = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
CJK_FACE = 2  # the collection's "Noto Sans CJK SC": every Han and Hangul letter the deck uses
# (name in the PDF, source file, face in a collection), in the order a name tries them.
SOURCES: tuple[tuple[str, Path, int], ...] = (
    ("NotoSans", NOTO / "NotoSans-Regular.ttf", 0),
    ("NotoSansArabic", NOTO / "NotoSansArabic-Regular.ttf", 0),
    ("NotoSansHebrew", NOTO / "NotoSansHebrew-Regular.ttf", 0),
    ("NotoSansDevanagari", NOTO / "NotoSansDevanagari-Regular.ttf", 0),
    ("NotoSansThai", NOTO / "NotoSansThai-Regular.ttf", 0),
    ("NotoSansLao", NOTO / "NotoSansLao-Regular.ttf", 0),
    ("NotoSansKhmer", NOTO / "NotoSansKhmer-Regular.ttf", 0),
    ("NotoSansMyanmar", NOTO / "NotoSansMyanmar-Regular.ttf", 0),
    ("NotoSansGeorgian", NOTO / "NotoSansGeorgian-Regular.ttf", 0),
    ("NotoSansArmenian", NOTO / "NotoSansArmenian-Regular.ttf", 0),
    ("NotoSansEthiopic", NOTO / "NotoSansEthiopic-Regular.ttf", 0),
    ("NotoSansCJKsc", CJK, CJK_FACE),
)
ALWAYS = ", "  # the separator between native names, in every font
LICENCE_SOURCE = Path("/usr/share/doc/fonts-noto-cjk/copyright")
LICENCE_STANZA = "License: SIL-1.1"
COPYRIGHT = ("Noto fonts: Copyright 2010-2020 Google Inc. and Google LLC "
             "(https://github.com/notofonts), subset for the ONE WORLD cards.\n\n")
CURVE_TOLERANCE = 1.0  # font units: how far cu2qu's quadratic curves may stray


def _font(path: Path, face: int):
    from fontTools.ttLib import TTFont

    return TTFont(str(path), fontNumber=face, recalcTimestamp=False, lazy=False)


def names_by_font(names: list[str]) -> dict[str, str]:
    """The characters each source font must keep: those of the names it prints first."""
    from fontTools.ttLib import TTFont

    covers = {}
    for font_name, path, face in SOURCES:
        with TTFont(str(path), fontNumber=face, lazy=True) as font:
            covers[font_name] = set(font.getBestCmap())
    text: dict[str, set[str]] = {}
    for name in names:
        font_name = next((f for f, _p, _k in SOURCES
                          if all(ord(ch) in covers[f] for ch in name)), None)
        if font_name is None:
            raise SystemExit(f"No source font prints {name!r}: add one to SOURCES.")
        text.setdefault(font_name, set()).update(name)
    return {f: "".join(sorted(chars | set(ALWAYS))) for f, chars in text.items()}


def to_truetype(font) -> None:
    """Replace a font's PostScript outlines (CFF) with TrueType ones, in place."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import newTable

    order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyph_set)
        glyph_set[name].draw(Cu2QuPen(pen, CURVE_TOLERANCE, reverse_direction=True))
        glyf[name] = pen.glyph()
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    maxp = newTable("maxp")
    maxp.tableVersion = 0x00010000
    for field in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs",
                  "maxInstructionDefs", "maxStackElements", "maxSizeOfInstructions",
                  "maxComponentElements"):
        setattr(maxp, field, 0)
    maxp.maxZones = 1
    font["maxp"] = maxp
    font["head"].glyphDataFormat = 0
    font["post"].formatType = 2.0
    font["post"].extraNames = []
    font["post"].mapping = {}
    font["post"].glyphOrder = None
    font.sfntVersion = "\x00\x01\x00\x00"


def subset(path: Path, face: int, text: str, out: Path) -> None:
    """The font at ``path`` cut down to ``text`` and what shaping it reaches, as TTF."""
    from fontTools import subset as fsubset

    options = fsubset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.hinting = False
    options.desubroutinize = True
    font = _font(path, face)
    subsetter = fsubset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(font)
    if "CFF " in font:
        to_truetype(font)
    font.save(str(out))


def licence_text() -> str:
    """The OFL-1.1 text of the Debian package's copyright file (its stanza with a body),
    without the indent."""
    lines = LICENCE_SOURCE.read_text(encoding="utf-8").splitlines()
    start = next(k + 1 for k, line in enumerate(lines[:-1])
                 if line == LICENCE_STANZA and lines[k + 1].startswith(" "))
    body = []
    for line in lines[start:]:
        if not line.startswith(" "):
            break
        body.append("" if line.strip() == "." else line[1:])
    return COPYRIGHT + "\n".join(body).rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=FONTS_DIR,
                        help=f"the folder to write (default {FONTS_DIR.relative_to(ROOT)})")
    args = parser.parse_args(argv)
    names = sorted({printed_name(n) for card in load_deck() for n in card.native_names}
                   - {""})
    wanted = names_by_font([n for n in names if not helvetica_prints(n)])
    args.out.mkdir(parents=True, exist_ok=True)
    fonts = []
    for font_name, path, face in SOURCES:
        if font_name not in wanted:
            continue
        file = f"{font_name}-cards.ttf"
        subset(path, face, wanted[font_name], args.out / file)
        fonts.append({"name": font_name, "file": file, "source": path.name, "face": face,
                      "source_sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
                      "characters": wanted[font_name]})
    manifest = {"licence": "OFL-1.1", "licence_file": "OFL.txt", "fonts": fonts}
    (args.out / MANIFEST).write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n",
                                     encoding="utf-8")
    (args.out / "OFL.txt").write_text(licence_text(), encoding="utf-8")
    total = sum((args.out / f["file"]).stat().st_size for f in fonts)
    print(f"{len(fonts)} fonts, {total / 1024:.0f} KiB, for {len(names)} native names")
    return 0


if __name__ == "__main__":
    sys.exit(main())

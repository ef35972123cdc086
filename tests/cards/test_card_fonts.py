"""The native names on the printed cards: every one printed, in its own script, shaped,
fitting its box; the shipped Noto subsets small, licensed and rebuilt byte for byte."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest
from reportlab.pdfbase import pdfmetrics

from calibration.printables.card_fonts import (
    FONTS_DIR,
    MANIFEST,
    font_for,
    helvetica_prints,
    name_fonts,
    printed_name,
    shaped,
    text_width,
)
from calibration.printables.cards import NATIVE_BOX, country_fits, native_words
from companion.cards.deck import load_deck

ROOT = Path(__file__).resolve().parents[2]
MAX_FONT_BYTES = 1024 * 1024  # all the subsets together
NOTO_SOURCES = Path("/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf")


def _native_names():
    return [(card, name) for card in load_deck()
            for name in filter(None, (printed_name(n) for n in card.native_names))]


def test_every_character_of_every_native_name_has_a_glyph():
    fonts = {font.name: font for font in name_fonts()}
    outside = 0
    for card, name in _native_names():
        if helvetica_prints(name):
            continue
        outside += 1
        font = font_for(name)
        assert font is not None, (card.code, name)
        face = pdfmetrics.getFont(font).face
        assert all(ord(ch) in face.charToGlyph for ch in name), (card.code, name)
        assert fonts[font].prints(name)
    assert outside >= 50  # Arabic, Cyrillic, CJK ... the deck's names in 15 scripts


def test_no_native_name_is_left_off_a_card_and_each_fits_its_box():
    for card in load_deck():
        names = [printed_name(n) for n in card.native_names if printed_name(n)]
        fits = [fit for fit in country_fits(card) if fit.box == NATIVE_BOX]
        printed = [w.text for fit in fits for line in fit.lines for w in line]
        assert printed == names, card.code
        for fit in fits:
            for line in fit.lines:
                assert fit.line_width(line) <= NATIVE_BOX.w + 1e-9, card.code


@pytest.mark.parametrize(("code", "script_font"), [
    ("CHN", "NotoSansCJKsc"), ("RUS", "NotoSans"), ("SAU", "NotoSansArabic"),
    ("ISR", "NotoSansHebrew"), ("IND", "NotoSansDevanagari"), ("THA", "NotoSansThai"),
    ("GEO", "NotoSansGeorgian"), ("ARM", "NotoSansArmenian"), ("ETH", "NotoSansEthiopic"),
    ("KHM", "NotoSansKhmer"), ("MMR", "NotoSansMyanmar"), ("LAO", "NotoSansLao"),
    ("KOR", "NotoSansCJKsc"), ("AZE", "NotoSans"), ("FRA", None),
])
def test_each_script_has_its_font(code, script_font):
    fonts = {w.font for w in native_words(load_deck().card(code))} - {"Helvetica"}
    assert fonts == ({script_font} if script_font else set())


def test_arabic_is_joined_and_laid_right_to_left():
    name = "ایران"  # Iran: alef, yeh, reh, alef, noon
    glyphs = shaped(name, "NotoSansArabic", 10.0)
    assert glyphs[0] == "ن" and glyphs[-1] == "ا"  # drawn from the left: the last letter first
    assert any(0xE000 <= ord(ch) <= 0xF8FF for ch in glyphs)  # yeh and reh in joined forms
    assert [d.cluster for d in glyphs.__shapeData__] == [4, 3, 2, 1, 0]


def test_marks_and_clusters_are_shaped_not_left_as_letters():
    khmer = shaped("កម្ពុជា", "NotoSansKhmer", 10.0)  # a coeng: ព written below ម
    assert "\u17d2" not in khmer and len(khmer) == len("កម្ពុជា") - 2
    myanmar = shaped("မြန်မာ", "NotoSansMyanmar", 10.0)  # medial ra drawn before its base
    assert myanmar[:2] == "\u103c\u1019"
    unshaped = pdfmetrics.stringWidth("नेपाल", "NotoSansDevanagari", 10.0)
    assert 0 < text_width("नेपाल", "NotoSansDevanagari", 10.0) <= unshaped


def test_invisible_direction_marks_are_not_printed():
    assert printed_name("\u200fالبحرين") == "البحرين"
    assert printed_name("مصر\u200e") == "مصر"


def test_the_fonts_are_small_listed_and_licensed():
    manifest = json.loads((FONTS_DIR / MANIFEST).read_text(encoding="utf-8"))
    files = [FONTS_DIR / entry["file"] for entry in manifest["fonts"]]
    assert sorted(files) == sorted(FONTS_DIR.glob("*.ttf"))
    assert sum(f.stat().st_size for f in files) < MAX_FONT_BYTES
    licence = (FONTS_DIR / manifest["licence_file"]).read_text(encoding="utf-8")
    assert manifest["licence"] == "OFL-1.1" and "SIL OPEN FONT LICENSE Version 1.1" in licence


@pytest.mark.slow
@pytest.mark.skipif(not NOTO_SOURCES.exists() or importlib.util.find_spec("fontTools") is None,
                    reason="needs Debian's fonts-noto-core and fonts-noto-cjk and fonttools")
def test_the_fonts_rebuild_byte_for_byte(tmp_path):
    subprocess.run([sys.executable, str(ROOT / "tools" / "build_card_fonts.py"),
                    "--out", str(tmp_path)], check=True, capture_output=True)
    for shipped in FONTS_DIR.iterdir():
        assert (tmp_path / shipped.name).read_bytes() == shipped.read_bytes(), shipped.name

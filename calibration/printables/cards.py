"""The ONE WORLD deck to print: 199 country cards and two mission decks, poker size.

Cards are 63 × 88 mm, nine to a page (3 × 3, edge to edge) with cut marks in the margins.
A country card shows, as the rules describe it: its value on a band of its region's colour
(Asia green, Americas-Oceania red, Europe blue, Africa black), the native names small at
the top left, the English name, the capital in parentheses and italic, the flag, the
neighbours (by land in black, by sea only in blue italic) and the organisation badges
(EU, AL, PIF) at the bottom. A mission card shows its title, its stars and its rule in a
sentence. Every card carries its ArUco marker (``companion.cards.marks``) in two opposite
corners, so a camera names it from either end and at any rotation.

Text is never cut: each field is set in the largest size, down to ``MIN_TEXT_MM``, at
which its words fit its box (``fit_text``); names are never broken across lines. The
fonts are the PDF's built-in Helvetica, which has Latin-1 letters only (a capital or a
neighbour's name loses the accents Latin-1 lacks), and for the native names Helvetica
cannot print, the Noto subsets of ``companion/data/cards/fonts`` (``card_fonts``), drawn
shaped by HarfBuzz, so every native name prints in its own script.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from math import cos, pi, sin
from pathlib import Path

import numpy as np
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from calibration.markers import marker_bits
from calibration.printables.card_fonts import (
    font_for,
    helvetica_prints,
    printed_name,
    shaped,
    text_width,
)
from calibration.printables.sheet import BLACK, Colour, Pen, paper_size
from companion.cards.deck import DATA_DIR, Card, load_deck, load_missions
from companion.cards.marks import (
    BAND_MM,
    CARD_H,
    CARD_W,
    MARK_INSET_MM,
    MARK_MM,
    QUIET_MM,
    Marks,
    load_marks,
)

COLUMNS, ROWS = 3, 3
PER_PAGE = COLUMNS * ROWS
MISSION_DECKS = 2  # the rules: "more pleasant to play with two mission decks"
FLAGS_DIR = DATA_DIR / "flags"

PAD_MM = 3.0  # text boxes keep this far from the card's sides
VALUE_MM = 9.0  # the value's height
MIN_TEXT_MM = 1.2  # no text smaller (3.4 pt)
LEADING = 1.2  # line pitch, times the size
SIZE_STEP_MM = 0.05  # fitting tries sizes this far apart
FLAG_W, FLAG_H = 32.0, 24.0
FLAG_TOP_MM = 31.0  # the flag's top edge, from the card's top
CUT_GAP_MM = 1.0  # cut marks start this far outside the cards
CUT_MM = 5.0  # and run at most this long
CAPTION_MM = 2.5
MIN_CAPTION_MARGIN_MM = 10.0  # a margin narrower than this gets no caption

REGION_COLOURS: dict[str, Colour] = {
    "asia": (0.10, 0.55, 0.25), "americas_oceania": (0.80, 0.10, 0.12),
    "europe": (0.10, 0.30, 0.75), "africa": (0.08, 0.08, 0.08),
}
REGION_NAMES = {"asia": "Asia", "americas_oceania": "Americas-Oceania",
                "europe": "Europe", "africa": "Africa"}
MISSION_COLOUR: Colour = (0.42, 0.22, 0.52)
STAR_COLOUR: Colour = (0.85, 0.62, 0.05)
MARITIME_BLUE: Colour = (0.05, 0.30, 0.80)
WHITE: Colour = (1.0, 1.0, 1.0)
GREY: Colour = (0.6, 0.6, 0.6)
ORGANISATIONS = {"EU": "the European Union", "AL": "the Arab League",
                 "PIF": "the Pacific Islands Forum"}
COUNT_WORDS = {2: "two", 3: "three"}
FLAG_WORDS = {
    "three_stripes": "three plain stripes", "bicolor": "exactly two colours",
    "blue_white_red": "blue, white and red", "red_yellow_green": "red, yellow and green",
    "cross_crescent": "a cross or a crescent", "lonely_star": "one lonely star",
}

REGULAR, BOLD, ITALIC = "Helvetica", "Helvetica-Bold", "Helvetica-Oblique"


@dataclass(frozen=True)
class Box:
    """A text box on a card, in mm from the card's top-left corner."""

    x: float
    y: float
    w: float
    h: float


NATIVE_BOX = Box(PAD_MM, BAND_MM + 1.0, CARD_W - 2 * PAD_MM, 5.0)
NAME_BOX = Box(PAD_MM, 19.5, CARD_W - 2 * PAD_MM, 5.5)
CAPITAL_BOX = Box(PAD_MM, 25.5, CARD_W - 2 * PAD_MM, 4.5)
NEIGHBOURS_BOX = Box(PAD_MM, 56.0, CARD_W - 2 * PAD_MM, 18.5)
TITLE_BOX = Box(PAD_MM, 17.0, CARD_W - 2 * PAD_MM, 7.0)
RULE_BOX = Box(PAD_MM + 2.0, 40.0, CARD_W - 2 * PAD_MM - 4.0, 32.0)
NAME_MAX_MM, CAPITAL_MAX_MM, NATIVE_MAX_MM = 4.5, 3.2, 2.2
NEIGHBOURS_MAX_MM, TITLE_MAX_MM, RULE_MAX_MM = 2.6, 5.0, 3.4


@dataclass(frozen=True)
class Word:
    """A piece of text never broken across lines, in one font and colour, and its
    ``tail`` (a comma) in Helvetica right after it: after a right-to-left name too."""

    text: str
    font: str = REGULAR
    colour: Colour = BLACK
    tail: str = ""

    def width(self, size: float) -> float:
        """The word's width in mm at ``size``, its tail included."""
        return text_width(self.text, self.font, size) + stringWidth(self.tail, REGULAR, size)


@dataclass(frozen=True)
class Fit:
    """Words set in a box: the size (mm) and the lines, each a list of words."""

    box: Box
    size: float
    lines: tuple[tuple[Word, ...], ...]
    align: str = "left"

    def line_width(self, line: Sequence[Word]) -> float:
        """A line's width in mm, a space between words."""
        return (sum(w.width(self.size) for w in line)
                + stringWidth(" ", REGULAR, self.size) * (len(line) - 1))


def latin(text: str) -> str | None:
    """``text`` (a capital, a neighbour's English name) as Helvetica can print it:
    unchanged if Latin-1, else with the accents Latin-1 lacks dropped; None for a name in
    another script. Native names print in their own script instead (``native_words``)."""
    if helvetica_prints(text):
        return text
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", text)
                    if not unicodedata.combining(ch))
    return plain if helvetica_prints(plain) else None


def _lines(words: Sequence[Word], size: float, width: float) -> list[list[Word]] | None:
    """Words laid greedily into lines of ``width`` mm at ``size``; None when one word
    alone is wider."""
    space = stringWidth(" ", REGULAR, size)
    lines: list[list[Word]] = []
    used = 0.0
    for word in words:
        w = word.width(size)
        if w > width:
            return None
        if lines and used + space + w <= width:
            lines[-1].append(word)
            used += space + w
        else:
            lines.append([word])
            used = w
    return lines


def fit_text(words: Sequence[Word], box: Box, max_size: float, max_lines: int = 0,
             align: str = "left") -> Fit:
    """The largest size from ``max_size`` down to ``MIN_TEXT_MM`` at which ``words`` fit
    ``box`` (in at most ``max_lines`` lines, 0 for any). Raises ValueError if none."""
    size = max_size
    while size >= MIN_TEXT_MM - 1e-9:
        lines = _lines(words, size, box.w)
        if (lines is not None and (not max_lines or len(lines) <= max_lines)
                and (len(lines) - 1) * size * LEADING + size <= box.h):
            return Fit(box, size, tuple(tuple(line) for line in lines), align)
        size = round(size - SIZE_STEP_MM, 4)
    raise ValueError(f"{' '.join(w.text for w in words)!r} does not fit a {box.w:g} x "
                     f"{box.h:g} mm box at {MIN_TEXT_MM} mm.")


def _separated(words: Sequence[Word]) -> list[Word]:
    """Words of a list, each but the last followed by a comma."""
    return [Word(w.text, w.font, w.colour, "," if k < len(words) - 1 else "")
            for k, w in enumerate(words)]


def native_words(card: Card) -> list[Word]:
    """A card's native names as printed: in Helvetica when it has their letters, else in
    the Noto subset that has them. ValueError for a name no font prints (the fonts are
    rebuilt by ``tools/build_card_fonts.py`` when the deck's names change)."""
    words = []
    for name in filter(None, (printed_name(n) for n in card.native_names)):
        font = REGULAR if helvetica_prints(name) else font_for(name)
        if font is None:
            raise ValueError(f"No font prints {card.code}'s native name {name!r}: run "
                             "tools/build_card_fonts.py.")
        words.append(Word(name, font))
    return words


def country_fits(card: Card) -> list[Fit]:
    """A country card's text, fitted: native names, name, capital, neighbours."""
    deck = load_deck()
    natives = native_words(card)
    fits = [fit_text([Word(card.name, BOLD)], NAME_BOX, NAME_MAX_MM, 1, "centre"),
            fit_text([Word(f"({latin(card.capital)})", ITALIC)], CAPITAL_BOX,
                     CAPITAL_MAX_MM, 1, "centre")]
    if natives:
        fits.append(fit_text(_separated(natives), NATIVE_BOX,
                             NATIVE_MAX_MM, 2))
    neighbours = ([Word(latin(deck.card(code).name) or code) for code in card.land_neighbours]
                  + [Word(latin(deck.card(code).name) or code, ITALIC, MARITIME_BLUE)
                     for code in card.maritime_neighbours])
    if neighbours:
        fits.append(fit_text(_separated(neighbours), NEIGHBOURS_BOX, NEIGHBOURS_MAX_MM))
    return fits


def mission_rule(mission: dict) -> str:
    """A mission's rule in one sentence, from its form and test (``missions.json``)."""
    test = mission["test"]
    if mission["form"] == "single_region":
        return f"Meld four cards of {REGION_NAMES[mission['region']]}."
    if mission["form"] == "any_regions":
        return (f"Meld four cards of any regions whose flags all show "
                f"{FLAG_WORDS[test['flag']]}.")
    start = "Meld one card of each region"
    if "sum" in test:
        below, limit = test["sum"] == "below", test["limit"]
        if test["inclusive"]:
            return f"{start} whose values add up to {limit} {'or less' if below else 'or more'}."
        return f"{start} whose values add up to {'less' if below else 'more'} than {limit}."
    if "organisations" in test:
        orgs = test["organisations"]
        if len(orgs) == 1:
            return f"{start} with a member of {ORGANISATIONS[orgs[0]]}."
        named = ", ".join(ORGANISATIONS[o] for o in orgs[:-1])
        return (f"{start}, {COUNT_WORDS[len(orgs)]} different cards of them members of "
                f"{named} and {ORGANISATIONS[orgs[-1]]}.")
    if test.get("equal_values"):
        return f"{start}, all four of the same value."
    if test.get("repeat_sum"):
        return f"{start} adding up to the sum the last opponent announced."
    raise ValueError(f"Mission {mission['id']!r} has a test no sentence says.")


def mission_fits(mission: dict) -> list[Fit]:
    """A mission card's text, fitted: title and rule."""
    return [fit_text([Word(mission["title"], BOLD)], TITLE_BOX, TITLE_MAX_MM, 1, "centre"),
            fit_text([Word(w) for w in mission_rule(mission).split()], RULE_BOX,
                     RULE_MAX_MM, 0, "centre")]


# -- drawing ------------------------------------------------------------------------------


def _write(canvas: Canvas, x: float, baseline: float, words: Sequence[Word], size: float
           ) -> None:
    """Words from (x, baseline) in pen space (mm, y down), a space between them."""
    space = stringWidth(" ", REGULAR, size)
    for word in words:
        canvas.saveState()
        canvas.translate(x, baseline)
        canvas.scale(1, -1)
        canvas.setFillColorRGB(*word.colour)
        canvas.setFont(word.font, size)
        canvas.drawString(0, 0, shaped(word.text, word.font, size))
        if word.tail:
            canvas.setFont(REGULAR, size)
            canvas.drawString(text_width(word.text, word.font, size), 0, word.tail)
        canvas.restoreState()
        x += word.width(size) + space


def draw_fit(pen: Pen, fit: Fit, x0: float, y0: float) -> None:
    """A fitted text on the card whose top-left corner is (x0, y0)."""
    box = fit.box
    pitch = fit.size * LEADING
    height = (len(fit.lines) - 1) * pitch + fit.size
    top = y0 + box.y + (box.h - height) / 2 if fit.align == "centre" else y0 + box.y
    for k, line in enumerate(fit.lines):
        width = fit.line_width(line)
        left = x0 + box.x + ((box.w - width) / 2 if fit.align == "centre" else 0.0)
        _write(pen.canvas, left, top + k * pitch + fit.size * 0.8, line, fit.size)


def mark_cells(marker_id: int, dictionary: str) -> list[tuple[float, float, np.ndarray]]:
    """Where a card's two markers go (their top-left corners, mm from the card's) and
    their cells (1 black): top-right, and bottom-left turned half a turn, as the card
    seen from its other end shows it."""
    bits = marker_bits(marker_id, dictionary)
    return [(CARD_W - MARK_INSET_MM - MARK_MM, MARK_INSET_MM, bits),
            (MARK_INSET_MM, CARD_H - MARK_INSET_MM - MARK_MM, bits[::-1, ::-1])]


def draw_marks(pen: Pen, marker_id: int, dictionary: str, x0: float, y0: float) -> None:
    """The card's two markers, each on a white square, on the card at (x0, y0)."""
    for dx, dy, cells in mark_cells(marker_id, dictionary):
        x, y = x0 + dx, y0 + dy
        pen.rect(x - QUIET_MM, y - QUIET_MM, MARK_MM + 2 * QUIET_MM, MARK_MM + 2 * QUIET_MM,
                 fill=WHITE, stroke=None)
        pen.cells(cells, x, y, MARK_MM)


@cache
def _flag(code: str) -> ImageReader:
    return ImageReader(str(flag_path(code)))


def flag_path(code: str) -> Path:
    """The card's flag picture (``tools/build_flags.py`` makes them)."""
    return FLAGS_DIR / f"{code}.png"


def _band(pen: Pen, x0: float, y0: float, colour: Colour) -> None:
    pen.rect(x0, y0, CARD_W, BAND_MM, fill=colour, stroke=None)


def draw_country(pen: Pen, card: Card, marks: Marks, x0: float, y0: float) -> None:
    """One country card with its top-left corner at (x0, y0)."""
    _band(pen, x0, y0, REGION_COLOURS[card.region])
    _write(pen.canvas, x0 + PAD_MM + 1.0, y0 + (BAND_MM + VALUE_MM * 0.72) / 2,
           [Word(str(card.value), BOLD, WHITE)], VALUE_MM)
    for fit in country_fits(card):
        draw_fit(pen, fit, x0, y0)
    fx, fy = x0 + (CARD_W - FLAG_W) / 2, y0 + FLAG_TOP_MM
    c = pen.canvas
    c.saveState()
    c.translate(fx, fy + FLAG_H)
    c.scale(1, -1)
    c.drawImage(_flag(card.code), 0, 0, FLAG_W, FLAG_H)
    c.restoreState()
    pen.rect(fx, fy, FLAG_W, FLAG_H, stroke=GREY, width=0.1)
    _badges(pen, card.organisations, x0 + CARD_W - PAD_MM, y0 + CARD_H - 4.5)
    draw_marks(pen, marks.countries[card.code], marks.dictionary, x0, y0)


def _badges(pen: Pen, organisations: Sequence[str], right: float, y: float) -> None:
    """Small framed badges (EU, AL, PIF), right-aligned to ``right``, centred on ``y``."""
    size = 2.6
    for org in reversed(organisations):
        width = stringWidth(org, BOLD, size) + 2.0
        right -= width
        pen.rect(right, y - 2.2, width, 4.4, fill=WHITE, stroke=BLACK, width=0.3)
        _write(pen.canvas, right + 1.0, y + size * 0.36, [Word(org, BOLD)], size)
        right -= 1.5


def _star(pen: Pen, cx: float, cy: float, r: float) -> None:
    """A five-pointed star of outer radius ``r`` mm."""
    points = [(cx + (r if k % 2 == 0 else r * 0.4) * sin(k * pi / 5),
               cy - (r if k % 2 == 0 else r * 0.4) * cos(k * pi / 5)) for k in range(10)]
    pen.polyline(points, 0.2, STAR_COLOUR, closed=True, fill=STAR_COLOUR)


def draw_mission(pen: Pen, mission: dict, marks: Marks, x0: float, y0: float) -> None:
    """One mission card with its top-left corner at (x0, y0)."""
    colour = REGION_COLOURS.get(mission.get("region", ""), MISSION_COLOUR)
    _band(pen, x0, y0, colour)
    _write(pen.canvas, x0 + PAD_MM + 1.0, y0 + BAND_MM / 2 + 1.4,
           [Word("MISSION", BOLD, WHITE)], 4.0)
    for fit in mission_fits(mission):
        draw_fit(pen, fit, x0, y0)
    pitch = 9.0
    first = x0 + CARD_W / 2 - pitch * (mission["stars"] - 1) / 2
    for k in range(mission["stars"]):
        _star(pen, first + k * pitch, y0 + 31.0, 4.0)
    draw_marks(pen, marks.missions[mission["id"]], marks.dictionary, x0, y0)


# -- pages --------------------------------------------------------------------------------


@dataclass(frozen=True)
class PrintCard:
    """One card to print: a country's code or a mission's id."""

    kind: str  # country | mission
    key: str


def deck_cards(countries: bool = True, missions: bool = True) -> list[PrintCard]:
    """The cards to print, in order: the countries (as the deck lists them), then
    ``MISSION_DECKS`` mission decks."""
    cards = [PrintCard("country", card.code) for card in load_deck()] if countries else []
    if missions:
        cards += [PrintCard("mission", m["id"])
                  for _ in range(MISSION_DECKS) for m in load_missions()]
    return cards


def pages_of(cards: Sequence[PrintCard]) -> list[list[PrintCard]]:
    """Nine cards a page; the missions start a page of their own."""
    pages: list[list[PrintCard]] = []
    for kind in ("country", "mission"):
        group = [card for card in cards if card.kind == kind]
        pages += [group[k:k + PER_PAGE] for k in range(0, len(group), PER_PAGE)]
    return pages


def grid_origin(paper: str) -> tuple[float, float, float, float]:
    """The sheet's width and height and the card grid's top-left corner, in mm."""
    width, height = (v / mm for v in paper_size(paper))
    return width, height, (width - COLUMNS * CARD_W) / 2, (height - ROWS * CARD_H) / 2


def card_position(index: int, paper: str) -> tuple[float, float]:
    """The top-left corner (mm, from the sheet's top-left) of the ``index``-th card of
    a page."""
    _w, _h, gx, gy = grid_origin(paper)
    return gx + (index % COLUMNS) * CARD_W, gy + (index // COLUMNS) * CARD_H


def _cut_marks(pen: Pen, paper: str) -> None:
    width, height, gx, gy = grid_origin(paper)
    gw, gh = COLUMNS * CARD_W, ROWS * CARD_H
    for k in range(COLUMNS + 1):
        x = gx + k * CARD_W
        length = min(CUT_MM, gy - CUT_GAP_MM)
        pen.line(x, gy - CUT_GAP_MM - length, x, gy - CUT_GAP_MM, 0.2)
        pen.line(x, gy + gh + CUT_GAP_MM, x, gy + gh + CUT_GAP_MM + length, 0.2)
    for k in range(ROWS + 1):
        y = gy + k * CARD_H
        length = min(CUT_MM, gx - CUT_GAP_MM)
        pen.line(gx - CUT_GAP_MM - length, y, gx - CUT_GAP_MM, y, 0.2)
        pen.line(gx + gw + CUT_GAP_MM, y, gx + gw + CUT_GAP_MM + length, y, 0.2)


def write_cards(path: str | Path, paper: str = "a4", countries: bool = True,
                missions: bool = True) -> int:
    """Write the deck's PDF to ``path``; return how many pages were written."""
    marks = load_marks()
    by_code = {card.code: card for card in load_deck()}
    by_id = {m["id"]: m for m in load_missions()}
    pages = pages_of(deck_cards(countries, missions))
    width, height, gx, gy = grid_origin(paper)
    canvas = Canvas(str(path), pagesize=(width * mm, height * mm), pageCompression=1,
                    invariant=1)
    canvas.setTitle("ONE WORLD cards")
    canvas.setCreator("companion print")
    for number, page in enumerate(pages, 1):
        canvas.saveState()
        canvas.transform(mm, 0, 0, -mm, 0, height * mm)  # mm, y down, sheet's top-left
        pen = Pen(canvas)
        for index, item in enumerate(page):
            x, y = card_position(index, paper)
            pen.rect(x, y, CARD_W, CARD_H, stroke=GREY, width=0.1)
            if item.kind == "country":
                draw_country(pen, by_code[item.key], marks, x, y)
            else:
                draw_mission(pen, by_id[item.key], marks, x, y)
        _cut_marks(pen, paper)
        if gy >= MIN_CAPTION_MARGIN_MM:
            baseline = gy + ROWS * CARD_H + CUT_GAP_MM + CUT_MM + CAPTION_MM + 1.0
            pen.text(gx, baseline, f"ONE WORLD {page[0].kind} cards, page {number} of "
                     f"{len(pages)}: print at 100 % ('actual size'), cut along the marks "
                     f"(63 x 88 mm cards).", CAPTION_MM)
        canvas.restoreState()
        canvas.showPage()
    canvas.save()
    return len(pages)

"""The printable ONE WORLD deck: its pages, its text fitting its boxes, its marks naming
their cards from any side, its flags."""

from __future__ import annotations

import re
import shutil
import subprocess

import cv2
import numpy as np
import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from calibration.markers import detect_markers
from calibration.printables.cards import (
    CARD_H,
    CARD_W,
    LEADING,
    MARK_MM,
    MIN_TEXT_MM,
    MISSION_DECKS,
    Box,
    Word,
    card_position,
    country_fits,
    deck_cards,
    fit_text,
    flag_path,
    latin,
    mark_cells,
    mission_fits,
    mission_rule,
    pages_of,
    write_cards,
)
from companion.cards.deck import load_deck, load_missions
from companion.cards.marks import load_marks
from companion.cli import main
from tests.helpers.true_scale import MM

PAGES = {(True, True): 28, (True, False): 23, (False, True): 5}  # 199 / 9, then 40 / 9
PIXELS_PER_MM = 8


def pdf_pages(path) -> list[tuple[float, float]]:
    """The MediaBox (width, height, points) of each page of a PDF reportlab wrote."""
    data = path.read_bytes()
    assert len(re.findall(rb"/Type /Page\b(?!s)", data)) == data.count(b"/MediaBox")
    return [(float(w), float(h))
            for w, h in re.findall(rb"/MediaBox \[ 0 0 ([\d.]+) ([\d.]+) \]", data)]


@pytest.mark.parametrize(("countries", "missions", "paper"), [
    (True, True, "a4"), pytest.param(True, True, "letter", marks=pytest.mark.slow),
    (True, False, "a4"), pytest.param(True, False, "letter", marks=pytest.mark.slow),
    (False, True, "a4"), (False, True, "letter")])  # Letter's whole deck: the command's test
def test_the_deck_prints_nine_cards_a_page(tmp_path, paper, countries, missions):
    out = tmp_path / "cards.pdf"
    pages = write_cards(out, paper, countries=countries, missions=missions)
    assert pages == PAGES[countries, missions] == len(pdf_pages(out))
    width, height = pdf_pages(out)[0]
    assert (round(width / MM), round(height / MM)) == {"a4": (210, 297),
                                                       "letter": (216, 279)}[paper]
    corner = card_position(8, paper)
    assert 0 < corner[0] and corner[0] + CARD_W < width / MM
    assert 0 < corner[1] and corner[1] + CARD_H < height / MM


def test_the_same_deck_twice_is_the_same_file(tmp_path):
    first, second = tmp_path / "1.pdf", tmp_path / "2.pdf"
    write_cards(first, "letter", countries=False)
    write_cards(second, "letter", countries=False)
    assert first.read_bytes() == second.read_bytes()


def test_both_mission_decks_print_and_missions_start_a_page():
    cards = deck_cards()
    assert len(cards) == 199 + MISSION_DECKS * 20 == 239
    pages = pages_of(cards)
    assert [len(p) for p in pages] == [9] * 22 + [1] + [9] * 4 + [4]
    assert {c.kind for c in pages[23]} == {"mission"}


def _assert_fits(fit) -> None:
    assert fit.size >= MIN_TEXT_MM
    for line in fit.lines:
        width = (sum(stringWidth(w.text, w.font, fit.size) for w in line)
                 + stringWidth(" ", "Helvetica", fit.size) * (len(line) - 1))
        assert width <= fit.box.w + 1e-9
    assert (len(fit.lines) - 1) * fit.size * LEADING + fit.size <= fit.box.h + 1e-9


def test_every_country_cards_text_fits_its_boxes_whole():
    deck = load_deck()
    for card in deck:
        fits = country_fits(card)
        for fit in fits:
            _assert_fits(fit)
        words = [w.text.rstrip(",") for fit in fits for line in fit.lines for w in line]
        names = [latin(deck.card(c).name) for c in card.land_neighbours
                 + card.maritime_neighbours]
        assert all(name in words for name in names), card.code  # every name, never cut
        assert latin(card.name) in words


def test_maritime_neighbours_are_blue_italic_and_land_ones_black():
    fits = country_fits(load_deck().card("JPN"))
    words = {w.text.rstrip(","): w for fit in fits for line in fit.lines for w in line}
    assert words["China"].font == "Helvetica-Oblique" and words["China"].colour[2] > 0.5
    france = {w.text.rstrip(","): w for fit in country_fits(load_deck().card("FRA"))
              for line in fit.lines for w in line}
    assert france["Spain"].font == "Helvetica" and france["Spain"].colour == (0, 0, 0)


def test_every_mission_cards_text_fits_and_says_its_rule():
    for mission in load_missions():
        for fit in mission_fits(mission):
            _assert_fits(fit)
    rules = {m["id"]: mission_rule(m) for m in load_missions()}
    assert rules["more_than_90"].endswith("add up to 90 or more.")
    assert rules["americas_pacific"] == "Meld four cards of Americas-Oceania."
    assert "three different cards" in rules["eu_al_pif"]


def test_text_too_long_for_its_box_is_refused_not_cut():
    with pytest.raises(ValueError, match="does not fit"):
        fit_text([Word("W" * 80)], Box(0, 0, 20, 5), 3.0)
    fit = fit_text([Word("Saint Vincent and the Grenadines")], Box(0, 0, 57, 5.5), 4.5, 1)
    assert fit.size < 4.5 and len(fit.lines) == 1


def test_names_in_other_scripts_are_left_off_and_accents_kept_or_dropped():
    assert latin("Türkiye") == "Türkiye"
    assert latin("Chișinău") == "Chisinau"
    assert latin("中国") is None


def _card_image(marker_id: int, dictionary: str) -> np.ndarray:
    """The card's two marks drawn as printed (the same cells at the same places) on a
    white card, PIXELS_PER_MM to the mm."""
    image = np.full((round(CARD_H * PIXELS_PER_MM), round(CARD_W * PIXELS_PER_MM)), 255,
                    np.uint8)
    for dx, dy, cells in mark_cells(marker_id, dictionary):
        side = round(MARK_MM * PIXELS_PER_MM)
        patch = cv2.resize((1 - cells) * 255, (side, side), interpolation=cv2.INTER_NEAREST)
        x, y = round(dx * PIXELS_PER_MM), round(dy * PIXELS_PER_MM)
        image[y:y + side, x:x + side] = patch
    return image


@pytest.mark.slow
def test_every_cards_marks_name_it_at_any_rotation():
    marks = load_marks()
    assert marks.dictionary not in ("DICT_4X4_50", "DICT_5X5_100")  # boards', ChArUco's
    named = [("country", card.code) for card in load_deck()] + [
        ("mission", m["id"]) for m in load_missions()]
    table = {**marks.countries, **marks.missions}
    assert len(set(table.values())) == len(named) == 219
    for kind, key in named:
        marker_id = (marks.countries if kind == "country" else marks.missions)[key]
        image = _card_image(marker_id, marks.dictionary)
        for turn in (None, cv2.ROTATE_90_CLOCKWISE, cv2.ROTATE_180):
            seen = detect_markers(image if turn is None else cv2.rotate(image, turn),
                                  marks.dictionary)
            assert list(seen) == [marker_id], (key, turn)
            assert marks.identify(marker_id) == (kind, key)
    assert marks.identify(249) is None


def test_a_cards_marks_name_it_at_any_rotation():
    marks = load_marks()
    image = _card_image(marks.countries["CAN"], marks.dictionary)
    for turn in (cv2.ROTATE_90_CLOCKWISE, cv2.ROTATE_180, cv2.ROTATE_90_COUNTERCLOCKWISE):
        seen = detect_markers(cv2.rotate(image, turn), marks.dictionary)
        assert [marks.identify(i) for i in seen] == [("country", "CAN")]
        assert len(seen[marks.countries["CAN"]].corners) == 4


def test_board_markers_never_read_a_cards_mark():
    marks = load_marks()
    for marker_id in list(marks.countries.values())[:40]:
        assert detect_markers(_card_image(marker_id, marks.dictionary)) == {}


def test_every_card_has_its_flag():
    from PIL import Image

    for card in load_deck():
        with Image.open(flag_path(card.code)) as flag:
            assert flag.size == (160, 120), card.code
    assert (flag_path("XKX").parent / "LICENSE").read_text().startswith("The MIT License")


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler's pdftoppm")
def test_a_printed_page_shows_each_cards_mark_twice(tmp_path):
    out = tmp_path / "missions.pdf"
    write_cards(out, "a4", countries=False)
    subprocess.run(["pdftoppm", "-r", "200", "-f", "1", "-l", "1", "-gray", "-png",
                    str(out), str(tmp_path / "page")], check=True)
    page = cv2.imread(str(next(tmp_path.glob("page*.png"))), cv2.IMREAD_GRAYSCALE)
    marks = load_marks()
    grey = cv2.cvtColor(page, cv2.COLOR_GRAY2BGR)
    parameters = cv2.aruco.DetectorParameters()
    detector = cv2.aruco.ArucoDetector(
        cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, marks.dictionary)), parameters)
    _corners, ids, _ = detector.detectMarkers(grey)
    expected = [marks.missions[m["id"]] for m in load_missions()[:9]]
    assert sorted(ids.ravel().tolist()) == sorted(expected * 2)


def test_print_cards_command(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["print", "cards", "--missions-only"]) == 0
    assert len(pdf_pages(tmp_path / "oneworld-cards-a4.pdf")) == 5
    assert "cut along the marks" in capsys.readouterr().out
    out = tmp_path / "deck.pdf"
    assert main(["print", "cards", "--paper", "letter", "--out", str(out)]) == 0
    assert len(pdf_pages(out)) == 28
    assert main(["print", "cards", "--paper", "a3"]) == 1
    assert "A4 or Letter" in capsys.readouterr().err

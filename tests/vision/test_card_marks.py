"""The camera reading ONE WORLD cards by their printed marks (companion.vision.card_marks):
cards drawn as printed, laid turned on a table, seen at an angle, under dim light, with a
hand over a mark; one card counted once, unknown marks ignored; ``companion recognize
--game cards``."""

from __future__ import annotations

import json
import shutil

import cv2
import numpy as np
import pytest

from benchmarks.card_marks import card_picture, printed_cards
from calibration.printables.cards import PrintCard
from companion.cards.marks import CARD_W, MARK_MM, load_marks
from companion.cli import main
from companion.vision.card_marks import read_cards
from companion.vision.scene import cards as table

PX_PER_MM = 3.5  # a 10 mm mark 35 pixels wide: a table seen whole by a 1080p camera
CARDS = [PrintCard("country", code) for code in ("FRA", "NGA", "CHN", "USA", "EGY", "BRA")] \
    + [PrintCard("mission", "africa"), PrintCard("mission", "eu")]
"""A card of each band colour: Europe blue, Africa black, Asia green, Americas red; the
missions purple and (Africa's) black."""
CENTRE_SHARE = 0.05  # of a card's width: how close a centre must be
ROTATION_DEG = 4.0


def _scene(seed: int, cards=CARDS, px_per_mm: float = PX_PER_MM):
    rng = np.random.default_rng(seed)
    pictures = [(card, card_picture(card, px_per_mm)) for card in cards]
    image, placed = table.lay(pictures, px_per_mm, rng)
    return image, placed, rng


def _turn_error(a: float, b: float) -> float:
    return abs((a - b + 180) % 360 - 180)


def _check(seen, placed, px_per_mm: float = PX_PER_MM, centre_share: float = CENTRE_SHARE,
           rotation: float = ROTATION_DEG, both: bool = True) -> None:
    """Every card found once, where it lies, turned as it is, by the marks that show
    (``both``: every mark that shows; else some of them)."""
    assert sorted((s.kind, s.key) for s in seen) == sorted(
        (p.card.kind, p.card.key) for p in placed)
    for p in placed:
        (card,) = [s for s in seen if (s.kind, s.key) == (p.card.kind, p.card.key)]
        assert np.hypot(*(np.array(card.centre) - p.centre)) < centre_share * CARD_W * px_per_mm
        assert _turn_error(card.rotation, p.rotation) < rotation, (card, p.rotation)
        shown = tuple(m for m in ("top-right", "bottom-left") if m not in p.hidden)
        assert card.marks == shown if both else set(card.marks) <= set(shown)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_cards_turned_any_way_are_each_found_once_with_their_turn(seed):
    image, placed, _rng = _scene(seed)
    _check(read_cards(table.finish(image)), placed)


@pytest.mark.parametrize("turn", [0.0, 90.0, 180.0, 270.0, 135.0])
def test_the_band_tells_the_cards_top_from_its_bottom(turn):
    picture = card_picture(PrintCard("country", "NGA"), PX_PER_MM)  # a black band
    h, w = picture.shape[:2]
    big = np.full((2 * h, 2 * h, 3), 120, np.uint8)
    big[h // 2:h // 2 + h, h - w // 2:h - w // 2 + w] = picture
    matrix = cv2.getRotationMatrix2D((h, h), turn, 1.0)
    image = cv2.warpAffine(big, matrix, (2 * h, 2 * h), borderValue=(120, 120, 120))
    (card,) = read_cards(image)
    assert card.key == "NGA" and _turn_error(card.rotation, turn) < ROTATION_DEG


def test_cards_seen_at_an_angle():
    image, placed, _rng = _scene(4)
    tilted, placed = table.tilt(image, placed, 0.35)
    _check(read_cards(table.finish(tilted)), placed, centre_share=0.1, rotation=6.0,
           both=False)


def test_cards_under_dim_light():
    image, placed, rng = _scene(5)
    _check(read_cards(table.finish(table.dim(image, 0.25, rng))), placed)


@pytest.mark.parametrize(("seed", "mark"), [(9, 0), (10, 1)])
def test_a_hand_over_one_mark_leaves_the_card_read_by_the_other(seed, mark):
    image, placed, rng = _scene(seed)
    table.cover_mark(image, placed, 0, mark, rng, PX_PER_MM)
    assert placed[0].hidden == (("top-right", "bottom-left")[mark],)
    assert sum(len(p.hidden) == 1 for p in placed) == 3  # the arm hides two more marks
    seen = read_cards(table.finish(image))
    shown = [p for p in placed if len(p.hidden) < 2]
    _check([s for s in seen if any(s.key == p.card.key for p in shown)], shown,
           centre_share=0.1)
    assert len(seen) == len(shown)


def test_both_copies_of_a_mission_are_two_cards():
    image, placed, _rng = _scene(8, [PrintCard("mission", "africa")] * 2)
    seen = read_cards(table.finish(image))
    assert [s.key for s in seen] == ["africa", "africa"]
    assert all(s.marks == ("top-right", "bottom-left") for s in seen)


def test_marks_no_card_has_are_ignored():
    image, placed, _rng = _scene(9, CARDS[:2])
    picture = table.finish(image)
    marks = load_marks()
    unused = next(i for i in range(250) if marks.identify(i) is None)
    side = round(MARK_MM * PX_PER_MM)
    for k, (name, marker_id) in enumerate([(marks.dictionary, unused), ("DICT_4X4_50", 0)]):
        marker = cv2.aruco.generateImageMarker(
            cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, name)), marker_id, side)
        y, x = 10, 10 + k * 3 * side
        picture[y - 4:y + side + 4, x - 4:x + side + 4] = 255
        picture[y:y + side, x:x + side] = marker[:, :, None]
    _check(read_cards(picture), placed)


def test_recognize_game_cards_prints_the_cards(tmp_path, capsys):
    image, placed, _rng = _scene(10, CARDS[:3])
    path = tmp_path / "table.png"
    cv2.imwrite(str(path), table.finish(image))
    assert main(["recognize", "--game", "cards", str(path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert sorted(c["card"] for c in result["cards"]) == ["CHN", "FRA", "NGA"]
    assert {c["name"] for c in result["cards"]} == {"China", "France", "Nigeria"}
    assert main(["recognize", "--game", "cards", str(path)]) == 0
    assert "France (country FRA) at" in capsys.readouterr().out
    assert main(["recognize", "--game", "cards", "--corners", "1,2;3,4;5,6;7,8",
                 str(path)]) == 1
    assert "--corners is for boards" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs pdftoppm (poppler-utils)")
def test_cards_cut_from_a_printed_page_are_read(tmp_path):
    cards = [PrintCard("country", code) for code in ("CHN", "IND", "SAU", "PAK")]
    printed = printed_cards(tmp_path, cards, 10.0)
    rng = np.random.default_rng(11)
    scaled = [(card, cv2.resize(printed[card], None, fx=PX_PER_MM / 10, fy=PX_PER_MM / 10,
                                interpolation=cv2.INTER_AREA)) for card in cards]
    image, placed = table.lay(scaled, PX_PER_MM, rng)
    _check(read_cards(table.finish(image)), placed)
    tilted, placed = table.tilt(table.dim(image, 0.3, rng), placed, 0.3)
    _check(read_cards(table.finish(tilted)), placed, centre_share=0.1, rotation=6.0,
           both=False)

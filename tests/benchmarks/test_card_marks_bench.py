"""``companion bench card-marks``: its scenes and how it counts cards found, wrong ids and
cards upside down (on cards drawn as printed: the benchmark itself prints the deck)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from benchmarks.card_marks import card_picture, scene, score
from calibration.printables.cards import PrintCard
from companion.vision.card_marks import read_cards

CARDS = [PrintCard("country", code) for code in ("FRA", "NGA", "CHN", "USA", "EGY", "BRA",
                                                 "IND", "JPN", "PER")]


def test_a_scene_is_read_and_counted():
    pictures = {card: card_picture(card, 10.0) for card in CARDS}
    image, placed = scene(pictures, "flat", 3.5, np.random.default_rng(1))
    seen = read_cards(image)
    figures = score(seen, placed, 3.5)
    assert figures["present"] == figures["found"] == 9
    assert figures["wrong"] == figures["upside_down"] == 0
    assert max(figures["rotation_errors"]) < 4.0
    flipped = [replace(seen[0], rotation=(seen[0].rotation + 180) % 360), *seen[1:]]
    assert score(flipped, placed, 3.5)["upside_down"] == 1
    moved = [replace(seen[0], centre=(seen[0].centre[0] + 200, seen[0].centre[1])), *seen[1:]]
    assert score(moved, placed, 3.5) | {"rotation_errors": []} == {
        "present": 9, "found": 8, "wrong": 1, "upside_down": 0, "rotation_errors": []}

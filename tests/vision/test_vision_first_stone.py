"""The first stone of a colour the look has not learned (T31, ``first_stone.py``)."""

from companion.vision.first_stone import first_stone_odds
from companion.vision.labels import EMPTY

CLASSES = [EMPTY, "black", "white"]
LIGHTER = {"black": False, "white": True}


def test_a_space_grown_lighter_leans_to_the_light_colour_not_yet_learned():
    odds = first_stone_odds(CLASSES, [EMPTY, "black"], LIGHTER, {"D3": 9.0}, 2, 0.001)
    assert odds == {"D3": {EMPTY: 0.001, "black": 0.0, "white": 0.999}}


def test_a_shift_no_unlearned_colour_matches_or_every_colour_learned_says_nothing():
    assert first_stone_odds(CLASSES, [EMPTY, "black"], LIGHTER, {"D3": -9.0}, 2, 0.001) == {}
    assert first_stone_odds(CLASSES, CLASSES, LIGHTER, {"D3": 9.0}, 2, 0.001) == {}


def test_more_spaces_changed_than_a_move_covers_is_the_pictures_doing():
    shifts = {"D3": 9.0, "E4": 8.0, "F5": 7.0}
    assert first_stone_odds(CLASSES, [EMPTY, "black"], LIGHTER, shifts, 2, 0.001) == {}

"""Following a game, session 24: a photo cut sharp across its blur invents no move (T33),
and a white stone the learned look knows, set where it fits that look only loosely, is
taken rather than asked about where the space's picture changed as a stone set on it,
lighter (T34); the look-alikes (blur greying a bare space, a lamp's glare lightening
one) are not taken. Each test follows a seeded game, photo by photo, as
``companion referee go --frames`` does, and checks every position the game held was one
the table showed."""

import pytest

from benchmarks.follow import random_game
from companion.vision.labels import EMPTY
from companion.vision.light_stone import light_stone_odds
from companion.vision.scene import Pose
from companion.vision.scene.looks import DEVELOPMENT
from tests.helpers.followed_games import blurred_left, followed_clean, followed_game

CLASSES = [EMPTY, "black", "white"]
LIGHTER = {"black": False, "white": True}


@pytest.mark.slow
def test_a_photo_cut_sharp_across_its_blur_greys_no_bare_space_into_a_stone():
    """T33, blur scenario 18101: a clean table at 960 × 720 seen at 29°, photo 4 not
    taken, photo 5 (White's C9 and Black's F3) blurred by 3.5 pixels left of 0.57 of its
    width, cut sharp. The bare F6, which the cut crosses, lost its print (0.22 → 0.02),
    greyed by 0.1 and its spread rose: far from its own empty look, it leaned to a stone
    of no colour, and the game took a White F6 nobody played before the two moves seen.
    The print around it is not as it was (the blur thinned it): no stone's sign."""
    seed = 18101
    states = random_game(9, 8, seed=seed)
    pose = Pose(tilt_deg=28.63313029645494, azimuth_deg=6.21416849996907)
    shown, held, results = followed_clean(
        seed, states, pose, (0, 1, 2, 3, 5, 6, 7, 8), 5,
        lambda image: blurred_left(image, 3.482404555236885, 0.5683907642353657))
    assert all(position in shown for position in held)
    assert not any(m["at"] == "F6" for r in results for m in r.moves)
    assert held[-1] == shown[-1]


@pytest.mark.slow
def test_a_white_stone_the_look_fits_loosely_in_a_corner_is_taken_not_asked():
    """T34, development game 13720 (a white set as pale as the board), photo 8: White's
    J1 in the corner, read unsure, the look's odds 0.924 white, and the table asked "Is
    J1 empty or white?". Its picture changed as a stone set's, its core lighter, and the
    look names white likeliest: White's J1 is taken, and the next photos are followed."""
    shown, held, results = followed_game(13720, 9, 40, DEVELOPMENT, 11)
    assert held == shown
    assert [(m["player"], m["at"]) for m in results[8].moves] == [("white", "J1")]
    assert all(r.verdict == "move" for r in results[1:])


def test_a_space_grown_lighter_as_a_stone_set_where_the_look_names_white_leans_white():
    """T34's two signs: the space's own change (a stone set's, its core lighter) and the
    look's likeliest class, the light colour it has learned."""
    odds = light_stone_odds(CLASSES, CLASSES, LIGHTER, {"J1": 2.5}, {"J1"}, {"J1": "white"},
                            2, 0.001)
    assert odds == {"J1": {EMPTY: 0.001, "black": 0.0, "white": 0.999}}


def test_a_space_without_both_signs_does_not_lean():
    """Greyed (blur, a shadow: its core darker), or the look naming another class, or the
    light colour not learned yet (T31's), or read surely: no lean."""
    assert light_stone_odds(CLASSES, CLASSES, LIGHTER, {"J1": -2.5}, {"J1"},
                            {"J1": "white"}, 2, 0.001) == {}
    assert light_stone_odds(CLASSES, CLASSES, LIGHTER, {"J1": 2.5}, {"J1"},
                            {"J1": EMPTY}, 2, 0.001) == {}
    assert light_stone_odds(CLASSES, [EMPTY, "black"], LIGHTER, {"J1": 2.5}, {"J1"},
                            {"J1": "white"}, 2, 0.001) == {}
    assert light_stone_odds(CLASSES, CLASSES, LIGHTER, {"J1": 2.5}, set(),
                            {"J1": "white"}, 2, 0.001) == {}


def test_many_spaces_grown_lighter_at_once_are_no_move():
    """A lamp switched on or a hand's pale sleeve lightens many spaces; a move sets one
    stone or two."""
    shifts = {"A1": 2.0, "B1": 3.0, "C1": 2.2}
    assert light_stone_odds(CLASSES, CLASSES, LIGHTER, shifts, set(shifts),
                            dict.fromkeys(shifts, "white"), 2, 0.001) == {}

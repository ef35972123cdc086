"""How the picture leans where the recogniser is unsure (``Reading.odds``, issue 14
point 4): given only where the space is unsure because nothing fits closely or is
clearly best, never where a lamp's glare or a hand hides it; the game settles those
among its legal moves (``companion.table.likely``, tests/table/test_table_question.py)."""

import numpy as np

from companion.geometry import load_geometry
from companion.vision.pipeline import Recogniser
from companion.vision.scene import Effects, Pose
from companion.vision.scene.looks import random_look
from companion.vision.stones import UNSURE
from tests.helpers.realistic_follow import realistic_follow
from tests.helpers.scene_cache import render_scene
from tests.helpers.vision_highlights import clipped_discs


def test_odds_are_given_for_unsure_spaces_only_and_weigh_every_label():
    """Realistic tables (glossy stones, webcams) leave some spaces in doubt that lean."""
    board = load_geometry("go-19")
    recogniser = Recogniser(board, ("black", "white"))
    given = 0
    for seed in (9, 26):  # a held-out look and a development one, both with such spaces
        look = random_look(np.random.default_rng(seed), held_out=seed % 2 == 1)
        image, truth = render_scene(seed, board, look=look)
        reading = recogniser.read(image, np.linalg.inv(np.array(truth["homography"])))
        assert set(reading.odds) <= set(reading.unsure)
        for shares in reading.odds.values():
            assert set(shares) == {"empty", "black", "white"}
            assert abs(sum(shares.values()) - 1.0) < 1e-6
        given += len(reading.odds)
    assert given > 0


def test_a_lamp_that_blows_out_a_whole_space_gives_no_odds():
    """Bare board under a reflection a little larger than a stone looks like a white
    stone blown out whole: the picture cannot tell, so it says nothing either way."""
    board = load_geometry("go-19")
    names = list(board.names)
    image, truth = render_scene(3, board, {}, Pose(), Effects(noise=3.0, blur=0.6, jpeg=80))
    lit = names[::9]
    painted = clipped_discs(image, truth, lit, radius=1.4)
    reading = Recogniser(board, ("black", "white")).read(
        painted, np.linalg.inv(np.array(truth["homography"])))
    assert all(reading.cells[name] in ("empty", UNSURE) for name in lit)
    assert not set(reading.odds) & set(lit)


def test_the_first_stone_of_an_unfamiliar_set_is_played_as_the_picture_leans():
    """On a held-out table (yunzi stones on bamboo) the first black stone fits no
    colour closely and is read unsure; its picture leans black, and black is the one
    legal answer that shows it, so the referee plays it instead of asking."""
    states, results, _ = realistic_follow(12, held_out=True, moves=1)
    assert [r.verdict for r in results] == ["unchanged", "move"]
    assert "as the picture shows it most likely" in results[1].text
    assert results[1].to_json()["moves"] == [{"type": "place", "player": "black",
                                              "at": "G3"}]
    assert states[1]["board"]["G3"] == "black"

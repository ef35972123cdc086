"""Following a game, T38: a stone read surely in the wrong colour, photo after photo,
becomes a question. Held-out game 42194 before T35 read White's first stone F8 black and
was refused at every later photo ("It is White's turn, not Black's."): here the reader
is made to read F8 black from the photo it is set in on, the rest of the loop (the
learned look, the game resolving doubt) as it runs."""

import numpy as np
import pytest

from benchmarks.follow import random_game
from companion.games.registry import get_game
from companion.vision.scene.frames import render_game_frames
from companion.vision.scene.looks import HELD_OUT, random_look_of
from hardware.follow_frames import FrameFollower, start_record
from hardware.referee_feed import game_recogniser
from tests.helpers.followed_games import shown_and_held

SEED = 42194
MISREAD = "F8"  # White's first stone, photo 2


class ReadsF8Black:
    """The game's recogniser, but for F8 read black once a stone stands there."""

    def __init__(self, inner):
        self.__dict__["inner"] = inner

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def __setattr__(self, name, value):
        setattr(self.inner, name, value)

    def read(self, image, homography):
        reading = self.inner.read(image, homography)
        if reading.cells.get(MISREAD) != "empty":
            reading.cells[MISREAD] = "black"
            reading.unsure = [s for s in reading.unsure if s != MISREAD]
            reading.odds.pop(MISREAD, None)
        return reading


@pytest.fixture(scope="module")
def photos():
    states = random_game(9, 40, SEED)[:7]
    look = random_look_of(np.random.default_rng(SEED), HELD_OUT)
    frames = render_game_frames([{k: c for k, c in s["board"].items() if c}
                                 for s in states], look, SEED, "go-9")
    assert states[2]["board"][MISREAD] == "white" and states[1]["board"][MISREAD] is None
    return states, [image for image, _ in frames], frames[0][1]["corners_px"]


def follower(corners):
    game = get_game("go")
    return FrameFollower(game, start_record(game, None, {"size": 9}), positioned=False,
                         corners=corners,
                         recogniser_for=lambda g, b: ReadsF8Black(game_recogniser(g, b)))


@pytest.mark.slow
def test_a_stone_read_in_the_wrong_colour_is_asked_about_and_played_once_answered(photos):
    states, images, corners = photos
    follow = follower(corners)
    results = [follow.see(str(i), image) for i, image in enumerate(images[:5])]
    assert [r.verdict for r in results] == ["unchanged", "move", "illegal", "illegal",
                                            "ambiguous"]
    assert results[2].reason == "It is White's turn, not Black's."
    assert results[4].reason == f"Is {MISREAD} black or white?"
    assert results[4].choices[0] == "Black: It is White's turn, not Black's."
    assert results[4].choices[1].startswith(f"White: White places on {MISREAD}, then ")
    shown, held = shown_and_held(states[:5], results)
    assert all(board == shown[1] for board in held[1:])  # nothing played unanswered
    answered = follow.session.choose(1)
    assert answered.kind == "applied"
    assert follow.session.state["board"] == states[4]["board"]
    later = [follow.see(str(i), images[i]) for i in (5, 6)]
    assert [r.verdict for r in later] == ["move", "move"]
    shown, held = shown_and_held(states[5:7], later)
    assert held == shown


@pytest.mark.slow
def test_answered_with_the_colour_read_the_refusal_stands(photos):
    states, images, corners = photos
    follow = follower(corners)
    for i, image in enumerate(images[:5]):
        follow.see(str(i), image)
    answered = follow.session.choose(0)
    assert answered.kind == "illegal"
    assert answered.text.startswith(f"{MISREAD} is black, as answered. ")
    assert follow.session.state["board"] == states[1]["board"]

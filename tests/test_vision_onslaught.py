"""ONSLAUGHT on the rendered board: pieces with their numbers, orbs and capture tokens,
in the form the game's view uses."""


from vision_scenes import read_scene, read_scenes

from companion.geometry import load_geometry
from companion.vision.scene import Effects, Pose

BOARD = load_geometry("onslaught")


def _read(seed, squares=None, pose=None, effects=None):
    return read_scene(BOARD, seed, squares, pose, effects, kind="onslaught")


def test_pieces_orbs_and_tokens_are_read_as_the_game_views_them():
    squares = {
        "D1": {"pieces": ["red1", "red2"], "orbs": [], "token": None},
        "D7": {"pieces": ["blue1"], "orbs": [], "token": None},
        "B3": {"pieces": ["blue2"], "orbs": ["red"], "token": "blue"},
        "A1": {"pieces": [], "orbs": ["red"], "token": None},
        "F5": {"pieces": [], "orbs": [], "token": "red"},
    }
    reading, truth = _read(4, squares, Pose(tilt_deg=20.0, azimuth_deg=30.0),
                           Effects(noise=3.0, blur=0.5, jpeg=85))
    assert reading.cells == truth["cells"]


def test_random_onslaught_scenes_have_no_confident_error():
    tally = read_scenes(BOARD, range(400, 406), kind="onslaught")
    assert tally.error <= 0.005
    assert tally.unsure <= 0.1

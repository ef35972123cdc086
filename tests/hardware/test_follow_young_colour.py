"""Following a game, a colour the learned look has seen once fits loosely: a stone's
shadow over a bare corner is not taken for a stone of it (no invented move)."""

from benchmarks.follow import follow_game
from companion.vision.scene.looks import HELD_OUT


def test_a_shadow_on_a_corner_early_in_a_game_is_no_stone():
    # A held-out table (red wood, glass stones, a camera at 35 degrees): after Black's
    # first stone, White's stone beside the corner shades it; the look, knowing black
    # from one stone, took the shade for a Black stone on A1 that nobody played.
    game = follow_game(11396, 9, 3, HELD_OUT)
    assert game["stop"] is None and not game["wrong"]
    assert game["verdicts"] == ["unchanged", "move", "move", "move"]

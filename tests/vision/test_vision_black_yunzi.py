"""The sign session 19 adds to a black stone lifted by its sheen (docs/recognition.md, "A
black stone lifted by its sheen"): its face, sheen and all, shows the board's tint
turned round (``turned_tint.turned_round``), where bare board, lit or in any shade,
shows none. The rendered black yunzi stones on red wood it reads (held-out scene 9939),
and the bare points and hands it must not turn, are cases of
``test_vision_black_held_out.py``; a white stone in shade, as neutral, is not read black
(``test_vision_stones.py``, the hardest scenes: go-9 scene 203, H2)."""

import numpy as np
import pytest

from companion.vision.turned_tint import turned_round

RED_WOOD = np.array([[60.0, 110.0, 190.0]])  # BGR: a red wood board's colour


def test_bare_board_in_shade_shows_no_tint_turned_round():
    """Bare board, lit or in a shade of any depth, has its board's colour part: nothing
    turned round."""
    for shade in (1.0, 0.6, 0.3):
        ratio = np.log(RED_WOOD * shade) - np.log(RED_WOOD)
        assert abs(turned_round(ratio, RED_WOOD)[0]) < 1e-9


def test_a_neutral_stone_on_red_wood_shows_its_tint_turned_round():
    """A neutral grey face, as light as the board or far darker, shows the board's whole
    tint turned round; a face of the board's own hue shows it the other way; on a
    neutral board nothing is turned round."""
    tint = np.log(RED_WOOD) - np.log(RED_WOOD).mean()
    size = float(np.linalg.norm(tint))
    for grey in (120.0, 30.0):
        ratio = np.log(np.full((1, 3), grey)) - np.log(RED_WOOD)
        assert turned_round(ratio, RED_WOOD)[0] == pytest.approx(size, abs=0.02)
    assert turned_round(tint[None, :], RED_WOOD)[0] < 0.0
    grey_board = np.full((1, 3), 150.0)
    assert turned_round(np.log(np.full((1, 3), 40.0)) - np.log(grey_board), grey_board)[0] \
        == pytest.approx(0.0, abs=1e-9)

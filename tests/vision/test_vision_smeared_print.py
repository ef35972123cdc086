"""How dark blur can make a bare space: its own print smeared over it (T27)."""

import numpy as np

from companion.vision.smeared_print import greyed_by_print


def test_a_space_greyed_within_its_own_print_is_explained_by_it():
    """Study scenario 13149: a bare C5 that showed a third of its disc as print, greyed
    0.21 darker than the board by the blur (past the board's shade, 0.2)."""
    shade = np.array([-0.21, -0.21, -1.0, 0.1, 0.3])
    own_ink = np.array([0.33, 0.05, 0.33, 0.33, 0.33])
    assert greyed_by_print(shade, own_ink, 0.2).tolist() == [True, False, False, True,
                                                             False]


def test_a_space_never_seen_empty_is_greyed_only_within_the_boards_shade():
    shade = np.array([-0.15, -0.25])
    assert greyed_by_print(shade, np.full(2, np.nan), 0.2).tolist() == [True, False]

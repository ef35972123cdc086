"""The light stones that tell how dark the board is: the lightest run of them.

``stones._light_colour`` reads how light the board's paint is from the stones lighter
than their board that lie nearer white's lightness than any other colour's
(``_board_level``): a white stone is the lightest paint there is, and how much lighter
than the board it looks tells how dark the board is. It takes the darker of them
(``board_level_percentile``), as a lamp's pool lifts some stones more than the board
beside them.

On a dark board under a lamp a black stone may look lighter than its board too. Black
yunzi on red wood under two daylight lamps (held-out full-glare scene 56027, 1280 × 960):
the black stones' cores, their highlights set aside, came 0.1 to 0.33 lighter than the
board (log), the white stones' 0.95 to 1.12. Both turn the red board's tint round alike
(a neutral stone on a tinted board), so the light stones' colour let them all in, and
their darker quarter, the black stones, set the board's level: the board was taken for
one of a typical lightness, white foreseen at +0.5, where the black stones lay nearer
it than black's −1.07. The reader read 18 black stones surely white, learnt white's
colour from them (``_learn_from_scene``), and then read 106 of the 150 black stones white
surely and every white stone "nothing fits".

Stones of one colour in one picture show about one lightness against the board beside
them: light cancels in the ratio. Light stones whose lightness falls apart into two runs,
a step of more than ``light_run_gap`` (log) between them, are two kinds of stone, and the
lighter run is the white one. The level is read from that run alone where it holds at
least ``light_min_stones`` stones and at least ``light_run_share`` of the light stones,
and explains the picture's stones (``_light_fit``) better than all of them together by
one space that nothing explains (``max_distance`` squared). The share keeps a few odd
light spaces out: in a held-back scene with a hand over white vinyl (66417, Go 13, held
out) three spaces under the hand and a glare stood more than 0.45 above 26 light
stones (23 of them white), and the fit, on a board whose white stones fit bare board at
any level, took them; 12 white stones read right before were left unsure (the scene was
taken for a hand either way).
In 56027 the run holds 69 of the 100 light stones.
"""

from __future__ import annotations

import numpy as np


def lightest_run(lum: np.ndarray, stones: np.ndarray, gap: float) -> np.ndarray:
    """The ``stones`` (N bool) in the lightest run of their lightness (``lum``, N log
    lightness against the board): sorted from the lightest down, those above the first
    step wider than ``gap``; all of them where no step is so wide."""
    at = np.flatnonzero(stones)
    order = at[np.argsort(-lum[at])]
    wide = np.flatnonzero(-np.diff(lum[order]) > gap)
    run = stones.copy()
    if len(wide):
        run[order[wide[0] + 1:]] = False
    return run

"""Spaces whose only sign of a hand is print the whole picture shows poorly.

``bare_print.unconfirmed`` leaves unsure the spaces read empty without print where few
of the picture's bare points show their print (a crowded board, one far from the camera
or blurred): it says so of the whole picture, not of anything over one space. On a dense
Go 19 × 19 board seen tilted in a 640 × 480 webcam (red wood, yunzi: held-out 72097) the
far rows' bare points between the stones, their print faded by distance, unsure by that
rule alone or read empty without print (``blank``), made patches of the board's own
colour joined to the edge, taken for a hand (``occlusion.hidden_by_hand``). A palm over
such a picture leaves its spaces unsure by that rule alone too (72097 with a hand forced
in), but its gaps are skin, off the board's colour. So the hand's checks
(``hidden_by_hand``, ``fingertips``) do not count a space unsure by that rule alone
whose print is not hidden where the spaces around show theirs (not ``covered``) and
whose gaps keep the board's own colour; the reading still leaves it unsure.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from companion.vision.bare_print import UNCONFIRMED
from companion.vision.config import Section
from companion.vision.occlusion import hand_tint_bar
from companion.vision.sampling import Samples, board_tint_off
from companion.vision.stones import SpaceReadings


def faded_alone(result: SpaceReadings, samples: Samples, occlusion: Section
                ) -> np.ndarray | None:
    """The spaces unsure by ``UNCONFIRMED`` and by no other rule, whose print is not
    hidden where the spaces around show theirs (not ``covered``), and whose gaps keep
    the board's own colour (``sampling.board_tint_off`` under ``hand_tint``, or
    ``hand_tint_scatter`` times what the board's colour strays over the picture where
    that is more: the bar ``hidden_by_hand`` sets for a patch); ``None`` where the
    reading names no such rule. Print faded by distance or blur leaves the board's
    colour round a space; a palm of skin over the board (Go 19 × 19 72097 with a hand
    forced in: its gaps 0.31 off the board's colour) does not, even where the picture's
    print is as poor."""
    why = result.why
    if not why or UNCONFIRMED not in why or not why[UNCONFIRMED].any():
        return None
    others = [mask for name, mask in why.items() if name != UNCONFIRMED]
    alone = why[UNCONFIRMED] & ~np.logical_or.reduce(others) if others else why[UNCONFIRMED]
    return alone & ~result.covered & (board_tint_off(samples) < hand_tint_bar(samples, occlusion))


def without_faded(result: SpaceReadings, unreadable: np.ndarray, samples: Samples,
                  occlusion: Section) -> tuple[SpaceReadings, np.ndarray]:
    """``result`` and ``unreadable`` as the hand's checks weigh them: the spaces of
    ``faded_alone`` neither unreadable nor ``blank``."""
    faded = faded_alone(result, samples, occlusion)
    if faded is None:
        return result, unreadable
    blank = None if result.blank is None else result.blank & ~faded
    return replace(result, blank=blank), unreadable & ~faded

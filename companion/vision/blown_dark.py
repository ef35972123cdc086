"""A dark reading against a lamp's glare must be as dark as the picture's dark stones.

Where a lamp's glare blows out the gaps round a space, the board's colour is lost there
and only a piece far darker than any board is still read (``glare`` and ``off_neutral``
in ``stones.classify_stones``), by its ratio to the blown-out gaps. That ratio says
little: against gaps clipped at the sensor's top a white stone in the glare's pool,
lit less than the board's reflection round it, looks as dark against them as a black
stone looks against its board. Held-out full-glare scene 66019 (Go 9 × 9, yunzi on tan
vinyl, 640 × 480): a white stone standing in the glare, its core (130, 121, 105) in
grey levels, came −0.72 (log) against its blown-out gaps and was read black surely.

The picture's own black stones, read surely where their gaps show the board, tell how
light a black stone looks in it: that stone's core was 0.89 (log) lighter than the
lightest of them. A dark reading against blown-out gaps whose core is lighter than the
lightest of the picture's sure dark stones by more than ``blown_dark_margin`` is unsure
("gaps blown out"). On the study scenes (seeds 66000–66039 with ``--full-glare``, Go 19,
Go 9 and ONE, and 66000–66099 plain, Go 19, 13 and 9, both looks) every black stone read
black against blown-out gaps lay at most 0.01 lighter than that; the white stone 0.89.
Fewer than ``learn_min_stones`` sure dark stones tell nothing: nothing is made unsure.
"""

from __future__ import annotations

import numpy as np

from companion.vision.config import Section


def lighter_than_dark_set(observed: np.ndarray, asked: np.ndarray, dark_set: np.ndarray,
                          cfg: Section) -> np.ndarray:
    """The ``asked`` spaces (N bool) whose core (``observed``, N×3 grey levels) is lighter
    than the lightest of the ``dark_set`` spaces (the picture's sure dark stones) by more
    than ``blown_dark_margin`` (log, the mean of the three channels')."""
    if dark_set.sum() < cfg.learn_min_stones:
        return np.zeros(len(asked), dtype=bool)
    lum = np.log(observed + cfg.dark_floor).mean(axis=1)
    return asked & (lum > lum[dark_set].max() + cfg.blown_dark_margin)

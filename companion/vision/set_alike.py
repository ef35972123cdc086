"""A stone like the stones of its set around it.

Stones of one set are one paint: under one light, near each other, they look alike. The
board under them need not: a wooden board has pale and dark grain, a lighter patch of
wood here and a darker one there. The stone reader compares each core with the board
beside it, so where the board beside a white stone is paler than elsewhere the stone
looks hardly lighter than its board, and the reader, which reads the board's
lightness as the light's, cannot tell it from bare board: unsure.

Such a space is told by the stones and bare spaces around it that the reader is sure
of, seen in the same light: where it hides its print (something stands there) and its
core's colour is close to the sure stones of one colour around it and several times
farther from the sure bare spaces around it (and from the stones of every other colour
there), it is a stone of that colour. Two signs, each of its own: the print hidden, and
the colour of its set. Only stones of a set of neutral paints (Go's black and white):
a hued stone's colour shifts with the light's tint, which the bare board beside it
shows as much as the stones do.
"""

from __future__ import annotations

import numpy as np

from companion.vision.config import Section


def like_its_set(observed: np.ndarray, sure: np.ndarray, around: np.ndarray,
                 asked: np.ndarray, colours: int, cfg: Section) -> np.ndarray:
    """For each space ``asked``, the class (1…``colours``) of the sure stones around it
    its core looks like, or 0. ``observed`` is each core's colour (N×3, a glossy
    stone's highlight set aside), ``sure`` each space's class where the reader is sure
    of it (0 bare board, 1… a colour; -1 elsewhere), ``around`` the nearest spaces of
    each (``Samples.around``). Looked for among the spaces around and those around them
    (about two pitches each way)."""
    found = np.zeros(len(observed), dtype=np.int64)
    if not asked.any():
        return found
    log = np.log(observed + cfg.dark_floor)
    for i in np.flatnonzero(asked):
        near = np.unique(around[around[i]])
        near = near[(near != i) & (sure[near] >= 0)]
        classes = sure[near]
        if (classes == 0).sum() < cfg.set_bare_refs:
            continue
        distance = np.full(colours + 1, np.inf)
        for c in np.unique(classes):
            refs = near[classes == c]
            if c > 0 and len(refs) < cfg.set_stone_refs:
                continue
            distance[c] = float(np.linalg.norm(log[i] - np.median(log[refs], axis=0)))
        c = int(np.argmin(distance[1:])) + 1
        others = np.delete(distance, c)
        if distance[c] <= cfg.set_close and (distance[c] * cfg.set_margin <= others).all():
            found[i] = c
    return found

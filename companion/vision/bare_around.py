"""Bare board judged by the bare spaces around it.

The stone reader compares each core with the board in the gaps beside it: empty
predicts that ratio nought. On ONE's board that holds only roughly. The concentric track
lines run through every space's core and the circle printed round it lies close by;
the closing takes thin print away, yet under a dim, strongly coloured lamp a channel
the lamp hardly lights (blue under a yellow lamp) sits at the sensor's floor on bare
board, and the JPEG ringing of dark print lifts it by ten or twenty grey levels in the
core and not in the gaps. A bare core then lies as far from its gaps' colour as a stone
would, in every space alike, and where its mark also shows a little less than the
marks around, the reader leaves it unsure: a whole ring of bare spaces at once.

What a bare space looks like beside its gaps in this picture is what the bare spaces
near it look like: same print, same light, same camera. So a space whose core lies as
close to the ratio the surely bare spaces around it show (``bare_near``) as bare board
lies to its own gaps (``max_empty_distance``) looks bare by its colour, however far that
ratio is from nought. Surely bare: read empty, their mark shown whole (a stone as wide
as its circle hides part of it) and their core one colour. A stone of the board's own
colour is not made bare by this: a stone hides the print its bare neighbours show, and
its core, without the print's ringing, lies apart from theirs.
"""

from __future__ import annotations

import numpy as np

from companion.vision.config import Section


def bare_near(features: np.ndarray, bare: np.ndarray, around: np.ndarray, asked: np.ndarray,
              cfg: Section) -> np.ndarray:
    """Of the ``asked`` spaces, those whose core's colour against its gaps (``features``:
    the log ratio, its lightness weighed as the reader weighs it, N×4) lies within
    ``max_empty_distance`` of the median of the surely ``bare`` spaces' near it, where
    at least ``bare_near_refs`` of them are: among the spaces around it and those around
    them (``Samples.around``, about two pitches each way), itself left out."""
    near = np.zeros(len(features), dtype=bool)
    for i in np.flatnonzero(asked):
        refs = np.unique(around[around[i]])
        refs = refs[(refs != i) & bare[refs]]
        if len(refs) >= cfg.bare_near_refs:
            reference = np.median(features[refs], axis=0)
            near[i] = float(np.linalg.norm(features[i] - reference)) <= cfg.max_empty_distance
    return near

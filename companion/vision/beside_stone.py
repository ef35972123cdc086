"""The spaces beside a stone newly read: where a stone's shadow and body may change the
picture of a space it was not set on.

A stone set on the board shades the board around it (its contact shadow, the lamp's
shadow) and, seen at an angle, stands over the print near it: the board ring and the
print of the spaces next to it change, their cores do not. The live loop holds such a
space empty where its core looks as it did (``LastSeen.core_kept``): a stone set on it
would have covered its core. Read ``docs/referee-loop.md``, T26.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from companion.vision.labels import EMPTY, UNSURE


def beside_new_stones(names: Sequence[str], around: np.ndarray, labels: Mapping[str, Any],
                      view: Mapping[str, Any]) -> set[str]:
    """The spaces among ``names`` (the samples' spaces, in their order; ``around`` their
    nearest spaces, N×8, as ``Samples.around``) next to a space read surely as a stone
    (``labels``) where the game (``view``) holds none."""
    new = np.array([view.get(name, EMPTY) is None and str(labels.get(name, UNSURE))
                    not in (EMPTY, UNSURE) for name in names])
    if not new.any():
        return set()
    index = np.arange(len(names))
    beside = (new[around] & (around != index[:, None])).any(axis=1)
    return {name for name, near in zip(names, beside, strict=True) if near}

"""The labels the recognisers give a space besides a piece's colour, defined once.

Every recogniser reads each space as a piece's colour ("black", "red", ...), as
``EMPTY``, or as ``UNSURE`` where it cannot tell (glare, a hand's edge, a piece half
on). The table reads the same labels (``companion.table.reading``), the scene renderer
writes ``EMPTY`` in its ground truth, and the live loop passes them on. Being a
``StrEnum``, a label is the plain string it names: it compares equal to it, is a dict
key for it, and is written as it in JSON.
"""

from __future__ import annotations

from enum import StrEnum


class Label(StrEnum):
    """A space's label that is not a colour."""

    EMPTY = "empty"
    """Nothing stands on the space."""
    UNSURE = "unsure"
    """The recogniser could not tell what stands there."""


EMPTY = Label.EMPTY
UNSURE = Label.UNSURE

"""The colours of stone a space's shade allows, and the picture's lean to them.

Where a space no longer looks as it did empty and no learned class names what lies
there (a stone of a colour the look has not learned, one a lamp blows out), its shade
against the board around it still tells which stones it may be: darker than the board
by ``changed_shade`` (a log ratio), the dark stone; lighter, or its core mostly blown
out (``changed_blown``), the light one; of a shade near the board's (a white glass stone
on white vinyl), either: the picture shows that something lies there, not what, and only
the game can name it (``companion.table.likely``: the one legal stone there). Only for
two colours, one darker and one lighter than the board: a shade tells no more apart.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from companion.vision.labels import EMPTY


def dark_and_light(colours: Sequence[str], palette: Mapping[str, Sequence[float]],
                   board_level: float) -> tuple[str, str] | None:
    """The one colour darker and the one lighter than a board of ``board_level``
    (a share of full scale) among ``colours``, by their nominal ``palette`` grey; None
    where the colours are not one of each."""
    board = board_level * 255.0
    darker = [c for c in colours if float(np.mean(palette[c])) < board]
    lighter = [c for c in colours if float(np.mean(palette[c])) > board]
    if len(colours) != 2 or len(darker) != 1 or len(lighter) != 1:
        return None
    return darker[0], lighter[0]


def colours_of_shade(shade: float, blown: float, pair: tuple[str, str],
                     changed_shade: float, changed_blown: float) -> list[str]:
    """The stones of ``pair`` (dark, light) a space of ``shade`` (its core's mean log
    ratio to its board) and ``blown`` (the share of its core blown out) may hold."""
    dark, light = pair
    if blown >= changed_blown or shade >= changed_shade:
        return [light]
    if shade <= -changed_shade:
        return [dark]
    return [dark, light]


def lean_to(colours: Sequence[str], classes: Sequence[str], empty_share: float
            ) -> dict[str, float]:
    """The picture's odds over ``classes`` (``empty`` and the colours) leaning to
    ``colours`` alike, ``empty_share`` left to an empty space."""
    odds = {label: 0.0 for label in classes}
    for colour in colours:
        odds[colour] = (1.0 - empty_share) / len(colours)
    odds[EMPTY] = empty_share
    return odds

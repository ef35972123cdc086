"""The first stone of a colour the learned look has not seen yet.

The learned look (``companion.vision.look``) reads a colour it has not learned by the
look-free reader, and a white stone of a set as pale as the board is read empty there,
surely: the look has never seen what such a stone looks like at this table, and the
look-free reader expects a white stone lighter than it is. The game then loses the move
(development game 13720: White's D3, the table's first white stone). Yet the space's
picture changed since the last photo the referee accepted as only a stone set on it
changes it (``LastSeen.set_on``: its core's colour, the print it hides and its dome),
and a look that has never seen that colour cannot say the space is empty. Where the
core grew lighter, the stone is the lighter colour not yet learned; darker, the darker
one: the picture leans to it, and the game takes it where it is the legal move
(``companion.table.likely``). Only where at most ``changed_max_spaces`` spaces changed
so (a move sets a stone or two; a hand or a new light changes many), and not beside a
stone newly read: a stone's shadow darkens the core of a corner beside it, seen at an
angle (held-out game 11396's A1 beside White's B1). Read ``docs/referee-loop.md``, T31.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.vision.labels import EMPTY


def first_stone_odds(classes: Sequence[str], learned: Sequence[str],
                     lighter: Mapping[str, bool], shifts: Mapping[str, float],
                     max_spaces: int, empty_share: float) -> dict[str, dict[str, float]]:
    """The odds of each space of ``shifts`` (a space whose picture changed as a stone set
    on it, with its core's shift: above zero, lighter) where one colour the look has not
    ``learned`` matches its shift (``lighter``: each colour, whether it is lighter than
    the board): that colour, all but ``empty_share``, over ``classes`` (the look's, empty
    first). None where more than ``max_spaces`` spaces changed so, or every colour is
    learned."""
    unlearned = [colour for colour in classes[1:] if colour not in learned]
    if not unlearned or not shifts or len(shifts) > max_spaces:
        return {}
    odds = {}
    for space, shift in shifts.items():
        fits = [colour for colour in unlearned if lighter[colour] == (shift > 0)]
        if len(fits) != 1:
            continue
        shares = dict.fromkeys(classes, 0.0)
        shares[EMPTY] = empty_share
        shares[fits[0]] = 1.0 - empty_share
        odds[space] = shares
    return odds


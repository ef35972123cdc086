"""A stone of the light colour the learned look knows, set where the camera cannot read it
surely.

The learned look reads a white stone it knows by its class; one set where it fits that
class only loosely (a corner whose faint print the stone hides, a stone lit a little
otherwise than those it learned) is read unsure, and where the look's odds do not hold
99 % the game asks, or loses the move (development game 13720's J1, 13630's A7,
held-out 13615's D4: each White's move, the look's likeliest class white). A referee
who watched the table knows more: the space's picture changed since the last photo the
referee accepted as a stone set on it changes it (``LastSeen.set_on``: its core's colour
by as much as a stone's, and the print it hides fallen or its dome's spread risen), and
its core grew *lighter*. Two signs from two causes: the space's own change against its
last accepted picture, and the look naming the light colour. Blur greys a bare space,
never lightens it; a lamp's glare lightens it, so not where its core or its board's
gaps are blown out (the live loop leaves those out). Where both signs agree the picture
leans to the light colour, all but ``empty_share``, and the game takes the stone where
it is the legal move (``companion.table.likely``). Only where few spaces changed so
(``max_spaces``: a move sets a stone or two; a hand or a new lamp changes many).
Read ``docs/referee-loop.md``, T34.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from companion.vision.labels import EMPTY


def light_stone_odds(classes: Sequence[str], learned: Collection[str],
                     lighter: Mapping[str, bool], shifts: Mapping[str, float],
                     unread: Collection[str], likeliest: Mapping[str, str],
                     max_spaces: int, empty_share: float) -> dict[str, dict[str, float]]:
    """The odds of each space of ``unread`` whose picture changed as a stone set on it,
    its core lighter (``shifts``: each space changed so, with its core's shift, above
    zero lighter; every such space not read surely as a stone), where the look's
    ``likeliest`` class there is the one light colour it has ``learned`` (``lighter``:
    each colour, whether it is lighter than the board): that colour, all but
    ``empty_share``, over ``classes`` (the look's, empty first). None where more than
    ``max_spaces`` spaces grew lighter so."""
    light = [colour for colour in classes[1:] if lighter[colour] and colour in learned]
    grown = [space for space, shift in shifts.items() if shift > 0]
    if len(light) != 1 or not grown or len(grown) > max_spaces:
        return {}
    odds = {}
    for space in grown:
        if space in unread and likeliest.get(space) == light[0]:
            shares = dict.fromkeys(classes, 0.0)
            shares[EMPTY] = empty_share
            shares[light[0]] = 1.0 - empty_share
            odds[space] = shares
    return odds

"""Go's points by name, and where the handicap stones go.

The companion's Go boards name a point by its column letter (A to T, no I, as Go
boards are lettered) and its row number counted from the bottom: ``D4``. A handicap
puts Black's stones on the star points before White's first move, in the usual order
(the Japanese placement, which GNU Go and the Go servers use): two on opposite
corners, the third and fourth on the other corners, the fifth in the centre, the sixth
and seventh on the left and right sides (with the centre for seven), the eighth and
ninth on the top and bottom sides (with the centre for nine). The star points are on
the fourth line of the 13- and 19-line boards and on the third line of the 9-line one.
"""

from __future__ import annotations

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
"""Column letters of a Go board: no I, as on the companion's boards (25 at most)."""

HANDICAP_SIZES = (9, 13, 19)
"""The boards a handicap is placed on (their star points are the usual ones)."""

MAX_HANDICAP = 9
"""The most handicap stones: every star point."""

_PLACEMENT = {
    # which star points each handicap takes: (column, row), each of low/mid/high
    2: ("hh", "ll"),
    3: ("hh", "ll", "hl"),
    4: ("hh", "ll", "hl", "lh"),
    5: ("hh", "ll", "hl", "lh", "mm"),
    6: ("hh", "ll", "hl", "lh", "lm", "hm"),
    7: ("hh", "ll", "hl", "lh", "lm", "hm", "mm"),
    8: ("hh", "ll", "hl", "lh", "lm", "hm", "mh", "ml"),
    9: ("hh", "ll", "hl", "lh", "lm", "hm", "mh", "ml", "mm"),
}


def point(column: int, row: int) -> str:
    """The name of the point in ``column`` and ``row``, both counted from 1 at the
    bottom-left corner: (4, 4) → ``D4``."""
    return f"{COLUMNS[column - 1]}{row}"


def handicap_points(size: int, stones: int) -> list[str]:
    """Where ``stones`` handicap stones (2 to 9) go on a board of ``size`` lines (9, 13
    or 19); ``ValueError`` in words for another count or board."""
    if size not in HANDICAP_SIZES:
        sizes = ", ".join(map(str, HANDICAP_SIZES))
        raise ValueError(f"A handicap is placed on the boards of {sizes} lines, not on one "
                         f"of {size}.")
    if stones not in _PLACEMENT:
        raise ValueError(f'"handicap" is a number of stones from 2 to {MAX_HANDICAP}; got '
                         f"{stones!r}.")
    edge = 3 if size < 13 else 4
    line = {"l": edge, "m": (size + 1) // 2, "h": size + 1 - edge}
    return [point(line[where[0]], line[where[1]]) for where in _PLACEMENT[stones]]

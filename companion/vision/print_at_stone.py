"""Print seen where a stone may stand: when it says bare board, and when it does not.

The stone reader takes print seen where a piece would sit for bare board: a stone hides
its point's print. Two kinds of space show some print and are still no bare board the
picture can vouch for.

**Lines that do not run on.** A grid's lines run through a space and on past its core
in the directions they are printed; a lamp's reflection lifts them with the board and
they still show across it. A stone seen at an angle stands a little off its point: its
dark outline and the shadow at its foot fall inside the disc print is looked for in and
pass for print there, while its face hides the lines just past the core. So a space
read empty by the print it shows, whose tint is a stone's rather than its board's, and
whose lines do not run on past the core, is unsure: two signs that something stands
there, and the picture does not say what. (By tint, not lightness: bare board beside
stones is often lighter than the gaps their shadows darken, and its lines, blurred by a
webcam, may not show plainly past the core.)

**Print shown in part, a stone's tint.** Bare board shows its print about as well as
the spaces around it (``ink_fair_share``) and its core is its board's colour; a stone
hides the print and is not. A space that shows a little print (more than a stone's edge
leaves, less than bare board shows) and whose core is lighter than its board and of a
stone's tint may be either: a white stone seen at an angle with the line beyond it
showing, or bare board half covered. It is unsure.

**Less print than bare board, a tint off its board's, lines cut short.** A white stone
whose face is near its board's colour (a board's pale reflection of a lamp under it,
seen from low, a dim room) shows a tint only a little apart from the board's: not
nearer a stone's than the board's, as the first kind asks. Its shaded side and grain
leave a few dark specks where print is looked for, less than bare board's print shows
there (``ink_fair_share`` of the print around), and its face hides the lines past the
core. Bare board's core is its board's tint, whatever light and shade lie on it, or it
shows its cross and its lines run on. Three signs, each of its own (the core's tint,
the print at the core, the lines past it): a space read empty so, lighter than its
board, with its colour read clean (gaps and core not blown out), is unsure.

**The tint, from the channels the board shows well.** Each of those rules reads the
core's tint (the colour part of its log ratio to the board). Under candles and a camera
whose white balance is far off toward warm, a yellow board's blue lies at a tenth of its
red, a few tens of grey levels: JPEG's colour smear round the dark print lifts a bare
core's blue by half of that, and the tint so read is a stone's (session 23: 34 bare
points of 40 development scenes lit so were unsure by "a stone's tint, its lines not
running past the core"). A channel the board shows at less than a fifth
(``tint_min_share``) of its brightest says nothing of the tint there: it is read as the
others' mean (``strong_tint``), and the tint comes from the channels left. Under such a
light a white stone's own tint is as faint (0.1 to 0.3, about the bare cores'), and it
is read white by its lightness, not its tint.

Only on a board whose lines run through its spaces (a grid): ONE's rings have their own
rules (``stones._face_over_mark``).
"""

from __future__ import annotations

import numpy as np

from companion.vision.sampling import colour_part


def lines_cut_short(asked: np.ndarray, lines_across: np.ndarray, gridded: bool) -> np.ndarray:
    """The spaces ``asked`` (read empty by the print they show, a stone's colour) whose
    printed lines do not run on past the core (``lines_across`` false), on a board whose
    lines run through its spaces (``gridded``); elsewhere none."""
    if not gridded:
        return np.zeros(len(asked), dtype=bool)
    return asked & ~lines_across


def stone_tinted(tint: np.ndarray, stone_tints: np.ndarray, off: float) -> np.ndarray:
    """The spaces whose tint (``tint``, N×3: the colour part of the core's log ratio to
    its board, nought for the board's own) is a stone's rather than their board's:
    farther than ``off`` from the board's and nearer some stone's (``stone_tints``,
    N×C×3). A neutral stone on wood shows the wood's tint turned round; light and shade
    change a core's lightness, not its tint, and so does a board's reflection of a lamp
    only a little."""
    apart = np.linalg.norm(tint, axis=1)
    nearest_stone = np.linalg.norm(tint[:, None, :] - stone_tints, axis=2).min(axis=1)
    return tint_apart(tint, off) & (nearest_stone < apart)


def strong_tint(ratio: np.ndarray, board: np.ndarray, share: float) -> np.ndarray:
    """The tint (the colour part, N×3) of each core's log ratio to its board (``ratio``),
    read from the channels the board (``board``, N×3) shows at ``share`` of its
    brightest or more: a weaker channel's ratio is taken as the mean of the others', so
    it adds no tint of its own. Where every channel is strong, the tint as it is."""
    weak = board < share * board.max(axis=1, keepdims=True)
    strong = (~weak).sum(axis=1)
    mean = np.where(weak, 0.0, ratio).sum(axis=1) / np.maximum(strong, 1)
    return colour_part(np.where(weak, mean[:, None], ratio))


def tint_apart(tint: np.ndarray, off: float) -> np.ndarray:
    """The spaces whose tint (``tint``, N×3, as for ``stone_tinted``) lies farther than
    ``off`` from their board's (nought): no shade or lamp over bare board gives it."""
    return np.linalg.norm(tint, axis=1) > off


def part_printed(asked: np.ndarray, ink: np.ndarray, faint_below: np.ndarray,
                 fair_from: np.ndarray, lightness: np.ndarray, gridded: bool) -> np.ndarray:
    """The spaces ``asked`` (read empty, a stone's tint: ``stone_tinted``) that show more
    print than a stone's edge leaves (``faint_below``) and less than bare board shows
    (``fair_from``), lighter than their board (``lightness``, the mean of the core's log
    ratio to it, over nought), on a board whose lines run through its spaces
    (``gridded``)."""
    if not gridded:
        return np.zeros(len(asked), dtype=bool)
    return asked & (ink >= faint_below) & (ink < fair_from) & (lightness > 0.0)

"""A white stone in shade, between its board's colour and the white stones'.

Go's white stones on wood, where a picture's light falls dimmer on them than on the
board between them (the far side of a board seen from low, a row of stones in the shade
of its neighbours, a camera that blends each stone's dull side with the wood round it),
look a little lighter than their board and only a little off its tint: their colour lies
a share of the way from their board's to the white stones the picture shows in full
light. The stone reader then reads them nearer bare board than white, and the rules that
ask a space read empty to show its print make them unsure (``go-more/basic.jpg``: the
white stones of its two first rows, as taken, as a 640 × 480 copy and made 40 % as
large).

Three signs, each of its own, tell such a stone:

- *the print hidden where a piece would sit*: at most ``ink_faint_share`` of the print
  this board shows (``fair_print``), on a board whose print shows clearly
  (``ink_clear``), and no more than one of its lines showing at the core's edge
  (``stones._one_arm_at_most``): a stone hides its point's cross, bare board shows it;
- *its colour on the way to white*: its log ratio to its board a share of the picture's
  white stones' (at least ``shade_white_share``, at most all of it) and off the line
  from the board's colour to theirs by no more than ``max_covered_distance``. Bare board
  in light or shade keeps its own colour (a share near nought); a hued stone lies off
  that line. A hand's pale skin may not, and hides the print and shades the board at its
  edge too: the hand rule counts such spaces as unsure still
  (``stones.SpaceReadings.hand_like``);
- *the board beside it shaded* as a standing stone shades it (``stones._shaded_edge``,
  one-sided): a lamp's reflection on bare board, which lifts a core towards white too,
  only lightens the board round it, and the print shows through it.

Only where every colour in play is neutral (Go's black and white): a hued stone's colour
moves with the light's tint, and a yellow stone in shade may lie on that line too. Not
on the board's rim (its T or L shows less print), nor where the core's colour is not read
clean (blown out, or spread as a shadow's edge spreads it).
"""

from __future__ import annotations

import numpy as np

from companion.vision.config import Section


def white_share(ratio: np.ndarray, white: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each core's log ratio to its board (``ratio``, N×3) taken along the white stones'
    (``white``, N×3, foreseen on each space): the share of the way from the board's
    colour (nought) to white's, and how far the core lies off that way (log units)."""
    length = np.maximum((white * white).sum(axis=1), 1e-12)
    share = (ratio * white).sum(axis=1) / length
    off = np.linalg.norm(ratio - share[:, None] * white, axis=1)
    return share, off


def white_in_shade(ratio: np.ndarray, white: np.ndarray, asked: np.ndarray, ink: np.ndarray,
                   fair_print: np.ndarray, shaded: np.ndarray, cfg: Section) -> np.ndarray:
    """Of the ``asked`` spaces (unsure, read empty or white by colour, their colour read
    clean, not on the rim, on a board of neutral colours whose print is seen), those a
    white stone in shade stands on: the print hidden (``ink`` at most ``ink_faint_share``
    of ``fair_print``, where that is clear), the core a share of the way from its board's
    colour to white's (``white_share``) and the board beside it ``shaded``."""
    share, off = white_share(ratio, white)
    hidden = (ink <= cfg.ink_faint_share * fair_print) & (fair_print >= cfg.ink_clear)
    on_way = (share >= cfg.shade_white_share) & (share <= 1.0) \
        & (off <= cfg.max_covered_distance)
    return asked & hidden & on_way & shaded

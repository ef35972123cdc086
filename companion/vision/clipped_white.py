"""A white stone clipped in one channel by a tinted or bright light, read by what is left.

A cold window light, a green fluorescent tube or a camera's white balance far off lifts
one channel more than the others, and on a white stone already bright that channel
clips over most of its core: under a cold light its blue reads the sensor's top
whatever the stone's true blue. The pixels marked blown there (``sampling``: any
channel clipped) are set aside when its colour is read, and what is left is the few
pixels at the core's edge, near its board's colour: the stone reads bare board, far
from it, or unsure (``go-boards`` under the bench's cold and green lights). Nor can
the light's colour be read from such stones (``stones._light_colour``): their clipped
channel lies.

What still tells the stone:

- *one channel clipped, not white*: most of the core (``bare_core_blown``) clipped in
  one channel, white in every channel over little of it (``clipped_max_white``): a
  lamp's reflection is white at its heart, every channel clipped;
- *lighter than its board in every channel*: the board beside it at least
  ``light_min_lum`` (log) short of the sensor's top in that channel (the board does not
  clip where the core does: under a light that clips the board too, nothing is told),
  and the core over all its pixels, the clipped ones too, no darker than its board in
  any channel. White is the lightest paint there is, lighter than any board under any
  light; a black stone never clips;
- *the print hidden where a piece would sit* (at most ``ink_faint_share`` of the print
  this board shows, ``fair_print``, where that is clear, ``ink_clear``);
- *the board beside it shaded* as a standing stone shades it (``stones._shaded_edge``,
  one-sided): a lamp's reflection in bare board only lightens the board round it.

A light a stop too bright clips a pale board itself in one channel (its red), round
its white stones too (``clipped_board``: the gaps blown out over most of them, white in
every channel over little: a lamp's glare is white at its heart). There the colour left
in the other channels still reads a white stone surely; where it does, the stone closed
off from the gaps (no glare runs over its rim), not white over all its core, lighter
than its board in every channel (``lighter_everywhere``), its print hidden and the board
beside it shaded, is white too.

Only where every colour in play is neutral (Go's black and white: a yellow stone under
a warm light clips in red as well), off the board's rim (its T or L shows less print),
and where the core is one colour (``max_spread``). A hand's pale skin under such a light
may clip and hide the print and shade the board too: the hand rule counts such spaces
as unsure still (``stones.SpaceReadings.hand_like``).
"""

from __future__ import annotations

import numpy as np

from companion.vision.config import Section


def clipped_channel(core: np.ndarray, level: float) -> tuple[np.ndarray, np.ndarray]:
    """Each core's (``core``, N×K×3) most clipped channel (at ``level`` or above) and the
    share of its pixels clipped there (N each)."""
    shares = (core >= level).mean(axis=1)
    channel = shares.argmax(axis=1)
    return channel, shares[np.arange(len(core)), channel]


def clipped_light(core: np.ndarray, board: np.ndarray, glared: np.ndarray,
                  cfg: Section) -> np.ndarray:
    """The spaces whose core (``core``, N×K×3, every pixel) a tinted light clips in one
    channel over most of it (``bare_core_blown``), white in every channel over little of
    it (``glared`` at most ``clipped_max_white``), where its ``board`` (N×3) lies at
    least ``light_min_lum`` short of the sensor's top in that channel and the core's
    median is no darker than its board in any channel: something lighter than its board
    in every channel, lit past the sensor's reach in one."""
    channel, share = clipped_channel(core, cfg.white_level)
    rows = np.arange(len(core))
    room = board[rows, channel] <= cfg.white_level * np.exp(-cfg.light_min_lum)
    return (share >= cfg.bare_core_blown) & (glared <= cfg.clipped_max_white) & room \
        & lighter_everywhere(core, board)


def lighter_everywhere(core: np.ndarray, board: np.ndarray) -> np.ndarray:
    """The spaces whose core (``core``, N×K×3, every pixel, the clipped ones too) has a
    median no darker than its ``board`` (N×3) in any channel: white is the lightest
    paint there is, lighter than its board in every channel under any light, and where
    both clip in a channel, as light there. Bare board among stones, its core a little
    darker than the gaps, is not."""
    return (np.median(core, axis=1) >= board).all(axis=1)


def clipped_board(gap_blown: np.ndarray, gap_glared: np.ndarray | None, cfg: Section
                  ) -> np.ndarray:
    """The spaces whose board round them a bright or tinted light clips in a channel:
    most of the gaps blown out (over ``max_gap_blown``), white in every channel over
    little of them (``gap_glared`` at most ``clipped_max_white``): a lamp's glare is
    white at its heart (``None``: the gaps' white not looked at, none)."""
    if gap_glared is None:
        return np.zeros(len(gap_blown), dtype=bool)
    return (gap_blown > cfg.max_gap_blown) & (gap_glared <= cfg.clipped_max_white)


def clipped_white(asked: np.ndarray, foot_ink: np.ndarray, fair_print: np.ndarray,
                  shaded: np.ndarray, cfg: Section) -> np.ndarray:
    """Of the ``asked`` spaces (unsure, ``clipped_light`` or read white on a
    ``clipped_board``, off the rim, one colour, on a board of neutral colours), those a
    white stone a light clips stands on: its print hidden at its foot (``foot_ink`` at
    most ``ink_faint_share`` of ``fair_print``, where that is clear) and the board beside
    it ``shaded``."""
    hidden = (foot_ink <= cfg.ink_faint_share * fair_print) & (fair_print >= cfg.ink_clear)
    return asked & hidden & shaded

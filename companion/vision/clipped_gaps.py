"""Gaps a lamp's reflection does not run into, where the board itself clips in a channel.

A white stone whose core a lamp blows out is read from its face past the core
(``stones._face_past_core``) only where its gaps show no lamp's reflection: a reflection
in bare board whose halo runs on past any stone's rim blows the gaps out too. But under a
bright lamp a warm board clips in its brightest channel by itself (red wood's or tan
vinyl's red), in the gaps round the stones near the lamp as much as anywhere, and the
white stones there are the ones a lamp blows out: their gaps are blown out (``gap_blown``,
any channel clipped) over a tenth to a third of them, and white in every channel over none
(development study scene 69633, T13 and T17, pale wood; held-out 69619, O4 and P4, red
wood). A lamp's reflection is white at its heart, every channel clipped (as
``stones._glare_beside`` and ``clipped_white.clipped_board`` read it): where the gaps'
white was looked at (``gap_glared``), they show no reflection when white over at most
``lamp_gap_blown`` of them and the board's colour is still seen over most of them
(``max_gap_blown``).
"""

from __future__ import annotations

import numpy as np

from companion.vision.config import Section


def no_lamp_in_gaps(gap_blown: np.ndarray, gap_glared: np.ndarray | None, cfg: Section
                    ) -> np.ndarray:
    """The spaces (N bool) whose gaps show no lamp's reflection: blown out over at most
    ``lamp_gap_blown`` of them (``gap_blown``, N), or, where their white was looked at
    (``gap_glared``, N, or ``None``), white in every channel over at most that share and
    blown out over at most ``max_gap_blown`` (the board clipped in a channel, not lit by a
    reflection)."""
    quiet = gap_blown <= cfg.lamp_gap_blown
    if gap_glared is None:
        return quiet
    return quiet | ((gap_glared <= cfg.lamp_gap_blown) & (gap_blown <= cfg.max_gap_blown))

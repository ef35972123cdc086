"""A stone read from a core clipped in some channels, whose channels left say another hue.

Under a bright lamp a light stone's core may clip in its brightest channels (a yellow
stone under daylight in red and green, a white one under a warm lamp in red), and the
reader, which weighs the whole colour, reads what the clipping leaves. Clipping only
lowers a channel: a channel that clips would show more, never less. So what the
picture shows of the channels left is a bound on the stone's true colour: for every
channel ``k`` that clips and every channel ``u`` that does not, the true difference of
their log ratios to the board is at least the one seen. A stone of colour *c* under the
light found shows a known difference there (its paint's colour part less the board's
paint's, ``expected_colour_parts``); where the difference seen is larger than any stone
of *c* could show by more than ``cover_fit_chroma``, the stone is not *c*. A white stone
on bamboo shows more blue than red against it (the board has little blue); a yellow one,
its blue all but gone, shows far more red than blue: clipped in red and green, a yellow
stone read white by its lightness shows red and green over blue, which no white stone
there does.

A hued stone may be paler than its paint (a translucent yunzi stone, a sheen): it is
allowed any colour part between a white stone's and its paint's. Only where a colour
has a hue of its own (ONE); a Go stone is black or white, and the hue does not tell
them (the reader then tells them by lightness)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from companion.vision.config import Section


def clipped_off_hue(observed: np.ndarray, share: np.ndarray, ratio: np.ndarray,
                    best: np.ndarray, reference: np.ndarray | None, spans: np.ndarray,
                    cfg: Section) -> np.ndarray:
    """The spaces (N) read as stone ``best`` (1 + colour index; 0: empty, never asked)
    whose core's colour ``observed`` (N×3) clips in some channels (``white_level``)
    while in another almost none of its pixels clip (``share``, N×3, the share of the
    core's pixels clipped in each channel, at most ``lamp_core_blown``: a channel near
    its clipping, as under a highlight, is no sure measure either), and whose log ratio
    to the board (``ratio``) shows a clipped channel farther above that one, by more
    than ``cover_fit_chroma``, than a stone of that colour could: anywhere from the
    colour part of the picture's own white stones (``reference``; ``None``: too few,
    nothing is asked) to that plus its paint's span (``circle_colour.paint_spans``: its
    paint's colour part less white paint's)."""
    clipped = observed >= cfg.white_level
    clear = share <= cfg.lamp_core_blown
    off = np.zeros(len(best), dtype=bool)
    at = np.flatnonzero((best > 0) & clipped.any(axis=1) & clear.any(axis=1))
    if reference is None or not len(at):
        return off
    span = spans[best[at] - 1]  # M×3
    # Seen and foreseen differences of every channel k over every channel u (M×3×3).
    seen = ratio[at][:, :, None] - ratio[at][:, None, :]
    low = (reference[:, None] - reference[None, :])[None, :, :]
    most = low + np.maximum(span[:, :, None] - span[:, None, :], 0.0)
    pairs = clipped[at][:, :, None] & clear[at][:, None, :]
    off[at] = (pairs & (seen > most + cfg.cover_fit_chroma)).any(axis=(1, 2))
    return off

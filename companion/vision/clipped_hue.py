"""A stone read from a core clipped in some channels, whose channels left say another hue.

Under a bright lamp a light stone's core may clip in its brightest channels (a yellow
stone under daylight in red, or red and green; a white one under a warm lamp in red),
and the reader, which weighs the whole colour, reads what the clipping leaves: a yellow
yunzi stone on bamboo, clipped in red, was read white by its lightness. Clipping only
lowers a channel: a channel that clips would show more, never less. So for every
channel ``k`` that clips and every channel ``u`` almost none of whose pixels clip, the
difference of their log ratios to the board that the picture shows is a lower bound of
the stone's own. Against the picture's own white stones (white paint: their ratio to
the board beside them cancels the lamp), a stone of colour *c* shows anything from
their colour part (a translucent or sheened stone is paler than its paint) to that plus
its paint's colour part less white paint's (``circle_colour.paint_spans``). Where the
bound passes the most *c* could show by more than ``cover_fit_chroma``, the stone is
not *c*: no white stone on bamboo shows red over blue, a yellow one does.

Only where a colour has a hue of its own (ONE); a Go stone is black or white, and the
reader tells them by lightness."""

from __future__ import annotations

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

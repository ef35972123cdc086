"""Which stone covers a ONE space's hidden circle, named by two signs that must agree.

On a board that prints a circle round every space (ONE's rings), a space whose circle is
hidden while the spaces around show theirs, and whose gaps show the board's own tint,
is covered by a stone (``stones._mark_missing``, ``stones._board_round``). Which stone
is what colour alone could not tell there: a glossy or translucent yunzi or glass stone
that a lamp lifts looks about as light as its board (a black stone on red wood as light
as a green one, a red stone on bamboo as light as the wood), and the reader, which weighs
lightness, leaves it unsure. Its hue is its own, read from the darker part of its core,
where its sheen is least (the first of ``shade_percentiles``). A rule that names a stone
by one sign of its colour made confident errors on looks it was not written on (session
17, the reverted ``_hue_over_mark``), so here two readings of that hue must agree:

- *Under the light the reader found* (``protos``, the candidates' log ratios): the darker
  part's colour part lies nearest one colour's, and every other candidate's (empty's
  too) lies farther by at least ``cover_fit_chroma``.
- *Against this picture's own white stones*, with no light or board foreseen: a white
  stone is white paint, and the ratio of each stone to the board beside it cancels the
  lamp, so against the colour part the picture's surely read white stones show
  (``reference``), a stone of colour *c* shows its paint's colour part less white
  paint's: between ``hue_shown_share`` of it (a paler translucent or sheened stone) and
  all of it, within ``cover_fit_chroma``; the colour whose span it lies in, alone.

A neutral colour part says black or white alike: a stone read as the piece far darker
than any board must also be dark (its rim round the hidden circle darker than
``dark_ring_lum``, and its darker part darker than any light stone lit as its board is,
``light_stone_min_lum``); a light neutral stone is left to the rules that look at its
face and shade.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from companion.vision.config import Section
from companion.vision.sampling import colour_part


def paint_spans(colours: Sequence[str], palette: Section, white: int) -> np.ndarray:
    """Each colour's paint's colour part less white paint's (C×3, BGR log): how a stone of
    that colour looks against a white stone on the same board under the same light."""
    paints = np.log(np.array([palette[c][::-1] for c in colours], dtype=np.float64))
    return colour_part(paints) - colour_part(paints[white])


def span_distance(shown: np.ndarray, spans: np.ndarray, share: float) -> np.ndarray:
    """How far (N×C) each colour part ``shown`` (N×3, less the white stones') lies from
    each colour's span: from ``share`` of its paint's colour part (``spans``, C×3) to
    all of it."""
    length = np.maximum(np.sum(spans ** 2, axis=1), 1e-9)  # C
    along = np.clip(shown @ spans.T / length[None, :], share, 1.0)  # N×C
    return np.linalg.norm(shown[:, None, :] - along[:, :, None] * spans[None, :, :], axis=2)


def named_over_circle(darker: np.ndarray, lighter: np.ndarray, protos: np.ndarray,
                      reference: np.ndarray | None,
                      spans: np.ndarray, hued: np.ndarray, darkest: int, white: int,
                      dark: np.ndarray, cfg: Section) -> np.ndarray:
    """The candidate (1 + colour index; 0: none) each covered space's stone is, where two
    readings of its hue agree (the module's docstring). ``darker`` and ``lighter`` (N×3)
    are the log ratios of the darker and the lighter part of each space's core to its
    board (the lighter part must lie on the named colour's span too, from nought, a
    lamp's neutral sheen, to all of it: a hand's edge or a sleeve over part of a stone
    shows the stone's hue in one part and its own in the other), ``protos`` (N×C×3) the
    candidates under the light found, ``reference`` (3) the colour part of the picture's
    surely read white stones (``None``: too few, nothing is named), ``spans``
    (``paint_spans``), ``hued`` the candidates with a hue of their own (empty first),
    ``darkest`` the piece far darker than any board (-1: none), ``white`` the light
    neutral colour, and ``dark`` (N) the spaces dark as that piece is: black and white
    show one colour part against their board (both neutral), and where a space is that
    dark, white is no candidate."""
    named = np.zeros(len(darker), dtype=int)
    if reference is None or not len(darker):
        return named
    shown = colour_part(darker)
    rows = np.arange(len(darker))
    centres = np.concatenate([np.zeros((len(darker), 1, 3)), colour_part(protos)], axis=1)
    apart = np.linalg.norm(shown[:, None, :] - centres, axis=2)
    apart[:, white + 1] = np.where(dark, np.inf, apart[:, white + 1])
    order = np.argsort(apart, axis=1)
    best = order[:, 0]
    alone = apart[rows, order[:, 1]] >= apart[rows, best] + cfg.cover_fit_chroma
    # Against the white stones: the colours whose span it lies in. Black's and white's
    # spans are both about nought (neutral paints): lightness tells them, not hue.
    within = span_distance(shown - reference, spans, cfg.hue_shown_share) <= cfg.cover_fit_chroma
    neutral = ~hued[1:]
    within_hued = within & ~neutral[None, :]
    colour = best - 1
    sheen = span_distance(colour_part(lighter) - reference, spans, 0.0) <= cfg.cover_fit_chroma
    agree = (best > 0) & alone & within[rows, np.maximum(colour, 0)] \
        & sheen[rows, np.maximum(colour, 0)]
    hue_ok = hued[best] & (within_hued.sum(axis=1) == 1)
    dark_ok = (colour == darkest) & (darkest >= 0) & dark & ~within_hued.any(axis=1)
    named = np.where(agree & (hue_ok | dark_ok), best, 0)
    return named

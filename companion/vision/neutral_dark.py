"""A dark stone a lamp lifts to a hued stone's lightness, named by three signs of its own.

A glossy black yunzi or glass stone on a dark board (red wood, bamboo, tan vinyl) under
a lamp may come out no darker against its board than a green or a blue one: its sheen
and its translucency lift it, and the reader, which weighs lightness, takes it for the
hued stone of that lightness. Its hue says otherwise: black paint has none, so its ratio
to the board is the board's tint turned round, as the black candidate foresees, and a
hued stone's paint shows its own hue there. Where colour alone left a space unsure, it
is named black only where three signs, each of another kind, say so:

- *No hue of its own*, twice: the colour part of the core (its median) and of its darker
  part (the first of ``shade_percentiles``, where a sheen is least: a sheen washes a
  hued stone's face toward the lamp's neutral light, never its shaded side) each lie
  nearer the dark piece's candidate than every hued colour's and empty's, by at least
  ``cover_fit_chroma``.
- *Dark*: its darker part darker than any light stone lit as its board is
  (``light_stone_min_lum``): a white stone, neutral too, is lighter.
- *A domed dark stone's rim*: the ring round its core far darker than its board
  (``dark_ring_lum``) and darker than its face by ``dark_rim_margin``: a dark sleeve or
  a hand's shadow is as dark all over.

And nothing over the space: its gaps show the board's own tint (a hand or a sleeve
covers the board round it too), its core not blown out past ``max_core_blown`` nor its
gaps past ``lamp_gap_blown``. Only where some colour has a hue of its own (ONE); Go's
dark stone is told by its lightness and its rim (``stones._dark_rim``).
"""

from __future__ import annotations

import numpy as np

from companion.vision.config import Section
from companion.vision.sampling import colour_part


def hue_clear_of(shown: np.ndarray, protos: np.ndarray, hued: np.ndarray, piece: int
                 ) -> np.ndarray:
    """How much nearer (N) each colour part ``shown`` (N×3 log ratios) lies to candidate
    ``piece``'s (1 + colour index) than to the nearest of empty's and every hued
    colour's (``hued``; ``protos``: N×C×3 candidates' log ratios)."""
    centres = np.concatenate([np.zeros((len(shown), 1, 3)), colour_part(protos)], axis=1)
    apart = np.linalg.norm(colour_part(shown)[:, None, :] - centres, axis=2)
    rivals = hued.copy()
    rivals[0] = True
    return np.where(rivals[None, :], apart, np.inf).min(axis=1) - apart[:, piece]


def lifted_dark(ratio: np.ndarray, darker: np.ndarray, ring_lift: np.ndarray,
                protos: np.ndarray, hued: np.ndarray, piece: int, open_board: np.ndarray,
                cfg: Section) -> np.ndarray:
    """The spaces (N) that show the dark piece ``piece`` (1 + colour index) by the three
    signs of the module docstring: ``ratio`` and ``darker`` (N×3) the core's and its
    darker part's log ratios to the board, ``ring_lift`` the ring's lightness round the
    core, ``open_board`` where nothing lies over the space (the board's tint round it,
    nothing blown out)."""
    if not hued.any() or piece < 1:
        return np.zeros(len(ratio), dtype=bool)
    no_hue = (hue_clear_of(ratio, protos, hued, piece) >= cfg.cover_fit_chroma) \
        & (hue_clear_of(darker, protos, hued, piece) >= cfg.cover_fit_chroma)
    dark = darker.mean(axis=1) < cfg.light_stone_min_lum
    rim = (ring_lift < cfg.dark_ring_lum) \
        & (ring_lift < ratio.mean(axis=1) - cfg.dark_rim_margin)
    return open_board & no_hue & dark & rim

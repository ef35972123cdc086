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
  nearer the dark piece's candidate than empty's and every hued colour's, by at least
  ``cover_fit_chroma``; a hued colour's taken anywhere from ``hue_shown_share`` of its
  way from the dark piece's to all of it (a translucent yunzi stone shows its hue paler
  than its paint: a blue one on bamboo lies between the blue candidate and the board's
  tint turned round, where a black stone lies, and was read black without it). Empty's
  is asked only where it lies ``cover_fit_chroma`` or more from the dark piece's: on a
  neutral board (white vinyl, white paper) both are nought, no stone could clear it,
  and a black yunzi stone lifted to green's lightness stayed unsure on every such board
  (session 23); there the other signs and an open board tell it from a shade.
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


def hue_clear_of(shown: np.ndarray, protos: np.ndarray, hued: np.ndarray, piece: int,
                 share: float, margin: float) -> np.ndarray:
    """How much nearer (N) each colour part ``shown`` (N×3 log ratios) lies to candidate
    ``piece``'s (1 + colour index) than to empty's and to every hued colour's (``hued``;
    ``protos``: N×C×3 candidates' log ratios) from ``share`` of its way from the piece's
    to all of it: a translucent or sheened stone shows its hue paler than its paint, and
    a pale blue stone on an orange board lies between the blue candidate and the board's
    tint turned round, which is where a black stone lies."""
    centres = np.concatenate([np.zeros((len(shown), 1, 3)), colour_part(protos)], axis=1)
    seen = colour_part(shown)
    base = centres[:, piece]
    spans = centres - base[:, None, :]  # N×K×3
    length = np.maximum(np.sum(spans ** 2, axis=2), 1e-9)
    along = np.clip(np.sum((seen - base)[:, None, :] * spans, axis=2) / length, share, 1.0)
    paler = np.linalg.norm(seen[:, None, :] - (base[:, None, :] + along[:, :, None] * spans),
                           axis=2)
    rival = np.where(hued[None, :], paler, np.inf).min(axis=1)
    # Empty's colour part is a rival only where it lies apart from the piece's by the
    # margin this sign asks for (``margin``): on a neutral board (white vinyl, white
    # paper) the dark piece's candidate shows the board's tint turned round, nought, as
    # bare board does, and no colour part can clear it; the other signs tell them there.
    apart = np.linalg.norm(base - centres[:, 0], axis=1) >= margin
    rival = np.where(apart, np.minimum(rival, np.linalg.norm(seen - centres[:, 0], axis=1)),
                     rival)
    return rival - np.linalg.norm(seen - base, axis=1)


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
    no_hue = np.ones(len(ratio), dtype=bool)
    for shown in (ratio, darker):
        no_hue &= hue_clear_of(shown, protos, hued, piece, cfg.hue_shown_share,
                               cfg.cover_fit_chroma) \
            >= cfg.cover_fit_chroma
    dark = darker.mean(axis=1) < cfg.light_stone_min_lum
    rim = (ring_lift < cfg.dark_ring_lum) \
        & (ring_lift < ratio.mean(axis=1) - cfg.dark_rim_margin)
    return open_board & no_hue & dark & rim

"""A light core beside a lamp's glare, read empty: a stone at the glare's edge.

A lamp's reflection in a glossy board blows its gaps out where it reaches them. The rules
that compare a space read empty with the picture's sure light stones and its sure bare
board (``light_set.empty_like_light_set``, ``white_glass``) leave such a space alone: a
glare's light in the gaps, not a stone, may be what lifts it. And on a full board, where
one space of 81 is bare, there is no bare board to compare with at all.

Yet bare board beside a glare is the board: its core is as light as the board its gaps
still show (the reflection's halo lifts it a little, where it reaches the core). A light
stone there is lighter than that by its own colour. On full boards of shell stones on
white paper under a lamp (``companion bench vision --full-glare``), the stones at a
glare's edge were read empty, surely: no bare space shows what bare board looks like, and
a shell stone's stripes pass for print.

So a space read empty is unsure where a lamp's reflection reaches its gaps (white in every
channel over more than ``lamp_gap_blown`` of them, ``gap_glared``), most of its core is not
blown out (at most ``hole_core_blown``, as ``glare_hole`` asks: a core the reflection
reaches clips), and its core is lighter than its board (the mean of the log ratio) by at
least ``glare_edge_min_lum``. On the development looks' study scenes (errors13: seeds
70200–70249 plain and 70300–70329 under a full glare, Go 19 × 19, 13 × 13 and 9 × 9) no
bare point whose gaps a glare blows out that the picture shows was lighter than its board
by more than 0.085, where the white stones read empty there were 0.18–0.46 lighter. A
phone's sharpening lifts a bare core over its gaps as much (0.18, three bare points of
the sharpened study scenes), and a neighbour's highlight or the sharpening clips a gap
pixel or two in one channel; none of those gaps was white in every channel. Only where the
picture's blown-out cores are a lamp's reflection on a few spaces (``reflection``, as
``glare_hole`` asks): an overexposed picture clips its white board everywhere. Unsure,
not named: the picture shows something light there, and its print says bare board.
"""

from __future__ import annotations

import numpy as np

from companion.vision.config import Section
from companion.vision.sampling import Samples


def light_by_glare(ratio: np.ndarray, samples: Samples, asked: np.ndarray, reflection: bool,
                   cfg: Section) -> np.ndarray:
    """The ``asked`` spaces (N bool: read empty surely, no other rule doubting them) whose
    gaps a lamp's reflection whitens (``gap_blown`` where ``gap_glared`` was not looked
    at), their core mostly not blown out and lighter than their board by a light stone's
    lightness (``glare_edge_min_lum``, the mean of ``ratio``, each core's log ratio to its
    board, N×3). ``reflection``: the picture's blown-out cores are a lamp's reflection on a
    few spaces, not an overexposed board (where nothing is asked)."""
    if not reflection:
        return np.zeros(len(asked), dtype=bool)
    white = samples.gap_glared if samples.gap_glared is not None else samples.gap_blown
    at = np.flatnonzero(asked & (white > cfg.lamp_gap_blown)
                        & (samples.core_blown <= cfg.hole_core_blown))
    doubted = np.zeros(len(asked), dtype=bool)
    doubted[at] = ratio[at].mean(axis=1) >= cfg.glare_edge_min_lum
    return doubted

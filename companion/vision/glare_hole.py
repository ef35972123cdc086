"""A hole in a lamp's glare where a core is: something stands there.

A lamp's reflection in a glossy board is a smooth patch of light, white in every
channel from its heart to its edge, print and all: a bare space inside it is blown out
over its core as over its gaps, and a bare space at its edge is blown out on the side
the patch reaches. A stone standing in the patch is not: its face is lit by the lamp as
any stone is, darker than the reflection round it, so the patch shows a hole where the
stone's face is, and the reflection stops at its rim. On a full board under a lamp
(``companion bench vision --full-glare``) a white stone there reads empty by its colour
(white on white paper or white vinyl is hardly apart from the board), and its edge's
shading leaves a few specks where print would be: session 24's check block read such
stones empty, surely, on every look with a white board (42004's white stones round a
glare, development and held-out looks).

So a space read empty is unsure where its gaps show a lamp's reflection (at least
``hole_gap_glared`` of them white in every channel), most of its core is not blown out
(at most ``hole_core_blown``: a core the reflection reaches clips, in one channel at
least, where the wood under it is lit past white), and

- *the reflection rings it*: its gaps blown out almost all round (at least
  ``hole_gap_blown``); or
- *the reflection stops at its core*: its gaps blown out over half their ring or more
  (at least ``hole_edge_gap_blown``) while none of its core is white
  (``core_glared`` at most ``hole_edge_core_glared``).

(Without the first bound on the core, a bare point at the edge of a lamp that lifts a
wooden board past white, its wood clipped in red over the whole core and its lines
showing through, was a hole: ``test_vision_stones``' lamp over an empty board.)

The picture shows something in the glare, and colour cannot tell what. On the study
seeds (56000–56149 and 42000–42029, Go 19 × 19 with 300 stones under a glare,
development looks) every bare space read empty with its gaps blown out that far under a
white reflection had its core blown out whole, and the bare spaces a reflection half
rings whose cores show no white (two of them) lie where the glare hides the board. A
warm board that clips in red alone (kaya under a bright lamp) is blown out in its gaps
and in its core alike, yet shows no white: no reflection, no hole (``gap_glared``).
Only where the blown-out cores are a lamp's reflection on a few spaces
(``max_reflection_share``, as ``classify_stones`` counts them): an overexposed picture
clips its white board everywhere, and there a bare core keeps its print's lines out of
the glare.
"""

from __future__ import annotations

import numpy as np

from companion.vision.config import Section
from companion.vision.sampling import Samples


def hole_in_glare(samples: Samples, asked: np.ndarray, reflection: bool,
                  cfg: Section) -> np.ndarray:
    """The spaces of ``asked`` (N bool: read empty) that lie in a hole of a lamp's glare:
    their gaps white with a reflection, their core mostly not blown out, and their gaps
    blown out all round, or over half their ring with none of their core white (where
    the gaps' white was not looked at, ``gap_glared`` ``None``, their blown-out share
    stands for it).
    ``reflection``: the picture's blown-out cores are a lamp's reflection on a few
    spaces, not an overexposed board (where nothing is asked)."""
    if not reflection:
        return np.zeros(len(asked), dtype=bool)
    white = samples.gap_glared if samples.gap_glared is not None else samples.gap_blown
    ringed = samples.gap_blown >= cfg.hole_gap_blown
    edged = (samples.gap_blown >= cfg.hole_edge_gap_blown) \
        & (samples.core_glared <= cfg.hole_edge_core_glared)
    return asked & (white >= cfg.hole_gap_glared) \
        & (samples.core_blown <= cfg.hole_core_blown) & (ringed | edged)

"""A white stone whose face a lamp clips white past its core, its own colour left in part.

``_face_past_core`` reads a light stone whose core a lamp blows out from the face round
the core: past the core, out to the smallest stone's rim, lighter than its board *and not
white* in at least ``face_rays`` of the rays (a dome turned from the lamp falls off toward
its rim), the board showing again beyond the largest stone's rim, no print under it and
no line across it. Under a strong lamp a glass or plastic stone's face is clipped white
past the core in most rays, and only the few on its shaded side fall off: it stayed
"core blown out" (held-out study scene 61089, F5: lit and not white in 6 of 16 rays, lit
or white in 12).

A face white past the core is what a lamp's reflection clipped white over a disc
leaves too, over bare board or over a black stone's face; what such a reflection never
leaves is the stone's own colour: it is white at its heart, every channel clipped, and
its blurred edge blends white with what lies under it, clipping no channel. A white
stone's face under a lamp whose light (or the camera's balance) is not quite neutral
clips in its brightest channel first, so where the clipping ends some pixels of the core
are clipped in one or two channels only. So the face may be white past the core where at
least ``white_face_min_tinted`` of the core is clipped so (blown out but not white in
every channel): 0.04–0.05 of the core at such stones of the study seeds; at most 0.01
(one pixel) under clipped discs of 1.1–1.7 cores painted over the black stones and bare
points of five held-out red-wood scenes and seven lighter boards. Every other sign of
``_face_past_core`` is asked as it asks it."""

from __future__ import annotations

import numpy as np

from companion.vision.config import Section
from companion.vision.lines_one_side import leaning_face, line_dips
from companion.vision.sampling import Samples


def face_white_past_core(samples: Samples, rays: np.ndarray | None, fair_print: np.ndarray,
                         chosen: np.ndarray, rim: np.ndarray | None, cfg: Section
                         ) -> np.ndarray:
    """Of the ``chosen`` spaces (read surely as a light stone, the core blown out, not yet
    named), those whose core is clipped in fewer than every channel over at least
    ``white_face_min_tinted`` of it, whose gaps are not blown out (``lamp_gap_blown``)
    and foot shows no print (``ink_faint_share`` of ``fair_print``), and whose face past
    the core (the rays' inner ``face_past_share``, less the first sample) is lighter than
    the board by ``light_min_lum`` or white in at least ``face_rays`` of the rays (N×R×S
    ``Layout.rays``), ending before the largest stone's rim in as many, with no printed
    line across it (``line_dips`` on two rays or more, unless ``leaning_face``; ``rim``:
    the board's outermost spaces). Only on a board whose lines run through its spaces."""
    face = np.zeros(len(chosen), dtype=bool)
    if rays is None or not (samples.ring_seen > 0.0).any():
        return face
    tinted = samples.core_blown - samples.core_glared >= cfg.white_face_min_tinted
    at = np.flatnonzero(chosen & tinted & (samples.gap_blown <= cfg.lamp_gap_blown)
                        & (samples.foot_ink <= cfg.ink_faint_share * fair_print))
    if not len(at):
        return face
    seen = np.take(samples.darkest, rays[at]).astype(np.float64)
    board = samples.board[at].min(axis=1)[:, None, None]
    lift = np.log(seen + cfg.dark_floor) - np.log(board + cfg.dark_floor)
    reach = max(int(round(cfg.face_past_share * rays.shape[2])), 2)
    lit = (lift[:, :, 1:reach] >= cfg.light_min_lum).all(axis=2)
    ends = lift[:, :, -1] < cfg.light_min_lum
    dips = line_dips(seen[:, :, 1], samples.print_mark, cfg)
    on_rim = np.zeros(len(at), dtype=bool) if rim is None else rim[at]
    across = (dips.sum(axis=1) >= 2) & ~leaning_face(dips, samples.core_glared[at], on_rim, cfg)
    face[at] = (lit.mean(axis=1) >= cfg.face_rays) & (ends.mean(axis=1) >= cfg.face_rays) \
        & ~across
    return face
